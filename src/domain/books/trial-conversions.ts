import type { Redis } from "ioredis";
import { DAY } from "../../runtime/clock.js";
import type { Customers } from "./customers.js";
import { conversionKeys, paidMarkKey } from "./keys.js";
import type { Orders } from "./orders.js";
import { dayIndexOf } from "./sales-days.js";

/** How long a day's set of converted customers is kept (the daily report reads yesterday's). */
const DAY_KEPT_MS = 40 * DAY;

/**
 * Free trials that turned into paying customers, counted per UTC day for the daily report. A
 * customer converts once: with the delivery of their first paid order (the one that set their
 * paid mark) after a trial they took. Counted after the fact (settlement's steps after an order
 * went active), so a repeat or a crash in between counts once: the customer is remembered with
 * the day first, then added to that day's set, both safe to do again.
 */
export class TrialConversions {
  constructor(
    private readonly deps: {
      redis: Redis;
      customers: Pick<Customers, "get">;
      orders: Pick<Orders, "get">;
    },
  ) {}

  /** Counts `orderId`'s customer as converted when this order is their first paid one after a trial. */
  async count(orderId: string): Promise<boolean> {
    const { redis } = this.deps;
    const order = await this.deps.orders.get(orderId);
    if (!order || order.kind === "trial" || order.paidAt === undefined) return false;
    const [customer, mark] = await Promise.all([
      this.deps.customers.get(order.customerId),
      redis.get(paidMarkKey(order.customerId)),
    ]);
    const trialAt = customer?.trialUsedAt;
    if (trialAt === undefined || trialAt > order.paidAt || mark !== String(order.paidAt)) return false;
    const day = dayIndexOf(order.finishedAt ?? order.paidAt);
    const id = String(order.customerId);
    await redis.hsetnx(conversionKeys.converted, id, String(day));
    // A customer remembered on another day converted then (this is not their first order).
    if ((await redis.hget(conversionKeys.converted, id)) !== String(day)) return false;
    await redis
      .multi()
      .sadd(conversionKeys.day(day), id)
      .pexpire(conversionKeys.day(day), DAY_KEPT_MS)
      .exec();
    return true;
  }

  /** How many customers converted on the UTC day holding `at`. */
  on(at: number): Promise<number> {
    return this.deps.redis.scard(conversionKeys.day(dayIndexOf(at)));
  }
}
