import type { Redis } from "ioredis";
import { type Order, type OrderStatus, type Orders, orderKeys } from "./orders.js";

/**
 * The one home of "is this order paid". An order's money is in and stands while it is paid,
 * being provisioned, active, or a gift waiting for its claim; a failed or refunded order was
 * paid once (its money went back or may still). Each Lua step that asks uses the same sets.
 */
export const PAID_STATUSES = ["paid", "provisioning", "active", "awaiting_claim"] as const;
const WAS_PAID_STATUSES: readonly OrderStatus[] = [...PAID_STATUSES, "failed", "refunded"];

export function isPaidStatus(status: OrderStatus): boolean {
  return (PAID_STATUSES as readonly OrderStatus[]).includes(status);
}

/** Lua: `is_paid(status)` and `was_paid(status)`, the sets above for steps in Redis. */
export const PAID_STATUS_FN = `
local PAID_SET = {${PAID_STATUSES.map((s) => `${s} = true`).join(", ")}}
local function is_paid(status) return status ~= nil and PAID_SET[status] == true end
local function was_paid(status) return is_paid(status) or status == 'failed' or status == 'refunded' end
`;

/**
 * The customer's "has paid" mark: set (to the time) in the same Lua step that first marks one of
 * their orders paid, trials aside. "New customer" rules read it inside their own Lua step, so
 * an order paid at the same moment cannot slip past them.
 */
export const paidMarkKey = (customerId: number) => `orders:customer-paid:${customerId}`;

/** Lua: `mark_paid(kMark, kOrder, now)`, called by the step that moves an order to `paid`. */
export const MARK_PAID_FN = `
local function mark_paid(kMark, kOrder, now)
  if redis.call('HGET', kOrder, 'kind') ~= 'trial' then redis.call('SET', kMark, now, 'NX') end
end
`;

/** Order ids read per page when looking for a payment from before the mark. */
const PAGE = 200;

/**
 * Whether the customer ever paid an order (trials aside). The mark answers; a customer without
 * it is looked up once in all their orders, for orders paid before the mark existed (found: the
 * mark is set, so the next look is one read). Orders are read through `orders` one by one.
 */
export async function hasPaid(
  redis: Redis,
  orders: Pick<Orders, "get">,
  customerId: number,
): Promise<boolean> {
  const mark = paidMarkKey(customerId);
  if ((await redis.exists(mark)) === 1) return true;
  const index = orderKeys.byCustomer(customerId);
  for (let start = 0; ; start += PAGE) {
    const ids = await redis.zrange(index, String(start), String(start + PAGE - 1));
    for (const id of ids) {
      const order = await orders.get(id);
      if (order && paidBefore(order)) {
        await redis.set(mark, String(order.paidAt ?? order.createdAt), "NX");
        return true;
      }
    }
    if (ids.length < PAGE) return false;
  }
}

function paidBefore(order: Order): boolean {
  return order.kind !== "trial" && WAS_PAID_STATUSES.includes(order.status);
}
