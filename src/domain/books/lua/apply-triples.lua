-- Fragment `apply-triples` (sales-days.ts): apply_triples(from) adds, for each key, field,
-- amount triple in ARGV from position `from` on, the amount to the field of that sales day key
-- (the keys are built by salesDayKey in TypeScript).
local function apply_triples(from)
  for i = from, #ARGV, 3 do redis.call('HINCRBY', ARGV[i], ARGV[i + 1], ARGV[i + 2]) end
end
