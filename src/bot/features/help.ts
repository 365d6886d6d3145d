import { Composer } from "grammy";
import type { BotContext } from "../context.js";
import { isAdmin } from "../filters.js";

export function helpText(ctx: BotContext): string {
  return isAdmin(ctx) ? `${ctx.t("help-text")}\n\n${ctx.t("help-admin")}` : ctx.t("help-text");
}

export const helpFeature = new Composer<BotContext>();
helpFeature.command("help", (ctx) => ctx.reply(helpText(ctx), { parse_mode: "HTML" }));
