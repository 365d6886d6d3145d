-- Referrals.codeOf: gives a customer their code once: the code stays theirs for good, and no two
-- customers share one.
-- KEYS: [1] codes (customer -> code), [2] byCode (code -> customer).
-- ARGV: [1] customer id, [2] a fresh candidate code.
-- Returns the code, or '' when the candidate was taken (the caller draws another).
local mine = redis.call('HGET', KEYS[1], ARGV[1])
if mine then return mine end
if redis.call('HSETNX', KEYS[2], ARGV[2], ARGV[1]) == 0 then return '' end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return ARGV[2]
