-- Tickets.answer: a staff member's answer taken into a ticket, with its audit record, in one step:
-- the answer is never there without its record, and one delivered twice (its `ref` seen) is taken
-- (and recorded) once.
-- KEYS: [1] the ticket, [2] its messages, [3] the waiting tickets, [4] the live tickets,
--       [5] the message's seen mark, [6..9] the audit entry's keys (auditLuaKeys).
-- ARGV: [1] the message (JSON), [2] now, [3] seconds the seen mark is kept, [4..6] the audit
--       entry (auditLuaArgs), [7] most messages in a ticket.
-- Returns {outcome, number}: 'answered', 'duplicate' (number: the one it got), 'closed', 'full' or
-- 'unknown'.
-- @include audit-record
if redis.call('EXISTS', KEYS[1]) == 0 then return {'unknown', 0} end
local seen = redis.call('GET', KEYS[5])
if seen then
  local at = string.find(seen, ':', 1, true)
  return {'duplicate', tonumber(string.sub(seen, at + 1))}
end
if redis.call('HGET', KEYS[1], 'state') == 'closed' then return {'closed', 0} end
if tonumber(redis.call('HGET', KEYS[1], 'count') or '0') >= tonumber(ARGV[7]) then return {'full', 0} end
-- The record first: a record that cannot be written (a key of the wrong type) takes nothing in.
audit_record(KEYS[6], KEYS[7], KEYS[8], KEYS[9], ARGV[4], ARGV[5], ARGV[6])
local id = redis.call('HGET', KEYS[1], 'id')
local number = redis.call('RPUSH', KEYS[2], ARGV[1])
redis.call('HSET', KEYS[1], 'state', 'answered', 'updatedAt', ARGV[2], 'answeredAt', ARGV[2],
  'unanswered', 0, 'count', number)
redis.call('HDEL', KEYS[1], 'waitingSince')
redis.call('ZREM', KEYS[3], id)
redis.call('ZADD', KEYS[4], ARGV[2], id)
redis.call('SET', KEYS[5], id .. ':' .. number, 'EX', ARGV[3])
return {'answered', number}
