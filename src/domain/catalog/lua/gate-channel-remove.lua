-- RequiredChannels.remove: a channel leaves the list; a staff member's removal passes its audit
-- record, written in this step only when the channel was listed.
-- KEYS[1] the channels hash; with a record, [2..5] its keys (auditLuaKeys).
-- ARGV[1] chat id; with a record, [2..4] the record (auditLuaArgs).
-- Returns 1 when removed, 0 when it was not listed.
-- @include audit-record
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then return 0 end
if KEYS[2] then audit_record(KEYS[2], KEYS[3], KEYS[4], KEYS[5], ARGV[2], ARGV[3], ARGV[4]) end
redis.call('HDEL', KEYS[1], ARGV[1])
return 1
