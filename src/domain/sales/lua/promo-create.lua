-- PromoCodes.create: makes a code unless it exists. A staff member's create passes its audit
-- record too: written only when the code is made, in this step, before the writes.
-- KEYS: [1] the code's record, [2] the codes index; with a record, [3..6] its keys (auditLuaKeys).
-- ARGV: [1] code, [2] now, [3] how many arguments the record takes (0 or 3), then the record
-- (auditLuaArgs), then the code's fields as name/value pairs.
-- Returns 1 when made, 0 when the code exists.
-- @include audit-record
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local first = 4 + tonumber(ARGV[3])
if KEYS[3] then audit_record(KEYS[3], KEYS[4], KEYS[5], KEYS[6], ARGV[4], ARGV[5], ARGV[6]) end
local fields = {}
for i = first, #ARGV do fields[#fields + 1] = ARGV[i] end
redis.call('HSET', KEYS[1], unpack(fields))
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[1])
return 1
