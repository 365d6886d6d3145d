-- A chat's session written (or deleted) by an update only while that update's chat lock is still
-- its own: a lock lost mid-update (it ran out in a stall, a failover lost it) may already be
-- another process's, whose session must stand.
-- KEYS: [1] the session, [2] the chat's lock.
-- ARGV: [1] the update's lock token, [2] 'set' or 'del', [3] the session's JSON (for 'set').
-- Returns 1 when written, 0 when the lock no longer carries the token (nothing written).
if redis.call('GET', KEYS[2]) ~= ARGV[1] then return 0 end
if ARGV[2] == 'del' then redis.call('DEL', KEYS[1]) else redis.call('SET', KEYS[1], ARGV[3]) end
return 1
