-- ReferralRewards.reward: the reward of one paid order, once, only while the order is `active`
-- (never for a failed or refunded one). Whether it is among the first N payments was decided when
-- it was paid (`referral-place`); an order paid before that (or while referrals were off) has its
-- place decided here.
-- KEYS: [1] the order, [2] of(invitee), [3] rewards, [4] stats(inviter), [5] top, [6] due,
-- [7..11] movementKeys of the inviter, [12] places.
-- ARGV: [1] order id, [2] inviter id, [3] amount, [4] first-N limit (0 = every payment),
-- [5] entry JSON, [6] referrals off ('1'/'0'), [7] the reward idempotency prefix (rewardKey),
-- [8..9] MOVEMENT_PREFIXES.
-- Returns {code, state}: 1 rewarded now, 0 decided before (or now without money), -1 not
-- decided (not active yet, or failed: an admin may still retry it).
-- @include order-statuses
-- @include ledger-apply
-- @include referral-place
local id = ARGV[1]
local done = redis.call('HGET', KEYS[3], id)
if done then redis.call('ZREM', KEYS[6], id) return {0, done} end
local status = redis.call('HGET', KEYS[1], 'status')
if in_flight(status) then return {-1, status} end
-- A failed order may still be retried to active (its fulfilment rewards it then).
if status == 'failed' then redis.call('ZREM', KEYS[6], id) return {-1, status} end
local function decide(state)
  redis.call('HSET', KEYS[3], id, state)
  redis.call('ZREM', KEYS[6], id)
  return {0, state}
end
if status ~= 'active' or redis.call('HGET', KEYS[2], 'inviter') ~= ARGV[2] then return decide('none') end
if ARGV[6] == '1' then return decide('off') end
take_place(KEYS[2], KEYS[12], KEYS[1], id, tonumber(ARGV[4]))
local place = redis.call('HGET', KEYS[12], id)
if redis.call('HSETNX', KEYS[2], 'paid', '1') == 1 then redis.call('HINCRBY', KEYS[4], 'paid', 1) end
if place == 'limit' then return decide('limit') end
if not tonumber(place) then return decide('none') end
local amount = tonumber(ARGV[3])
if amount <= 0 then return decide('0') end
apply(movement(7, 8), ARGV[3], ARGV[7] .. id, ARGV[5], false)
redis.call('HINCRBY', KEYS[4], 'earned', ARGV[3])
redis.call('ZINCRBY', KEYS[5], ARGV[3], ARGV[2])
redis.call('HSET', KEYS[3], id, ARGV[3])
redis.call('ZREM', KEYS[6], id)
return {1, ARGV[3]}
