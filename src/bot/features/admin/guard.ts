import { Composer } from "grammy";
import type { BotContext } from "../../context.js";
import { isAdmin } from "../../filters.js";

/** Every admin callback starts with this, so one check covers them all (menus included). */
export const ADMIN_CALLBACK_PREFIX = "a.";
export const ADMIN_COMMANDS = ["admin", "login", "servers"] as const;

/**
 * Refuses admin callbacks and commands from anyone not in ADMIN_IDS, on every update (a forged
 * or replayed button press included), and logs the attempt. Customers are not told the
 * commands exist.
 */
export const adminGuard = new Composer<BotContext>();

adminGuard.on("callback_query:data", async (ctx, next) => {
  if (!ctx.callbackQuery.data.startsWith(ADMIN_CALLBACK_PREFIX) || isAdmin(ctx)) return next();
  ctx.log.warn(
    { from: ctx.from.id, data: ctx.callbackQuery.data },
    "refused admin callback from a non-admin",
  );
  await ctx.answerCallbackQuery({ text: ctx.t("admin-refused"), show_alert: true });
});

adminGuard.command([...ADMIN_COMMANDS], async (ctx, next) => {
  if (isAdmin(ctx)) return next();
  ctx.log.warn({ from: ctx.from?.id, command: ctx.message?.text }, "refused admin command from a non-admin");
  await ctx.reply(ctx.t("error-unknown-command"));
});
