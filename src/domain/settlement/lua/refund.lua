-- Fulfilment.fail / resumeRefund: the refund of a failed order, in one step with its ledger
-- entry: only while the order is still `failed` (an admin may have sent it back to `paid`),
-- credited once (the order's refund idempotency key), then `refunded`. A refunded payment no
-- longer counts among an invited customer's first N (its place is given back in this step).
-- KEYS: [1] the order, [2] the failed index, [3..7] movementKeys of its customer, [8] of(customer)
-- and [9] places (sales' referral keys, see `referral-place`).
-- ARGV: [1] entry JSON, [2] now, [3] the refund idempotency prefix, [4..5] MOVEMENT_PREFIXES.
-- Returns 1 when this call refunded it, 0 when it was not `failed` any more.
-- @include ledger-apply
-- @include trim-order
-- @include referral-place
if redis.call('HGET', KEYS[1], 'status') ~= 'failed' then return 0 end
local id = redis.call('HGET', KEYS[1], 'id')
local price = tonumber(redis.call('HGET', KEYS[1], 'price'))
if price > 0 then apply(movement(3, 4), price, ARGV[3] .. id, ARGV[1], false) end
redis.call('HSET', KEYS[1], 'status', 'refunded', 'updatedAt', ARGV[2], 'finishedAt', ARGV[2])
trim_order(KEYS[1])
redis.call('ZREM', KEYS[2], id)
give_place(KEYS[8], KEYS[9], id)
return 1
