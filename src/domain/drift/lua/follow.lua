-- followHostingSide: the record follows the hosting side, in one step and only if nothing moved
-- since the run read it and no change of the term is pending: a member of the subscription's
-- term chain that holds its place (a paid renewal in flight, an admin's change queued or being
-- applied: terms/), or a node edit the bot gave up on that may still land (its doubt record).
-- A member left behind by a crash before `leave` does not hold the record back. Writes the fields Subscriptions.setTerm writes (its expiry index score
-- included: NO_EXPIRY_SCORE for none); queued in a MULTI before the reach index follows.
-- KEYS: [1] the subscription, [2] the expiry index, [3] its term chain, [4] the run's lease,
-- [5] its former terms, [6] (a node client's) its doubt record.
-- ARGV: [1] updatedAt and [2] expiresAt as read, [3] lease token, [4] now, [5] new expiry (''
-- = keep), [6] new traffic GB ('' = keep), [7] the subscription's id, [8] the order key prefix
-- and [10] the term change key prefix (the chain's members are only known while it runs), [9]
-- the last index of the former terms kept.
-- Returns 1 written, 0 the record changed (a renewal committed, an admin's action) or is gone,
-- 2 a change of the term is pending (its term wins), -1 the lease is lost.
-- @include books-constants
-- @include chain-member-open
if redis.call('GET', KEYS[4]) ~= ARGV[3] then return -1 end
local s = redis.call('HMGET', KEYS[1], 'updatedAt', 'expiresAt', 'removedAt')
if s[1] ~= ARGV[1] or s[2] ~= ARGV[2] or s[3] then return 0 end
for _, member in ipairs(redis.call('ZRANGE', KEYS[3], 0, -1)) do
  if chain_member_open(member, ARGV[8], ARGV[10]) then return 2 end
end
if KEYS[6] and tonumber(redis.call('GET', KEYS[6]) or '0') > tonumber(ARGV[4]) then return 2 end
redis.call('HSET', KEYS[1], 'updatedAt', ARGV[4])
if ARGV[5] ~= '' then
  redis.call('HSET', KEYS[1], 'expiresAt', ARGV[5])
  local score = tonumber(ARGV[5])
  if score == 0 then score = NO_EXPIRY_SCORE end
  redis.call('ZADD', KEYS[2], score, ARGV[7])
  redis.call('LPUSH', KEYS[5], ARGV[2])
  redis.call('LTRIM', KEYS[5], 0, ARGV[9])
end
if ARGV[6] ~= '' then redis.call('HSET', KEYS[1], 'trafficGb', ARGV[6]) end
return 1
