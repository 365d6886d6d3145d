import type { Job } from "bullmq";
import type { Redis } from "ioredis";
import { isInFlightStatus, type Order, type Orders } from "../domain/books/index.js";
import { mayHealOnRetry, NodeEditInDoubtError } from "../domain/provisioning/index.js";
import {
  type AfterActive,
  type ChargeRefundResult,
  type Fulfilment,
  OrderUndecidedError,
  type RailPayments,
  railOfCharge,
  type StarsRefunds,
} from "../domain/settlement/index.js";
import type { SubscriptionTerms } from "../domain/terms/index.js";
import type { Metrics } from "../http/metrics.js";
import type { Clock } from "../runtime/clock.js";
import { DelayedError, Worker } from "../runtime/library-parts.js";
import { bindLogFields } from "../runtime/log-context.js";
import type { Logger } from "../runtime/logger.js";
import type { ChargeBack, Notifier } from "./notifier.js";
import {
  inJobScope,
  ORDERS_QUEUE,
  type OrderJobData,
  type OrderQueue,
  type OrdersQueueData,
  orderJobData,
  QUEUE_PREFIX,
} from "./queues.js";
import { TermChangeJobs } from "./term-changes.js";

/** A paid order not delivered after this long gets one "taking longer, your payment is safe" notice. */
export const DELAY_NOTICE_AFTER_MS = 10_000;
/** An order job's lock (renewed every half of it while the job runs). */
export const ORDER_LOCK_MS = 10_000;
/** How often each order worker looks for jobs whose worker died (their lock expired). */
export const ORDER_STALLED_CHECK_MS = 5_000;
/**
 * Orders fulfilled at once per worker process. An order spends nearly all its time waiting on the
 * hosting API (5 calls of ~150 ms for an x-ui purchase) and Telegram, holding little: at 4 a burst
 * of 50 paid orders queued behind each other for ~13 s (bench/orders-burst.ts). Orders of one
 * subscription stay serialized by their chain in Redis, whatever runs at once.
 */
export const ORDER_CONCURRENCY = 32;
/** How long a renewal waiting for an earlier renewal of the same subscription sleeps between looks. */
export const CHAIN_WAIT_MS = 5_000;

export interface OrderWorkerDeps {
  connection: Redis;
  queue: OrderQueue;
  orders: Orders;
  fulfilment: Fulfilment;
  /** What follows an order's activation (the referral reward), run after it. */
  afterActive: AfterActive;
  /** Admins' term changes that wait for their turn in a subscription's chain (jobs named `term`). */
  terms: Pick<SubscriptionTerms, "apply" | "giveUp">;
  notifier: Notifier;
  /**
   * A failed order paid by a Telegram Stars invoice goes back the way it came: the charge is
   * refunded through Telegram (refundStarPayment) out of the wallet the failure refunded to.
   */
  starsRefunds?: Pick<StarsRefunds, "refund">;
  /** A failed order paid on a rail that refunds (YooKassa) is sent back through it. */
  railPayments?: Pick<RailPayments, "refund" | "rail">;
  refundStars?: (userId: number, chargeId: string) => Promise<unknown>;
  logger: Logger;
  metrics?: Metrics;
  concurrency?: number;
  clock?: Clock;
  /** Overrides {@link DELAY_NOTICE_AFTER_MS} and {@link CHAIN_WAIT_MS} (tests). */
  delayNoticeAfterMs?: number;
  chainWaitMs?: number;
}

