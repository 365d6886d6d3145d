/** A translation bound to one language (`ctx.t`, or a worker's `i18n.t` with a locale applied). */
export type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** What workers and the bot's plumbing need of i18n: a translation in any supported language. */
export interface I18nLike {
  t(locale: string, key: string, vars?: Record<string, string | number>): string;
}
