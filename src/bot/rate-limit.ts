import { limit } from "@grammyjs/ratelimiter";
import type { MiddlewareFn } from "grammy";
import type { Redis } from "ioredis";
import { LuaScript } from "../store/lua.js";
import type { BotContext } from "./context.js";
import { isAdmin } from "./filters.js";

export interface RateLimitOptions {
  /** Updates a user may send per window; the rest are dropped. */
  limit: number;
  /** The fixed window, in ms. */
  windowMs: number;
}

/** Generous for a person tapping through menus, tight for a script pressing Buy in a loop. */
export const DEFAULT_RATE_LIMIT: RateLimitOptions = { limit: 20, windowMs: 10_000 };

/** One hit of a fixed window, the counter and its expiry set in one step (lua/rate-hit.lua). */
const HIT = LuaScript.load(new URL("./lua/rate-hit.lua", import.meta.url));

/** Updates a user sends on purpose: messages (not payment notices), edits, button presses, inline queries. */
function counted(ctx: BotContext): boolean {
  const message = ctx.message;
  if (message) return message.successful_payment === undefined && message.refunded_payment === undefined;
  return ctx.editedMessage !== undefined || ctx.callbackQuery !== undefined || ctx.inlineQuery !== undefined;
}

/**
 * What a dropped update gets. A button press is always answered, once, with a short toast (an
 * unanswered one keeps its button spinning on the user's screen); any other update gets the
 * notice once per window (`first`: the update that went over the limit) and nothing after it.
 */
async function answerDropped(ctx: BotContext, first: boolean): Promise<void> {
  if (first)
    ctx.log.info({ from: ctx.from?.id }, "rate limit reached; updates dropped for the rest of the window");
  // A toast that fails (the press too old to answer) is not worth an error message to the user.
  if (ctx.callbackQuery)
    await ctx
      .answerCallbackQuery({ text: ctx.t("rate-limited-toast") })
      .catch((err: unknown) => ctx.log.debug({ err }, "a dropped press could not be answered"));
  else if (first && ctx.chat) await ctx.reply(ctx.t("rate-limited"));
}

/** The per-user rate limit as two middlewares: see {@link rateLimit}. */
export interface RateLimiter {
  /**
   * Sends the update's hit at once and goes on: placed beside the early reads (before the
   * session), the hit shares their round trip instead of costing one of its own later.
   */
  early: MiddlewareFn<BotContext>;
  /** Drops what goes over the limit (after i18n: the notice is in the user's language). */
  limit: MiddlewareFn<BotContext>;
}

/** The counter (the part before `#`) and the update's id after it: see rateLimit. */
const counterKey = (ctx: BotContext): string | undefined =>
  ctx.from && counted(ctx) && !isAdmin(ctx) ? `${ctx.from.id}#${ctx.update.update_id}` : undefined;

const PREFIX = "ratelimit:";

/**
 * Per-user rate limit (`@grammyjs/ratelimiter`) with its counters in Redis, so it holds across
 * bot processes. Over the limit, updates are dropped: the user is told once per window, and every
 * dropped button press is answered with a toast (one answer per press: nothing more is sent).
 * Payments are never limited (they are handled before this and not counted); admins are exempt.
 * Every counted update is hit exactly once: early when it passed `early`, else by `limit`.
 */
export function rateLimit(redis: Redis, options: RateLimitOptions = DEFAULT_RATE_LIMIT): RateLimiter {
  const hit = (counter: string) => HIT.run(redis, [counter], [options.windowMs]).then(Number);
  // Hits sent early, by the plugin's key; taken by `incr`, dropped when the update ends anyway.
  const sent = new Map<string, Promise<number>>();
  const early: MiddlewareFn<BotContext> = (ctx, next) => {
    const key = counterKey(ctx);
    if (key === undefined) return next();
    const full = PREFIX + key;
    const pending = hit(full.split("#")[0] ?? full);
    // Awaited by `incr`; an update that ends before it (an error on the way) must not leave an
    // unhandled rejection.
    pending.catch(() => undefined);
    sent.set(full, pending);
    // A reaction, not an async frame, waits through the update.
    return next().finally(() => sent.delete(full));
  };
  // The plugin calls `incr`, then `pexpire` on the first hit; the expiry is set inside `incr`.
  // Its key carries the update's id after `#` (the counter is the user's, the part before it), so
  // the hit count of an update over the limit reaches onLimitExceeded, which takes it out again.
  const over = new Map<string, number>();
  const counters = {
    incr: async (key: string) => {
      const [counter = key, update] = key.split("#");
      const pending = sent.get(key);
      sent.delete(key);
      const hits = await (pending ?? hit(counter));
      if (hits > options.limit && update) over.set(update, hits);
      return hits;
    },
    pexpire: async () => 1,
  };
  const taken = (ctx: BotContext) => {
    const id = String(ctx.update.update_id);
    const hits = over.get(id);
    over.delete(id);
    return hits;
  };
  const limited = limit<BotContext, typeof counters>({
    timeFrame: options.windowMs,
    limit: options.limit,
    storageClient: counters,
    keyPrefix: PREFIX,
    keyGenerator: counterKey,
    // Called for every update over the limit (by default only for the first of a window).
    alwaysReply: true,
    onLimitExceeded: async (ctx) => answerDropped(ctx, taken(ctx) === options.limit + 1),
  });
  return { early, limit: limited };
}
