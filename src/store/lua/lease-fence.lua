-- The fence of a new take of a lease: one more than the last one handed out, and never less
-- than the Redis clock in microseconds (below 2^53, exact in Lua and in JavaScript, until the
-- year 2255), so fences keep growing after the counter expired or was lost (a restart without
-- persistence, a failover to a replica that missed the last take). The counter's key is the
-- caller's: it comes through the caller's KEYS. Written after TIME, so the script is replicated
-- by its effects (always so from Redis 7; asked for on older ones).
if redis.replicate_commands then redis.replicate_commands() end
local function next_fence(counter, kept_ms)
  local t = redis.call('TIME')
  local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
  local fence = math.max((tonumber(redis.call('GET', counter)) or 0) + 1, now)
  redis.call('SET', counter, string.format('%d', fence), 'PX', kept_ms)
  return fence
end
