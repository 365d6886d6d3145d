-- Customers.setBlocked: blocks or unblocks a customer and updates the reach index, in one step.
-- KEYS: [1] the customer's record, [2..3] reachKeys (expiry index, reach index); for a staff
-- member's change, [4..7] auditLuaKeys of its audit entry.
-- ARGV: [1] customer id, [2..3] REACH_PREFIXES, [4] '1' blocks, '' unblocks; for a staff member's
-- change, [5..7] auditLuaArgs.
-- Returns 1 when it changed the customer, 0 when they already were so (nothing written, and no
-- audit entry: a repeat or a second staff member's same change records nothing).
-- @include reach
-- @include audit-record
local block = ARGV[4] == '1'
if (redis.call('HGET', KEYS[1], 'blocked') == '1') == block then return 0 end
if block then redis.call('HSET', KEYS[1], 'blocked', '1')
else redis.call('HDEL', KEYS[1], 'blocked') end
reach(reach_keys(2, 2), ARGV[1])
if #KEYS >= 7 then audit_record(KEYS[4], KEYS[5], KEYS[6], KEYS[7], ARGV[5], ARGV[6], ARGV[7]) end
return 1
