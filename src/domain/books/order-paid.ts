import type { Redis } from "ioredis";
import { orderKeys, paidMarkKey } from "./keys.js";
import { wasPaidStatus } from "./order-statuses.js";
import type { Order, Orders } from "./orders.js";

/**
 * "Has this customer paid": the one home of the customer's paid mark (`paidMarkKey`), set by the
 * `mark-paid` Lua fragment in the step that first marks one of their orders paid, trials aside.
 * "New customer" rules read it inside their own Lua step, so an order paid at the same moment
 * cannot slip past them. Which statuses count as paid is order-statuses.ts.
 */

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
  return order.kind !== "trial" && wasPaidStatus(order.status);
}
