-- TermChanges.transition: moves a change from one of the allowed statuses to another.
-- KEYS: [1] the change, [2] the open index.
-- ARGV: [1] allowed-from statuses (comma list), [2] to, [3] now, [4] fields (JSON), [5] '1'
-- when `to` is an open status ('0': the change leaves the open index).
-- Returns 1 on the move, 0 when the change is elsewhere, -1 when it is gone.
local status = redis.call('HGET', KEYS[1], 'status')
if not status then return -1 end
local allowed = false
for s in string.gmatch(ARGV[1], '[^,]+') do if s == status then allowed = true end end
if not allowed then return 0 end
redis.call('HSET', KEYS[1], 'status', ARGV[2], 'updatedAt', ARGV[3])
for k, v in pairs(cjson.decode(ARGV[4])) do redis.call('HSET', KEYS[1], k, v) end
if ARGV[5] ~= '1' then redis.call('ZREM', KEYS[2], redis.call('HGET', KEYS[1], 'id')) end
return 1
