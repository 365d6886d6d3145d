-- One notice added to each customer's log, once: a retried round finds its id and adds nothing.
-- Each log keeps its newest ARGV[4] notices of the last ARGV[5] ms.
-- KEYS[i]: customer i's log (sorted set by time; members `<id>|<JSON>`).
-- ARGV: id, at (ms), cutoff (ms: older ones go), cap, keepMs, then the member of customer i.
-- Returns how many logs it was added to.
local id, at, cutoff = ARGV[1], ARGV[2], ARGV[3]
local cap, keep = tonumber(ARGV[4]), ARGV[5]
local head = id .. '|'
local added = 0
for i, key in ipairs(KEYS) do
  local seen = false
  for _, member in ipairs(redis.call('ZRANGE', key, 0, -1)) do
    if string.sub(member, 1, #head) == head then
      seen = true
      break
    end
  end
  if not seen then
    redis.call('ZADD', key, at, ARGV[5 + i])
    added = added + 1
  end
  redis.call('ZREMRANGEBYSCORE', key, '-inf', '(' .. cutoff)
  redis.call('ZREMRANGEBYRANK', key, 0, -(cap + 1))
  redis.call('PEXPIRE', key, keep)
end
return added
