-- Fragment `reach` (customers.ts): reach(r, cid) puts the customer in the reach index (or takes
-- them out) from what is stored now: their record's blocks and their subscriptions' expiries in
-- the expiry index (a removed subscription is not in it). Recomputed whole, so running it twice
-- is harmless.
--
-- r = reach_keys(k, a): KEYS[k] is the subscriptions' expiry index, KEYS[k+1] the reach index;
-- ARGV[a], ARGV[a+1] are the key prefixes of a customer's subscriptions and of a customer's
-- record (REACH_PREFIXES: the customer is only known while the step runs).
local function reach_keys(k, a)
  return { expiry = KEYS[k], reach = KEYS[k + 1], subs_prefix = ARGV[a], customer_prefix = ARGV[a + 1] }
end
local function reach(r, cid)
  local latest, best = '0', 0
  for _, s in ipairs(redis.call('ZRANGE', r.subs_prefix .. cid, 0, -1)) do
    local e = redis.call('ZSCORE', r.expiry, s)
    if e and tonumber(e) > best then best, latest = tonumber(e), e end
  end
  local c = redis.call('HMGET', r.customer_prefix .. cid, 'id', 'blocked', 'botBlocked')
  if c[1] and c[2] ~= '1' and c[3] ~= '1' then
    redis.call('ZADD', r.reach, latest, cid)
  else
    redis.call('ZREM', r.reach, cid)
  end
end