export interface OrderWorker {
  worker: Worker<OrdersQueueData, string>;
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
  const { orders, logger } = deps;
  const jobs = new OrderJobs(deps);
  const termJobs = new TermChangeJobs({
    ...{ terms: deps.terms, notifier: deps.notifier, logger },
    waitMs: deps.chainWaitMs ?? CHAIN_WAIT_MS,
  });
  const processor = inJobScope(ORDERS_QUEUE, (job: Job<OrdersQueueData, string>, token) =>
    job.name === "term"
      ? termJobs.process(job, token)
      : jobs.process(job as Job<OrderJobData, string>, token),
  );
  const worker = new Worker<OrdersQueueData, string>(ORDERS_QUEUE, processor, {
    connection: deps.connection,
    prefix: QUEUE_PREFIX,
    concurrency: deps.concurrency ?? ORDER_CONCURRENCY,
    // A worker process that dies mid-order (kill -9, OOM) holds the job's lock until it expires;
    // then any worker's stalled check hands it to another: a paid order resumes within ~15 s,
    // not BullMQ's default ~60 s (30 s lock + 30 s check). The re-run is safe: the order's own
    // state and the hosting lookups make a second run finish the first one's work.
    lockDuration: ORDER_LOCK_MS,
    stalledInterval: ORDER_STALLED_CHECK_MS,
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

/** An attempt that did not wait for an earlier renewal. */
type FulfilResult = Exclude<Awaited<ReturnType<Fulfilment["fulfil"]>>, { outcome: "waiting" }>;

/** One order job: an attempt at fulfilling it, and what follows its success or failure. */
class OrderJobs {
  private readonly noticeAfter: number;

  constructor(private readonly deps: OrderWorkerDeps) {
    this.noticeAfter = deps.delayNoticeAfterMs ?? DELAY_NOTICE_AFTER_MS;
  }

  async process(job: Job<OrderJobData, string>, token?: string): Promise<string> {
    const { orderId } = orderJobData.parse(job.data);
    // Every line of this job from here on (fulfilment, provisioning, notices) names the order.
    bindLogFields({ orderId });
    const log = this.deps.logger.child({ attempt: job.attemptsMade + 1 });
    // A slow hosting side: the customer hears after ~10 s, not after the attempt's timeout.
    const slow = setTimeout(() => {
      this.noticeDelay(orderId).catch((err: unknown) => log.warn({ err }, "delay notice failed"));
    }, this.noticeAfter);
    slow.unref();
    try {
      const result = await this.deps.fulfilment.fulfil(orderId);
      if (result.outcome === "waiting") {
        // Another renewal of the same subscription goes first; this job looks again later
        // without spending an attempt.
        if (this.paidLongAgo(result.order)) await this.noticeDelay(orderId);
        return await this.lookAgainLater(job, token);
      }
      return await this.fulfilled(orderId, result);
    } catch (err) {
      if (err instanceof DelayedError) throw err;
      // An earlier edit of the node client may still land: look again later, as a waiting renewal does.
      if (err instanceof NodeEditInDoubtError) return await this.lookAgainLater(job, token);
      return await this.attemptFailed(job, token, err, log);
    } finally {
      clearTimeout(slow);
    }
  }

  /** The job sleeps a while and runs again, without spending an attempt. */
  private async lookAgainLater(job: Job<OrderJobData, string>, token: string | undefined): Promise<never> {
    await job.moveToDelayed(Date.now() + (this.deps.chainWaitMs ?? CHAIN_WAIT_MS), token);
    throw new DelayedError();
  }

  /** After an attempt that did not wait: delivery (once), the chain's next renewal, the metric. */
  private async fulfilled(orderId: string, result: FulfilResult): Promise<string> {
    const { orders, fulfilment, notifier } = this.deps;
    if (result.outcome === "gift") {
      // A paid gift waits for its claim: the buyer gets the link (once per gift).
      await notifier.giftReady(result.order, result.code);
      this.deps.metrics?.jobs.inc({ queue: ORDERS_QUEUE, outcome: result.outcome });
      return result.outcome;
    }
    // A finished order whose delivery did not go out (Telegram failed on an earlier run) is
    // delivered now; one already delivered is not sent twice.
    const done =
      result.outcome === "active" ? result : result.order && (await fulfilment.finished(result.order));
    // What follows the activation, after the fact: a failure leaves it owed (the sweep runs it).
    if (done) await this.deps.afterActive.settle(orderId);
    if (done) await deliverOnce(orders, orderId, () => notifier.delivered(done));
    if (result.outcome === "active") await this.promote(result.nextInChain);
    this.deps.metrics?.jobs.inc({ queue: ORDERS_QUEUE, outcome: result.outcome });
    return result.outcome;
  }

  /** A failed attempt: thrown again while it may heal, else the order fails (refunded, told). */
  private async attemptFailed(
    job: Job<OrderJobData, string>,
    token: string | undefined,
    err: unknown,
    log: Logger,
  ) {
    const { orders, fulfilment, notifier, metrics } = this.deps;
    const { orderId } = orderJobData.parse(job.data);
    const final = !mayHealOnRetry(err) || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    log.warn({ err, final }, "order attempt failed");
    await orders.update(orderId, { error: describe(err) }).catch(() => undefined);
    if (!final) {
      metrics?.jobs.inc({ queue: ORDERS_QUEUE, outcome: "retry" });
      await this.noticeDelay(orderId).catch((e: unknown) => log.warn({ err: e }, "delay notice failed"));
      throw err;
    }
    // A renewal whose write may still land, or cannot be read now: not given up on yet.
    const failed = await fulfilment.fail(orderId, describe(err)).catch((e: unknown) => {
      if (e instanceof OrderUndecidedError) return "undecided" as const;
      throw e;
    });
    if (failed === "undecided") return this.lookAgainLater(job, token);
    // Not failed after all (a renewal whose write had landed is finished; or another took it on):
    // an order that is active now is delivered once, as a re-run of a finished order is.
    if (!failed) return this.fulfilled(orderId, { outcome: "skipped", order: await orders.get(orderId) });
    const back = await this.chargeBack(failed.order, log);
    await notifier.failed(failed.order, failed.refunded, err, failed.orphan, back);
    await this.promote(failed.nextInChain);
    metrics?.jobs.inc({ queue: ORDERS_QUEUE, outcome: "failed" });
    return "failed";
  }

  /**
   * Sends a failed order's payment back the way it came: a Stars charge through Telegram, a rail
   * payment through the rail's refunds (YooKassa). What was sent back, or none (paid otherwise,
   * already spent, or the rail refused or did not answer: the money stays in the wallet, and for
   * Stars the admins keep their "Refund Stars" button).
   */
  private async chargeBack(order: Order, log: Logger): Promise<ChargeBack | undefined> {
    const { starsRefunds, refundStars, railPayments } = this.deps;
    if (!order.chargeId) return undefined;
    const charge = railOfCharge(order.chargeId);
    const rail = charge ? railPayments?.rail(charge.rail) : undefined;
    let result: ChargeRefundResult | undefined;
    if (rail && railPayments) {
      result = await railPayments.refund(order).catch((err: unknown) => {
        log.warn({ err, rail: rail.id }, "rail refund of a failed order failed");
        return undefined;
      });
    } else if (starsRefunds && refundStars && order.currency === "XTR") {
      result = await starsRefunds.refund(order, refundStars).catch((err: unknown) => {
        log.warn({ err }, "stars refund of a failed order failed");
        return undefined;
      });
    }
    log.info({ status: result?.status, rail: rail?.id ?? "stars" }, "failed order's payment sent back");
    return result?.status === "refunded" ? { amount: result.amount, rail: rail?.name } : undefined;
  }

  /** Tells the customer once that the order is taking longer (payment safe, access will follow). */
  private async noticeDelay(orderId: string): Promise<void> {
    const { orders, notifier } = this.deps;
    const order = await orders.get(orderId);
    if (!order || !isInFlightStatus(order.status)) return;
    if (!(await orders.stampOnce(orderId, "delayNoticeAt"))) return;
    await notifier.delayed(order);
  }

  private paidLongAgo(order: Order | undefined): boolean {
    const now = (this.deps.clock ?? { now: Date.now }).now();
    return order !== undefined && now - (order.paidAt ?? order.createdAt) >= this.noticeAfter;
  }

  /** The next renewal of a chain runs at once instead of at its next look. */
  private async promote(orderId: string | undefined): Promise<void> {
    if (!orderId) return;
    const job = await this.deps.queue.queue.getJob(orderId);
    if (job && (await job.isDelayed())) await job.promote().catch(() => undefined);
  }
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
