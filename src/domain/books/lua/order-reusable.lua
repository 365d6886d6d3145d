-- Fragment `order-reusable` (orders.ts): whether a slot's order may be handed out again instead of
-- a new one. One home for the rule, used by the step that opens an order (open-order.lua) and by
-- the read that looks before it (reusable-order.lua): awaiting payment, younger than the reuse
-- time, at the same price, currency and promo code ('' none).
-- order_state(kOrder): the order's status (nil: gone).
-- reusable(kOrder, now, reuseMs, price, currency, promo): true when it may be handed out again.
local function order_state(kOrder)
  return redis.call('HGET', kOrder, 'status')
end

local function reusable(kOrder, now, reuseMs, price, currency, promo)
  local o = redis.call('HMGET', kOrder, 'status', 'createdAt', 'price', 'currency', 'promoCode')
  return o[1] == 'awaiting_payment' and tonumber(now) - tonumber(o[2]) < tonumber(reuseMs)
    and o[3] == price and o[4] == currency and (o[5] or '') == promo
end
