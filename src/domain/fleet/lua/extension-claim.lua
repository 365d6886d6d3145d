-- ServerExtension: claims one extension of a server for one expiry. The claim's value is
-- `pending:<ms>` (in flight since), `done`, `released:<ms>` (nothing charged, at) or
-- `unknown:<ms>` (unclear; resolvable from).
-- KEYS: [1] the claim.
-- ARGV: [1] now, [2] retryAfterMs, [3] resolves ('1'|'0'), [4] pendingStaleMs, [5] ttl seconds.
-- Returns {1, ''} when claimed, else {0, value}.
local v = redis.call('GET', KEYS[1])
local now, retry, resolves, stale = tonumber(ARGV[1]), tonumber(ARGV[2]), ARGV[3] == '1', tonumber(ARGV[4])
local free = not v
local kind, at = string.match(v or '', '^(%a+):(%d+)$')
at = tonumber(at or '0')
if kind == 'released' and now - at >= retry then free = true end
if resolves and kind == 'unknown' and now >= at then free = true end
if resolves and kind == 'pending' and now - at >= stale then free = true end
if not free then return {0, v} end
redis.call('SET', KEYS[1], 'pending:' .. ARGV[1], 'EX', ARGV[5])
return {1, ''}
