-- TopUps.start: the customer's pending top-up of an amount, handed out again while half its
-- life is left, else made anew.
-- KEYS: [1] the customer's open top-up of this amount, [2] the new record, [3] the open one's
-- record as read (the new one when none).
-- ARGV: [1] open id as read ('' none), [2] new id, [3] record JSON, [4] ttl ms.
-- Returns '' when the open top-up moved since it was read, else the id to invoice.
local cur = redis.call('GET', KEYS[1])
if (cur or '') ~= ARGV[1] then return '' end
if cur and redis.call('PTTL', KEYS[3]) > tonumber(ARGV[4]) / 2 then return cur end
redis.call('SET', KEYS[2], ARGV[3], 'PX', ARGV[4])
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[4])
return ARGV[2]
