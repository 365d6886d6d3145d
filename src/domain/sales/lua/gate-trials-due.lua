-- TrialWatch.runDue: takes the watched trials whose check is due, and moves each one's next check
-- on in the same step, so two workers never take the same trial at once.
-- KEYS[1] the watched trials (customer id -> when the next check is due, ms).
-- ARGV[1] now, ARGV[2] the next check's time, ARGV[3] how many to take at most.
-- Returns the customer ids taken.
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[3]))
for _, member in ipairs(due) do
  redis.call('ZADD', KEYS[1], ARGV[2], member)
end
return due
