-- PaymentInbox.markCredited: marks a pending entry credited; its raw update starts to expire (an
-- entry recorded before the raw had its own key moves it there first).
-- KEYS: [1] the entry, [2] the pending index, [3] the index of payments to check, [4] the raw update.
-- ARGV: [1] charge id, [2] now, [3] outcome, [4] order id ('' none), [5] when the raw expires
-- (ms since the epoch; a time past removes it at once).
-- Returns 1 marked now, 0 when it was not pending.
if redis.call('HGET', KEYS[1], 'status') ~= 'pending' then return 0 end
local raw = redis.call('HGET', KEYS[1], 'raw')
if raw then
  redis.call('SET', KEYS[4], raw)
  redis.call('HDEL', KEYS[1], 'raw')
end
redis.call('PEXPIREAT', KEYS[4], ARGV[5])
redis.call('HSET', KEYS[1], 'status', 'credited', 'creditedAt', ARGV[2], 'outcome', ARGV[3])
if ARGV[4] ~= '' then redis.call('HSET', KEYS[1], 'orderId', ARGV[4]) end
redis.call('ZREM', KEYS[2], ARGV[1])
if ARGV[3] == 'unmatched' or ARGV[3] == 'mismatch' or ARGV[3] == 'held' then
  redis.call('ZADD', KEYS[3], redis.call('HGET', KEYS[1], 'recordedAt'), ARGV[1])
end
return 1
