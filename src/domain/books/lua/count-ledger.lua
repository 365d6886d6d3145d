-- Fragment `count-ledger` (shop-totals.ts): count_ledger(kTotals, entryJson, amount) adds a
-- ledger movement of a counted kind to the shop's totals `kTotals`: `n:<kind>:<currency>` by
-- one, `amount:<kind>:<currency>` by its size in minor units (`amount` is its signed exact
-- decimal text). The kinds are COUNTED_KINDS.
-- @include entry-fields
local function count_ledger(kTotals, entryJson, amount)
  local e = entry_fields(entryJson)
  if e.kind ~= 'topup' and e.kind ~= 'refund' and e.kind ~= 'stars-refund' and e.kind ~= 'rail-refund' then return end
  local size = (string.gsub(amount, '^-', ''))
  redis.call('HINCRBY', kTotals, 'n:' .. e.kind .. ':' .. e.currency, 1)
  redis.call('HINCRBY', kTotals, 'amount:' .. e.kind .. ':' .. e.currency, size)
end
