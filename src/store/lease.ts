import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { DAY } from "../runtime/clock.js";
import { LuaScript } from "./lua.js";

const FENCE = { "lease-fence": LuaScript.load(new URL("./lua/lease-fence.lua", import.meta.url)).source };
const TAKE = LuaScript.load(new URL("./lua/lease-take.lua", import.meta.url), FENCE);
const RENEW = LuaScript.load(new URL("./lua/lease-renew.lua", import.meta.url), FENCE);
const RELEASE = LuaScript.load(new URL("./lua/lease-release.lua", import.meta.url));

/**
 * How long a lease's fence counter outlives the lease's last take. Fences never fall below the
 * Redis clock (µs), so a counter that expired does not send them back; the counter only carries
 * takes that come faster than the clock (more than one a µs) or a clock that stepped back.
 */
export const FENCE_KEPT_MS = DAY;

/** The fence counter beside a lease: each take of the lease counts on it. */
export const fenceKey = (leaseKey: string): string => `${leaseKey}:fence`;

/** A holder found its lease taken by another (it ran out): whatever it does next must stop. */
export class LeaseLost extends Error {
  constructor(readonly key: string) {
    super(`the lease ${key} was lost`);
    this.name = "LeaseLost";
  }
}

/**
 * A release someone waits for: a take that fails marks `waitersKey` (for `waitersMs`), and the
 * release, while it is marked, publishes `message` on `channel`.
 */
export interface ReleaseAnnouncement {
  waitersKey: string;
  waitersMs: number;
  channel: string;
  message: string;
}

export interface LeaseOptions {
  /** How long the lease lasts without renewal (ms). */
  ms: number;
  /** The holder's token; a fresh random one by default. A take retried under it is the same take. */
  token?: string;
  /** A renewal takes the lease back when its key vanished (a Redis restart without persistence). */
  retake?: boolean;
  /** Someone may wait for the release (see ReleaseAnnouncement). */
  announce?: ReleaseAnnouncement;
}

/** A take's answer: held (with the take's fence), or how long the current holder still holds it. */
export type Taken = { held: true; fence: number } | { held: false; leftMs: number };

/** What an automatic renewal reports (it never throws). */
export interface RenewalEvents {
  /** The lease was found taken by another (the renewals stop). */
  lost?(): void;
  /** A renewal could not reach Redis (the next one tries again). */
  failed?(err: unknown): void;
}

type State = "free" | "held" | "lost";

/**
 * A lease in Redis that one holder at a time holds across processes: taken with SET NX PX under
 * the holder's token, renewed by that token only, released by compare-and-delete; a holder that
 * dies stops renewing and the lease expires after `ms`. The value under the key is the token
 * alone, so a Lua script can check the holder (`GET key == token`) in the step that writes.
 *
 * Each take counts on a counter beside the lease (fenceKey): `fence` grows with every take of
 * the key, whoever takes it, so a write carrying a holder's fence can be refused once a later
 * holder exists. It is kept FENCE_KEPT_MS past the lease's last take, and never below the Redis
 * clock in microseconds (see lease-fence.lua).
 *
 * One object is one holder (one token): it may take, lose and take again (the poller does).
 * `renew` and `hold` ask Redis only while this object believes it holds the lease; a take whose
 * answer was lost is taken again under the same token (it answers held, with the same fence).
 */
