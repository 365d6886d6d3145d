-- Referrals.started: attributes a customer to an inviter, once, in one step (a repeated /start
-- update finds it done).
-- KEYS: [1] of(invitee), [2] the invitee's customer record (its createdAt is the first
-- contact), [3] started, [4] stats(inviter), [5] top (the inviter joins it, at what they earned).
-- ARGV: [1] invitee, [2] inviter, [3] now, [4] new customer window ms.
-- Returns the Attribution: 'attributed', 'already', 'not-first' or 'existing'.
if redis.call('HEXISTS', KEYS[1], 'inviter') == 1 then return 'already' end
if redis.call('HSETNX', KEYS[3], ARGV[1], ARGV[3]) == 0 then return 'not-first' end
local created = tonumber(redis.call('HGET', KEYS[2], 'createdAt') or '0')
if not created or created == 0 or tonumber(ARGV[3]) - created > tonumber(ARGV[4]) then return 'existing' end
redis.call('HSET', KEYS[1], 'inviter', ARGV[2], 'at', ARGV[3])
redis.call('HINCRBY', KEYS[4], 'joined', 1)
redis.call('ZINCRBY', KEYS[5], 0, ARGV[2])
return 'attributed'
