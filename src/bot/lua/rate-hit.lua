-- rateLimit: one hit of a fixed window, atomic: the plugin's own Redis store increments and sets
-- the expiry in two calls, and a process dying between them leaves a counter that never expires
-- (the user refused for good).
-- KEYS: [1] the user's counter.
-- ARGV: [1] window ms.
-- Returns the hits in the window.
local n = redis.call('INCR', KEYS[1])
if n == 1 or redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n
