-- ServerExtension: sets a claim's value only while this caller still holds it.
-- KEYS: [1] the claim.
-- ARGV: [1] the caller's `pending:<ms>`, [2] the new value.
-- Returns 1 when set, 0 when the claim is no longer the caller's.
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[2], 'KEEPTTL')
return 1
