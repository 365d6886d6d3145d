-- One message's place under Telegram's overall limit, shared by every process: a cell-rate
-- budget (GCRA) kept as one time, the "theoretical arrival time" of the next message, so a burst
-- is never more than ARGV[3] ms ahead of the steady rate (counting by calendar second let 29 go
-- at the end of one second and 29 more at the start of the next, and Telegram refused them).
-- KEYS[1]: that time (ms); KEYS[2]: the hold a 429 set (its TTL: what retry_after asked).
-- ARGV[1]: now (ms); ARGV[2]: ms per message (1000 / the limit); ARGV[3]: the burst allowed, in ms
-- ahead of now; ARGV[4]: how long the key outlives that time (ms).
-- Returns 0 when the message may go (its place taken), else the ms to wait: minus the ms left
-- while a 429's retry_after still runs, plus the ms until a place frees up.
local held = redis.call('PTTL', KEYS[2])
if held > 0 then
  return -held
end
local now = tonumber(ARGV[1])
local at = tonumber(redis.call('GET', KEYS[1]) or '0')
if at < now then
  at = now
end
local wait = at - tonumber(ARGV[3]) - now
if wait > 0 then
  return math.ceil(wait)
end
local next = at + tonumber(ARGV[2])
redis.call('SET', KEYS[1], tostring(next), 'PX', math.ceil(next - now + tonumber(ARGV[4])))
return 0
