import type { Redis } from "ioredis";
import { LuaScript } from "./lua.js";

/** A budget: `capacity` takes at once, given back evenly over `refillMs` (so that many per `refillMs`). */
export interface Budget {
  capacity: number;
  refillMs: number;
}

/** A take granted, or refused with how long until it would be granted (ms, at least 1). */
export type Take = { ok: true } | { ok: false; retryAfterMs: number };

/** One token bucket, read, refilled and spent in one step (lua/rate-take.lua). */
const TAKE = LuaScript.load(new URL("./lua/rate-take.lua", import.meta.url));

/**
 * Rate budgets kept in Redis, so one budget holds across every process sharing it: a token
 * bucket per key, timed by the Redis server's clock (processes' clocks may differ). A refused
 * take spends nothing. A bucket left alone expires once it would be full again.
 */
export class RateBudgets {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  /** Takes `cost` from the bucket `name` under `budget`. */
  async take(name: string, budget: Budget, cost = 1): Promise<Take> {
    const [taken, waitMs] = (await TAKE.run(
      this.redis,
      [this.prefix + name],
      [budget.capacity, budget.refillMs, cost],
    )) as [number, number];
    return taken === 1 ? { ok: true } : { ok: false, retryAfterMs: Math.max(1, waitMs) };
  }
}
