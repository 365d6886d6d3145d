-- Orders.reusableFor: whether the slot's order as read would be handed out again by the step
-- that opens an order (order-reusable), read only: a caller can answer with it before other work.
-- KEYS: [1] the slot, [2] the slot's order as read.
-- ARGV: [1] the slot's order id as read, [2] now, [3] reuse ms, [4] price, [5] currency, [6] promo
-- code ('' none).
-- Returns 1 when it would be handed out again, 0 when not (or the slot moved since it was read).
-- @include order-reusable
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
if reusable(KEYS[2], ARGV[2], ARGV[3], ARGV[4], ARGV[5], ARGV[6]) then return 1 end
return 0
