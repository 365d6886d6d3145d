-- ReferralRewards.takeBack: takes an order's reward back after its payment was refunded, once.
-- What the inviter's wallet still holds is debited (never below zero); what they already spent
-- is recorded as lost (`lost` in their figures), not owed: a reward is the shop's gift, so the
-- shop bears the loss rather than putting a customer in debt. An order refunded before its
-- reward is marked `void` so no reward comes later. Its first-N place is given back (once; the
-- refund's own step gave it back already when the refund went to the wallet).
-- KEYS: [1] rewards, [2] stats(inviter), [3] top, [4] due, [5..9] movementKeys of the inviter,
-- [10] of(invitee), [11] places.
-- ARGV: [1] order id, [2] inviter id, [3] entry JSON with `"a":0,` (Wallet.entryJson; the amount taken is
-- spliced in), [4] the take-back idempotency prefix (takeBackKey), [5..6] MOVEMENT_PREFIXES.
-- Returns {taken, lost}.
-- @include ledger-apply
-- @include referral-place
local id = ARGV[1]
give_place(KEYS[10], KEYS[11], id)
local state = redis.call('HGET', KEYS[1], id)
if not state then
  redis.call('HSET', KEYS[1], id, 'void')
  redis.call('ZREM', KEYS[4], id)
  return {0, 0}
end
local amount = tonumber(state)
if not amount or amount <= 0 then return {0, 0} end
local m = movement(5, 5)
local balance = tonumber(redis.call('GET', m.wallet) or '0')
local taken = math.max(0, math.min(balance, amount))
local lost = amount - taken
if taken > 0 then
  local text = string.format('%d', taken)
  local json = string.gsub(ARGV[3], '"a":0,', '"a":-' .. text .. ',', 1)
  apply(m, '-' .. text, ARGV[4] .. id, json, true)
end
redis.call('HINCRBY', KEYS[2], 'earned', -amount)
if lost > 0 then redis.call('HINCRBY', KEYS[2], 'lost', lost) end
redis.call('ZINCRBY', KEYS[3], -amount, ARGV[2])
redis.call('HSET', KEYS[1], id, 'back:' .. string.format('%d', taken) .. ':' .. string.format('%d', lost))
return {taken, lost}
