import type { StorageAdapter } from "grammy";
import type { Redis } from "ioredis";
import { LuaScript } from "../store/lua.js";
import { type ChatLockHolder, ChatLockLostError } from "./chat-lock.js";
import type { SessionData } from "./context.js";

const GUARDED_WRITE = LuaScript.load(new URL("./lua/session-write.lua", import.meta.url));

/** The chat lock this process holds for a session's key, if any (webhook replicas). */
export type SessionLockOf = (sessionKey: string) => ChatLockHolder | undefined;

/**
 * Sessions in Redis (one JSON string per chat, as `@grammyjs/storage-redis` keeps them), written
 * back only when the handling changed them. grammY's session middleware writes every session it
 * read; most updates (a menu press, /start) change nothing, and that write was a third of the
 * bot's Redis traffic. What was read is remembered per session object, so nothing outlives it.
 *
 * With a chat lock (`lockOf`), a session is written only while the update's lock still carries
 * its token, in one Lua step: an update whose lock was lost (it ran out in a stall, a failover
 * lost it) would overwrite what the next holder wrote, a conversation in progress included. Its
 * write is refused with ChatLockLostError (the error boundary tells the user politely).
 */
export class ChangedSessionStorage implements StorageAdapter<SessionData> {
  /** The JSON each session object was read as (or `{}` for a new, empty one). */
  private readonly readAs = new WeakMap<SessionData, string>();

  constructor(
    private readonly redis: Redis,
    private readonly lockOf?: SessionLockOf,
  ) {}

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
    const lock = this.lockOf?.(key);
    if (lock) await this.guarded(key, lock, "set", raw);
    else await this.redis.set(key, raw);
    this.readAs.set(value, raw);
  }

  async delete(key: string): Promise<void> {
    const lock = this.lockOf?.(key);
    if (lock) await this.guarded(key, lock, "del", "");
    else await this.redis.del(key);
  }

  /** Writes or deletes the session while `lock` still holds the chat; ChatLockLostError otherwise. */
  private async guarded(key: string, lock: ChatLockHolder, op: "set" | "del", raw: string): Promise<void> {
    const done = await GUARDED_WRITE.run(this.redis, [key, lock.key], [lock.token, op, raw]);
    if (Number(done) !== 1) throw new ChatLockLostError(lock.chat);
  }
}
