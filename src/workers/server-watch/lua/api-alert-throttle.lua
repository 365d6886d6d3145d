-- WatchAlerts.apiDown: sets the key to now when it is missing or at least the interval old.
-- KEYS: [1] when the admins were last alerted.
-- ARGV: [1] now (ms), [2] interval (ms), [3] ttl seconds.
-- Returns 1 when it did (alert now), 0 when not.
local last = tonumber(redis.call('GET', KEYS[1]) or '')
if last and tonumber(ARGV[1]) - last < tonumber(ARGV[2]) then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[3])
return 1
