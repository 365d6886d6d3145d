/**
 * What a finished (active or refunded) order keeps: what the ledger, the stats and support read
 * (the customer's orders, the failed-order screens, charging again, a Stars refund). The
 * placement (`ref`), the renewal target and the retry bookkeeping served only while it was in
 * flight: the subscription holds the access from then on. A refunded order also keeps its client
 * identity ({@link REFUNDED_ORDER_FIELDS}): an admin may still send it back to be provisioned.
 */
export const FINISHED_ORDER_FIELDS = [
  "id",
  "kind",
  "status",
  "customerId",
  "planId",
  "price",
  "currency",
  "locale",
  "subscriptionId",
  // A traffic pack: which one (its screens, charging it again, its notice sent again).
  "packId",
  // A family: the seats bought or added, the seat claimed, the seats a renewal gave up on (why).
  "seats",
  "seat",
  "seatsGivenUp",
  // A renewal's carried GB (the renewal notice sent again shows them).
  "rolloverGb",
  "invoiceAmount",
  "chargeId",
  // A promo code's record on the order (the ledger's discount is read against it).
  "promoCode",
  "listPrice",
  "bonusDays",
  // A gift: the marker and who claimed it (support reads them; a sent-back order goes to them).
  "gift",
  "recipientId",
  "error",
  "createdAt",
  "updatedAt",
  "paidAt",
  "finishedAt",
  "deliveredAt",
] as const;
export const REFUNDED_ORDER_FIELDS = [...FINISHED_ORDER_FIELDS, "clientName", "clientUuid"] as const;

const luaList = (fields: readonly string[]) => `{${fields.map((f) => `'${f}'`).join(", ")}}`;

/**
 * Lua fragment `trim-order-fields` (generated from the lists above): the field lists that the
 * `trim-order` fragment (lua/trim-order.lua) keeps of a finished and of a refunded order.
 */
export const TRIM_ORDER_FIELDS_LUA = `local FINISHED_ORDER_FIELDS = ${luaList(FINISHED_ORDER_FIELDS)}
local REFUNDED_ORDER_FIELDS = ${luaList(REFUNDED_ORDER_FIELDS)}`;
