-- Fragment `audit-record` (audit.ts): audit_record(kEntries, kLog, kActor, kSubject, id, json, at)
-- writes one audit entry in the script that makes the change it records, so the change and its
-- record are one step: neither is ever there without the other. Keys come from auditLuaKeys, the
-- arguments from auditLuaArgs (the entry as JSON, its id and time).
local function audit_record(kEntries, kLog, kActor, kSubject, id, json, at)
  redis.call('HSET', kEntries, id, json)
  redis.call('ZADD', kLog, at, id)
  redis.call('ZADD', kActor, at, id)
  if kSubject ~= kLog then redis.call('ZADD', kSubject, at, id) end
end
