-- Seats.free: a taken seat (its member's order `ARGV[2]`) is free again under a new invite code;
-- its old code opens nothing from now on. A seat taken by another order since is left alone.
-- KEYS: [1] the family, [2] the seat's old code, [3] the new code.
-- ARGV: [1] n, [2] the member's order id, [3] the new code, [4] '<subscription>:<n>'.
-- Returns 'ok', 'free' (free already: its code stays) or 'moved'/'unknown'.
local raw = redis.call('HGET', KEYS[1], ARGV[1])
if not raw then return 'unknown' end
local seat = cjson.decode(raw)
if not seat.memberId then return 'free' end
if seat.orderId ~= ARGV[2] then return 'moved' end
redis.call('DEL', KEYS[2])
redis.call('SET', KEYS[3], ARGV[4])
redis.call('HSET', KEYS[1], ARGV[1], cjson.encode({code = ARGV[3]}))
return 'ok'
