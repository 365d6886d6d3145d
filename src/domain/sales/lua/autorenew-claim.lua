-- AutoRenew: names the one order a subscription's term is auto-renewed with.
-- KEYS: [1] the subscription's auto-renewal record (autoRenewKeys.term).
-- ARGV: [1] the term (its expiry, ms), [2] the candidate order's id, [3] the order key prefix
-- (orderKeys.order).
-- The record keeps the order it names for this term while that order may still be paid
-- (awaiting payment) or was paid (paid, in flight, active, failed, refunded); only one never
-- paid that can never be (cancelled, or gone when unpaid orders expire), or a record of an
-- earlier term, gives way to the candidate. So of two workers, a restart or a top-up at once,
-- every one pays the same order, which pays once: a term is charged at most once.
-- Returns {1, id}: the candidate is the term's order; {0, id}: the order the record keeps.
local term, candidate, prefix = ARGV[1], ARGV[2], ARGV[3]
local held_term = redis.call('HGET', KEYS[1], 'term')
local held = redis.call('HGET', KEYS[1], 'order')
if held_term == term and held and held ~= candidate then
  local status = redis.call('HGET', prefix .. held, 'status')
  if status and status ~= 'cancelled' then return {0, held} end
end
redis.call('HSET', KEYS[1], 'term', term, 'order', candidate)
return {1, candidate}
