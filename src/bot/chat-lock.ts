import { randomUUID } from "node:crypto";
import type { Context, MiddlewareFn } from "grammy";
import type { Redis } from "ioredis";
import type { Logger } from "../runtime/logger.js";
import { LuaScript } from "../store/lua.js";

/**
 * Takes the chat's lock (-1), or marks that someone waits for it (so its release wakes them) and
 * answers how long the holder's lock still runs (ms; -1 from PTTL is never returned here).
 */
const ACQUIRE = new LuaScript(`
if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return -1 end
redis.call('set', KEYS[2], '1', 'PX', ARGV[3])
return math.max(redis.call('pttl', KEYS[1]), 0)
`);

/** Extends the lock while this token holds it. */
const RENEW = new LuaScript(`
if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end
return 0
`);

/** Deletes the lock only if this token holds it; wakes the waiters, if any, in every process. */
const RELEASE = new LuaScript(`
if redis.call('get', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('del', KEYS[1])
if redis.call('exists', KEYS[2]) == 1 then redis.call('publish', ARGV[2], ARGV[3]) end
return 1
`);

/** Where releases that someone waits for are announced (the chat's key as the message). */
export const CHAT_LOCK_CHANNEL = "lock:chat:released";
export const chatLockKey = (chat: string): string => `lock:chat:${chat}`;
const waitersKey = (chat: string): string => `lock:chat:${chat}:waiters`;

/** How long a lock lasts without renewal: a killed process blocks its chats this long at most. */
export const CHAT_LOCK_TTL_MS = 8_000;
/** How long an update waits for its chat's lock before it is answered with an error. */
export const CHAT_LOCK_WAIT_MS = 10_000;
/** A waiter looks again at least this often, should a wake-up be missed (a reconnect). */
const LOOK_AGAIN_MS = 1_000;
/** How often a waiter looks when the wake-up channel cannot be subscribed to. */
const POLL_MS = 100;

export interface ChatLockOptions {
  ttlMs?: number;
  waitMs?: number;
  logger?: Logger;
  /** Overrides {@link LOOK_AGAIN_MS} (tests: a long one proves the wake-up). */
  lookAgainMs?: number;
}

/** A held lock: renewed until released. */
export interface HeldChatLock {
  release(): Promise<void>;
}

/** The update's chat stayed locked by another process for the whole wait. */
export class ChatBusyError extends Error {
  constructor(
    readonly chat: string,
    waitedMs: number,
  ) {
    super(`chat ${chat} stayed locked by another update for ${waitedMs} ms`);
    this.name = "ChatBusyError";
  }
}

/**
 * One update of a chat at a time across every process sharing the Redis (webhook replicas behind
 * a load balancer). SET NX PX under a random token, renewed while the handler runs, released by
 * compare-and-delete. Waiters are woken by a publish on release (one subscriber connection per
 * process, opened at the first wait), and look again at the holder's expiry in case it died.
 */
export class ChatLock {
  readonly ttlMs: number;
  readonly waitMs: number;
  private readonly wakeups: Wakeups;

  constructor(
    private readonly redis: Redis,
    private readonly options: ChatLockOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? CHAT_LOCK_TTL_MS;
    this.waitMs = options.waitMs ?? CHAT_LOCK_WAIT_MS;
    this.wakeups = new Wakeups(redis, options.logger);
  }

  /** The chat's lock, held by this call; undefined when it stayed taken for the whole wait. */
  async acquire(chat: string): Promise<HeldChatLock | undefined> {
    const token = randomUUID();
    const keys = [chatLockKey(chat), waitersKey(chat)];
    const args = [token, this.ttlMs, this.waitMs + this.ttlMs];
    const deadline = Date.now() + this.waitMs;
    for (;;) {
      // Registered before the attempt: a release right after a failed attempt still wakes us.
      const woken = this.wakeups.listening ? this.wakeups.next(chat) : undefined;
      const holderLeftMs = Number(await ACQUIRE.run(this.redis, keys, args).catch(cancelling(woken)));
      if (holderLeftMs === -1) {
        woken?.cancel();
        return this.held(chat, token);
      }
      const left = deadline - Date.now();
      if (left <= 0) {
        woken?.cancel();
        return undefined;
      }
      if (!woken) {
        // The first wait of this process: subscribe, then try again at once.
        const listening = (await this.wakeups.listen()) && this.wakeups.listening;
        if (!listening) await pause(Math.min(POLL_MS, left));
        continue;
      }
      const lookAgain = this.options.lookAgainMs ?? LOOK_AGAIN_MS;
      await woken.within(Math.min(left, holderLeftMs + 10, lookAgain));
    }
  }

