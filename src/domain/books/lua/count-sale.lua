-- Fragment `count-sale` (sales-days.ts): count_sale(pDay, entryJson, amount) counts a ledger
-- entry's revenue on its day, if it is a sale or a refund: `rev:<currency>` and
-- `rev:<currency>:<plan>` (`amount` is its signed amount as exact decimal text). `pDay` is the
-- sales day key prefix: the day's key is named from the entry's time inside the step (the shop
-- runs on one Redis, not a cluster). A refund is also counted on its own: `refunds:n:<currency>` by
-- one and `refunds:sum:<currency>` by the money given back (the daily report's refunds).
-- @include books-constants
-- @include entry-fields
local function count_sale(pDay, entryJson, amount)
  local e = entry_fields(entryJson)
  if e.kind ~= 'purchase' and e.kind ~= 'renewal' and e.kind ~= 'pack' and e.kind ~= 'refund' then return end
  local key = pDay .. string.format('%d', math.floor(e.at / DAY_MS))
  local revenue = string.format('%d', -tonumber(amount))
  local plan = e.planId
  if type(plan) ~= 'string' then plan = '?' end
  redis.call('HINCRBY', key, 'rev:' .. e.currency, revenue)
  redis.call('HINCRBY', key, 'rev:' .. e.currency .. ':' .. plan, revenue)
  if e.kind == 'refund' then
    redis.call('HINCRBY', key, 'refunds:n:' .. e.currency, 1)
    redis.call('HINCRBY', key, 'refunds:sum:' .. e.currency, string.format('%d', tonumber(amount)))
  end
end
