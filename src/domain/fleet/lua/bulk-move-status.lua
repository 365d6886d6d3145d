-- BulkMoveRecords.transition: moves a bulk move from one of the allowed statuses to another,
-- with fields, in one step (a pause, a resume and a cancel pressed at once: one of them wins).
-- KEYS: [1] the move.
-- ARGV: [1] allowed-from statuses (comma list), [2] to, [3] fields (JSON).
-- Returns 1 on the move, 0 when the move is elsewhere, -1 when it is gone.
local status = redis.call('HGET', KEYS[1], 'status')
if not status then return -1 end
local allowed = false
for s in string.gmatch(ARGV[1], '[^,]+') do if s == status then allowed = true end end
if not allowed then return 0 end
redis.call('HSET', KEYS[1], 'status', ARGV[2])
for k, v in pairs(cjson.decode(ARGV[3])) do redis.call('HSET', KEYS[1], k, v) end
return 1
