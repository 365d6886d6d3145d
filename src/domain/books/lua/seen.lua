-- Customers.seen: records a customer's latest name, language and @username in one step (a first
-- /start waited on four round trips for this): the customer joins all customers on first contact
-- (createdAt set then), the fields are set, a bot block is lifted (they wrote again) and the reach
-- index follows; then the @username index is kept true: the customer's old name stops pointing at
-- them, and a name another customer had before is taken from that customer's record (they changed
-- it in Telegram; their record is known only while this runs, built from the customer prefix).
-- KEYS: [1] the customer's record, [2] all customers (by first contact), [3] the username index,
-- [4..5] reachKeys (expiry index, reach index).
-- ARGV: [1] id, [2] now (ms), [3] the name lowercased ('' for none), [4] the name,
-- [5..6] REACH_PREFIXES (customer's subscriptions, customer record), then from [7] field/value
-- pairs to set.
-- Returns 1 when the customer is new, else 0.
-- @include reach
local id, lower = ARGV[1], ARGV[3]
local is_new = redis.call('ZADD', KEYS[2], 'NX', ARGV[2], id)
if is_new == 1 then redis.call('HSET', KEYS[1], 'createdAt', ARGV[2]) end
for i = 7, #ARGV, 2 do redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
redis.call('HDEL', KEYS[1], 'botBlocked')
reach(reach_keys(4, 5), id)

local old = redis.call('HGET', KEYS[1], 'username')
if old and old ~= '' and string.lower(old) ~= lower and redis.call('HGET', KEYS[3], string.lower(old)) == id then
  redis.call('HDEL', KEYS[3], string.lower(old))
end
if lower == '' then
  redis.call('HDEL', KEYS[1], 'username')
  return is_new
end
local owner = redis.call('HGET', KEYS[3], lower)
if owner and owner ~= id then
  local theirs_key = ARGV[6] .. owner
  local theirs = redis.call('HGET', theirs_key, 'username')
  if theirs and string.lower(theirs) == lower then redis.call('HDEL', theirs_key, 'username') end
end
redis.call('HSET', KEYS[1], 'username', ARGV[4])
redis.call('HSET', KEYS[3], lower, id)
return is_new
