-- BroadcastRecords.stop: marks a broadcast stopped unless it is unknown or over. A staff member's
-- stop passes its audit record too: written only when this press stops it, in this step.
-- KEYS: [1] the broadcast's record, [2] its stop flag; with a record, [3..6] its keys (auditLuaKeys).
-- ARGV: [1] now, [2] ttl seconds; with a record, [3..5] the record (auditLuaArgs).
-- Returns the StopOutcome: 'stopping', 'already', 'finished' or 'unknown'.
-- @include audit-record
if redis.call('EXISTS', KEYS[1]) == 0 then return 'unknown' end
if redis.call('HEXISTS', KEYS[1], 'finishedAt') == 1 then return 'finished' end
if redis.call('EXISTS', KEYS[2]) == 1 then return 'already' end
if KEYS[3] then audit_record(KEYS[3], KEYS[4], KEYS[5], KEYS[6], ARGV[3], ARGV[4], ARGV[5]) end
redis.call('SET', KEYS[2], ARGV[1], 'EX', ARGV[2])
return 'stopping'
