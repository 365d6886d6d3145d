import { createHash, randomBytes } from "node:crypto";
import type { Redis } from "ioredis";

/** What a token stands for, and until when at most (ms, by the caller's clock). */
interface Held {
  subject: string;
  until: number;
}

/**
 * Short-lived bearer tokens kept in Redis (so every process honours them): each stands for a
 * subject (the caller's string), lives `idleMs` after its last use and never past `maxMs` after
 * it was issued. Only a hash of the token is stored: reading Redis does not hand out live ones.
 */
export class BearerTokens {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly life: { idleMs: number; maxMs: number },
  ) {}

  private key(token: string): string {
    return this.prefix + createHash("sha256").update(token).digest("base64url");
  }

  /** A new token for `subject` (256 random bits, base64url). */
  async issue(subject: string, now: number): Promise<string> {
    const token = randomBytes(32).toString("base64url");
    const held: Held = { subject, until: now + this.life.maxMs };
    await this.redis.set(
      this.key(token),
      JSON.stringify(held),
      "PX",
      Math.min(this.life.idleMs, this.life.maxMs),
    );
    return token;
  }

  /** The subject of a live token (its idle time starts again), or undefined. */
  async use(token: string, now: number): Promise<string | undefined> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
    const key = this.key(token);
    const raw = await this.redis.getex(key, "PX", this.life.idleMs);
    if (raw === null) return undefined;
    const held = JSON.parse(raw) as Held;
    if (held.until <= now) {
      await this.redis.del(key);
      return undefined;
    }
    return held.subject;
  }

  /** Ends a token at once. */
  async revoke(token: string): Promise<void> {
    await this.redis.del(this.key(token));
  }
}
