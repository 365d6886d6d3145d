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
 * Per-user rate limit (`@grammyjs/ratelimiter`) with its counters in Redis, so it holds across
 * bot processes. Over the limit, updates are dropped and the user is told once per window.
 * Payments are never limited (they are handled before this and not counted); admins are exempt.
 */
export function rateLimit(
  redis: Redis,
  options: RateLimitOptions = DEFAULT_RATE_LIMIT,
): MiddlewareFn<BotContext> {
  // The plugin calls `incr`, then `pexpire` on the first hit; the expiry is set inside `incr`.
  const counters = {
    incr: async (key: string) => Number(await HIT.run(redis, [key], [options.windowMs])),
    pexpire: async () => 1,
  };
  return limit<BotContext, typeof counters>({
    timeFrame: options.windowMs,
    limit: options.limit,
    storageClient: counters,
    keyPrefix: "ratelimit:",
    keyGenerator: (ctx) => (ctx.from && counted(ctx) && !isAdmin(ctx) ? String(ctx.from.id) : undefined),
    onLimitExceeded: async (ctx) => {
      ctx.log.info({ from: ctx.from?.id }, "rate limit reached; updates dropped for the rest of the window");
      const text = ctx.t("rate-limited");
      if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text, show_alert: true });
      else if (ctx.chat) await ctx.reply(text);
    },
  });
}
