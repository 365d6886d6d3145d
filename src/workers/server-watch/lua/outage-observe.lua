-- OutageWatch.step: one atomic step of a server's watch state from an observed live state.
-- The state's fields: state (running|offline), since (ms, as text), checks (consecutive offline
-- checks), lastAt (ms of the last counted check; runs closer than the min gap are the same
-- check, e.g. a manual refresh), admins / customers ("1" once told of this outage), back (the
-- `since` of a told outage whose recovery notices are not all queued yet) and backAdmins ("1"
-- when the admins were told of it), checkedAt (ms of the last check whatever it saw: what the
-- customers' status shows as "last checked").
-- KEYS: [1] the server's watch state.
-- ARGV: [1] observed, [2] now, [3] grace ms (customers), [4] min gap ms, [5] admin checks.
-- Returns {action, since, flags}: "offline" with flags "<admins><customers>" (1 = tell now,
-- until outage-mark-told.lua), "back" with flags "<admins>" (until outage-clear-back.lua), or
-- "none".
local k = KEYS[1]
local observed, nowText = ARGV[1], ARGV[2]
local now, grace, gap, need = tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
local h = redis.call('HMGET', k, 'state', 'since', 'checks', 'lastAt', 'admins', 'customers', 'announced', 'checkedAt')
-- Never back: of two rounds at once, the one that checked later keeps its time.
local checkedAt = tonumber(h[8] or '')
if not checkedAt or checkedAt < now then redis.call('HSET', k, 'checkedAt', nowText) end
local st, since = h[1], h[2]
-- 'announced' is the field of older versions: both were told.
local admins, customers = h[5] == '1' or h[7] == '1', h[6] == '1' or h[7] == '1'
if observed == 'running' then
  if st ~= 'running' then
    if st == 'offline' and (admins or customers) then
      redis.call('HSET', k, 'back', since, 'backAdmins', admins and '1' or '0')
    end
    redis.call('HDEL', k, 'checks', 'lastAt', 'admins', 'customers', 'announced')
    redis.call('HSET', k, 'state', 'running', 'since', nowText)
  end
  local back = redis.call('HMGET', k, 'back', 'backAdmins')
  if back[1] then return {'back', back[1], back[2] or '0'} end
  return {'none', '', ''}
end
local checks = tonumber(h[3] or '0')
if st ~= 'offline' then
  redis.call('HDEL', k, 'admins', 'customers', 'announced')
  redis.call('HSET', k, 'state', 'offline', 'since', nowText, 'checks', 1, 'lastAt', nowText)
  since, checks, admins, customers = nowText, 1, false, false
elseif now - tonumber(h[4] or '0') >= gap then
  checks = checks + 1
  redis.call('HSET', k, 'checks', checks, 'lastAt', nowText)
end
local tellAdmins = not admins and checks >= need
local tellCustomers = not customers and now - tonumber(since) >= grace
if tellAdmins or tellCustomers then
  return {'offline', since, (tellAdmins and '1' or '0') .. (tellCustomers and '1' or '0')}
end
return {'none', '', ''}
