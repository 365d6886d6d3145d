import type { Context, Middleware, MiddlewareFn } from "grammy";
import type { BotDeps } from "./context.js";
import { staffIndexOf } from "./staff.js";

/**
 * True when the update comes from a staff member (an owner in ADMIN_IDS, or one the owners added),
 * as this process last read the staff: for routing only. What a member may do is checked against
 * the role stored now, on every action (bot/staff.ts, StaffRoster.require).
 */
export function isAdmin(ctx: Context & { deps: BotDeps }): boolean {
  const id = ctx.from?.id;
  return id !== undefined && staffIndexOf(ctx.deps.staff.roster).has(id);
}

export function isPrivate(ctx: Context): boolean {
  return ctx.chat?.type === "private";
}

/**
 * Runs `middleware` only for updates `predicate` accepts; the others go straight on. grammY's own
 * `filter` builds a new Composer on every update it looks at, whatever the answer, and an update
 * passed about twenty of them: this one costs a function call where it says no.
 */
export function when<C extends Context>(
  predicate: (ctx: C) => boolean,
  ...middleware: Middleware<C>[]
): MiddlewareFn<C> {
  const inner = chain(...middleware);
  return (ctx, next) => (predicate(ctx) ? inner(ctx, next) : next());
}

/**
 * Runs `middleware` in order, each one's `next` the rest, as a Composer does, but without the two
 * async functions grammY puts around every layer: an update waiting on Telegram held about fifty
 * suspended frames (and their promises) through every young-generation collection, and with
 * hundreds of updates in flight that copying was the bot's extra CPU (issue 29).
 */
export function chain<C extends Context>(...middleware: Middleware<C>[]): MiddlewareFn<C> {
  // A Composer is asked for its handler on each update, as grammY does: routes added later count.
  const layers = middleware.map(
    (m): MiddlewareFn<C> => (typeof m === "function" ? m : (ctx, next) => m.middleware()(ctx, next)),
  );
  const [only] = layers;
  if (layers.length === 1 && only) return only;
  return (ctx, next) => {
    const step = (i: number): Promise<void> => {
      const layer = layers[i];
      if (!layer) return next();
      try {
        const result = layer(ctx, () => step(i + 1));
        return result instanceof Promise ? (result as Promise<void>) : Promise.resolve();
      } catch (err) {
        return Promise.reject(err);
      }
    };
    return step(0);
  };
}
