-- Gifts.claim: moves the order back to `paid` (in the open index, so the sweep re-queues it if
-- the enqueue is lost) with the recipient.
-- KEYS: [1] the gift, [2] the order, [3] the open index, [4] the expiring index.
-- ARGV: [1] claimer, [2] now, [3] code, [4] keep ms.
-- Returns 'ok', 'yours', 'own', 'expired', 'unknown' or the gift's state (its 'claimed': by
-- someone else).
local g = redis.call('HMGET', KEYS[1], 'state', 'buyerId', 'claimerId', 'expiresAt', 'orderId')
if not g[1] then return 'unknown' end
if g[1] == 'claimed' and g[3] == ARGV[1] then return 'yours' end
if g[1] ~= 'open' then return g[1] end
if g[2] == ARGV[1] then return 'own' end
if tonumber(ARGV[2]) >= tonumber(g[4]) then return 'expired' end
if redis.call('HGET', KEYS[2], 'status') ~= 'awaiting_claim' then return 'unknown' end
redis.call('HSET', KEYS[1], 'state', 'claimed', 'claimerId', ARGV[1], 'claimedAt', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
redis.call('HSET', KEYS[2], 'status', 'paid', 'recipientId', ARGV[1], 'updatedAt', ARGV[2])
redis.call('ZADD', KEYS[3], ARGV[2], g[5])
redis.call('ZREM', KEYS[4], ARGV[3])
return 'ok'
