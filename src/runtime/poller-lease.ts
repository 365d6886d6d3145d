import { randomUUID } from "node:crypto";
import type { Bot, Context } from "grammy";
import type { Redis } from "ioredis";
import { LuaScript } from "../store/lua.js";
import type { Logger } from "./logger.js";
import { type Polling, type PollingOptions, startPolling } from "./polling.js";

/** Takes the lease when free (-1); otherwise answers how long the holder's lease still runs (ms). */
const ACQUIRE = new LuaScript(`
if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return -1 end
if redis.call('get', KEYS[1]) == ARGV[1] then
  redis.call('pexpire', KEYS[1], ARGV[2])
  return -1
end
return redis.call('pttl', KEYS[1])
`);

/** Extends the lease while this token holds it; takes it again if it vanished (a Redis restart). */
const RENEW = new LuaScript(`
local v = redis.call('get', KEYS[1])
if v == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end
if not v then
  redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0
`);

/** Deletes the lease only if this token still holds it (never another process's). */
const RELEASE = new LuaScript(`
if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end
return 0
`);

/**
 * A lease in Redis that at most one process holds at a time: taken with SET NX PX under a random
 * token, renewed by that token only, released by compare-and-delete. A holder that dies stops
 * renewing and the lease expires after `ttlMs`.
 */
export class PollerLease {
  readonly token = randomUUID();

  constructor(
    private readonly redis: Redis,
    readonly key: string,
    readonly ttlMs: number,
  ) {}

  /** True when this process holds the lease now; otherwise the ms until the holder's lease ends. */
  async tryAcquire(): Promise<true | number> {
    const answer = Number(await ACQUIRE.run(this.redis, [this.key], [this.token, this.ttlMs]));
    return answer === -1 ? true : Math.max(answer, 0);
  }

  /** False when another process holds the lease now. */
  async renew(): Promise<boolean> {
    return Number(await RENEW.run(this.redis, [this.key], [this.token, this.ttlMs])) === 1;
  }

  async release(): Promise<void> {
    await RELEASE.run(this.redis, [this.key], [this.token]);
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
    let heldUntil = Date.now() + this.lease.ttlMs;
    while (!this.stopped) {
      await this.pause(this.renewMs);
      if (this.stopped) return;
      const renewed = await this.lease.renew().catch(() => undefined);
      if (renewed === true) {
        heldUntil = Date.now() + this.lease.ttlMs;
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
