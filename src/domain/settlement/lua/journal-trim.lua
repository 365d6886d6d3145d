-- Archiving.trimJournal: takes archived entries off the journal's head, counting them in the
-- journal's start so positions stay absolute. Stops at the first entry still in Redis (or written
-- in the old inline form), and does nothing until the one-time sales backfill has read it all.
-- KEYS: [1] the journal, [2] its start, [3] the sales backfill cursor.
-- ARGV: [1] the ledger key prefix, [2] at most this many entries.
-- Returns how many were taken off.
local cursor = redis.call('GET', KEYS[3])
if cursor ~= 'done' then return 0 end
local n = 0
while n < tonumber(ARGV[2]) do
  local ref = redis.call('LINDEX', KEYS[1], 0)
  if not ref then break end
  local customer, at = string.match(ref, '^(%d+):(%d+)$')
  if not customer then break end
  local base = tonumber(redis.call('GET', ARGV[1] .. customer .. ':archived') or '0')
  if tonumber(at) >= base then break end
  redis.call('LPOP', KEYS[1])
  n = n + 1
end
if n > 0 then redis.call('INCRBY', KEYS[2], n) end
return n
