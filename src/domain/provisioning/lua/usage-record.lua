-- UsageHistory.recordMany: for each subscription, sets the day's reading and trims what is older
-- than the window, in one step for a page of subscriptions (so two processes recording the same
-- day leave one member for it, and a crash leaves the page recorded or not, never half of a key).
-- A key whose day already holds this very reading is left as it is: its trim and expiry were set
-- by that same reading earlier in the day (one command instead of four).
-- KEYS: the subscriptions' usage histories.
-- ARGV: [1] day number, [2] oldest day kept, [3] ttl seconds, [3 + i] bytes read for KEYS[i].
-- Returns the number of keys written.
local day, oldest, ttl = ARGV[1], '(' .. ARGV[2], ARGV[3]
local written = 0
for i, key in ipairs(KEYS) do
  local member = day .. ':' .. ARGV[3 + i]
  local today = redis.call('ZRANGEBYSCORE', key, day, day)
  if #today ~= 1 or today[1] ~= member then
    redis.call('ZREMRANGEBYSCORE', key, day, day)
    redis.call('ZADD', key, day, member)
    redis.call('ZREMRANGEBYSCORE', key, '-inf', oldest)
    redis.call('EXPIRE', key, ttl)
    written = written + 1
  end
end
return written
