-- PromoCodes: checks a code for a customer and holds one use of it, in one step (of concurrent
-- redemptions of the last use exactly one wins). A customer at their limit (or the code at its
-- total) whose use is held by a refunded order of theirs (ARGV[6]) takes that use over instead:
-- the same use, so neither their count nor the code's total moves.
-- KEYS: [1..6] promoKeyList of the code, [7] the customer's paid mark (order-paid.ts: read here,
-- so an order paid at the same moment counts), [8] the refunded order named in ARGV[6] (any key
-- when none).
-- ARGV: [1] use key, [2] customer, [3] now, [4] state ('r' reserve, 'u' use at once), [5] plan
-- ('' none), [6] the customer's refunded order holding a use of the code ('' none).
-- Returns 'ok', 'again' (this key holds a use already) or a refusal (PromoRefusal).
-- @include promo-use
local p = promo_keys(1)
local d = redis.call('HMGET', p.code, 'kind', 'disabled', 'expiresAt', 'plans', 'newCustomersOnly', 'perCustomer', 'totalUses')
if not d[1] then return 'invalid' end
if use_of(p, ARGV[1]) then return 'again' end
if d[2] == '1' then return 'disabled' end
if d[3] and d[3] ~= '' and tonumber(ARGV[3]) >= tonumber(d[3]) then return 'expired' end
if d[4] and d[4] ~= '' then
  local found = false
  for plan in string.gmatch(d[4], '[^,]+') do if plan == ARGV[5] then found = true end end
  if not found then return 'wrong-plan' end
end
if d[5] == '1' and redis.call('EXISTS', KEYS[7]) == 1 then return 'not-new' end
local mine = tonumber(redis.call('HGET', p.by, ARGV[2]) or '0')
local atLimit = mine >= tonumber(d[6])
local usedUp = d[7] and d[7] ~= '' and redis.call('HLEN', p.uses) >= tonumber(d[7])
if (atLimit or usedUp) and ARGV[6] ~= '' and use_of(p, ARGV[6]) == ARGV[2]
  and redis.call('HGET', KEYS[8], 'status') == 'refunded' then
  move_use(p, ARGV[6], ARGV[1], ARGV[4], ARGV[3])
  return 'ok'
end
if atLimit then return 'already-used' end
if usedUp then return 'used-up' end
hold_use(p, ARGV[1], ARGV[2], ARGV[4], ARGV[3])
return 'ok'
