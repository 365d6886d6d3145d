-- backfillSalesDays: counts a chunk of the journal's older entries into the sales day counters,
-- only if the cursor is still where it was read, and moves the cursor.
-- KEYS: [1] the journal cursor.
-- ARGV: [1] the cursor as read ('' none), [2] the new one, then key/field/amount triples
-- (salesDayKey keys).
-- Returns 1 when counted, 0 when not.
-- @include apply-triples
if (redis.call('GET', KEYS[1]) or '') ~= ARGV[1] then return 0 end
apply_triples(3)
redis.call('SET', KEYS[1], ARGV[2])
return 1
