import { I18n } from "@grammyjs/i18n";
import { type Locale, supportedLocale } from "../config.js";
import { localesDir } from "../runtime/paths.js";

/** Loads en.ftl and ru.ftl; usable inside the bot and by workers (`i18n.t(locale, key)`). */
export function createI18n<C extends import("grammy").Context>(
  defaultLocale: Locale,
  negotiate?: (ctx: C) => Locale | undefined,
  negotiateAsync?: (ctx: C) => Promise<Locale | undefined>,
): I18n<C> {
  const i18n = new I18n<C>({
    defaultLocale,
    fluentBundleOptions: { useIsolating: false, functions: { ID: asId } },
    localeNegotiator: negotiateAsync
      ? async (ctx) => (await negotiateAsync(ctx)) ?? defaultLocale
      : negotiate
        ? (ctx) => negotiate(ctx) ?? defaultLocale
        : undefined,
  });
  shareTranslations(i18n, defaultLocale);
  return i18n;
}

/** The locale files, parsed once per process (per default locale) and shared by every I18n made here. */
const parsed = new Map<Locale, Pick<I18n, "fluent" | "locales">>();

/**
 * A process makes several I18n instances (the bot's, pre-checkout's, the conversations', the
 * workers'), which differ only in how they pick the locale; each used to parse both locale files
 * again (about 2 MB of heap each). The parsed bundles are shared instead.
 */
function shareTranslations(i18n: I18n<never>, defaultLocale: Locale): void {
  const known = parsed.get(defaultLocale);
  if (known) {
    (i18n as { fluent: I18n["fluent"] }).fluent = known.fluent;
    i18n.locales.push(...known.locales);
    return;
  }
  i18n.loadLocalesDirSync(localesDir());
  memoiseBundleMatching(i18n.fluent);
  parsed.set(defaultLocale, { fluent: i18n.fluent, locales: [...i18n.locales] });
}

/**
 * The plugin negotiates which bundles serve a locale on every `t()` call (parsing locale tags
 * each time: a tenth of what the bot allocated per update). The bundles are fixed once the files
 * are loaded, so the answer per locale list is kept. A private method of the pinned plugin
 * version; without it (another version) translations work as before, only slower.
 */
function memoiseBundleMatching(fluent: object): void {
  const target = fluent as { matchBundles?: (locales: string[]) => unknown };
  const match = target.matchBundles?.bind(fluent);
  if (!match) return;
  const known = new Map<string, unknown>();
  target.matchBundles = (locales: string[]) => {
    const key = locales.join(",");
    let bundles = known.get(key);
    if (bundles === undefined) {
      bundles = match(locales);
      // Locales come from the negotiator (a handful); a stray caller cannot grow this for ever.
      if (known.size < 64) known.set(key, bundles);
    }
    return bundles;
  };
}

/**
 * Fluent function `ID($id)`: a number shown as a plain identifier (123456789, not 123,456,789),
 * for Telegram ids, server ids and the like.
 */
function asId(positional: unknown[]): string {
  const value = positional[0];
  if (typeof value === "object" && value !== null && "value" in value)
    return String((value as { value: unknown }).value);
  return String(value ?? "");
}

/** The locale of the update being handled (session choice, then Telegram's, then the default). */
export async function localeOf(ctx: { i18n: { getLocale(): Promise<string> } }): Promise<Locale> {
  return supportedLocale(await ctx.i18n.getLocale()) ?? "en";
}
