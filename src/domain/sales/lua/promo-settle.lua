-- PromoCodes.settle: settles the use an order holds, against the order's state.
-- KEYS: [1..6] promoKeyList of the order's code, [7] the order.
-- ARGV: [1] order id.
-- Returns 'used' (paid, a gift awaiting its claim, or paid once and failed or refunded: consumed
-- now), 'released' (cancelled or gone: freed now), 'held' (still awaiting payment) or 'none' (no
-- reserved use: settled before).
-- @include order-statuses
-- @include promo-use
local p = promo_keys(1)
local customer, state = use_of(p, ARGV[1])
if not customer or state ~= 'r' then return 'none' end
local status = redis.call('HGET', KEYS[7], 'status')
if was_paid(status) then
  mark_used(p, ARGV[1])
  return 'used'
end
if status and status ~= 'cancelled' then return 'held' end
release_use(p, ARGV[1])
return 'released'
