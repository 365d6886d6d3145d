-- ShopMaintenance.open: the admins open the shop again, ending the maintenance that began at
-- `since` (a button made for an earlier one ends nothing); '' ends whichever is on.
-- KEYS: [1] the maintenance hash.
-- ARGV: [1] since ('' for any).
-- Returns 1 when a maintenance was ended, 0 when none matched.
local k = KEYS[1]
local h = redis.call('HMGET', k, 'on', 'since')
if h[1] ~= '1' or (ARGV[1] ~= '' and h[2] ~= ARGV[1]) then return 0 end
redis.call('HDEL', k, 'on', 'since', 'endsAt', 'message', 'by')
return 1
