-- Fragment `pay-order` (checkout.ts): pay_order(k, m, entryJson, now, pIdem, limit) pays an order
-- awaiting payment from the wallet (movement `m`, see `ledger-apply`; the idempotency key is
-- `pIdem` .. the order's id, pIdem the books' ledgerIdemKeys.order prefix). `k` holds the keys:
-- `order`, `open` (the open index), `mark` (the customer's paid mark, see `mark-paid`), `code`,
-- `uses`, `by`, `own`, `reserved`, `recent` (promoKeys of the order's code: `k` is the `p` of
-- `promo-use`), `from` (the refunded order named by its `promoFrom`), `of`, `places` (see
-- `referral-place`) and `unpaid` (the unpaid orders' index, which a paid order leaves). What a payment decides, it decides here,
-- against what is true at this moment:
-- - a promo code for new customers only is refused when the customer's paid mark is set (another
--   order of theirs was paid since the use was reserved); an order carrying a refunded order's
--   promo terms (`promoFrom`: charged again) is refused when that order's use is gone. A refused
--   order is cancelled and its use freed: it can never be paid at that price;
-- - an order carrying a refunded order's terms takes that order's use over, as used;
-- - the customer is marked as one who has paid, and an invited customer's payment gets its place
--   among the first N (`limit`, see `referral-place`).
-- A free order is paid without a movement.
-- Returns code, payload: 1, entry JSON ('' free) paid now; 2, status paid before; -1, balance
-- short; 0, status not payable; -2, 'not-new' or 'promo-gone': refused and cancelled.
-- @include order-statuses
-- @include mark-paid
-- @include ledger-apply
-- @include promo-use
-- @include referral-place
local function promo_refusal(k, id, from)
  if not redis.call('HGET', k.order, 'promoCode') then return nil end
  if from ~= '' then
    -- Charged again: the refunded order's use comes with it (or is on it already).
    if use_of(k, id) then return nil end
    local customer = use_of(k, from)
    local own = customer and customer == redis.call('HGET', k.order, 'customerId')
    if own and redis.call('HGET', k.from, 'status') == 'refunded' then return nil end
    return 'promo-gone'
  end
  if redis.call('HGET', k.code, 'newCustomersOnly') == '1' and redis.call('EXISTS', k.mark) == 1 then
    return 'not-new'
  end
  return nil
end

local function pay_order(k, m, entryJson, now, pIdem, limit)
  local status = redis.call('HGET', k.order, 'status')
  if status ~= 'awaiting_payment' then
    if is_paid(status) then return 2, status end
    return 0, tostring(status)
  end
  local id = redis.call('HGET', k.order, 'id')
  local from = redis.call('HGET', k.order, 'promoFrom') or ''
  local refused = promo_refusal(k, id, from)
  if refused then
    redis.call('HSET', k.order, 'status', 'cancelled', 'updatedAt', now)
    release_use(k, id)
    return -2, refused
  end
  local price = tonumber(redis.call('HGET', k.order, 'price'))
  local code, payload = 1, ''
  if price > 0 then
    code, payload = apply(m, -price, pIdem .. id, entryJson, true)
    if code == -1 then return -1, payload end
  end
  redis.call('HSET', k.order, 'status', 'paid', 'paidAt', now, 'updatedAt', now)
  redis.call('PERSIST', k.order) -- an unpaid order expires; a paid one is kept
  redis.call('ZREM', k.unpaid, redis.call('HGET', k.order, 'customerId') .. ':' .. id)
  redis.call('ZADD', k.open, now, id)
  if from ~= '' and not use_of(k, id) then move_use(k, from, id, 'u', now) end
  mark_paid(k.mark, k.order, now)
  take_place(k.of, k.places, k.order, id, limit)
  return 1, payload
end
