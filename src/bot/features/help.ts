import { Composer } from "grammy";
import type { BotContext } from "../context.js";
import { isAdmin } from "../filters.js";

export function helpText(ctx: BotContext): string {
  const parts = [ctx.t("help-text")];
  if (isAdmin(ctx)) parts.push(ctx.t("help-admin"));
  const contact = ctx.deps.config.supportContact;
  if (contact) parts.push(ctx.t("help-support", { contact }));
  return parts.join("\n\n");
}

/**
 * The text of `key`, which tells the user to contact support, naming the contact when one is set
 * (SUPPORT_CONTACT): then `<key>-support` is used. The contact needs no escaping (see config).
 */
export function withSupport(ctx: BotContext, key: string): string {
  const contact = ctx.deps.config.supportContact;
  return contact ? ctx.t(`${key}-support`, { contact }) : ctx.t(key);
}

export const helpFeature = new Composer<BotContext>();
helpFeature.command("help", (ctx) => ctx.reply(helpText(ctx), { parse_mode: "HTML" }));
