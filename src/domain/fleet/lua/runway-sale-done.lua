-- A short sale told of is removed, unless a newer sale of the same plan and server replaced it.
-- KEYS[1]: the short sales (hash). ARGV: the field, its value as read.
-- Returns 1 when removed, else 0.
if redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[2] then
  return redis.call('HDEL', KEYS[1], ARGV[1])
end
return 0
