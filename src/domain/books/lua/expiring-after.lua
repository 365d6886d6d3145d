-- Subscriptions.expiringAfter: the next `limit` entries of `subs:expiry` after a cursor entry, in
-- the set's own order (score, then id), read by rank: O(log N + limit) however many entries share
-- the cursor's expiry (every subscription without one shares a single score).
-- KEYS: [1] subs:expiry.  ARGV: [1] cursor id, [2] cursor expiry, [3] limit.
-- Returns [id, expiry, ...]. When the cursor entry has moved or gone since it was read, reading
-- starts again at the first entry with the cursor's expiry (the caller drops what it has seen).
local id, score, limit = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3])
local rank = redis.call('ZRANK', KEYS[1], id)
local now = redis.call('ZSCORE', KEYS[1], id)
if not rank or tonumber(now) ~= score then
  rank = redis.call('ZCOUNT', KEYS[1], '-inf', '(' .. ARGV[2]) - 1
end
return redis.call('ZRANGE', KEYS[1], rank + 1, rank + limit, 'WITHSCORES')
