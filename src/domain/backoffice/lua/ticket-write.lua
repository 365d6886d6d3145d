-- Tickets.write: a customer's message taken into their ticket, the ticket opened when they have
-- none live. One step, so two messages at once never open two tickets, and a message delivered
-- twice (its `ref` seen) is taken once.
-- KEYS: [1] the customer's current ticket, [2] the id counter, [3] the customer's tickets,
--       [4] the live tickets, [5] the waiting tickets, [6] the message's seen mark.
-- ARGV: [1] ticket hash prefix, [2] messages list prefix, [3] customer id, [4] now, [5] the
--       message (JSON), [6] most messages waiting for an answer, [7] most messages in a ticket,
--       [8] seconds the seen mark is kept.
-- Returns {outcome, id, number, created}: outcome 'written', 'duplicate' (number: the one it got)
-- or 'too-many' (nothing taken).
local seen = redis.call('GET', KEYS[6])
if seen then
  local at = string.find(seen, ':', 1, true)
  return {'duplicate', string.sub(seen, 1, at - 1), tonumber(string.sub(seen, at + 1)), 0}
end
local id = redis.call('GET', KEYS[1])
local created = 0
if not id then
  id = 'T' .. redis.call('INCR', KEYS[2])
  created = 1
  redis.call('HSET', ARGV[1] .. id, 'id', id, 'customerId', ARGV[3], 'state', 'open',
    'createdAt', ARGV[4], 'updatedAt', ARGV[4], 'unanswered', 0, 'count', 0)
  redis.call('ZADD', KEYS[3], ARGV[4], id)
  redis.call('SET', KEYS[1], id)
end
local ticket = ARGV[1] .. id
local unanswered = tonumber(redis.call('HGET', ticket, 'unanswered') or '0')
local count = tonumber(redis.call('HGET', ticket, 'count') or '0')
if unanswered >= tonumber(ARGV[6]) or count >= tonumber(ARGV[7]) then return {'too-many', id, 0, 0} end
local number = redis.call('RPUSH', ARGV[2] .. id, ARGV[5])
-- A new waiting spell starts when the ticket was not waiting already (new, or answered).
if redis.call('HGET', ticket, 'state') ~= 'open' or not redis.call('HGET', ticket, 'waitingSince') then
  redis.call('HSET', ticket, 'waitingSince', ARGV[4])
  redis.call('ZADD', KEYS[5], ARGV[4], id)
end
redis.call('HSET', ticket, 'state', 'open', 'updatedAt', ARGV[4], 'count', number)
redis.call('HINCRBY', ticket, 'unanswered', 1)
redis.call('ZADD', KEYS[4], ARGV[4], id)
redis.call('SET', KEYS[6], id .. ':' .. number, 'EX', ARGV[8])
return {'written', id, number, created}