  /** Closes the wake-up connection (at shutdown). */
  close(): Promise<void> {
    return this.wakeups.close();
  }

  private held(chat: string, token: string): HeldChatLock {
    const key = chatLockKey(chat);
    const log = this.options.logger;
    const renewal = setInterval(
      () => {
        RENEW.run(this.redis, [key], [token, this.ttlMs])
          .then((renewed) => {
            if (Number(renewed) !== 1) log?.warn({ chat }, "chat lock lost while its update still ran");
          })
          .catch((err: unknown) => log?.warn({ err, chat }, "could not renew a chat lock"));
      },
      Math.floor(this.ttlMs / 3),
    );
    renewal.unref();
    return {
      release: async () => {
        clearInterval(renewal);
        await RELEASE.run(this.redis, [key, waitersKey(chat)], [token, CHAT_LOCK_CHANNEL, chat]).catch(
          (err: unknown) => log?.warn({ err, chat }, "could not release a chat lock; it expires by itself"),
        );
      },
    };
  }
}

/**
 * Middleware holding the update's chat lock around everything after it (the session's read, the
 * handling, the session's write). An update whose chat stays locked past the wait is not handled:
 * ChatBusyError goes to the error boundary, which logs it and tells the user politely.
 */
export function chatLocked<C extends Context>(
  lock: ChatLock,
  keyOf: (ctx: C) => string | undefined,
): MiddlewareFn<C> {
  return async (ctx, next) => {
    const chat = keyOf(ctx);
    if (chat === undefined) return next();
    const held = await lock.acquire(chat);
    if (!held) throw new ChatBusyError(chat, lock.waitMs);
    try {
      await next();
    } finally {
      await held.release();
    }
  };
}

interface Wakeup {
  /** Resolves on the chat's next release, or after `ms`. */
  within(ms: number): Promise<void>;
  cancel(): void;
}

/** Release announcements of this process's waiters, on one subscriber connection. */
class Wakeups {
  private readonly waiting = new Map<string, Set<() => void>>();
  private subscriber: Redis | undefined;
  private subscribing: Promise<boolean> | undefined;
  listening = false;

  constructor(
    private readonly redis: Redis,
    private readonly logger: Logger | undefined,
  ) {}

  /** Subscribes once (true when listening; false: waiters poll). */
  listen(): Promise<boolean> {
    this.subscribing ??= this.subscribe();
    return this.subscribing;
  }

  next(chat: string): Wakeup {
    let wake = () => {};
    const woken = new Promise<void>((resolve) => {
      wake = resolve;
    });
    const set = this.waiting.get(chat) ?? new Set();
    this.waiting.set(chat, set);
    set.add(wake);
    const cancel = () => {
      set.delete(wake);
      if (set.size === 0 && this.waiting.get(chat) === set) this.waiting.delete(chat);
      wake();
    };
    return {
      cancel,
      within: async (ms) => {
        const timer = setTimeout(cancel, Math.max(ms, 0));
        await woken;
        clearTimeout(timer);
        cancel();
      },
    };
  }

  async close(): Promise<void> {
    const sub = this.subscriber;
    this.subscriber = undefined;
    this.listening = false;
    for (const set of this.waiting.values()) for (const wake of set) wake();
    if (sub) await sub.quit().catch(() => sub.disconnect());
  }

  private async subscribe(): Promise<boolean> {
    const sub = this.redis.duplicate({
      lazyConnect: true,
      enableOfflineQueue: true,
      enableAutoPipelining: false,
      maxRetriesPerRequest: null,
    });
    sub.on("error", (err: Error) => this.logger?.debug({ err }, "chat lock wake-up connection error"));
    sub.on("message", (_channel: string, chat: string) => {
      for (const wake of this.waiting.get(chat) ?? []) wake();
    });
    this.subscriber = sub;
    try {
      await sub.connect();
      await sub.subscribe(CHAT_LOCK_CHANNEL);
      this.listening = true;
      return true;
    } catch (err) {
      this.logger?.warn({ err }, "chat lock wake-ups unavailable; waiters poll");
      return false;
    }
  }
}

/** On a failed attempt, the registered wake-up is dropped before the error goes on. */
function cancelling(woken: Wakeup | undefined): (err: unknown) => never {
  return (err) => {
    woken?.cancel();
    throw err;
  };
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
