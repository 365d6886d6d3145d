-- Customers.seen: sets (or, with an empty name, removes) a customer's @username and keeps the
-- index true: the customer's old name stops pointing at them, and a name another customer had
-- before is taken from that customer's record (they changed it in Telegram).
-- KEYS: [1] the customer's record, [2] the username index, [3] the name's previous owner's
-- record (the customer's again when none).
-- ARGV: [1] id, [2] name lowercased ('' for none), [3] name, [4] the previous owner's id the
-- caller read ('' for none).
-- Returns 0 when the index moved since that read (the caller reads again), 1 when done.
local owner = false
if ARGV[2] ~= '' then
  owner = redis.call('HGET', KEYS[2], ARGV[2])
  if (owner or '') ~= ARGV[4] then return 0 end
end
local old = redis.call('HGET', KEYS[1], 'username')
if old and old ~= '' and string.lower(old) ~= ARGV[2] and redis.call('HGET', KEYS[2], string.lower(old)) == ARGV[1] then
  redis.call('HDEL', KEYS[2], string.lower(old))
end
if ARGV[2] == '' then
  redis.call('HDEL', KEYS[1], 'username')
  return 1
end
if owner and owner ~= ARGV[1] then
  local theirs = redis.call('HGET', KEYS[3], 'username')
  if theirs and string.lower(theirs) == ARGV[2] then redis.call('HDEL', KEYS[3], 'username') end
end
redis.call('HSET', KEYS[1], 'username', ARGV[3])
redis.call('HSET', KEYS[2], ARGV[2], ARGV[1])
return 1
