-- ShopMaintenance: the admins' notice of an automatic maintenance is queued: `on` marks the one
-- that began at `since` told, `ended` forgets the ended one (unless the state moved on since).
-- KEYS: [1] the maintenance hash.
-- ARGV: [1] 'on' | 'ended', [2] since.
-- Returns 1 when marked, 0 when the state had moved on.
local k = KEYS[1]
if ARGV[1] == 'on' then
  if redis.call('HGET', k, 'autoSince') ~= ARGV[2] then return 0 end
  redis.call('HSET', k, 'autoTold', '1')
  return 1
end
if redis.call('HGET', k, 'autoEnded') ~= ARGV[2] then return 0 end
redis.call('HDEL', k, 'autoEnded', 'autoEndedAt')
return 1
