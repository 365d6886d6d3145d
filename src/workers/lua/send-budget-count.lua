-- Messages that went anyway (replies): their places are taken from the shared budget (see
-- send-budget-take.lua), past the burst too, so the outbox waits for them.
-- KEYS[1]: the next message's time (ms). ARGV[1]: now (ms); ARGV[2]: ms per message; ARGV[3]: how
-- many; ARGV[4]: how long the key outlives that time (ms).
local now = tonumber(ARGV[1])
local at = tonumber(redis.call('GET', KEYS[1]) or '0')
if at < now then
  at = now
end
local next = at + tonumber(ARGV[2]) * tonumber(ARGV[3])
redis.call('SET', KEYS[1], tostring(next), 'PX', math.ceil(next - now + tonumber(ARGV[4])))
return 0
