-- Gives a lease back. KEYS: the lease, and (for a lease someone may wait for) its waiters mark.
-- ARGV: the holder's token, the channel and the message that announce the release.
-- Deletes the lease only while the token holds it (never another holder's); when the mark says
-- someone waits, announces the release. Answers 1 when released, 0 when the token did not hold it.
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1])
if KEYS[2] and redis.call('EXISTS', KEYS[2]) == 1 then redis.call('PUBLISH', ARGV[2], ARGV[3]) end
return 1
