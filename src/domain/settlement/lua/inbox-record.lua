-- PaymentInbox.record: stores a payment once (by charge id) with its raw update. The index is
-- written first: a script that fails part-way must not leave an entry that looks recorded but
-- that the worker would never see.
-- KEYS: [1] the entry, [2] the pending index, [3] the raw update.
-- ARGV: [1] fields JSON, [2] charge id, [3] now, [4] raw.
-- Returns 1 recorded now, 0 known already.
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[2])
redis.call('SET', KEYS[3], ARGV[4])
local fields = cjson.decode(ARGV[1])
for k, v in pairs(fields) do redis.call('HSET', KEYS[1], k, v) end
return 1
