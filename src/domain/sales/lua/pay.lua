-- Checkout.payFromWallet: pays an order awaiting payment from the wallet (see `pay-order`).
-- KEYS: [1] the order, [2] the open index, [3..7] movementKeys of its customer, [8..17] the
-- order's pay keys (checkout.ts payKeys: paid mark, promo code, uses, by, promoFrom's order,
-- of(customer), places, then the promo code's own, reserved, recent, then the unpaid index).
-- ARGV: [1] entry JSON, [2] now, [3] the order payment idempotency prefix, [4..5]
-- MOVEMENT_PREFIXES, [6] the referral first-N limit (0 all, below 0 referrals off).
-- A payment a staff member made (charging a refunded order again) also takes [19..22]
-- auditLuaKeys and [7..9] auditLuaArgs: its audit entry, written only when this step paid.
-- Returns {1, entry JSON} paid now ({1, ''} when free), {2, status} paid before, {-1, balance}
-- short, {0, status} not payable, {-2, reason} refused (see `pay-order`).
-- @include pay-order
-- @include audit-record
local k = {
  order = KEYS[1], open = KEYS[2], mark = KEYS[8], code = KEYS[9], uses = KEYS[10], by = KEYS[11],
  from = KEYS[12], of = KEYS[13], places = KEYS[14], own = KEYS[15], reserved = KEYS[16], recent = KEYS[17],
  unpaid = KEYS[18],
}
local code, payload = pay_order(k, movement(3, 4), ARGV[1], ARGV[2], ARGV[3], tonumber(ARGV[6]))
if code == 1 and #KEYS >= 22 then
  audit_record(KEYS[19], KEYS[20], KEYS[21], KEYS[22], ARGV[7], ARGV[8], ARGV[9])
end
return {code, payload}
