-- TermChanges.create: an admin's term change is recorded, indexed as open and put at the end
-- of its subscription's chain in one step (a crash cannot leave a change no chain holds), with
-- the staff member's audit entry when one asked (a change is never there without its record).
-- KEYS: [1] the change, [2] the open index, [3] the subscription's chain, [4] the chain's
-- arrival counter; with an audit entry, [5..8] its keys (auditLuaKeys).
-- ARGV: [1] change id, [2] now, [3] the record's fields (JSON); with an audit entry, [4..6] its
-- id, JSON and time (auditLuaArgs).
-- Returns the chain's head (a member id).
-- @include audit-record
for k, v in pairs(cjson.decode(ARGV[3])) do redis.call('HSET', KEYS[1], k, v) end
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[1])
if not redis.call('ZSCORE', KEYS[3], ARGV[1]) then
  redis.call('ZADD', KEYS[3], redis.call('INCR', KEYS[4]), ARGV[1])
end
if ARGV[4] then audit_record(KEYS[5], KEYS[6], KEYS[7], KEYS[8], ARGV[4], ARGV[5], ARGV[6]) end
return redis.call('ZRANGE', KEYS[3], 0, 0)[1]
