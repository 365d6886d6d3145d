import { InlineKeyboard } from "grammy";
import type { InlineKeyboardMarkup } from "grammy/types";
import { cabinetUrl } from "../../config.js";
import { menuCb } from "../../render/shop-callbacks.js";
import type { BotContext } from "../context.js";
import { isAdmin } from "../filters.js";
import { localeOf } from "../i18n.js";

export function greeting(ctx: BotContext): string {
  const text = ctx.t("start-greeting", { name: ctx.from?.first_name ?? "" });
  return isAdmin(ctx) ? `${text}\n\n${ctx.t("start-greeting-admin")}` : text;
}

/**
 * Built keyboards by what the buttons depend on: a handful of variants, each made once. Every
 * /start and every "« Main menu" shows one, so it is not rebuilt (nor a menu laid out) per update.
 */
const built = new Map<string, InlineKeyboardMarkup>();

/**
 * The main menu: the cabinet (Mini App, when WEBAPP_URL is set; web_app buttons work in private
 * chats only), the shop's sections, the free trial while the catalog offers one, invitations while
 * it sets referral rewards, the language and help. Its buttons are handled in start.ts.
 */
export async function mainMenuMarkup(ctx: BotContext): Promise<InlineKeyboardMarkup> {
  const locale = await localeOf(ctx);
  const cabinet = ctx.chat?.type === "private" ? cabinetUrl(ctx.deps.config) : undefined;
  const { trial, referral } = ctx.deps.catalog.current();
  const key = `${locale}|${trial ? "t" : ""}${referral ? "r" : ""}|${cabinet ?? ""}`;
  const known = built.get(key);
  if (known) return known;
  const button = (label: string, act: Parameters<typeof menuCb.pack>[0]["act"]) =>
    InlineKeyboard.text(ctx.t(label), menuCb.pack({ act }));
  const rows = [
    cabinet ? [InlineKeyboard.webApp(ctx.t("menu-cabinet"), cabinet)] : [],
    [button("menu-buy", "buy"), button("menu-my", "my")],
    [button("menu-wallet", "wallet"), ...(trial ? [button("menu-trial", "trial")] : [])],
    referral ? [button("menu-invite", "invite")] : [],
    [button("menu-language", "lang"), button("menu-help", "help")],
  ].filter((row) => row.length > 0);
  // Shared by every message that shows it: frozen, so nothing on the way can change it for others.
  const frozen = rows.map((row) => Object.freeze(row.map((b) => Object.freeze(b))));
  const markup = Object.freeze({ inline_keyboard: Object.freeze(frozen) });
  built.set(key, markup as InlineKeyboardMarkup);
  return markup as InlineKeyboardMarkup;
}

/**
 * Sends `text` with the main menu under it (in a private chat; elsewhere just the text), so a
 * step that ends leads somewhere.
 */
export async function replyWithMainMenu(ctx: BotContext, text: string): Promise<void> {
  if (ctx.chat?.type === "private") await ctx.reply(text, { reply_markup: await mainMenuMarkup(ctx) });
  else await ctx.reply(text);
}
