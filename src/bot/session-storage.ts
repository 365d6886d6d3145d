import type { StorageAdapter } from "grammy";
import type { Redis } from "ioredis";
import type { SessionData } from "./context.js";

/**
 * Sessions in Redis (one JSON string per chat, as `@grammyjs/storage-redis` keeps them), written
 * back only when the handling changed them. grammY's session middleware writes every session it
 * read; most updates (a menu press, /start) change nothing, and that write was a third of the
 * bot's Redis traffic. What was read is remembered per session object, so nothing outlives it.
 */
export class ChangedSessionStorage implements StorageAdapter<SessionData> {
  /** The JSON each session object was read as (or `{}` for a new, empty one). */
  private readonly readAs = new WeakMap<SessionData, string>();

  constructor(private readonly redis: Redis) {}

  /** A new chat's session: nothing is stored for it until something is put in it. */
  readonly initial = (): SessionData => {
    const fresh: SessionData = {};
    this.readAs.set(fresh, "{}");
    return fresh;
  };

  async read(key: string): Promise<SessionData | undefined> {
    const raw = await this.redis.get(key);
    if (raw === null) return undefined;
    const value = JSON.parse(raw) as SessionData;
    this.readAs.set(value, raw);
    return value;
  }

  async write(key: string, value: SessionData): Promise<void> {
    const raw = JSON.stringify(value);
    if (this.readAs.get(value) === raw) return;
    await this.redis.set(key, raw);
    this.readAs.set(value, raw);
  }

  async delete(key: string): Promise<void> {
    await this.redis.del(key);
  }
}
