-- Seats.claim: the first claim of a free seat's invite code wins; the seat's order (price 0,
-- `paid`) is written in the same step and joins the open index (the sweep queues it if the
-- enqueue is lost).
-- KEYS: [1] the code, [2] the family, [3] the new order, [4] the claimer's orders, [5] the open index.
-- ARGV: [1] code, [2] claimer, [3] now, [4] order id, [5] where ('<subscription>:<n>'), [6] n,
--       [7..] the order's fields (pairs).
-- Returns 'ok', 'yours' (the same claimer again: the seat's order id follows), 'own' (the
-- owner), 'taken' or 'unknown'.
if redis.call('GET', KEYS[1]) ~= ARGV[5] then return {'unknown'} end
local raw = redis.call('HGET', KEYS[2], ARGV[6])
if not raw then return {'unknown'} end
local seat = cjson.decode(raw)
if seat.code ~= ARGV[1] then return {'unknown'} end
if seat.memberId then
  if seat.memberId == ARGV[2] then return {'yours', seat.orderId} end
  return {'taken'}
end
if redis.call('HGET', KEYS[2], 'owner') == ARGV[2] then return {'own'} end
seat.memberId = ARGV[2]
seat.orderId = ARGV[4]
seat.claimedAt = ARGV[3]
redis.call('HSET', KEYS[2], ARGV[6], cjson.encode(seat))
local fields = {}
for i = 7, #ARGV do fields[#fields + 1] = ARGV[i] end
redis.call('HSET', KEYS[3], unpack(fields))
redis.call('HSET', KEYS[3], 'status', 'paid', 'paidAt', ARGV[3])
redis.call('ZADD', KEYS[4], ARGV[3], ARGV[4])
redis.call('ZADD', KEYS[5], ARGV[3], ARGV[4])
return {'ok', ARGV[4]}
