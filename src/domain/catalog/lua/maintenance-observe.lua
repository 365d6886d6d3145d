-- ShopMaintenance.observeAccount: one step of the automatic maintenance from one look at the
-- hosting account (the server watch's round). Unreachable since `downSince`; once that is
-- `after` ms old, the automatic maintenance is on (`autoSince` = `downSince`) until the account
-- answers again (or the admins turn the automatic mode off): then it is `autoEnded` until its
-- notice is queued (maintenance-told.lua). A look older than the last one changes nothing.
-- KEYS: [1] the maintenance hash.
-- ARGV: [1] '1' reachable or '0' not, [2] now (ms), [3] after (ms; -1: the automatic mode is off).
-- Returns {autoSince, autoTold, autoEnded, autoEndedAt} ('' for none).
local k = KEYS[1]
local reachable, nowText = ARGV[1] == '1', ARGV[2]
local now, after = tonumber(ARGV[2]), tonumber(ARGV[3])
local h = redis.call('HMGET', k, 'lastAt', 'downSince', 'autoSince')
local last, down, auto = tonumber(h[1] or ''), h[2], h[3]
if not last or now >= last then
  redis.call('HSET', k, 'lastAt', nowText)
  local ends = false
  if reachable then
    if down then redis.call('HDEL', k, 'downSince') end
    if auto then ends = true end
  else
    if not down then
      down = nowText
      redis.call('HSET', k, 'downSince', down)
    end
    if not auto and after >= 0 and now - tonumber(down) >= after then
      redis.call('HSET', k, 'autoSince', down)
      redis.call('HDEL', k, 'autoTold')
    elseif auto and after < 0 then
      ends = true
    end
  end
  if ends then
    redis.call('HSET', k, 'autoEnded', auto, 'autoEndedAt', nowText)
    redis.call('HDEL', k, 'autoSince', 'autoTold')
  end
end
local r = redis.call('HMGET', k, 'autoSince', 'autoTold', 'autoEnded', 'autoEndedAt')
return {r[1] or '', r[2] or '', r[3] or '', r[4] or ''}
