-- PromoCodes.settle: settles the use an order holds, against the order's state.
-- KEYS: [1] the code's record, [2] its uses, [3] its uses by customer, [4] the order.
-- ARGV: [1] order id.
-- Returns 'used' (paid, a gift awaiting its claim, or paid once and failed or refunded: consumed
-- now), 'released' (cancelled or gone: freed now), 'held' (still awaiting payment) or 'none' (no
-- reserved use: settled before).
-- @include order-statuses
local held = redis.call('HGET', KEYS[2], ARGV[1])
if not held then return 'none' end
local customer, state, at = string.match(held, '^([^|]+)|([^|]+)|(.*)$')
if state ~= 'r' then return 'none' end
local status = redis.call('HGET', KEYS[4], 'status')
if was_paid(status) then
  redis.call('HSET', KEYS[2], ARGV[1], customer .. '|u|' .. at)
  redis.call('HINCRBY', KEYS[1], 'used', 1)
  return 'used'
end
if status and status ~= 'cancelled' then return 'held' end
redis.call('HDEL', KEYS[2], ARGV[1])
if tonumber(redis.call('HINCRBY', KEYS[3], customer, -1)) <= 0 then redis.call('HDEL', KEYS[3], customer) end
return 'released'
