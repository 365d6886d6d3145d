-- ShopMaintenance.open: the admins open the shop again, ending the maintenance that began at
-- `since` (a button made for an earlier one ends nothing); '' ends whichever is on. A staff
-- member's open (openAs) passes its audit record too: written only when a maintenance ends.
-- KEYS: [1] the maintenance hash; with a record, [2..5] its keys (auditLuaKeys).
-- ARGV: [1] since ('' for any); with a record, [2..4] the record (auditLuaArgs).
-- Returns 1 when a maintenance was ended, 0 when none matched.
-- @include audit-record
local k = KEYS[1]
local h = redis.call('HMGET', k, 'on', 'since')
if h[1] ~= '1' or (ARGV[1] ~= '' and h[2] ~= ARGV[1]) then return 0 end
if KEYS[2] then audit_record(KEYS[2], KEYS[3], KEYS[4], KEYS[5], ARGV[2], ARGV[3], ARGV[4]) end
redis.call('HDEL', k, 'on', 'since', 'endsAt', 'message', 'by')
return 1
