-- ShopMaintenance.autoOff: the admins turned the automatic mode off: an automatic maintenance
-- in force ends now (its notice is queued by the next watch round, like any end).
-- KEYS: [1] the maintenance hash.
-- ARGV: [1] now (ms).
-- Returns 1 when one ended, 0 when none was on.
local k = KEYS[1]
local auto = redis.call('HGET', k, 'autoSince')
if not auto then return 0 end
redis.call('HSET', k, 'autoEnded', auto, 'autoEndedAt', ARGV[1])
redis.call('HDEL', k, 'autoSince', 'autoTold')
return 1
