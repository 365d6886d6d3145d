import { Composer } from "grammy";
import type { BotContext } from "../../context.js";
import { isAdmin, isPrivate } from "../../filters.js";

/** Every admin callback starts with this, so one check covers them all (menus included). */
export const ADMIN_CALLBACK_PREFIX = "a.";
export const ADMIN_COMMANDS = ["admin", "login", "servers"] as const;

/** Admin features run for admins in their private chat with the bot, never in a group. */
export function adminHere(ctx: BotContext): boolean {
  return isAdmin(ctx) && isPrivate(ctx);
}

/**
 * Refuses admin callbacks and commands from anyone not in ADMIN_IDS, on every update (a forged
 * or replayed button press included), and logs the attempt. Customers are not told the
 * commands exist. An admin in a group is told to use the private chat: in a group others read
 * the answers and could answer the prompts.
 */
export const adminGuard = new Composer<BotContext>();

adminGuard.on("callback_query:data", async (ctx, next) => {
  if (!ctx.callbackQuery.data.startsWith(ADMIN_CALLBACK_PREFIX) || adminHere(ctx)) return next();
  if (isAdmin(ctx)) {
    ctx.log.info({ from: ctx.from.id, chat: ctx.chat?.id }, "admin callback outside a private chat ignored");
    await ctx.answerCallbackQuery({ text: ctx.t("admin-private-only"), show_alert: true });
    return;
  }
  ctx.log.warn(
    { from: ctx.from.id, data: ctx.callbackQuery.data },
    "refused admin callback from a non-admin",
  );
  await ctx.answerCallbackQuery({ text: ctx.t("admin-refused"), show_alert: true });
});

adminGuard.command([...ADMIN_COMMANDS], async (ctx, next) => {
  if (adminHere(ctx)) return next();
  if (isAdmin(ctx)) {
    ctx.log.info({ from: ctx.from?.id, chat: ctx.chat.id }, "admin command outside a private chat ignored");
    await ctx.reply(ctx.t("admin-private-only"));
    return;
  }
  ctx.log.warn({ from: ctx.from?.id, command: ctx.message?.text }, "refused admin command from a non-admin");
  await ctx.reply(ctx.t("error-unknown-command"));
});
