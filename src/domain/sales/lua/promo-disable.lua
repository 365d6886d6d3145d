-- PromoCodes.disable: a code stops being taken. A staff member's disable passes its audit record
-- too: written only when the code was enabled, in this step, before the write.
-- KEYS: [1] the code's record; with a record, [2..5] its keys (auditLuaKeys).
-- ARGV: with a record, [1..3] the record (auditLuaArgs).
-- Returns 'disabled', 'already' (it was disabled before) or 'unknown' (no such code).
-- @include audit-record
if redis.call('EXISTS', KEYS[1]) == 0 then return 'unknown' end
if redis.call('HGET', KEYS[1], 'disabled') == '1' then return 'already' end
if KEYS[2] then audit_record(KEYS[2], KEYS[3], KEYS[4], KEYS[5], ARGV[1], ARGV[2], ARGV[3]) end
redis.call('HSET', KEYS[1], 'disabled', '1')
return 'disabled'
