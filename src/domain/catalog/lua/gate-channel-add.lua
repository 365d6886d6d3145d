-- RequiredChannels.add: a channel joins the list, unless the list is full (a channel already on
-- it is updated in place, full or not). One step, so two admins adding at once never pass the cap.
-- A staff member's add passes its audit record too: written only when the list changes, in this
-- step, before the write.
-- KEYS[1] the channels hash (chat id -> channel JSON); with a record, [2..5] its keys (auditLuaKeys).
-- ARGV[1] chat id, ARGV[2] the channel's JSON, ARGV[3] the most channels the list holds; with a
-- record, [4..6] the record (auditLuaArgs).
-- Returns 'updated', 'added' or 'full'.
-- @include audit-record
local function record()
  if KEYS[2] then audit_record(KEYS[2], KEYS[3], KEYS[4], KEYS[5], ARGV[4], ARGV[5], ARGV[6]) end
end
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then
  record()
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
  return 'updated'
end
if redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[3]) then return 'full' end
record()
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return 'added'
