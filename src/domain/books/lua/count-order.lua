-- Fragment `count-order` (sales-days.ts): count_order(kOrder, kDay) counts an order that became
-- active on the day whose counters are `kDay`: `ord:<kind>` and `ord:<kind>:<plan>` by one.
local function count_order(kOrder, kDay)
  local o = redis.call('HMGET', kOrder, 'kind', 'planId')
  if not o[1] then return end
  redis.call('HINCRBY', kDay, 'ord:' .. o[1], 1)
  redis.call('HINCRBY', kDay, 'ord:' .. o[1] .. ':' .. (o[2] or '?'), 1)
end
