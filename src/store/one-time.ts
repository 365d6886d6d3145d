import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";

export type ClaimResult = "claimed" | "used" | "unknown";

/**
 * KEYS: token. ARGV: action. The value is `<state>|<action>`. A token of another action is
 * answered as unknown and stays unspent (it still confirms what it was issued for).
 */
const CLAIM = `
local v = redis.call('GET', KEYS[1])
if not v then return -1 end
local bar = string.find(v, '|', 1, true)
if not bar or string.sub(v, bar + 1) ~= ARGV[1] then return -1 end
if string.sub(v, 1, bar - 1) == 'pending' then
  redis.call('SET', KEYS[1], 'used|' .. ARGV[1], 'KEEPTTL')
  return 1
end
return 0`;

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
    const result = (await this.redis.eval(CLAIM, 1, this.prefix + token, action)) as number;
    return result === 1 ? "claimed" : result === 0 ? "used" : "unknown";
  }
}
