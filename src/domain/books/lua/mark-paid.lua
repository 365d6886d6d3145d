-- Fragment `mark-paid` (order-paid.ts): mark_paid(kMark, kOrder, now) sets the customer's
-- "has paid" mark to `now` unless it is set, when the order is not a trial. Called by the step
-- that moves an order to `paid`, so "new customer" rules that read the mark in their own step
-- cannot miss an order paid at the same moment.
local function mark_paid(kMark, kOrder, now)
  if redis.call('HGET', kOrder, 'kind') ~= 'trial' then redis.call('SET', kMark, now, 'NX') end
end
