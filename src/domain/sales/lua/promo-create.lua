-- PromoCodes.create: makes a code unless it exists.
-- KEYS: [1] the code's record, [2] the codes index.
-- ARGV: [1] code, [2] now, then from [3] the code's fields as name/value pairs.
-- Returns 1 when made, 0 when the code exists.
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local fields = {}
for i = 3, #ARGV do fields[#fields + 1] = ARGV[i] end
redis.call('HSET', KEYS[1], unpack(fields))
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[1])
return 1
