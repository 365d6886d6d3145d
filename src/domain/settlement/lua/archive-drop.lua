-- Archiving.customer: removes from Redis what was just written to the archive on disk, each item
-- only if it did not change since it was read (else it stays, and its archived copy is dropped
-- by the readers, which prefer Redis).
-- KEYS: [1] the customer's ledger, [2] its archived count, [3] the ledger idempotency hash,
-- [4] the customer's orders index, then per order its record and its run's fence counter, then
-- per payment its inbox entry, its raw update and its settle marker.
-- ARGV: [1] ledger entries to drop from the ledger's old end (k), [2] the archived count read,
-- [3] the newest of them as read (its JSON), [4] how many idempotency triples follow, then the
-- triples (key, the ref it must still hold, the 1-based payment it is the charge key of or 0),
-- then the number of orders, then per order (id, updatedAt as read), then per payment
-- (creditedAt as read).
-- A payment being settled (its marker set) stays, and so do its charge's key and the customer's
-- ledger entries this step would have dropped: the settle's idempotency rests on them. Returns {ledger entries dropped, orders dropped, payments dropped}.
local k, base = tonumber(ARGV[1]), ARGV[2]
local dropped = {0, 0, 0}
local triples = tonumber(ARGV[4])
local a = 5 + 3 * triples
local orders = tonumber(ARGV[a])
local p, kp = a + 1 + 2 * orders, 5 + 2 * orders
local paymentGone = {}
for i = 0, (#KEYS - kp + 1) / 3 - 1 do
  local entry = KEYS[kp + 3 * i]
  if redis.call('EXISTS', KEYS[kp + 3 * i + 2]) == 0
    and redis.call('HGET', entry, 'status') == 'credited'
    and redis.call('HGET', entry, 'creditedAt') == ARGV[p + i] then
    redis.call('DEL', entry, KEYS[kp + 3 * i + 1])
    dropped[3] = dropped[3] + 1
    paymentGone[i + 1] = true
  end
end
-- A charge's key stays with its payment, and its ledger entry with its key (the key points at it).
local keyStays = false
for i = 0, triples - 1 do
  local payment = tonumber(ARGV[7 + 3 * i])
  if payment > 0 and not paymentGone[payment] then keyStays = true end
end
if k > 0 and not keyStays and (redis.call('GET', KEYS[2]) or '0') == base
  and redis.call('LINDEX', KEYS[1], -k) == ARGV[3] then
  redis.call('LTRIM', KEYS[1], 0, -k - 1)
  redis.call('INCRBY', KEYS[2], k)
  dropped[1] = k
  for i = 0, triples - 1 do
    local key, ref = ARGV[5 + 3 * i], ARGV[6 + 3 * i]
    if redis.call('HGET', KEYS[3], key) == ref then
      redis.call('HDEL', KEYS[3], key)
    end
  end
end
for i = 0, orders - 1 do
  local id, updated = ARGV[a + 1 + 2 * i], ARGV[a + 2 + 2 * i]
  local key = KEYS[5 + 2 * i]
  if redis.call('HGET', key, 'updatedAt') == updated then
    redis.call('DEL', key, KEYS[6 + 2 * i])
    redis.call('ZREM', KEYS[4], id)
    dropped[2] = dropped[2] + 1
  end
end
return dropped
