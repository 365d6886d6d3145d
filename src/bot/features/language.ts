import { Menu } from "@grammyjs/menu";
import { Composer } from "grammy";
import { LOCALES, type Locale } from "../../config.js";
import type { BotContext } from "../context.js";

const NAMES: Record<Locale, string> = { en: "🇬🇧 English", ru: "🇷🇺 Русский" };

/**
 * Switches the user's language; the choice is kept in the session and wins over Telegram's. It
 * is also stored on the customer, so the workers write to them in that language.
 */
export async function setLocale(ctx: BotContext, locale: Locale): Promise<void> {
  ctx.session.locale = locale;
  ctx.i18n.useLocale(locale);
  if (ctx.from && ctx.chat?.type === "private") await ctx.deps.shop.customers.setLocale(ctx.from.id, locale);
}

/** Adds one button per language to `menu`; `then` runs after the switch (in the new language). */
export function addLanguageButtons(
  menu: Menu<BotContext>,
  then: (ctx: BotContext) => Promise<unknown>,
): void {
  for (const locale of LOCALES) {
    menu.text(
      (ctx) => (ctx.session.locale === locale ? `✓ ${NAMES[locale]}` : NAMES[locale]),
      async (ctx) => {
        await setLocale(ctx, locale);
        await then(ctx);
      },
    );
  }
}

export const languageMenu = new Menu<BotContext>("language");
addLanguageButtons(languageMenu, (ctx) =>
  ctx.editMessageText(ctx.t("language-changed"), { reply_markup: undefined }),
);

export const languageFeature = new Composer<BotContext>();
/** `/language ru` switches at once; bare `/language` (or an unknown code) shows the picker. */
languageFeature.command("language", async (ctx) => {
  const wanted = ctx.match.trim().toLowerCase();
  const locale = LOCALES.find((l) => l === wanted);
  if (!locale) {
    await ctx.reply(ctx.t("language-choose"), { reply_markup: languageMenu });
    return;
  }
  await setLocale(ctx, locale);
  await ctx.reply(ctx.t("language-changed"));
});
