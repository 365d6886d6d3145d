import type { Api, Transformer } from "grammy";
import type { Redis } from "ioredis";
import { countFloods } from "../runtime/telegram-retry.js";
import { LuaScript } from "../store/lua.js";

/**
 * Messages a second the bot as a whole sends at most: Telegram allows about 30 (past it every
 * send is refused with 429 for `retry_after` seconds, a customer's reply included); one is kept
 * in hand for the clocks of several processes.
 */
export const SEND_LIMIT_PER_SECOND = 29;
/**
 * How far ahead of the steady rate a burst may go, in seconds' worth of messages: half a second's
 * (14) at once after a quiet spell. Telegram's limit admits about a second's worth at once; the
 * other half covers replies, counted here up to FLUSH_MS late, and the clocks of several processes
 * (0.8 let 6 sends of bench/orders-burst.ts meet a 429 in one run of three; 0.5, none in four).
 */
export const SEND_BURST_SECONDS = 0.5;
/** The budget's key outlives the last place taken by this long (ms). */
const KEY_TTL_MS = 3_000;
/** How long counted replies wait to be written together. */
const FLUSH_MS = 100;
/** When the next message's place comes, at the steady rate (ms; one key for the whole bot). */
const NEXT_KEY = "tg:sends:next";
/** Set by a 429 for its retry_after: every process's outbox waits it out. */
const HOLD_KEY = "tg:sends:hold";
const TAKE = LuaScript.load(new URL("./lua/send-budget-take.lua", import.meta.url));

/** The Bot API methods that send a message, which Telegram's overall limit counts. */
const SENDING = new Set([
  "sendMessage",
  "sendPhoto",
  "sendDocument",
  "sendVideo",
  "sendAnimation",
  "sendInvoice",
  "sendMediaGroup",
  "copyMessage",
  "forwardMessage",
]);

/**
 * Telegram's overall limit shared by every process of the bot, kept in Redis as a steady rate
 * with a small burst (send-budget-take.lua). Replies to customers are counted and never held back;
 * the outbox takes the places they left: a broadcast yields to the chats in front of customers,
 * and the bot as a whole stays under the limit instead of meeting its 429s (which would hold the
 * replies up too).
 */
export class SendBudget {
  /** Until when Telegram refuses this bot's messages (a 429's retry_after), as this process heard. */
  private heldUntil = 0;
  /** Replies counted and not yet written. */
  private pending = 0;
  private flushTimer: NodeJS.Timeout | undefined;
  /** One message's share of a second, ms. */
  private readonly interval: number;

  constructor(
    private readonly redis: Redis,
    perSecond = SEND_LIMIT_PER_SECOND,
    private readonly now: () => number = Date.now,
  ) {
    this.interval = 1000 / perSecond;
  }

  /**
   * Telegram answered 429 with `retryAfterSeconds`: every send waits that out (a send before it
   * would be refused again and lengthen the wait), in this process at once and in the others'
   * outboxes through Redis.
   */
  hold(retryAfterSeconds: number | undefined): void {
    if (!retryAfterSeconds || retryAfterSeconds <= 0) return;
    const ms = retryAfterSeconds * 1000;
    this.heldUntil = Math.max(this.heldUntil, this.now() + ms);
    this.redis.set(HOLD_KEY, "1", "PX", ms).catch(() => undefined);
  }

  /** Resolves once the last 429's retry_after heard here has run out (at once when none runs). */
  /** Is a 429's retry_after running now? */
  held(): boolean {
    return this.heldUntil > this.now();
  }

  async gate(): Promise<void> {
    for (let wait = this.heldUntil - this.now(); wait > 0; wait = this.heldUntil - this.now())
      await new Promise((resolve) => setTimeout(resolve, wait));
  }

  /**
   * Counts a message that goes anyway (a reply); nobody waits for the count. Counts are kept here
   * and written once per {@link FLUSH_MS} (one Redis round trip per 100 ms, not one per reply):
   * the outbox may see a reply up to that late, which the burst's margin covers.
   */
  count(): void {
    this.pending++;
    this.flushTimer ??= setTimeout(() => this.flush(), FLUSH_MS);
    this.flushTimer.unref?.();
  }

  private flush(): void {
    this.flushTimer = undefined;
    const n = this.pending;
    this.pending = 0;
    // Taken past the burst and the hold: the replies went anyway.
    const args = [this.now(), this.interval, n, "", KEY_TTL_MS];
    TAKE.run(this.redis, [NEXT_KEY, HOLD_KEY], args).catch(() => undefined);
  }

  /**
   * Takes one message's place: 0 when it may go, else the ms to wait (until a place frees up, or
   * until a 429's retry_after has run out).
   */
  async take(): Promise<number> {
    const burst = SEND_BURST_SECONDS * 1000;
    const args = [this.now(), this.interval, 1, burst, KEY_TTL_MS];
    const wait = Number(await TAKE.run(this.redis, [NEXT_KEY, HOLD_KEY], args));
    return Math.abs(wait);
  }
}

/**
 * Counts every message `api` sends into `budget` (the bot's replies, direct notices), and holds
 * each back while a 429's retry_after runs (`budget.hold`, told by the flood listener, which
 * hears every 429 as it comes, auto-retry's too).
 */
export function countSends(api: Api, budget: SendBudget): void {
  const counting: Transformer = (prev, method, payload, signal) => {
    if (!SENDING.has(method)) return prev(method, payload, signal);
    // Not held (nearly always): no frame of this one waits with the call on Telegram.
    if (!budget.held()) {
      budget.count();
      return prev(method, payload, signal);
    }
    return budget.gate().then(() => {
      budget.count();
      return prev(method, payload, signal);
    });
  };
  api.config.use(counting);
}

/**
 * Makes each attempt of a message `api` sends wait for its place in the budget, as the
 * outbox's do: for sends nobody is watching the screen for (an order's delivery, staff notices).
 * Install it before the retries (`retryOnFlood`), so a retry after a 429 takes its place too:
 * counted only, a burst of 50 paid orders went past Telegram's limit, and when the 429's
 * retry_after ran out every delivery held by it went again at once, past the limit again, and
 * was refused again (36 of the 52 sends bench/orders-burst.ts counted during a retry_after).
 */
export function takeSends(api: Api, budget: SendBudget): void {
  const taking: Transformer = async (prev, method, payload, signal) => {
    if (SENDING.has(method)) {
      for (let wait = await budget.take(); wait > 0; wait = await budget.take())
        await new Promise((resolve) => setTimeout(resolve, wait));
    }
    return prev(method, payload, signal);
  };
  api.config.use(taking);
}

/**
 * Puts a process's Apis under `budget`: a 429 any of `heard` receives holds every send (and is
 * counted in the metrics through `observeFlood`); what `counted` sends takes its place in the budget.
 */
export function underBudget(
  budget: SendBudget,
  apis: { heard: Api[]; counted: Api[] },
  observeFlood: (method: string) => void,
): SendBudget {
  for (const api of apis.heard) {
    countFloods(api, (method, retryAfter) => {
      observeFlood(method);
      budget.hold(retryAfter);
    });
  }
  for (const api of apis.counted) countSends(api, budget);
  return budget;
}
