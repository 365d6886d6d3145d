-- TermChain.enter: puts a member (a renewal order, an admin's term change) at the end of its
-- subscription's chain unless it is in it already (a retry or a restart keeps its place).
-- KEYS: [1] the chain, [2] the arrival counter.
-- ARGV: [1] member id.
-- Returns the chain's head (a member id).
if not redis.call('ZSCORE', KEYS[1], ARGV[1]) then
  redis.call('ZADD', KEYS[1], redis.call('INCR', KEYS[2]), ARGV[1])
end
return redis.call('ZRANGE', KEYS[1], 0, 0)[1]
