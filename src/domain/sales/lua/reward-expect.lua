-- ReferralRewards.expect: owes a reward step (by time) when the customer was invited.
-- KEYS: [1] of(invitee), [2] due.
-- ARGV: [1] now, [2] order id.
-- Returns 1 when owed, 0 when the customer was not invited.
if redis.call('HEXISTS', KEYS[1], 'inviter') == 0 then return 0 end
redis.call('ZADD', KEYS[2], 'NX', ARGV[1], ARGV[2])
return 1
