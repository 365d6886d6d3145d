-- audit-finish (audit.ts AuditLog.finish): KEYS entries, started; ARGV id, the entry's JSON as it
-- was read (still `started`), its JSON with the outcome. Writes the outcome only while the entry
-- is still the one read, so a late finish and the leftovers' settling (`unknown`) never overwrite
-- each other; the entry leaves the index of started ones in the same step.
if redis.call('HGET', KEYS[1], ARGV[1]) ~= ARGV[2] then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
redis.call('ZREM', KEYS[2], ARGV[1])
return 1
