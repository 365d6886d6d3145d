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
 * Lua fragment `trim-order` (generated from the lists above): `trim_order(kOrder)` keeps only
 * {@link FINISHED_ORDER_FIELDS} of a finished order (of a refunded one
 * {@link REFUNDED_ORDER_FIELDS}, by its status). The hash is written anew rather than pruned:
 * Redis turns a hash with a long value (the placement's JSON) into its large encoding and never
 * back, so only a rewrite gives the memory back.
 */
export const TRIM_ORDER_LUA = `
local function trim_order(kOrder)
  local names = ${luaList(FINISHED_ORDER_FIELDS)}
  if redis.call('HGET', kOrder, 'status') == 'refunded' then names = ${luaList(REFUNDED_ORDER_FIELDS)} end
  local values = redis.call('HMGET', kOrder, unpack(names))
  local kept = {}
  for i, name in ipairs(names) do
    if values[i] then kept[#kept + 1] = name; kept[#kept + 1] = values[i] end
  end
  redis.call('DEL', kOrder)
  if #kept > 0 then redis.call('HSET', kOrder, unpack(kept)) end
end
`;
