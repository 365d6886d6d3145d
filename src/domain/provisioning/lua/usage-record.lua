-- UsageHistory.record: sets the day's reading and trims what is older than the window, in one
-- step (so two processes recording the same day leave one member for it).
-- KEYS: [1] the subscription's usage history.
-- ARGV: [1] day number, [2] member (`<day>:<bytes>`), [3] oldest day kept, [4] ttl seconds.
-- Returns 1.
redis.call('ZREMRANGEBYSCORE', KEYS[1], ARGV[1], ARGV[1])
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', '(' .. ARGV[3])
redis.call('EXPIRE', KEYS[1], ARGV[4])
return 1
