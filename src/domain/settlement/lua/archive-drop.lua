-- Archiving.customer: removes from Redis what was just written to the archive on disk, each item
-- only if it did not change since it was read (else it stays, and its archived copy is dropped
-- by the readers, which prefer Redis).
-- KEYS: [1] the customer's ledger, [2] its archived count, [3] the ledger idempotency hash,
-- [4] the customer's orders index, then per order its record and its run's fence counter, then
-- per payment its inbox entry and raw update.
-- ARGV: [1] ledger entries to drop from the ledger's old end (k), [2] the archived count read,
-- [3] the newest of them as read (its JSON), [4] how many idempotency pairs follow, then the
-- pairs (key, the ref it must still hold), then the number of orders, then per order (id,
-- updatedAt as read), then per payment (creditedAt as read).
-- Returns {ledger entries dropped, orders dropped, payments dropped}.
local k, base = tonumber(ARGV[1]), ARGV[2]
local dropped = {0, 0, 0}
if k > 0 and (redis.call('GET', KEYS[2]) or '0') == base and redis.call('LINDEX', KEYS[1], -k) == ARGV[3] then
  redis.call('LTRIM', KEYS[1], 0, -k - 1)
  redis.call('INCRBY', KEYS[2], k)
  dropped[1] = k
  local pairs = tonumber(ARGV[4])
  for i = 0, pairs - 1 do
    local key, ref = ARGV[5 + 2 * i], ARGV[6 + 2 * i]
    if redis.call('HGET', KEYS[3], key) == ref then redis.call('HDEL', KEYS[3], key) end
  end
end
local a = 5 + 2 * tonumber(ARGV[4])
local orders = tonumber(ARGV[a])
for i = 0, orders - 1 do
  local id, updated = ARGV[a + 1 + 2 * i], ARGV[a + 2 + 2 * i]
  local key = KEYS[5 + 2 * i]
  if redis.call('HGET', key, 'updatedAt') == updated then
    redis.call('DEL', key, KEYS[6 + 2 * i])
    redis.call('ZREM', KEYS[4], id)
    dropped[2] = dropped[2] + 1
  end
end
local p, kp = a + 1 + 2 * orders, 5 + 2 * orders
for i = 0, (#KEYS - kp + 1) / 2 - 1 do
  local entry = KEYS[kp + 2 * i]
  if redis.call('HGET', entry, 'status') == 'credited' and redis.call('HGET', entry, 'creditedAt') == ARGV[p + i] then
    redis.call('DEL', entry, KEYS[kp + 2 * i + 1])
    dropped[3] = dropped[3] + 1
  end
end
return dropped
