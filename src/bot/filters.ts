import { Composer, type Context, type Middleware, type MiddlewareFn } from "grammy";
import type { BotDeps } from "./context.js";

/** True when the update comes from a user listed in ADMIN_IDS. Checked on every admin action. */
export function isAdmin(ctx: Context & { deps: BotDeps }): boolean {
  const id = ctx.from?.id;
  return id !== undefined && ctx.deps.config.adminIds.includes(id);
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
  const inner = new Composer<C>(...middleware).middleware();
  return (ctx, next) => (predicate(ctx) ? inner(ctx, next) : next());
}
