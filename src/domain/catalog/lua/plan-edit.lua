-- Sets or drops the bot's edit of one plan, only when nobody changed it since it was read. A
-- staff member's change passes its audit record too: written only when the change is made, in
-- this step, before the writes.
-- KEYS[1] the edits hash (plan id -> edit JSON), KEYS[2] the versions hash (plan id -> count),
-- KEYS[3] the edits' generation (other processes read the edits again when it moves); with a
-- record, KEYS[4..7] its keys (auditLuaKeys).
-- ARGV[1] plan id, ARGV[2] the version read, ARGV[3] the edit's JSON, or '' to drop the edit;
-- with a record, ARGV[4..6] the record (auditLuaArgs).
-- Returns {1, new version}, or {0, current version} when the version read is stale.
-- @include audit-record
local current = tonumber(redis.call('HGET', KEYS[2], ARGV[1]) or '0')
if current ~= tonumber(ARGV[2]) then
  return {0, current}
end
if KEYS[4] then audit_record(KEYS[4], KEYS[5], KEYS[6], KEYS[7], ARGV[4], ARGV[5], ARGV[6]) end
if ARGV[3] == '' then
  redis.call('HDEL', KEYS[1], ARGV[1])
else
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
end
local version = redis.call('HINCRBY', KEYS[2], ARGV[1], 1)
redis.call('INCR', KEYS[3])
return {1, version}
