import { type Processor, Queue } from "bullmq";
import type { Redis } from "ioredis";
import { z } from "zod";
import { withLogFields } from "../runtime/log-context.js";

/** BullMQ key prefix (BullMQ refuses an ioredis keyPrefix). */
export const QUEUE_PREFIX = "bull";
export const ORDERS_QUEUE = "orders";

/**
 * Wraps a worker's processor so that every log line its job writes, through any logger (the
 * domain services log through the process logger), carries the queue, the job id and its name.
 * Every BullMQ Worker of the process is made with one.
 */
export function inJobScope<D, R, N extends string>(
  queue: string,
  processor: Processor<D, R, N>,
): Processor<D, R, N> {
  return (job, token, signal) =>
    withLogFields({ queue, jobId: job.id ?? "", job: job.name }, () => processor(job, token, signal));
}

export const orderJobData = z.object({ orderId: z.string().regex(/^[A-Za-z0-9_-]{4,64}$/) });
export type OrderJobData = z.output<typeof orderJobData>;

export interface RetryTuning {
  attempts: number;
  /** First backoff delay; doubles per attempt. */
  backoffMs: number;
}

export const ORDER_RETRY: RetryTuning = { attempts: 8, backoffMs: 2_000 };

/** Producer side of the order queue: one job per order, keyed by the order id. */
export class OrderQueue {
  readonly queue: Queue<OrderJobData>;

  constructor(
    connection: Redis,
    private readonly retry: RetryTuning = ORDER_RETRY,
  ) {
    this.queue = new Queue<OrderJobData>(ORDERS_QUEUE, { connection, prefix: QUEUE_PREFIX });
  }

  /**
   * Queues the fulfilment of an order. The job id is the order id, so a second enqueue while
   * one is waiting or running is a no-op; the order's own state makes a later re-run harmless.
   */
  async enqueue(orderId: string): Promise<void> {
    // A finished job keeps its id for a while; an order sent back for another run (admin retry)
    // would otherwise be ignored as a duplicate.
    const previous = await this.queue.getJob(orderId);
    if (previous && ((await previous.isCompleted()) || (await previous.isFailed()))) {
      await previous.remove().catch(() => undefined);
    }
    await this.queue.add(
      "fulfil",
      { orderId },
      {
        jobId: orderId,
        attempts: this.retry.attempts,
        backoff: { type: "exponential", delay: this.retry.backoffMs },
        removeOnComplete: { count: 1_000 },
        removeOnFail: { count: 5_000 },
      },
    );
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}
