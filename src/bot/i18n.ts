import { I18n } from "@grammyjs/i18n";
import { LOCALES, type Locale } from "../config.js";
import { localesDir } from "../paths.js";

/** Loads en.ftl and ru.ftl; usable inside the bot and by workers (`i18n.t(locale, key)`). */
export function createI18n<C extends import("grammy").Context>(
  defaultLocale: Locale,
  negotiate?: (ctx: C) => Locale | undefined,
  negotiateAsync?: (ctx: C) => Promise<Locale | undefined>,
): I18n<C> {
  const i18n = new I18n<C>({
    defaultLocale,
    fluentBundleOptions: { useIsolating: false },
    localeNegotiator: negotiateAsync
      ? async (ctx) => (await negotiateAsync(ctx)) ?? defaultLocale
      : negotiate
        ? (ctx) => negotiate(ctx) ?? defaultLocale
        : undefined,
  });
  i18n.loadLocalesDirSync(localesDir());
  return i18n;
}

/** The supported locale matching a Telegram `language_code` (`ru-RU` -> ru), if any. */
export function supportedLocale(code: string | undefined): Locale | undefined {
  const base = code?.toLowerCase().split(/[-_]/)[0];
  return LOCALES.find((l) => l === base);
}
