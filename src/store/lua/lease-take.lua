-- Takes a lease. KEYS: the lease, its fence counter, and (for a lease someone may wait for) its
-- waiters mark. ARGV: the holder's token, the lease's life (ms), the counter's life (ms), the
-- waiters mark's life (ms).
-- Answers {1, fence} when the token holds the lease now: taken (a new fence), or held already
-- (a retry whose first answer was lost: renewed, the fence of that take). Otherwise marks that
-- someone waits, if there is a mark, and answers {0, ms the holder still holds it}.
-- @include lease-fence
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then
  return {1, next_fence(KEYS[2], ARGV[3])}
end
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return {1, tonumber(redis.call('GET', KEYS[2])) or next_fence(KEYS[2], ARGV[3])}
end
if KEYS[3] then redis.call('SET', KEYS[3], '1', 'PX', ARGV[4]) end
return {0, math.max(redis.call('PTTL', KEYS[1]), 0)}
