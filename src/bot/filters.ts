import type { Context, Middleware, MiddlewareFn } from "grammy";
import type { BotDeps } from "./context.js";
import { chain } from "./routes.js";
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
