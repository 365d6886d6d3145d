-- Tickets.reopen: staff open a closed ticket again (waiting for staff from now), with its audit
-- record in the same step; refused while the customer has another ticket live (one at a time).
-- KEYS: [1] the ticket, [2] the customer's current ticket, [3] the waiting tickets,
--       [4] the live tickets, [5..8] the audit entry's keys (auditLuaKeys).
-- ARGV: [1] now, [2..4] the audit entry (auditLuaArgs).
-- Returns {outcome, other}: 'reopened', 'not-closed', 'busy' (other: the live one) or 'unknown'.
-- @include audit-record
if redis.call('EXISTS', KEYS[1]) == 0 then return {'unknown', ''} end
if redis.call('HGET', KEYS[1], 'state') ~= 'closed' then return {'not-closed', ''} end
local id = redis.call('HGET', KEYS[1], 'id')
local current = redis.call('GET', KEYS[2])
if current and current ~= id then return {'busy', current} end
-- The record first: a record that cannot be written changes nothing.
audit_record(KEYS[5], KEYS[6], KEYS[7], KEYS[8], ARGV[2], ARGV[3], ARGV[4])
redis.call('SET', KEYS[2], id)
redis.call('HSET', KEYS[1], 'state', 'open', 'waitingSince', ARGV[1], 'updatedAt', ARGV[1], 'unanswered', 0)
redis.call('HDEL', KEYS[1], 'closedAt', 'closedBy')
redis.call('ZADD', KEYS[3], ARGV[1], id)
redis.call('ZADD', KEYS[4], ARGV[1], id)
return {'reopened', ''}
