-- OutageWatch: records that admins or customers were told of the outage that began at `since`
-- (unless the server's state moved on since).
-- KEYS: [1] the server's watch state.
-- ARGV: [1] since, [2] who ('admins' | 'customers').
-- Returns 1.
if redis.call('HGET', KEYS[1], 'state') == 'offline' and redis.call('HGET', KEYS[1], 'since') == ARGV[1] then
  redis.call('HSET', KEYS[1], ARGV[2], '1')
end
return 1
