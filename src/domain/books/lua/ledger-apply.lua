-- Fragment `ledger-apply` (wallet.ts): one wallet movement.
--
-- movement(k, a) names what a movement touches: KEYS[k..k+4] are the customer's wallet, their
-- ledger, the idempotency hash, the journal and the shop's totals (movementKeys in TypeScript);
-- ARGV[a], ARGV[a+1] are the ledger key prefix and the sales day key prefix (MOVEMENT_PREFIXES:
-- the ledger a reference names and the day an entry falls on are only known while it runs).
--
-- apply(m, amount, idem, entryJson, floor) returns code, payload: 1 applied (payload = entry
-- JSON), 0 already applied under idempotency key `idem` (payload = that entry), -1 refused for
-- going below zero with `floor` (payload = balance). Balance, ledger entry and idempotency
-- record change together or not at all. `amount` is an integer (a number or its decimal text);
-- `entryJson` is Wallet.entryJson. Numbers never pass through cjson or tostring here: both print
-- 14 significant digits, and Telegram ids and amounts up to 2^53 must stay exact. The balance
-- is spliced into the entry as Redis prints it. The entry is stored once, in the customer's
-- ledger; the journal and the idempotency record get its reference `<customer>:<n>`
-- (`ledger_entry` reads one back; the customer's ledger it names is always the one of the
-- movement that wrote it). A sale or refund is counted on its day's sales counters in the same
-- step, a payment or refund on the shop's totals. The ledger's count of archived entries is the
-- key `<ledger>:archived` (ledgerArchivedKey), read beside the ledger it counts.
-- @include count-sale
-- @include count-ledger
local function movement(k, a)
  return {
    wallet = KEYS[k], ledger = KEYS[k + 1], applied = KEYS[k + 2], journal = KEYS[k + 3],
    totals = KEYS[k + 4], ledger_prefix = ARGV[a], day_prefix = ARGV[a + 1],
  }
end
-- How many of a ledger's oldest entries were moved to the archive on disk (archiving.ts): the
-- n-th entry is at index -(n+1-base), and one below base is no longer in Redis (nil here).
local function ledger_base(ledger)
  return tonumber(redis.call('GET', ledger .. ':archived') or '0')
end
local function ledger_entry(m, ref)
  if string.sub(ref, 1, 1) == '{' then return ref end
  local customer, n = string.match(ref, '^(.+):(%d+)$')
  local ledger = m.ledger_prefix .. customer
  local at = tonumber(n) - ledger_base(ledger)
  if at < 0 then return false end
  return redis.call('LINDEX', ledger, -1 - at)
end
local function apply(m, amount, idem, entryJson, floor)
  local done = redis.call('HGET', m.applied, idem)
  if done then return 0, ledger_entry(m, done) end
  if type(amount) == 'number' then amount = string.format('%d', amount) end
  local before = redis.call('GET', m.wallet) or '0'
  if floor and tonumber(before) + tonumber(amount) < 0 then return -1, before end
  redis.call('INCRBY', m.wallet, amount)
  local json = string.sub(entryJson, 1, -2) .. ',"b":' .. redis.call('GET', m.wallet) .. '}'
  local n = redis.call('LPUSH', m.ledger, json) - 1 + ledger_base(m.ledger)
  local ref = string.sub(m.ledger, #m.ledger_prefix + 1) .. ':' .. string.format('%d', n)
  redis.call('RPUSH', m.journal, ref)
  redis.call('HSET', m.applied, idem, ref)
  count_sale(m.day_prefix, entryJson, amount)
  count_ledger(m.totals, entryJson, amount)
  return 1, json
end
