-- Gifts.cancel / Gifts.expireDue: the buyer's money back to their wallet (keyed by the order's
-- refund idempotency key, the key of every order refund) and the order refunded, with the gift's
-- end. A refunded payment no longer counts among an invited buyer's first N (its place is given
-- back in this step).
-- KEYS: [1] the gift, [2] the order, [3] the expiring index, [4..8] movementKeys of the buyer,
-- [9] of(buyer) and [10] places (see `referral-place`).
-- ARGV: [1] end state ('cancelled' or 'expired'), [2] now, [3] entry JSON, [4] buyer id ('' for
-- the expiry), [5] code, [6] keep ms, [7] the refund idempotency prefix, [8..9]
-- MOVEMENT_PREFIXES.
-- Returns 'ok', 'unknown', or the gift's state ('open': not expired yet).
-- @include ledger-apply
-- @include trim-order
-- @include referral-place
local g = redis.call('HMGET', KEYS[1], 'state', 'buyerId', 'expiresAt', 'orderId')
if not g[1] or (ARGV[4] ~= '' and g[2] ~= ARGV[4]) then return 'unknown' end
if g[1] ~= 'open' then return g[1] end
if ARGV[1] == 'expired' and tonumber(ARGV[2]) < tonumber(g[3]) then return 'open' end
if redis.call('HGET', KEYS[2], 'status') ~= 'awaiting_claim' then return 'unknown' end
local price = tonumber(redis.call('HGET', KEYS[2], 'price'))
if price > 0 then apply(movement(4, 8), price, ARGV[7] .. g[4], ARGV[3], false) end
redis.call('HSET', KEYS[2], 'status', 'refunded', 'updatedAt', ARGV[2], 'finishedAt', ARGV[2])
trim_order(KEYS[2])
redis.call('HSET', KEYS[1], 'state', ARGV[1], 'endedAt', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[6])
redis.call('ZREM', KEYS[3], ARGV[5])
give_place(KEYS[9], KEYS[10], g[4])
return 'ok'
