-- Renews a lease. KEYS: the lease, its fence counter. ARGV: the holder's token, the lease's
-- life (ms), '1' to take the lease again when its key vanished (a Redis restart) or '0', the
-- counter's life (ms).
-- Answers {1, 0} when renewed, {1, fence} when taken again (a new take, a new fence), {0, 0}
-- when the token does not hold it.
-- @include lease-fence
local holder = redis.call('GET', KEYS[1])
if holder == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return {1, 0}
end
if not holder and ARGV[3] == '1' then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return {1, next_fence(KEYS[2], ARGV[4])}
end
return {0, 0}
