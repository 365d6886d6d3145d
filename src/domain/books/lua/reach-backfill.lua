-- Customers.backfillReach: indexes one chunk of customers in the reach index and moves the
-- cursor, in one step.
-- KEYS: [1] the backfill cursor, [2..3] reachKeys (expiry index, reach index).
-- ARGV: [1] the cursor after this chunk, [2..3] REACH_PREFIXES (customer's subscriptions,
-- customer record), then from [4] the chunk's customer ids.
-- Returns 1.
-- @include reach
local r = reach_keys(2, 2)
for i = 4, #ARGV do reach(r, ARGV[i]) end
redis.call('SET', KEYS[1], ARGV[1])
return 1
