-- reachOfSubscriptionIn: the reach index follows the customer of a subscription, queued in the
-- MULTI after the subscription's own writes (its expiry or its removal).
-- KEYS: [1] the subscription's record, [2..3] reachKeys (expiry index, reach index).
-- ARGV: [1..2] REACH_PREFIXES (customer's subscriptions, customer record).
-- Returns 1.
-- @include reach
local cid = redis.call('HGET', KEYS[1], 'customerId')
if cid then reach(reach_keys(2, 1), cid) end
return 1
