-- Checkout.payFromWallet: pays an order awaiting payment from the wallet (see `pay-order`).
-- KEYS: [1] the order, [2] the open index, [3..7] movementKeys of its customer, [8] the
-- customer's paid mark.
-- ARGV: [1] entry JSON, [2] now, [3] the order payment idempotency prefix, [4..5]
-- MOVEMENT_PREFIXES.
-- Returns {1, entry JSON} paid now ({1, ''} when free), {2, status} paid before, {-1, balance}
-- short, {0, status} not payable.
-- @include pay-order
local code, payload = pay_order(KEYS[1], KEYS[2], movement(3, 4), KEYS[8], ARGV[1], ARGV[2], ARGV[3])
return {code, payload}
