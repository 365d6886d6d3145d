-- StaffGroup.replaceTopic: a topic deleted by hand was made again. The group's topic of that kind
-- becomes the new one, only while the group is still that chat and the topic still the old one
-- (an owner's set-up meanwhile wins), and the move is remembered for the senders still holding
-- the old id.
-- KEYS: [1] the group's hash, [2] the moves hash.
-- ARGV: [1] chat id, [2] topic kind, [3] old thread id, [4] new thread id, [5] the moves field,
-- [6] how long the moves are kept (ms).
if redis.call('HGET', KEYS[1], 'chatId') == ARGV[1] then
  local topics = cjson.decode(redis.call('HGET', KEYS[1], 'topics') or '{}')
  if tostring(topics[ARGV[2]]) == ARGV[3] then
    topics[ARGV[2]] = tonumber(ARGV[4])
    redis.call('HSET', KEYS[1], 'topics', cjson.encode(topics))
  end
end
redis.call('HSET', KEYS[2], ARGV[5], ARGV[4])
redis.call('PEXPIRE', KEYS[2], ARGV[6])
return 1
