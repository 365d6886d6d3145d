-- Gifts.park: a paid gift order waits for its claim.
-- KEYS: [1] the order, [2] the gift, [3] the buyer's gifts, [4] the expiring index, [5] the
-- open index.
-- ARGV: [1] code, [2] now, [3] expiresAt, [4] keep ms (the record after the expiry).
-- Returns 'parked' (now or before), 'not-gift' (no gift, or claimed already), 'not-paid',
-- 'taken' (the code belongs to another order).
local o = redis.call('HMGET', KEYS[1], 'status', 'gift', 'recipientId', 'id', 'customerId', 'planId', 'price', 'currency')
if o[2] ~= '1' or o[3] then return 'not-gift' end
if o[1] == 'awaiting_claim' then return 'parked' end
if o[1] ~= 'paid' then return 'not-paid' end
local other = redis.call('HGET', KEYS[2], 'orderId')
if other and other ~= o[4] then return 'taken' end
redis.call('HSET', KEYS[2], 'code', ARGV[1], 'orderId', o[4], 'buyerId', o[5], 'planId', o[6], 'price', o[7],
  'currency', o[8], 'state', 'open', 'createdAt', ARGV[2], 'expiresAt', ARGV[3])
redis.call('PEXPIREAT', KEYS[2], tonumber(ARGV[3]) + tonumber(ARGV[4]))
redis.call('HSET', KEYS[1], 'status', 'awaiting_claim', 'giftCode', ARGV[1], 'updatedAt', ARGV[2])
redis.call('ZREM', KEYS[5], o[4])
redis.call('ZADD', KEYS[3], ARGV[2], ARGV[1])
redis.call('ZADD', KEYS[4], ARGV[3], ARGV[1])
return 'parked'
