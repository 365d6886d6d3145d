-- Orders.openFor: the customer's open order for a slot. The one awaiting payment is handed out
-- again while it is young enough and at the same price (and promo code); otherwise it is
-- cancelled and a new one made, which expires (record and slot) unless paid.
-- KEYS: [1] the slot, [2] the customer's order index, [3] the unpaid index, [4] the new order,
-- [5] the slot's order as read (the new one when none).
-- ARGV: [1] the slot's order id as read ('' none), [2] new id, [3] now, [4] reuse ms, [5] keep
-- ms, [6] price, [7] currency, [8] unpaid index member, [9] promo code ('' none), then from [10]
-- the new order's fields as name/value pairs.
-- Returns {-1, ''} when the slot moved since it was read, {0, id} reused, {1, id} made.
-- @include order-reusable
local cur = redis.call('GET', KEYS[1])
if (cur or '') ~= ARGV[1] then return {-1, ''} end
if cur then
  if reusable(KEYS[5], ARGV[3], ARGV[4], ARGV[6], ARGV[7], ARGV[9]) then return {0, cur} end
  if order_state(KEYS[5]) == 'awaiting_payment' then
    redis.call('HSET', KEYS[5], 'status', 'cancelled', 'updatedAt', ARGV[3])
  end
end
local fields = {}
for i = 10, #ARGV do fields[#fields + 1] = ARGV[i] end
redis.call('HSET', KEYS[4], unpack(fields))
redis.call('PEXPIRE', KEYS[4], ARGV[5])
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[2])
redis.call('ZADD', KEYS[3], ARGV[3], ARGV[8])
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[5])
return {1, ARGV[2]}
