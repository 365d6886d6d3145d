-- BroadcastRecords.stop: marks a broadcast stopped unless it is unknown or over.
-- KEYS: [1] the broadcast's record, [2] its stop flag.
-- ARGV: [1] now, [2] ttl seconds.
-- Returns the StopOutcome: 'stopping', 'already', 'finished' or 'unknown'.
if redis.call('EXISTS', KEYS[1]) == 0 then return 'unknown' end
if redis.call('HEXISTS', KEYS[1], 'finishedAt') == 1 then return 'finished' end
if redis.call('SET', KEYS[2], ARGV[1], 'NX', 'EX', ARGV[2]) then return 'stopping' end
return 'already'
