import type { Processor } from "bullmq";
import type { Redis } from "ioredis";
import { z } from "zod";
import { Queue } from "../runtime/library-parts.js";
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
/** An admin's term change waiting for its turn (job name `term`; terms/). */
export const termJobData = z.object({ changeId: z.string().regex(/^t[a-z0-9]{4,64}$/) });
export type TermJobData = z.output<typeof termJobData>;
/** What the orders queue carries: orders to fulfil (`fulfil`) and admins' term changes (`term`). */
export type OrdersQueueData = OrderJobData | TermJobData;

export interface RetryTuning {
  attempts: number;
  /** First backoff delay; doubles per attempt. */
  backoffMs: number;
}

export const ORDER_RETRY: RetryTuning = { attempts: 8, backoffMs: 2_000 };

/**
 * Producer side of the order queue: one job per order, keyed by the order id, and one per
 * admin's term change waiting for its turn, keyed by its id (the two share the subscription's
 * chain, so they share the queue and its workers).
 */
export class OrderQueue {
  readonly queue: Queue<OrdersQueueData>;

  constructor(
    connection: Redis,
    private readonly retry: RetryTuning = ORDER_RETRY,
  ) {
    this.queue = new Queue<OrdersQueueData>(ORDERS_QUEUE, { connection, prefix: QUEUE_PREFIX });
  }

  /**
   * Queues the fulfilment of an order. The job id is the order id, so a second enqueue while
   * one is waiting or running is a no-op; the order's own state makes a later re-run harmless.
   */
  async enqueue(orderId: string): Promise<void> {
    await this.add("fulfil", orderId, { orderId });
  }

  /** Queues an admin's term change; its own state makes a second run harmless. */
  async enqueueTermChange(changeId: string): Promise<void> {
    await this.add("term", changeId, { changeId });
  }

  private async add(name: "fulfil" | "term", id: string, data: OrdersQueueData): Promise<void> {
    // A finished job keeps its id for a while; an order sent back for another run (admin retry)
    // would otherwise be ignored as a duplicate.
    const previous = await this.queue.getJob(id);
    if (previous && ((await previous.isCompleted()) || (await previous.isFailed()))) {
      await previous.remove().catch(() => undefined);
    }
    await this.queue.add(name, data, {
      jobId: id,
      attempts: this.retry.attempts,
      backoff: { type: "exponential", delay: this.retry.backoffMs },
      removeOnComplete: { count: 1_000 },
      removeOnFail: { count: 5_000 },
    });
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}
