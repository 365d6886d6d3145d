/**
 * The one home of the order statuses and of the sets of them that rules ask about. Each set is
 * a TypeScript predicate and, for the steps in Redis, a Lua function generated from the same
 * constant (the `order-statuses` fragment), so the two can never disagree.
 *
 * An order moves only forward through these states:
 * awaiting_payment -> paid -> provisioning -> active
 *                              \-> failed -> refunded
 * awaiting_payment -> cancelled (never paid; nothing to give back)
 * paid (a gift) -> awaiting_claim -> paid (claimed) | refunded (cancelled, expired)
 */
export const ORDER_STATUSES = [
  "awaiting_payment",
  "paid",
  "provisioning",
  "active",
  "failed",
  "refunded",
  "cancelled",
  "awaiting_claim",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * The order's money is in and stands: paid, being provisioned, active, or a gift waiting for its
 * claim (see order-paid.ts).
 */
export const PAID_STATUSES = ["paid", "provisioning", "active", "awaiting_claim"] as const;
/** Paid and given up on: failed, or refunded (its money went back, or may still). */
export const FAILED_STATUSES = ["failed", "refunded"] as const;
/** Paid once: paid now, or paid and given up on. */
export const WAS_PAID_STATUSES = [...PAID_STATUSES, ...FAILED_STATUSES] as const;
/**
 * Paid and not finished: the worker owes it a step (the open index holds it, a renewal keeps its
 * place in its subscription's chain, the reconciliation leaves its subscription alone).
 */
export const IN_FLIGHT_STATUSES = ["paid", "provisioning"] as const;
/** Never paid: an unpaid order expires, and one removed takes nothing with it. */
export const UNPAID_STATUSES = ["awaiting_payment", "cancelled"] as const;
/** Finished: the order keeps only its record (order-trim.ts) and its finishing time. */
export const FINISHED_STATUSES = ["active", "refunded"] as const;

/** A predicate of a set (a status read from Redis may be missing, or one of another version). */
const isIn =
  (set: readonly OrderStatus[]) =>
  (status: string | undefined): boolean =>
    status !== undefined && (set as readonly string[]).includes(status);

export const isPaidStatus = isIn(PAID_STATUSES);
export const isFailedStatus = isIn(FAILED_STATUSES);
export const wasPaidStatus = isIn(WAS_PAID_STATUSES);
export const isInFlightStatus = isIn(IN_FLIGHT_STATUSES);
export const isUnpaidStatus = isIn(UNPAID_STATUSES);
export const isFinishedStatus = isIn(FINISHED_STATUSES);

/** Lua: `local function <fn>(status)`, true when `status` (a string, or false/nil) is in `set`. */
function luaSet(fn: string, set: readonly OrderStatus[]): string {
  const table = `${fn.toUpperCase()}_SET`;
  return [
    `local ${table} = {${set.map((s) => `${s} = true`).join(", ")}}`,
    `local function ${fn}(status) return status ~= nil and ${table}[status] == true end`,
  ].join("\n");
}

/**
 * Lua fragment `order-statuses`: `is_paid(status)`, `is_failed(status)`, `was_paid(status)`,
 * `in_flight(status)`, `is_unpaid(status)` and `is_finished(status)`, the sets above for steps in
 * Redis. A status that a later rule needs as a set (say, "payable") joins here the same way.
 */
export const ORDER_STATUSES_LUA = [
  luaSet("is_paid", PAID_STATUSES),
  luaSet("is_failed", FAILED_STATUSES),
  luaSet("was_paid", WAS_PAID_STATUSES),
  luaSet("in_flight", IN_FLIGHT_STATUSES),
  luaSet("is_unpaid", UNPAID_STATUSES),
  luaSet("is_finished", FINISHED_STATUSES),
].join("\n");
