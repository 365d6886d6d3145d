import { InlineKeyboard } from "grammy";
import type { InlineKeyboardMarkup } from "grammy/types";
import { cabinetUrl } from "../../config.js";
import { keepMessage } from "../../render/callback-data.js";
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

export interface MainMenuOptions {
  /** The menu sits under a message that must stay (a gift claimed, a welcome): it opens anew (KEEP_MARK). */
  keep?: boolean;
}

/** The free trial button: while the shop offers this user the trial (Shop.trialOffer). */
async function trialOffered(ctx: BotContext): Promise<boolean> {
  if (!ctx.from) return ctx.deps.catalog.current().trial !== undefined;
  return (await ctx.deps.sales.shop.trialOffer(ctx.from.id)) !== undefined;
}

/**
 * The main menu: the cabinet (Mini App, when WEBAPP_URL is set; web_app buttons work in private
 * chats only), the shop's sections, the free trial while the catalog offers one and this user has
 * not used theirs, invitations while it sets referral rewards, the language and help. Its buttons
 * are handled in start.ts.
 */
export async function mainMenuMarkup(
  ctx: BotContext,
  options: MainMenuOptions = {},
): Promise<InlineKeyboardMarkup> {
  const locale = await localeOf(ctx);
  const cabinet = ctx.chat?.type === "private" ? cabinetUrl(ctx.deps.config) : undefined;
  const { referral } = ctx.deps.catalog.current();
  const trial = await trialOffered(ctx);
  const keep = options.keep === true;
  const key = `${locale}|${trial ? "t" : ""}${referral ? "r" : ""}${keep ? "k" : ""}|${cabinet ?? ""}`;
  const known = built.get(key);
  if (known) return known;
  const button = (label: string, act: Parameters<typeof menuCb.pack>[0]["act"]) => {
    const data = menuCb.pack({ act });
    return InlineKeyboard.text(ctx.t(label), keep ? keepMessage(data) : data);
  };
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
