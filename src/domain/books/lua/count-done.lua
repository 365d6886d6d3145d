-- backfillSalesDays: counts orders of the old done index into the sales day counters, and takes
-- them out of it, only if every one is still in it (another process may have counted them).
-- KEYS: [1] the old done index.
-- ARGV: [1] n, [2..n+1] the order ids, then key/field/amount triples (salesDayKey keys).
-- Returns 1 when counted, 0 when not.
-- @include apply-triples
local n = tonumber(ARGV[1])
for i = 2, n + 1 do if not redis.call('ZSCORE', KEYS[1], ARGV[i]) then return 0 end end
apply_triples(n + 2)
for i = 2, n + 1 do redis.call('ZREM', KEYS[1], ARGV[i]) end
return 1
