import type { Context } from "grammy";
import type { BotDeps } from "./context.js";

/** True when the update comes from a user listed in ADMIN_IDS. Checked on every admin action. */
export function isAdmin(ctx: Context & { deps: BotDeps }): boolean {
  const id = ctx.from?.id;
  return id !== undefined && ctx.deps.config.adminIds.includes(id);
}

export function isPrivate(ctx: Context): boolean {
  return ctx.chat?.type === "private";
}
