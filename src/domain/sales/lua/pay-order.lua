-- Fragment `pay-order` (checkout.ts): pay_order(kOrder, kOpen, m, kMark, entryJson, now, pIdem)
-- pays an order awaiting payment from the wallet (movement `m`, see `ledger-apply`; the
-- idempotency key is `pIdem` .. the order's id, pIdem the books' ledgerIdemKeys.order prefix)
-- and marks its customer as one who has paid (`kMark`, see `mark-paid`). A free order is paid
-- without a movement.
-- Returns code, payload: 1, entry JSON ('' free) paid now; 2, status paid before; -1, balance
-- short; 0, status not payable.
-- @include order-statuses
-- @include mark-paid
-- @include ledger-apply
local function pay_order(kOrder, kOpen, m, kMark, entryJson, now, pIdem)
  local status = redis.call('HGET', kOrder, 'status')
  if status ~= 'awaiting_payment' then
    if is_paid(status) then return 2, status end
    return 0, tostring(status)
  end
  local price = tonumber(redis.call('HGET', kOrder, 'price'))
  local id = redis.call('HGET', kOrder, 'id')
  local code, payload = 1, ''
  if price > 0 then
    code, payload = apply(m, -price, pIdem .. id, entryJson, true)
    if code == -1 then return -1, payload end
  end
  redis.call('HSET', kOrder, 'status', 'paid', 'paidAt', now, 'updatedAt', now)
  redis.call('PERSIST', kOrder) -- an unpaid order expires; a paid one is kept
  redis.call('ZADD', kOpen, now, id)
  mark_paid(kMark, kOrder, now)
  return 1, payload
end
