-- RateBudget.take: a token bucket, refilled evenly, read and spent in one step, timed by the
-- Redis server's own clock (the same for every process sharing it).
-- KEYS: [1] the bucket (hash: tokens, at).
-- ARGV: [1] capacity (tokens), [2] ms to refill it from empty, [3] tokens this take costs.
-- Returns {1, 0} when taken, {0, ms until enough tokens are back} when refused (nothing spent).
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local capacity = tonumber(ARGV[1])
local refillMs = tonumber(ARGV[2])
local cost = tonumber(ARGV[3])
local rate = capacity / refillMs
local held = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(held[1]) or capacity
local at = tonumber(held[2]) or now
tokens = math.min(capacity, tokens + math.max(0, now - at) * rate)
local taken = 0
local waitMs = 0
if tokens >= cost then
  tokens = tokens - cost
  taken = 1
else
  waitMs = math.ceil((cost - tokens) / rate)
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil((capacity - tokens) / rate) + 1)
return {taken, waitMs}
