import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import { LuaScript } from "./lua.js";

export type ClaimResult = "claimed" | "used" | "unknown";

/** A token used once, for its own action only (lua/one-time-claim.lua). */
const CLAIM = LuaScript.load(new URL("./lua/one-time-claim.lua", import.meta.url));

/**
 * One-time tokens for confirmations that cost money or change hosting state: the confirm button
 * carries a token that can be claimed once, so a double tap (or a replayed press) acts once.
 * Each token is bound to the action it was issued for (e.g. `node:del:alice`): a token shown
 * for one confirmation cannot confirm another (another subject, another kind of action).
 */
export class OneTimeTokens {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = "once:",
  ) {}

  /** A new token for `action`, valid for `ttlSeconds` (an hour by default). */
  async issue(action: string, ttlSeconds = 3_600): Promise<string> {
    const token = randomBytes(6).toString("base64url");
    await this.redis.set(this.prefix + token, `pending|${action}`, "EX", ttlSeconds);
    return token;
  }

  /**
   * Atomically uses a token for `action`: "claimed" the first time, "used" after, "unknown"
   * when expired, forged or issued for another action.
   */
  async claim(token: string, action: string): Promise<ClaimResult> {
    const result = (await CLAIM.run(this.redis, [this.prefix + token], [action])) as number;
    return result === 1 ? "claimed" : result === 0 ? "used" : "unknown";
  }
}
