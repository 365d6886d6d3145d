-- Fragment: trim_order(kOrder) keeps only FINISHED_ORDER_FIELDS of a finished order (of a refunded
-- one REFUNDED_ORDER_FIELDS, by its status; both from order-trim.ts). The hash is written anew
-- rather than pruned: Redis turns a hash with a long value (the placement's JSON) into its large
-- encoding and never back, so only a rewrite gives the memory back.
-- @include trim-order-fields
local function trim_order(kOrder)
  local names = FINISHED_ORDER_FIELDS
  if redis.call('HGET', kOrder, 'status') == 'refunded' then names = REFUNDED_ORDER_FIELDS end
  local values = redis.call('HMGET', kOrder, unpack(names))
  local kept = {}
  for i, name in ipairs(names) do
    if values[i] then kept[#kept + 1] = name; kept[#kept + 1] = values[i] end
  end
  redis.call('DEL', kOrder)
  if #kept > 0 then redis.call('HSET', kOrder, unpack(kept)) end
end
