-- OneTimeTokens.claim: uses a token for an action once. The token's value is `<state>|<action>`;
-- a token of another action is answered as unknown and stays unspent (it still confirms what it
-- was issued for).
-- KEYS: [1] the token.
-- ARGV: [1] action.
-- Returns 1 claimed now, 0 used before, -1 unknown (expired, forged or another action's).
local v = redis.call('GET', KEYS[1])
if not v then return -1 end
local bar = string.find(v, '|', 1, true)
if not bar or string.sub(v, bar + 1) ~= ARGV[1] then return -1 end
if string.sub(v, 1, bar - 1) == 'pending' then
  redis.call('SET', KEYS[1], 'used|' .. ARGV[1], 'KEEPTTL')
  return 1
end
return 0
