import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { I18n } from "@grammyjs/i18n";
import { LOCALES, type Locale, supportedLocale } from "../config.js";
import type { I18nLike } from "../render/i18n-like.js";
import { localesDir } from "../runtime/paths.js";

/** The bundle options every I18n made here shares. */
const BUNDLE_OPTIONS = { useIsolating: false, functions: { ID: asId } };

/**
 * The bot's translations; usable inside the bot and by workers (`i18n.t(locale, key)`). The
 * default locale is parsed at once, every other one on its first use (see shareTranslations).
 */
export function createI18n<C extends import("grammy").Context>(
  defaultLocale: Locale,
  negotiate?: (ctx: C) => Locale | undefined,
  negotiateAsync?: (ctx: C) => Promise<Locale | undefined>,
): I18n<C> {
  const i18n = new I18n<C>({
    defaultLocale,
    fluentBundleOptions: BUNDLE_OPTIONS,
    localeNegotiator: negotiateAsync
      ? async (ctx) => (await negotiateAsync(ctx)) ?? defaultLocale
      : negotiate
        ? (ctx) => negotiate(ctx) ?? defaultLocale
        : undefined,
  });
  shareTranslations(i18n, defaultLocale);
  return i18n;
}

/**
 * Every locale parsed at once, in an I18n of its own that nothing keeps: for start-up work that
 * needs every language once (the command menus), without keeping the bundles of languages no
 * customer uses resident in the bot's heap.
 */
export function allTranslations(defaultLocale: Locale): I18nLike {
  const i18n = new I18n({ defaultLocale, fluentBundleOptions: BUNDLE_OPTIONS });
  i18n.loadLocalesDirSync(localesDir());
  return i18n;
}

/** The locale files, parsed once per process (per default locale) and shared by every I18n made here. */
const parsed = new Map<Locale, Pick<I18n, "fluent" | "locales">>();

/**
 * A process makes several I18n instances (the bot's, pre-checkout's, the conversations', the
 * workers'), which differ only in how they pick the locale; each used to parse every locale file
 * again (about 1 MB of heap per language each). The parsed bundles are shared instead, and a
 * language is parsed only when first asked for: a shop whose customers all use one or two of the
 * four keeps only those resident (each bundle holds about 1 MB).
 */
function shareTranslations(i18n: I18n<never>, defaultLocale: Locale): void {
  const known = parsed.get(defaultLocale);
  if (known) {
    (i18n as { fluent: I18n["fluent"] }).fluent = known.fluent;
    i18n.locales.push(...known.locales);
    return;
  }
  const files = new Map<Locale, string>();
  for (const file of readdirSync(localesDir())) {
    const locale = supportedLocale(file.replace(/\.ftl$/, ""));
    if (file.endsWith(".ftl") && locale) files.set(locale, join(localesDir(), file));
  }
  const load = (locale: Locale) => {
    const filePath = files.get(locale);
    if (!filePath) return;
    files.delete(locale);
    i18n.fluent.addTranslationSync({
      locales: locale,
      isDefault: locale === defaultLocale,
      bundleOptions: BUNDLE_OPTIONS,
      source: readFileSync(filePath, "utf8"),
    });
  };
  load(defaultLocale);
  i18n.locales.push(...[defaultLocale, ...files.keys()].sort());
  memoiseBundleMatching(i18n.fluent, (locales) => {
    for (const tag of locales) {
      const locale = supportedLocale(tag);
      if (locale) load(locale);
    }
  });
  parsed.set(defaultLocale, { fluent: i18n.fluent, locales: [...i18n.locales] });
}

/**
 * The plugin negotiates which bundles serve a locale on every `t()` call (parsing locale tags
 * each time: a tenth of what the bot allocated per update). The bundles are fixed once the files
 * are loaded, so the answer per locale list is kept; a list seen for the first time first loads
 * the languages it names (`loadFirst`). A private method of the pinned plugin version; without
 * it (another version) every language is loaded at once and translations work as before.
 */
function memoiseBundleMatching(fluent: object, loadFirst: (locales: string[]) => void): void {
  const target = fluent as { matchBundles?: (locales: string[]) => unknown };
  const match = target.matchBundles?.bind(fluent);
  if (!match) {
    loadFirst([...LOCALES]);
    return;
  }
  const known = new Map<string, unknown>();
  target.matchBundles = (locales: string[]) => {
    const key = locales.join(",");
    let bundles = known.get(key);
    if (bundles === undefined) {
      loadFirst(locales);
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
