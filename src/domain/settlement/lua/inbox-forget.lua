-- PaymentInbox.record: drops the entry just recorded for a payment found in the archive (a replay
-- of one credited and archived long ago), only while it is still pending and uncredited.
-- KEYS: [1] the entry, [2] the pending index, [3] the raw update.
-- ARGV: [1] charge id.
-- Returns 1 dropped, 0 left (it moved on meanwhile).
if redis.call('HGET', KEYS[1], 'status') ~= 'pending' then return 0 end
redis.call('DEL', KEYS[1], KEYS[3])
redis.call('ZREM', KEYS[2], ARGV[1])
return 1
