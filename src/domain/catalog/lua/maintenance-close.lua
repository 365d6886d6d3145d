-- ShopMaintenance.close: the admins close the shop (or change the message and end of the
-- maintenance that is on: it keeps its `since`, so the buttons made for it still name it).
-- A staff member's close (closeAs) passes its audit record too: written in this step, before the
-- switch and after the only read that can fail, so neither is ever there without the other.
-- KEYS: [1] the maintenance hash; with a record, [2..5] its keys (auditLuaKeys).
-- ARGV: [1] now (ms), [2] ends at (ms, '' for no end), [3] message ('' for the standard text),
-- [4] the admin's id; with a record, [5..7] the record (auditLuaArgs).
-- Returns the maintenance's since (ms, as text).
-- @include audit-record
local k = KEYS[1]
local h = redis.call('HMGET', k, 'on', 'since', 'endsAt')
local now = tonumber(ARGV[1])
local running = h[1] == '1' and (not h[3] or tonumber(h[3]) > now)
local since = running and h[2] or ARGV[1]
if KEYS[2] then audit_record(KEYS[2], KEYS[3], KEYS[4], KEYS[5], ARGV[5], ARGV[6], ARGV[7]) end
redis.call('HSET', k, 'on', '1', 'since', since, 'by', ARGV[4])
if ARGV[2] == '' then redis.call('HDEL', k, 'endsAt') else redis.call('HSET', k, 'endsAt', ARGV[2]) end
if ARGV[3] == '' then redis.call('HDEL', k, 'message') else redis.call('HSET', k, 'message', ARGV[3]) end
return since
