-- Customers: sets fields of a customer's record and updates the reach index, in one step.
-- KEYS: [1] the customer's record, [2..3] reachKeys (expiry index, reach index).
-- ARGV: [1] customer id, [2..3] REACH_PREFIXES (customer's subscriptions, customer record), then
-- from [4] field/value pairs to set (value '' deletes the field).
-- Returns 1.
-- @include reach
for i = 4, #ARGV, 2 do
  if ARGV[i + 1] == '' then redis.call('HDEL', KEYS[1], ARGV[i])
  else redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
end
reach(reach_keys(2, 2), ARGV[1])
return 1
