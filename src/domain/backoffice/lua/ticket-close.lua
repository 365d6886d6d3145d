-- Tickets.close: a ticket closed by staff (with its audit record, in the same step) or by its
-- customer (no record: not a staff action). The customer may open a new one after this.
-- KEYS: [1] the ticket, [2] the customer's current ticket, [3] the waiting tickets,
--       [4] the live tickets, [5..8] the audit entry's keys (auditLuaKeys).
-- ARGV: [1] now, [2] who closes it ('staff' or 'customer'), [3] the customer it must belong to
--       ('' for staff), [4] '1' to record the audit entry, [5..7] the audit entry (auditLuaArgs).
-- Returns 'closed', 'already' or 'unknown' (none, or not that customer's).
-- @include audit-record
if redis.call('EXISTS', KEYS[1]) == 0 then return 'unknown' end
if ARGV[3] ~= '' and redis.call('HGET', KEYS[1], 'customerId') ~= ARGV[3] then return 'unknown' end
if redis.call('HGET', KEYS[1], 'state') == 'closed' then return 'already' end
-- The record first: a record that cannot be written changes nothing.
if ARGV[4] == '1' then audit_record(KEYS[5], KEYS[6], KEYS[7], KEYS[8], ARGV[5], ARGV[6], ARGV[7]) end
local id = redis.call('HGET', KEYS[1], 'id')
redis.call('HSET', KEYS[1], 'state', 'closed', 'closedAt', ARGV[1], 'closedBy', ARGV[2], 'updatedAt', ARGV[1])
redis.call('HDEL', KEYS[1], 'waitingSince')
if redis.call('GET', KEYS[2]) == id then redis.call('DEL', KEYS[2]) end
redis.call('ZREM', KEYS[3], id)
redis.call('ZREM', KEYS[4], id)
return 'closed'
