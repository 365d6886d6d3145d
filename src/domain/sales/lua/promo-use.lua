-- Fragment `promo-use` (promo-store.ts): the bookkeeping of one code's uses, over its promoKeys,
-- given as a table `p` (code, uses, by, own, reserved, recent; promo_keys reads them from KEYS):
-- the record (`used`: uses consumed), `uses` (use key -> `<customer>|<r or u>|<at>`: reserved for
-- an unpaid order, or used), `by` (customer -> uses held), and the indexes that keep every look
-- at a code O(log n) in its uses: `own` (`<customer>|<use key>`, by lex: a customer's uses),
-- `reserved` (use key by time: the uses awaiting payment) and `recent` (use key by time: every use
-- held). One home for these, so every step that holds, settles, moves or frees a use keeps them
-- alike (on a code stored before the indexes too: PromoCodes indexes its old uses, once).
-- promo_keys(i): the table `p` from KEYS[i] .. KEYS[i + 5] (promoKeyList's order).
-- use_of(p, key): customer, state ('r' or 'u') and time of the use held under `key` (nil: none).
-- hold_use(p, key, customer, state, now): a new use held under `key`, in `state`.
-- mark_used(p, key): the reserved use under `key` is used now.
-- release_use(p, key): the use under `key` is freed; true when there was one.
-- move_use(p, from, to, state, now): the use under `from` is held under `to` now, in `state`;
-- the customer's count stays (it is the same use). True when there was one to move.
-- index_use(p, key, customer, state, at): the indexes of a use as it is (idempotent).
local function promo_keys(i)
  return {
    code = KEYS[i], uses = KEYS[i + 1], by = KEYS[i + 2],
    own = KEYS[i + 3], reserved = KEYS[i + 4], recent = KEYS[i + 5],
  }
end

local function use_of(p, key)
  local held = redis.call('HGET', p.uses, key)
  if not held then return nil end
  return string.match(held, '^([^|]+)|([^|]+)|(.*)$')
end

local function index_use(p, key, customer, state, at)
  redis.call('ZADD', p.own, 0, customer .. '|' .. key)
  redis.call('ZADD', p.recent, at, key)
  if state == 'r' then redis.call('ZADD', p.reserved, at, key) else redis.call('ZREM', p.reserved, key) end
end

local function unindex_use(p, key, customer)
  redis.call('ZREM', p.own, customer .. '|' .. key)
  redis.call('ZREM', p.recent, key)
  redis.call('ZREM', p.reserved, key)
end

local function hold_use(p, key, customer, state, now)
  redis.call('HSET', p.uses, key, customer .. '|' .. state .. '|' .. now)
  redis.call('HINCRBY', p.by, customer, 1)
  if state == 'u' then redis.call('HINCRBY', p.code, 'used', 1) end
  index_use(p, key, customer, state, now)
end

local function mark_used(p, key)
  local customer, _, at = use_of(p, key)
  redis.call('HSET', p.uses, key, customer .. '|u|' .. at)
  redis.call('HINCRBY', p.code, 'used', 1)
  index_use(p, key, customer, 'u', at)
end

local function release_use(p, key)
  local customer, state = use_of(p, key)
  if not customer then return false end
  redis.call('HDEL', p.uses, key)
  if tonumber(redis.call('HINCRBY', p.by, customer, -1)) <= 0 then redis.call('HDEL', p.by, customer) end
  if state == 'u' then redis.call('HINCRBY', p.code, 'used', -1) end
  unindex_use(p, key, customer)
  return true
end

local function move_use(p, from, to, state, now)
  local customer, was = use_of(p, from)
  if not customer then return false end
  redis.call('HDEL', p.uses, from)
  unindex_use(p, from, customer)
  redis.call('HSET', p.uses, to, customer .. '|' .. state .. '|' .. now)
  index_use(p, to, customer, state, now)
  if was ~= state then redis.call('HINCRBY', p.code, 'used', state == 'u' and 1 or -1) end
  return true
end
