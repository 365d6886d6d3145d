-- Wallet.credit / Wallet.debit: one wallet movement (see the `ledger-apply` fragment).
-- KEYS: [1..5] movementKeys (wallet, ledger, idempotency hash, journal, shop totals); for a
-- movement a staff member made, [6..9] auditLuaKeys of its audit entry.
-- ARGV: [1] amount (signed), [2] idempotency key, [3] entry JSON, [4] floor ('1' refuses going
-- below zero, '0' not), [5..6] MOVEMENT_PREFIXES (ledger key prefix, sales day key prefix); for
-- a staff member's movement, [7..9] auditLuaArgs (the entry without before/after), [10] the
-- currency's exponent, [11] the currency.
-- Returns {code, payload} as `apply` does. A staff member's movement writes its audit entry here,
-- with the balance before and after spliced in, only when it moved money (not a repeat under the
-- same key, not a refused debit): the money and its record are never one without the other.
-- @include ledger-apply
-- @include audit-record

-- `minor` (Redis's decimal text of an integer) in major units with `exp` decimals: "1250", 2 -> "12.50".
local function major(minor, exp)
  if exp == 0 then return minor end
  local sign = ''
  if string.sub(minor, 1, 1) == '-' then sign, minor = '-', string.sub(minor, 2) end
  minor = string.rep('0', exp + 1 - #minor) .. minor
  return sign .. string.sub(minor, 1, -exp - 1) .. '.' .. string.sub(minor, -exp)
end

local before = redis.call('GET', KEYS[1]) or '0'
local code, payload = apply(movement(1, 5), ARGV[1], ARGV[2], ARGV[3], ARGV[4] == '1')
if code == 1 and #KEYS >= 9 then
  local exp, currency = tonumber(ARGV[10]), ARGV[11]
  local after = redis.call('GET', KEYS[1])
  local json = string.sub(ARGV[8], 1, -2)
    .. ',"before":"' .. major(before, exp) .. ' ' .. currency
    .. '","after":"' .. major(after, exp) .. ' ' .. currency .. '"}'
  audit_record(KEYS[6], KEYS[7], KEYS[8], KEYS[9], ARGV[7], json, ARGV[9])
end
return {code, payload}
