import { type Job, Worker } from "bullmq";
import type { Redis } from "ioredis";
import type { Fulfilment } from "../domain/fulfilment.js";
import type { Orders } from "../domain/orders.js";
import { ProvisioningError } from "../domain/provisioning/types.js";
import { HostingApiError, isTransient } from "../hosting/errors.js";
import type { Metrics } from "../http/metrics.js";
import type { Logger } from "../logger.js";
import type { Notifier } from "./notifier.js";
import { ORDERS_QUEUE, type OrderJobData, type OrderQueue, orderJobData, QUEUE_PREFIX } from "./queues.js";

/** Errors worth another attempt: the hosting side may recover, or an admin may re-link the key. */
export function isRetryable(err: unknown): boolean {
  if (isTransient(err)) return true;
  if (err instanceof ProvisioningError) return !err.permanent;
  if (err instanceof HostingApiError) return err.kind === "unauthorized" || err.kind === "internal";
  // Our own infrastructure (Redis, Telegram) failing is not the order's fault.
  return !(err instanceof Error && err.name === "ZodError");
}

export interface OrderWorkerDeps {
  connection: Redis;
  queue: OrderQueue;
  orders: Orders;
  fulfilment: Fulfilment;
  notifier: Notifier;
  logger: Logger;
  metrics?: Metrics;
  concurrency?: number;
}

export interface OrderWorker {
  worker: Worker<OrderJobData, string>;
  /** Re-queues paid orders that did not finish (after a crash or restart). */
  resume(): Promise<number>;
  close(): Promise<void>;
}

/**
 * Fulfils orders: provisioning, then delivery to the customer. A failure that can heal is
 * thrown so BullMQ retries with backoff; a permanent one, or the last attempt, fails the order,
 * refunds it and tells the customer and the admins.
 */
export function startOrderWorker(deps: OrderWorkerDeps): OrderWorker {
  const { orders, fulfilment, notifier, logger } = deps;

  const process = async (job: Job<OrderJobData, string>): Promise<string> => {
    const { orderId } = orderJobData.parse(job.data);
    const log = logger.child({ orderId, attempt: job.attemptsMade + 1 });
    try {
      const result = await fulfilment.fulfil(orderId);
      // A finished order whose delivery did not go out (Telegram failed on an earlier run) is
      // delivered now; one already delivered is not sent twice.
      const done =
        result.outcome === "active" ? result : result.order && (await fulfilment.finished(result.order));
      if (done) await deliverOnce(orders, orderId, () => notifier.delivered(done));
      deps.metrics?.jobs.inc({ queue: ORDERS_QUEUE, outcome: result.outcome });
      return result.outcome;
    } catch (err) {
      const final = !isRetryable(err) || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      log.warn({ err, final }, "order attempt failed");
      await orders.update(orderId, { error: describe(err) }).catch(() => undefined);
      if (!final) {
        deps.metrics?.jobs.inc({ queue: ORDERS_QUEUE, outcome: "retry" });
        throw err;
      }
      const failed = await fulfilment.fail(orderId, describe(err));
      if (failed) await notifier.failed(failed.order, failed.refunded, describe(err));
      deps.metrics?.jobs.inc({ queue: ORDERS_QUEUE, outcome: "failed" });
      return "failed";
    }
  };

  const worker = new Worker<OrderJobData, string>(ORDERS_QUEUE, process, {
    connection: deps.connection,
    prefix: QUEUE_PREFIX,
    concurrency: deps.concurrency ?? 4,
  });
  worker.on("error", (err) => logger.error({ err }, "order worker error"));

  return {
    worker,
    resume: async () => {
      const ids = await orders.openIds();
      for (const id of ids) await deps.queue.enqueue(id);
      if (ids.length) logger.info({ count: ids.length }, "resumed unfinished orders");
      return ids.length;
    },
    close: () => worker.close(),
  };
}

/** Sends the delivery message unless it was sent before (a re-run after a crash). */
async function deliverOnce(orders: Orders, orderId: string, send: () => Promise<void>): Promise<void> {
  const order = await orders.get(orderId);
  if (order?.deliveredAt) return;
  await send();
  await orders.update(orderId, { deliveredAt: Date.now() });
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
