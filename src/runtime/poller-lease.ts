import type { Bot, Context } from "grammy";
import type { Redis } from "ioredis";
import { Lease } from "../store/lease.js";
import type { Logger } from "./logger.js";
import { type Polling, type PollingOptions, startPolling } from "./polling.js";

/**
 * The polling lease (see store/lease.ts): one token for the process's life, taken again after
 * each loss; a renewal takes it back if its key vanished (a Redis restart), since the poller was
 * the last to hold it. A retried take of a lease this token holds counts as held.
 */
export class PollerLease extends Lease {
  constructor(redis: Redis, key: string, ms: number) {
    super(redis, key, { ms, retake: true });
  }

  /** True when this process holds the lease now; otherwise the ms until the holder's lease ends. */
  async tryAcquire(): Promise<true | number> {
    const got = await this.take();
    return got.held || got.leftMs;
  }
}

export interface LeasedPollingOptions extends PollingOptions {
  redis: Redis;
  /** How long the lease lasts without renewal; it is renewed every third of it. */
  leaseMs: number;
  /** Runs each time this process takes the lease, before its first getUpdates (deleteWebhook). */
  beforePolling(): Promise<void>;
}

/** The lease's key: one poller per bot, whatever else shares the Redis. */
export const pollingLeaseKey = (botId: number): string => `polling:lease:${botId}`;

/**
 * Long polling by one process at a time across every process sharing the Redis (Telegram allows one
 * getUpdates consumer per bot). The process that holds the lease polls and renews it; any other logs
 * one line and waits, and takes over once the holder's lease expires (it died or lost Redis). A holder
 * that finds the lease taken stops polling and waits again. Resolves once the first attempt is
 * settled: polling (errors of the first start are the caller's) or waiting.
 */
export async function startLeasedPolling<C extends Context>(
  bot: Bot<C>,
  options: LeasedPollingOptions,
): Promise<Polling> {
  const run = new LeaseRun(bot, options);
  await run.first();
  return { handlers: () => run.handlers(), stop: () => run.stop() };
}

class LeaseRun<C extends Context> {
  private readonly lease: PollerLease;
  private readonly logger: Logger;
  private readonly renewMs: number;
  private readonly stopping = new AbortController();
  private poller: Polling | undefined;
  private loop: Promise<void> = Promise.resolve();

  constructor(
    private readonly bot: Bot<C>,
    private readonly options: LeasedPollingOptions,
  ) {
    this.lease = new PollerLease(options.redis, pollingLeaseKey(bot.botInfo.id), options.leaseMs);
    this.logger = options.logger;
    // Well under the lease: two renewals may fail (a Redis blip) before it runs out.
    this.renewMs = Math.max(Math.floor(options.leaseMs / 3), 100);
  }

  handlers(): number {
    return this.poller?.handlers() ?? 0;
  }

  /** The first attempt, awaited by the start: take the lease and poll, or start waiting. */
  async first(): Promise<void> {
    const got = await this.lease.tryAcquire();
    if (got === true) {
      await this.options.beforePolling().catch(async (err: unknown) => {
        await this.lease.release().catch(() => undefined);
        throw err;
      });
      this.poll();
      this.loop = this.keep().then(() => this.run());
    } else {
      this.logWaiting();
      this.loop = this.run(got);
    }
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await this.loop;
    await this.poller?.stop();
    this.poller = undefined;
    await this.lease.release().catch((err: unknown) => {
      this.logger.warn({ err }, "could not release the polling lease; it expires by itself");
    });
  }

  private get stopped(): boolean {
    return this.stopping.signal.aborted;
  }

  private logWaiting(): void {
    this.logger.warn({ key: this.lease.key }, "another process holds the polling lease; waiting");
  }

  private poll(): void {
    this.poller = startPolling(this.bot, this.options);
    this.logger.info({ username: this.bot.botInfo.username }, "polling for updates");
  }

  /** Waits for the lease, polls while holding it, and again after losing it, until stopped. */
  private async run(untilFree?: number): Promise<void> {
    let wait = untilFree;
    while (!this.stopped) {
      if (wait !== undefined) await this.pause(Math.min(wait + 20, this.renewMs));
      if (this.stopped) return;
      const got = await this.lease.tryAcquire().catch(() => this.renewMs);
      if (got !== true) {
        wait = got;
        continue;
      }
      this.logger.info("took over the polling lease");
      await this.options.beforePolling().catch((err: unknown) => {
        this.logger.warn({ err }, "could not remove a webhook before polling");
      });
      if (this.stopped) return;
      this.poll();
      await this.keep();
      wait = 0;
    }
  }

  /** Renews the lease while polling; returns when stopped, or after polling stopped on losing it. */
  private async keep(): Promise<void> {
    let heldUntil = Date.now() + this.lease.ms;
    while (!this.stopped) {
      await this.pause(this.renewMs);
      if (this.stopped) return;
      const renewed = await this.lease.renew().catch(() => undefined);
      if (renewed === true) {
        heldUntil = Date.now() + this.lease.ms;
        continue;
      }
      // Redis unreachable: the lease holds until it would expire; after that someone else may poll.
      if (renewed === undefined && Date.now() < heldUntil - this.renewMs) continue;
      const poller = this.poller;
      this.poller = undefined;
      await poller?.stop();
      this.logger.warn("lost the polling lease; stopped polling");
      this.logWaiting();
      return;
    }
  }

  /** Waits `ms`, or less when stopping. */
  private pause(ms: number): Promise<void> {
    const signal = this.stopping.signal;
    if (signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener("abort", done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal.addEventListener("abort", done);
    });
  }
}
