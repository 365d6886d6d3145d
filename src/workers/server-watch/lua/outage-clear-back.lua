-- OutageWatch: the recovery notices of the outage that began at `since` are all queued: its
-- `back` mark goes (unless it is another outage's by now).
-- KEYS: [1] the server's watch state.
-- ARGV: [1] since.
-- Returns 1.
if redis.call('HGET', KEYS[1], 'back') == ARGV[1] then redis.call('HDEL', KEYS[1], 'back', 'backAdmins') end
return 1
