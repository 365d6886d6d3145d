-- Places under Telegram's overall limit, shared by every process: a cell-rate budget (GCRA) kept
-- as one time, the "theoretical arrival time" of the next message, so a burst is never more than
-- the burst allowed ahead of the steady rate (counting by calendar second let 29 go at the end of
-- one second and 29 more at the start of the next, and Telegram refused them).
-- KEYS[1]: that time (ms); KEYS[2]: the hold a 429 set (its TTL: what retry_after asked).
-- ARGV[1]: now (ms); ARGV[2]: ms per message (1000 / the limit); ARGV[3]: places to take;
-- ARGV[4]: the burst allowed, in ms ahead of now, or '' for messages that went anyway (replies:
-- their places are taken past the burst and the hold, so the outbox waits for them);
-- ARGV[5]: how long the key outlives that time (ms).
-- Returns 0 when the places are taken, else the ms to wait: minus the ms left while a 429's
-- retry_after still runs, plus the ms until a place frees up.
local anyway = ARGV[4] == ''
if not anyway then
  local held = redis.call('PTTL', KEYS[2])
  if held > 0 then
    return -held
  end
end
local now = tonumber(ARGV[1])
local at = tonumber(redis.call('GET', KEYS[1]) or '0')
if at < now then
  at = now
end
if not anyway then
  local wait = at - tonumber(ARGV[4]) - now
  if wait > 0 then
    return math.ceil(wait)
  end
end
local next = at + tonumber(ARGV[2]) * tonumber(ARGV[3])
redis.call('SET', KEYS[1], tostring(next), 'PX', math.ceil(next - now + tonumber(ARGV[5])))
return 0
