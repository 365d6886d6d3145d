-- One message of this second's budget (Telegram's overall limit, shared by every process).
-- KEYS[1]: the second's counter; KEYS[2]: the hold a 429 set (its TTL: what retry_after asked).
-- ARGV[1]: messages allowed in a second; ARGV[2]: counter TTL (ms).
-- Returns 1 when the message may go (and counts it), 0 when the second is used up, and minus
-- the ms left while a 429's retry_after still runs.
local held = redis.call('PTTL', KEYS[2])
if held > 0 then
  return -held
end
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
if used >= tonumber(ARGV[1]) then
  return 0
end
redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
