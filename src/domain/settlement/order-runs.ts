import type { Redis } from "ioredis";
import type { Logger } from "../../runtime/logger.js";
import { fenceKey, withLease } from "../../store/lease.js";
import type { AccessRef } from "../books/index.js";
import { daysToReach } from "../provisioning/index.js";
import { fulfilmentKeys } from "./keys.js";

/**
 * An order given up on that cannot be decided now: another run of it is under way, or it is a
 * renewal whose write may have reached the hosting side and that cannot be told (a node edit in
 * doubt, the client not readable now). It is neither finished nor refunded yet.
 */
export class OrderUndecidedError extends Error {
  constructor(
    readonly orderId: string,
    why: string,
  ) {
    super(`order ${orderId} is not given up on yet: ${why}`);
    this.name = "OrderUndecidedError";
  }
}

/**
 * A run of an order (an attempt, or giving it up) holds this lease, renewed while it lasts: a
 * stalled job run again while the first run still goes on waits, and never refunds an order the
 * other run is making active. A run that dies lets it go within this time.
 */
export const ORDER_RUN_LEASE_MS = 10_000;

/**
 * Runs `fn` as the one run of order `orderId` (ORDER_RUN_LEASE_MS); "busy" while another runs.
 * The lease's fence counter is dropped after the run: no write checks an order run's fence (a
 * late run is refused by the lease while one runs and by the order's status after), and a next
 * take's fence still grows (never below the Redis clock), so it would only hold RAM for a day.
 */
export async function oneRun<T>(
  deps: { redis: Redis; logger: Logger },
  orderId: string,
  fn: () => Promise<T>,
): Promise<T | "busy"> {
  const key = fulfilmentKeys.run(orderId);
  const run = await withLease(deps.redis, key, ORDER_RUN_LEASE_MS, fn, {
    failed: (err) => deps.logger.warn({ err, orderId }, "order run lease renewal failed"),
  });
  if (run !== "busy") await deps.redis.del(fenceKey(key));
  return run;
}

/**
 * Whether the hosting side's expiry holds `target`: at or past it (a node counts it reached within
 * the slack under which a renewal sends no more days).
 */
export function reached(kind: AccessRef["kind"], hosting: number, target: number): boolean {
  return kind === "node" ? daysToReach(hosting, target) === 0 : hosting >= target;
}
