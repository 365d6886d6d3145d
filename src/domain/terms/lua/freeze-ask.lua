-- SubscriptionFreezes.ask: a customer's freeze is recorded, indexed as open and put at the end of
-- its subscription's chain in one step, unless a freeze of it is under way already (two taps at
-- once make one freeze) or the subscription has had its freezes of the last 365 days.
-- KEYS: [1] the subscription's current-freeze pointer, [2] the change, [3] the open index,
-- [4] the subscription's chain, [5] the chain's arrival counter, [6] the freezes that took hold.
-- ARGV: [1] change id, [2] now, [3] the record's fields (JSON), [4] a year ago (ms), [5] freezes
-- allowed per 365 days, [6] the change key prefix.
-- Returns {'already', id} | {'limit', ''} | {'asked', head of the chain}.
-- @include term-change-statuses
local current = redis.call('GET', KEYS[1])
if current and term_change_open(redis.call('HGET', ARGV[6] .. current, 'status')) then
  return {'already', current}
end
-- Freezes older than 365 days count no more: they are dropped (the set stays small).
redis.call('ZREMRANGEBYSCORE', KEYS[6], '-inf', '(' .. ARGV[4])
if redis.call('ZCARD', KEYS[6]) >= tonumber(ARGV[5]) then return {'limit', ''} end
redis.call('SET', KEYS[1], ARGV[1])
for k, v in pairs(cjson.decode(ARGV[3])) do redis.call('HSET', KEYS[2], k, v) end
redis.call('ZADD', KEYS[3], ARGV[2], ARGV[1])
if not redis.call('ZSCORE', KEYS[4], ARGV[1]) then
  redis.call('ZADD', KEYS[4], redis.call('INCR', KEYS[5]), ARGV[1])
end
return {'asked', redis.call('ZRANGE', KEYS[4], 0, 0)[1]}
