-- TermChanges.enterMove: a bulk move's record is written once (a retry after a crash, or a late
-- second runner, leaves the first one as it stands: never a finished move made open again).
-- KEYS: [1] the change.
-- ARGV: [1] the record's fields (JSON).
-- Returns 1 while the move is open (written now, or still applying), 0 once it was finished.
if redis.call('EXISTS', KEYS[1]) == 0 then
  for k, v in pairs(cjson.decode(ARGV[1])) do redis.call('HSET', KEYS[1], k, v) end
  return 1
end
if redis.call('HGET', KEYS[1], 'status') == 'applying' then return 1 end
return 0
