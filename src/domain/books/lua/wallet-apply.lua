-- Wallet.credit / Wallet.debit: one wallet movement (see the `ledger-apply` fragment).
-- KEYS: [1..5] movementKeys (wallet, ledger, idempotency hash, journal, shop totals).
-- ARGV: [1] amount (signed), [2] idempotency key, [3] entry JSON, [4] floor ('1' refuses going
-- below zero, '0' not), [5..6] MOVEMENT_PREFIXES (ledger key prefix, sales day key prefix).
-- Returns {code, payload} as `apply` does.
-- @include ledger-apply
local code, payload = apply(movement(1, 5), ARGV[1], ARGV[2], ARGV[3], ARGV[4] == '1')
return {code, payload}
