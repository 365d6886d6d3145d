import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import type { Logger } from "../../runtime/logger.js";
import { LuaScript } from "../../store/lua.js";

/** The run gave up its lease (it ran out and another run took it): it stops writing. */
export class LeaseLost extends Error {
  constructor() {
    super("the reconciliation's lease was lost");
    this.name = "LeaseLost";
  }
}

/** KEYS: lease. ARGV: token, ms. Extends the lease only while it is still this holder's. */
const RENEW = new LuaScript(
  `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0`,
);
/** KEYS: lease. ARGV: token. Gives it back only while it is still this holder's. */
const RELEASE = new LuaScript(
  `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`,
);

/**
 * One holder at a time across processes: SET NX PX under a random token, renewed every third of
 * its life while the holder works (compare token, Lua), so a long run keeps it; `hold()` before a
 * write says whether it still does (and renews it), so a run that stalled past its life and lost
 * the lease to another writes nothing further.
 */
export class RunLease {
  private lost = false;
  private readonly timer: NodeJS.Timeout;

  private constructor(
    private readonly redis: Redis,
    readonly key: string,
    readonly token: string,
    private readonly ms: number,
    logger: Logger,
  ) {
    this.timer = setInterval(
      () => {
        this.renew().catch((err: unknown) => logger.warn({ err, lease: key }, "lease renewal failed"));
      },
      Math.max(1, Math.floor(ms / 3)),
    );
    this.timer.unref();
  }

  /** The lease, or undefined while another holder has it. */
  static async take(redis: Redis, key: string, ms: number, logger: Logger): Promise<RunLease | undefined> {
    const token = randomUUID();
    const got = await redis.set(key, token, "PX", ms, "NX");
    return got ? new RunLease(redis, key, token, ms, logger) : undefined;
  }

  /** Throws LeaseLost unless the lease is still held (renewing it). */
  async hold(): Promise<void> {
    if (this.lost || !(await this.renew())) throw new LeaseLost();
  }

  async release(): Promise<void> {
    clearInterval(this.timer);
    await RELEASE.run(this.redis, [this.key], [this.token]);
  }

  private async renew(): Promise<boolean> {
    if (this.lost) return false;
    const held = Number(await RENEW.run(this.redis, [this.key], [this.token, this.ms])) === 1;
    if (!held) this.lost = true;
    return held;
  }
}
