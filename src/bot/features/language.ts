import { InlineKeyboard, type MiddlewareFn } from "grammy";
import type { InlineKeyboardMarkup } from "grammy/types";
import { LOCALE_NAMES, LOCALES, type Locale } from "../../config.js";
import { languageCb, MAIN_MENU } from "../../render/shop-callbacks.js";
import type { BotContext } from "../context.js";
import { chosenLocaleOf } from "../early-reads.js";
import { Routes } from "../routes.js";
import { greeting, mainMenuMarkup, replyWithMainMenu } from "./main-menu.js";
import { answer } from "./shop/common.js";

const FLAGS: Record<Locale, string> = { en: "🇬🇧", ru: "🇷🇺", uk: "🇺🇦", fa: "🇮🇷" };
const NAMES = Object.fromEntries(LOCALES.map((l) => [l, `${FLAGS[l]} ${LOCALE_NAMES[l]}`])) as Record<
  Locale,
  string
>;

/**
 * Switches the user's language; the choice is kept in the session and wins over Telegram's. It
 * is also stored on the customer, so the workers (and the cabinet) speak to them in that language.
 */
export async function setLocale(ctx: BotContext, locale: Locale): Promise<void> {
  ctx.session.locale = locale;
  ctx.i18n.useLocale(locale);
  if (ctx.from && ctx.chat?.type === "private") await ctx.deps.books.customers.setLocale(ctx.from.id, locale);
}

/**
 * One button per language (the one chosen in this chat ticked). `after: "menu"` is the main menu's
 * picker: a « Back row, and the main menu again after a choice; `done` (/language) ends there.
 */
export function languageMarkup(ctx: BotContext, after: "menu" | "done"): InlineKeyboardMarkup {
  const keyboard = new InlineKeyboard();
  LOCALES.forEach((to, i) => {
    const name = ctx.session.locale === to ? `✓ ${NAMES[to]}` : NAMES[to];
    // Two a row: four names on one row would be cut short on a phone.
    if (i > 0 && i % 2 === 0) keyboard.row();
    keyboard.text(name, languageCb.pack({ to, after }));
  });
  if (after === "menu") keyboard.row().text(ctx.t("menu-back"), MAIN_MENU);
  return keyboard;
}

/**
 * In a private chat the customer's stored choice wins, wherever it was made (here or in the
 * cabinet): the session's copy follows it before anything is said (one field read per update).
 */
export const followChosenLocale: MiddlewareFn<BotContext> = async (ctx, next) => {
  if (ctx.chat?.type === "private" && ctx.from) {
    const chosen = await chosenLocaleOf(ctx, ctx.from.id);
    if (chosen && chosen !== ctx.session.locale) {
      ctx.session.locale = chosen;
      ctx.i18n.useLocale(chosen);
    }
  }
  // Returned, not awaited: this frame ends here instead of waiting through the update.
  return next();
};

export const languageFeature = new Routes<BotContext>();
/** `/language ru` switches at once; bare `/language` (or an unknown code) shows the picker. */
languageFeature.command("language", async (ctx) => {
  const wanted = ctx.match.trim().toLowerCase();
  const locale = LOCALES.find((l) => l === wanted);
  if (!locale) {
    await ctx.reply(ctx.t("language-choose"), { reply_markup: languageMarkup(ctx, "done") });
    return;
  }
  await setLocale(ctx, locale);
  await replyWithMainMenu(ctx, ctx.t("language-changed"));
});

/** A choice in a picker: the new language at once, then the main menu, or "Language changed" with it. */
languageFeature.callbackQuery(languageCb.pattern, async (ctx) => {
  const choice = languageCb.unpack(ctx.callbackQuery.data);
  if (!choice) return answer(ctx, ctx.t("error-menu-outdated"));
  await setLocale(ctx, choice.to);
  await answer(ctx);
  if (choice.after === "menu") {
    await ctx.editMessageText(greeting(ctx), { reply_markup: await mainMenuMarkup(ctx) });
  } else {
    // Done, and where to go next: the main menu under it, in the new language.
    await ctx.editMessageText(ctx.t("language-changed"), { reply_markup: await mainMenuMarkup(ctx) });
  }
});
