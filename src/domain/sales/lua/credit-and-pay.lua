-- Checkout.creditCharge: credits a Telegram charge once (keyed by its charge id) and, when it
-- was for an order, pays that order from the wallet in the same step (see `pay-order`). An order
-- that cannot be paid (short, closed, refused) leaves the money credited in the wallet.
-- KEYS: [1..5] movementKeys of the customer, [6] the order, [7] the open index, [8..18] the
-- order's pay keys (checkout.ts payKeys; all dummies for a top-up but the unpaid index).
-- ARGV: [1] amount, [2] charge id, [3] credit entry JSON, [4] order id ('' for a top-up),
-- [5] purchase entry JSON, [6] now, [7] the charge idempotency prefix, [8] the order payment
-- idempotency prefix, [9..10] MOVEMENT_PREFIXES, [11] the referral first-N limit (see pay.lua).
-- Returns {credited 1/0, paid code, credit entry, purchase payload}.
-- @include pay-order
local m = movement(1, 9)
local credited, entry = apply(m, tonumber(ARGV[1]), ARGV[7] .. ARGV[2], ARGV[3], false)
if ARGV[4] == '' then return {credited, 0, entry, ''} end
local k = {
  order = KEYS[6], open = KEYS[7], mark = KEYS[8], code = KEYS[9], uses = KEYS[10], by = KEYS[11],
  from = KEYS[12], of = KEYS[13], places = KEYS[14], own = KEYS[15], reserved = KEYS[16], recent = KEYS[17],
  unpaid = KEYS[18],
}
local code, payload = pay_order(k, m, ARGV[5], ARGV[6], ARGV[8], tonumber(ARGV[11]))
if code == 1 then redis.call('HSET', KEYS[6], 'chargeId', ARGV[2]) end
return {credited, code, entry, payload}
