-- Orders.transition: moves an order from one of the allowed statuses to another.
-- KEYS: [1] the order, [2] the open index, [3] the failed index, [4] today's sales counters,
-- [5] the orders whose follow-ups after going active are owed; for a staff member's move, [6..9]
-- auditLuaKeys of its audit entry.
-- ARGV: [1] allowed-from statuses (comma list), [2] to, [3] now, [4] fields JSON (extra fields
-- to set); for a staff member's move, [5..7] auditLuaArgs (written only when the order moved).
-- Returns 1 on the move, 0 when the order is not in an allowed state, -1 when it is gone. A move
-- to `active` is counted on the day's sales counters and owes its follow-ups (in the same step,
-- so a crash right after cannot lose them); a finished order is trimmed.
-- @include order-statuses
-- @include trim-order
-- @include count-order
-- @include audit-record
local status = redis.call('HGET', KEYS[1], 'status')
if not status then return -1 end
local allowed = false
for s in string.gmatch(ARGV[1], '[^,]+') do if s == status then allowed = true end end
if not allowed then return 0 end
local id = redis.call('HGET', KEYS[1], 'id')
redis.call('HSET', KEYS[1], 'status', ARGV[2], 'updatedAt', ARGV[3])
local fields = cjson.decode(ARGV[4])
for k, v in pairs(fields) do redis.call('HSET', KEYS[1], k, v) end
-- Only an unpaid order expires; any other move keeps the record for good.
if not is_unpaid(ARGV[2]) then redis.call('PERSIST', KEYS[1]) end
if in_flight(ARGV[2]) then redis.call('ZADD', KEYS[2], ARGV[3], id)
else redis.call('ZREM', KEYS[2], id) end
if ARGV[2] == 'failed' then redis.call('ZADD', KEYS[3], ARGV[3], id) end
if is_finished(ARGV[2]) then redis.call('ZREM', KEYS[3], id) end
if ARGV[2] == 'active' then
  count_order(KEYS[1], KEYS[4])
  redis.call('ZADD', KEYS[5], 'NX', ARGV[3], id)
end
if is_finished(ARGV[2]) then trim_order(KEYS[1]) end
if #KEYS >= 9 then audit_record(KEYS[6], KEYS[7], KEYS[8], KEYS[9], ARGV[5], ARGV[6], ARGV[7]) end
return 1
