import type { Redis } from "ioredis";
import { isInFlightStatus, type Orders, orderKeys } from "../domain/books/index.js";
import type { AfterActive, Fulfilment } from "../domain/settlement/index.js";
import type { TermChanges } from "../domain/terms/index.js";
import type { Clock } from "../runtime/clock.js";
import type { Logger } from "../runtime/logger.js";
import type { PeriodicTask } from "./maintenance.js";
import type { Notifier } from "./notifier.js";
import type { OrderQueue } from "./queues.js";

/** Orders younger than this are left to the step that is about to queue or refund them. */
export const SWEEP_GRACE_MS = 60_000;
/** Most orders looked at per run and per index (bounded work; the rest come in later runs). */
export const SWEEP_BATCH = 200;
/** Where the look through the open orders goes on next run, so a long list is covered in turns. */
const OPEN_CURSOR = "sweep:orders:open-offset";
/** Job states that will still run the order; any other (missing, finished) means it has none. */
const LIVE = new Set(["waiting", "active", "delayed", "prioritized", "waiting-children"]);

export interface OrderSweepDeps {
  redis: Redis;
  orders: Orders;
  queue: OrderQueue;
  fulfilment: Fulfilment;
  afterActive: AfterActive;
  /** Admins' term changes under way: one whose job is gone (a crash right after it was asked) is queued again. */
  termChanges: Pick<TermChanges, "openBefore">;
  notifier: Notifier;
  clock: Clock;
  logger: Logger;
  graceMs?: number;
  batch?: number;
  everyMs?: number;
}

export interface SweepResult {
  checked: number;
  requeued: number;
  refunded: number;
}

/**
 * Keeps rule 9 for orders: a paid order whose job is gone (the enqueue after the payment failed,
 * or the job finished without finishing the order) is queued again, and an order left `failed`
 * by a crash before its refund is refunded now, its customer and the admins told once; what
 * follows the activation of an order (AfterActive) and was cut off by a crash runs now. Safe in
 * several processes at once: the enqueue is keyed by the order id and the refund is one atomic
 * step that only one caller wins.
 */
export async function sweepOrders(deps: OrderSweepDeps): Promise<SweepResult> {
  const grace = deps.graceMs ?? SWEEP_GRACE_MS;
  const batch = deps.batch ?? SWEEP_BATCH;
  const before = deps.clock.now() - grace;
  const result: SweepResult = { checked: 0, requeued: 0, refunded: 0 };

  const offset = Number((await deps.redis.get(OPEN_CURSOR)) ?? 0);
  const open = await deps.redis.zrangebyscore(orderKeys.open, "-inf", before, "LIMIT", offset, batch);
  await deps.redis.set(OPEN_CURSOR, open.length < batch ? "0" : String(offset + open.length));
  for (const id of open) {
    result.checked++;
    const job = await deps.queue.queue.getJob(id);
    if (job && LIVE.has(await job.getState())) continue;
    const order = await deps.orders.get(id);
    if (!isInFlightStatus(order?.status)) continue;
    await deps.queue.enqueue(id);
    result.requeued++;
    deps.logger.warn(
      { orderId: id, job: job ? "finished" : "missing" },
      "re-queued a paid order without a job",
    );
  }

  for (const id of await deps.termChanges.openBefore(before, batch)) {
    result.checked++;
    if (await hasLiveJob(deps.queue, id)) continue;
    await deps.queue.enqueueTermChange(id);
    result.requeued++;
    deps.logger.warn({ changeId: id }, "re-queued an admin's term change without a job");
  }

  // Removed family owners whose members' access did not end yet (a crash, a hosting error).
  for (const id of await deps.fulfilment.families.due(before, batch)) {
    result.checked++;
    await deps.fulfilment.families
      .end(id)
      .catch((err: unknown) => deps.logger.warn({ err, subscriptionId: id }, "a family did not end yet"));
  }

  // What follows the activation of orders that went active just before a crash.
  await deps.afterActive.settleDue(before);

  const failed = await deps.redis.zrangebyscore(orderKeys.failed, "-inf", before, "LIMIT", 0, batch);
  for (const id of failed) {
    result.checked++;
    const done = await deps.fulfilment.resumeRefund(id);
    if (!done) continue;
    result.refunded++;
    deps.logger.warn({ orderId: id, refunded: done.refunded }, "finished an interrupted refund");
    await deps.notifier
      .failed(done.order, done.refunded, done.order.error ?? "", done.orphan)
      .catch((err: unknown) => deps.logger.warn({ err, orderId: id }, "refund notice failed"));
  }
  return result;
}

/** Whether `id` has a job that will still run (waiting, running, delayed). */
async function hasLiveJob(queue: OrderQueue, id: string): Promise<boolean> {
  const job = await queue.queue.getJob(id);
  return job !== undefined && LIVE.has(await job.getState());
}

export function createOrderSweepTask(deps: OrderSweepDeps): PeriodicTask {
  return { name: "order-sweep", everyMs: deps.everyMs ?? 60_000, run: () => sweepOrders(deps) };
}
