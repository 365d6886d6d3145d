-- RequiredChannels.add: a channel joins the list, unless the list is full (a channel already on
-- it is updated in place, full or not). One step, so two admins adding at once never pass the cap.
-- KEYS[1] the channels hash (chat id -> channel JSON).
-- ARGV[1] chat id, ARGV[2] the channel's JSON, ARGV[3] the most channels the list holds.
-- Returns 'updated', 'added' or 'full'.
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
  return 'updated'
end
if redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[3]) then return 'full' end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return 'added'
