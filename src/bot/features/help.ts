import { InlineKeyboard } from "grammy";
import { MAIN_MENU } from "../../render/shop-callbacks.js";
import { TICKET_WRITE } from "../../render/ticket-callbacks.js";
import type { BotContext } from "../context.js";
import { isAdmin } from "../filters.js";
import { Routes } from "../routes.js";
import { show, type View } from "../views/show.js";

export function helpText(ctx: BotContext): string {
  const parts = [ctx.t("help-text")];
  if (isAdmin(ctx)) parts.push(ctx.t("help-admin"));
  const contact = ctx.deps.config.supportContact;
  if (contact) parts.push(ctx.t("help-support", { contact }));
  return parts.join("\n\n");
}

/**
 * The help screen with its way back: « Back to the main menu it was opened from (`menu`), or
 * « Main menu under /help (`command`); in a private chat, "Write to support" opens a ticket.
 */
export function helpView(ctx: BotContext, from: "menu" | "command"): View {
  const text = helpText(ctx);
  const label = from === "menu" ? "menu-back" : "menu-main";
  const keyboard = new InlineKeyboard();
  if (ctx.chat?.type === "private") keyboard.text(ctx.t("help-ticket-write"), TICKET_WRITE).row();
  return { text, keyboard: keyboard.text(ctx.t(label), MAIN_MENU) };
}

/**
 * The text of `key`, which tells the user to contact support, naming the contact when one is set
 * (SUPPORT_CONTACT): then `<key>-support` is used. The contact needs no escaping (see config).
 */
export function withSupport(ctx: BotContext, key: string): string {
  const contact = ctx.deps.config.supportContact;
  return contact ? ctx.t(`${key}-support`, { contact }) : ctx.t(key);
}

export const helpFeature = new Routes<BotContext>();
helpFeature.command("help", (ctx) => show(ctx, helpView(ctx, "command")));