export class Lease {
  readonly token: string;
  readonly ms: number;
  private state: State = "free";
  private lastFence = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly redis: Redis,
    readonly key: string,
    private readonly options: LeaseOptions,
  ) {
    this.token = options.token ?? randomUUID();
    this.ms = options.ms;
  }

  /** The lease for a new holder, taken; undefined while another holder has it. */
  static async take(redis: Redis, key: string, options: LeaseOptions): Promise<Lease | undefined> {
    const lease = new Lease(redis, key, options);
    return (await lease.take()).held ? lease : undefined;
  }

  /** Whether this holder held the lease at its last take or renewal (and has not released it). */
  get held(): boolean {
    return this.state === "held";
  }

  /** The fence of this holder's last take (0 before its first): it grows with every take of the key. */
  get fence(): number {
    return this.lastFence;
  }

  /** Takes the lease, or answers how long its holder still holds it (marking a waiter, if any). */
  async take(): Promise<Taken> {
    const { announce } = this.options;
    const keys = [this.key, fenceKey(this.key), ...(announce ? [announce.waitersKey] : [])];
    const args = [this.token, this.ms, this.ms + FENCE_KEPT_MS, announce?.waitersMs ?? 0];
    const [held, n] = (await TAKE.run(this.redis, keys, args)) as [number, number];
    if (held !== 1) {
      if (this.state === "held") this.state = "lost";
      return { held: false, leftMs: n };
    }
    this.state = "held";
    this.lastFence = n;
    return { held: true, fence: n };
  }

  /**
   * Extends the lease while this holder holds it (with `retake`, also when its key vanished: a
   * new take, a new fence). False when it does not, from then on until it is taken again.
   */
  async renew(): Promise<boolean> {
    if (this.state !== "held") return false;
    const args = [this.token, this.ms, this.options.retake ? "1" : "0", this.ms + FENCE_KEPT_MS];
    const keys = [this.key, fenceKey(this.key)];
    const [held, fence] = (await RENEW.run(this.redis, keys, args)) as [number, number];
    if (held !== 1) {
      if (this.state === "held") this.state = "lost";
      return false;
    }
    if (fence > 0) this.lastFence = fence;
    return true;
  }

  /** Before a step that must not run unheld: renews the lease, or throws LeaseLost. */
  async hold(): Promise<void> {
    if (!(await this.renew())) throw new LeaseLost(this.key);
  }

  /**
   * Renews the lease every `everyMs` (a third of its life by default), so two renewals may fail
   * before it runs out, until it is released or found lost. The timer keeps no process alive.
   */
  keepRenewed(events: RenewalEvents = {}, everyMs = Math.max(1, Math.floor(this.ms / 3))): void {
    this.stopRenewing();
    const timer = setInterval(() => {
      if (this.state !== "held") return this.stopRenewing(timer);
      this.renew().then(
        (held) => {
          if (held) return;
          this.stopRenewing(timer);
          events.lost?.();
        },
        (err: unknown) => events.failed?.(err),
      );
    }, everyMs);
    timer.unref();
    this.timer = timer;
  }

  /**
   * Gives the lease back if this holder's token still holds it (never another holder's), and
   * announces it when someone waits. True when it was held; renewals stop either way.
   */
  async release(): Promise<boolean> {
    this.stopRenewing();
    this.state = "free";
    const { announce } = this.options;
    const keys = [this.key, ...(announce ? [announce.waitersKey] : [])];
    const args = [this.token, announce?.channel ?? "", announce?.message ?? ""];
    return Number(await RELEASE.run(this.redis, keys, args)) === 1;
  }

  private stopRenewing(timer = this.timer): void {
    clearInterval(timer);
    if (this.timer === timer) this.timer = undefined;
  }
}

/**
 * Runs `fn` under the lease `key` (life `ms`) and releases it after; "busy" while another holder
 * has it. For work done once per take. Without `renewal`, `ms` must be longer than `fn` takes;
 * with it, the lease is renewed while `fn` runs (and `renewal` hears of trouble).
 */
export async function withLease<T>(
  redis: Redis,
  key: string,
  ms: number,
  fn: (lease: Lease) => Promise<T>,
  renewal?: RenewalEvents,
): Promise<T | "busy"> {
  const lease = await Lease.take(redis, key, { ms });
  if (!lease) return "busy";
  if (renewal) lease.keepRenewed(renewal);
  try {
    return await fn(lease);
  } finally {
    await lease.release();
  }
}
