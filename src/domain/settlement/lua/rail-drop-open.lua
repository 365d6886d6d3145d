-- RailStore.dropOpen: the open payment of a payload and amount is forgotten when it is still the
-- one named (a payment asked since, for the same amount, is kept).
-- KEYS: [1] the open payments of the payload (hash: amount -> payment id).
-- ARGV: [1] the amount, [2] the payment id.
-- Returns 1 forgotten, 0 when another (or none) is open.
if redis.call('HGET', KEYS[1], ARGV[1]) ~= ARGV[2] then return 0 end
return redis.call('HDEL', KEYS[1], ARGV[1])
