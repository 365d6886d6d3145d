-- ReferralRewards.takeBack: lets the bonus days go when this order held them.
-- KEYS: [1] of(invitee).
-- ARGV: [1] order id.
-- Returns 1.
if redis.call('HGET', KEYS[1], 'bonusOrder') == ARGV[1] then redis.call('HDEL', KEYS[1], 'bonusOrder', 'bonusDays') end
return 1
