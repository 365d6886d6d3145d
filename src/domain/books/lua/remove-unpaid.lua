-- Orders.removeExpiredUnpaid: removes an order that was never paid, with its index entries; one
-- that was paid stays (only leaves the unpaid index).
-- KEYS: [1] the order, [2] the customer's order index, [3] the unpaid index.
-- ARGV: [1] order id, [2] its unpaid index member.
-- Returns 1 when removed, 0 when kept.
-- @include order-statuses
local status = redis.call('HGET', KEYS[1], 'status')
redis.call('ZREM', KEYS[3], ARGV[2])
if status and not is_unpaid(status) then return 0 end
redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[2], ARGV[1])
return 1
