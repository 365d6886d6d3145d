-- followHostingSide: the record follows the hosting side, in one step and only if nothing moved
-- since the run read it. A chain member counts while its order is in flight (order-statuses.ts:
-- RenewalChain keeps its place then); one left behind by a crash before `leave` does not hold
-- the record back. Writes the fields Subscriptions.setTerm writes (its expiry index score
-- included: NO_EXPIRY_SCORE for none); queued in a MULTI before the reach index follows.
-- KEYS: [1] the subscription, [2] the expiry index, [3] its renewal chain, [4] the run's lease,
-- [5] its former terms.
-- ARGV: [1] updatedAt and [2] expiresAt as read, [3] lease token, [4] now, [5] new expiry (''
-- = keep), [6] new traffic GB ('' = keep), [7] the subscription's id, [8] the order key prefix
-- (the chain's orders are only known while it runs), [9] the last index of the former terms kept.
-- Returns 1 written, 0 the record changed (a renewal committed, an admin's action) or is gone,
-- 2 a renewal is in its chain (being applied: its term wins), -1 the lease is lost.
-- @include books-constants
-- @include order-statuses
if redis.call('GET', KEYS[4]) ~= ARGV[3] then return -1 end
local s = redis.call('HMGET', KEYS[1], 'updatedAt', 'expiresAt', 'removedAt')
if s[1] ~= ARGV[1] or s[2] ~= ARGV[2] or s[3] then return 0 end
for _, order in ipairs(redis.call('ZRANGE', KEYS[3], 0, -1)) do
  local status = redis.call('HGET', ARGV[8] .. order, 'status')
  if in_flight(status) then return 2 end
end
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
