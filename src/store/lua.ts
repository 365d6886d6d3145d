import { createHash } from "node:crypto";
import type { Redis } from "ioredis";

/**
 * A Lua script run with EVALSHA, loaded on first use (and again after a Redis restart).
 * Each script is one atomic step: what money code needs.
 */
export class LuaScript {
  private readonly sha: string;

  constructor(private readonly source: string) {
    this.sha = createHash("sha1").update(source).digest("hex");
  }

  async run(redis: Redis, keys: readonly string[], args: readonly (string | number)[]): Promise<unknown> {
    try {
      return await redis.evalsha(this.sha, keys.length, ...keys, ...args);
    } catch (err) {
      if (!(err instanceof Error) || !err.message.includes("NOSCRIPT")) throw err;
      return redis.eval(this.source, keys.length, ...keys, ...args);
    }
  }
}
