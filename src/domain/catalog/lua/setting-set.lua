-- ShopSettings.setAs: a staff member changes one setting, and its audit record is written in the
-- same step, only while the setting still holds the value the change was made from (otherwise
-- nothing is written and the caller reads it again). The record goes in before the change, after
-- the only read that can fail: neither is ever there without the other.
-- KEYS: [1] the settings hash, [2..5] the audit record's keys (auditLuaKeys).
-- ARGV: [1] the field, [2] its value as read ('' = not set), [3] the new value ('' = remove it),
-- [4..6] the audit record (auditLuaArgs).
-- Returns 1 when changed, 0 when the value moved meanwhile.
-- @include audit-record
local current = redis.call('HGET', KEYS[1], ARGV[1]) or ''
if current ~= ARGV[2] then return 0 end
audit_record(KEYS[2], KEYS[3], KEYS[4], KEYS[5], ARGV[4], ARGV[5], ARGV[6])
if ARGV[3] == '' then
  redis.call('HDEL', KEYS[1], ARGV[1])
else
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
end
return 1
