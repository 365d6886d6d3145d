import type { Context, MiddlewareFn } from "grammy";
import type { Redis } from "ioredis";
import type { Logger } from "../runtime/logger.js";
import { Lease } from "../store/lease.js";

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
  /** The take's fence (store/lease.ts): it grows with every take of the chat's lock. */
  readonly fence: number;
  release(): Promise<void>;
}

/** A chat lock this process holds: the lock's key and the holder's token (for a guarded write). */
export interface ChatLockHolder {
  readonly chat: string;
  readonly key: string;
  readonly token: string;
}

/**
 * An update's chat lock was lost before its session was written (it ran out in a stall, a
 * failover lost it): another update of the chat may have run since, so its write was refused.
 */
export class ChatLockLostError extends Error {
  constructor(readonly chat: string) {
    super(`chat ${chat}'s lock was lost before its update's session was written; the write was refused`);
    this.name = "ChatLockLostError";
  }
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
 * a load balancer): a lease per chat (store/lease.ts) under a random token, renewed while the
 * handler runs, released by compare-and-delete. Waiters are woken by a publish on release (one
 * subscriber connection per process, opened at the first wait), and look again at the holder's
 * expiry in case it died.
 */
export class ChatLock {
  readonly ttlMs: number;
  readonly waitMs: number;
  private readonly wakeups: Wakeups;
  /** The locks this process holds now, by chat (sequentialize: one update of a chat at a time). */
  private readonly holding = new Map<string, Lease>();

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
    const lease = this.leaseOf(chat);
    const deadline = Date.now() + this.waitMs;
    for (;;) {
      // Registered before the attempt: a release right after a failed attempt still wakes us.
      const woken = this.wakeups.listening ? this.wakeups.next(chat) : undefined;
      const got = await lease.take().catch(cancelling(woken));
      if (got.held) {
        woken?.cancel();
        return this.held(chat, lease);
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
      await woken.within(Math.min(left, got.leftMs + 10, lookAgain));
    }
  }

  /**
   * The lock this process holds on `chat` (taken, not yet released), even if it was lost since:
   * a write carrying its token is refused once another holder has the chat. Undefined when none.
   */
  holder(chat: string): ChatLockHolder | undefined {
    const lease = this.holding.get(chat);
    return lease ? { chat, key: lease.key, token: lease.token } : undefined;
  }

  /** Closes the wake-up connection (at shutdown). */
  close(): Promise<void> {
    return this.wakeups.close();
  }

  /**
   * The chat's lease: a take that fails marks that someone waits (for the whole wait and a lock's
   * life), and the release, while marked, wakes the waiters of every process.
   */
  private leaseOf(chat: string): Lease {
    const announce = {
      waitersKey: waitersKey(chat),
      waitersMs: this.waitMs + this.ttlMs,
      channel: CHAT_LOCK_CHANNEL,
      message: chat,
    };
    return new Lease(this.redis, chatLockKey(chat), { ms: this.ttlMs, announce });
  }

  private held(chat: string, lease: Lease): HeldChatLock {
    const log = this.options.logger;
    lease.keepRenewed({
      lost: () => log?.warn({ chat }, "chat lock lost while its update still ran"),
      failed: (err) => log?.warn({ err, chat }, "could not renew a chat lock"),
    });
    this.holding.set(chat, lease);
    return {
      fence: lease.fence,
      release: async () => {
        if (this.holding.get(chat) === lease) this.holding.delete(chat);
        await lease.release().catch((err: unknown) => {
          log?.warn({ err, chat }, "could not release a chat lock; it expires by itself");
        });
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
