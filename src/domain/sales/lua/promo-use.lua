-- Fragment `promo-use` (promo-store.ts): the bookkeeping of one code's uses, over its promoKeys:
-- the record (`used`: uses consumed), `uses` (use key -> `<customer>|<r or u>|<at>`: reserved for
-- an unpaid order, or used) and `by` (customer -> uses held). One home for these counts, so every
-- step that holds, settles, moves or frees a use keeps them alike.
-- use_of(kUses, key): customer, state ('r' or 'u') and time of the use held under `key` (nil: none).
-- mark_used(kCode, kUses, key): the reserved use under `key` is used now.
-- release_use(kCode, kUses, kBy, key): the use under `key` is freed; true when there was one.
-- move_use(kCode, kUses, from, to, state, now): the use under `from` is held under `to` now, in
-- `state`; the customer's count stays (it is the same use). True when there was one to move.
local function use_of(kUses, key)
  local held = redis.call('HGET', kUses, key)
  if not held then return nil end
  return string.match(held, '^([^|]+)|([^|]+)|(.*)$')
end

local function mark_used(kCode, kUses, key)
  local customer, _, at = use_of(kUses, key)
  redis.call('HSET', kUses, key, customer .. '|u|' .. at)
  redis.call('HINCRBY', kCode, 'used', 1)
end

local function release_use(kCode, kUses, kBy, key)
  local customer, state = use_of(kUses, key)
  if not customer then return false end
  redis.call('HDEL', kUses, key)
  if tonumber(redis.call('HINCRBY', kBy, customer, -1)) <= 0 then redis.call('HDEL', kBy, customer) end
  if state == 'u' then redis.call('HINCRBY', kCode, 'used', -1) end
  return true
end

local function move_use(kCode, kUses, from, to, state, now)
  local customer, was = use_of(kUses, from)
  if not customer then return false end
  redis.call('HDEL', kUses, from)
  redis.call('HSET', kUses, to, customer .. '|' .. state .. '|' .. now)
  if was ~= state then redis.call('HINCRBY', kCode, 'used', state == 'u' and 1 or -1) end
  return true
end
