import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";

export type ClaimResult = "claimed" | "used" | "unknown";

const CLAIM = `
local v = redis.call('GET', KEYS[1])
if v == 'pending' then
  redis.call('SET', KEYS[1], 'used', 'KEEPTTL')
  return 1
elseif v then
  return 0
end
return -1`;

/**
 * One-time tokens for confirmations that cost money or change hosting state: the confirm button
 * carries a token that can be claimed once, so a double tap (or a replayed press) acts once.
 */
export class OneTimeTokens {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = "once:",
  ) {}

  /** A new token, valid for `ttlSeconds` (an hour by default). */
  async issue(ttlSeconds = 3_600): Promise<string> {
    const token = randomBytes(6).toString("base64url");
    await this.redis.set(this.prefix + token, "pending", "EX", ttlSeconds);
    return token;
  }

  /** Atomically uses a token: "claimed" the first time, "used" after, "unknown" when expired or forged. */
  async claim(token: string): Promise<ClaimResult> {
    const result = (await this.redis.eval(CLAIM, 1, this.prefix + token)) as number;
    return result === 1 ? "claimed" : result === 0 ? "used" : "unknown";
  }
}
