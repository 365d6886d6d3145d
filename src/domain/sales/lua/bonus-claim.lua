-- ReferralRewards.bonusDays: the invited customer's bonus days, held by their first paid
-- purchase: the first order to ask holds them (asking again gives the same), a failed one lets
-- them go (bonus-release.lua).
-- KEYS: [1] of(invitee).
-- ARGV: [1] order id, [2] days.
-- Returns the days this order gets.
if redis.call('HEXISTS', KEYS[1], 'inviter') == 0 then return 0 end
local held = redis.call('HGET', KEYS[1], 'bonusOrder')
if held == ARGV[1] then return tonumber(redis.call('HGET', KEYS[1], 'bonusDays') or '0') end
if held then return 0 end
redis.call('HSET', KEYS[1], 'bonusOrder', ARGV[1], 'bonusDays', ARGV[2])
return tonumber(ARGV[2])
