import type { BotContext } from "#src/bot/context.js";
import type { Locale } from "#src/config.js";
import { formatNumber, html } from "#src/render/format.js";

/** The label of the hosting balance's currency (the Account API names none; see Settings). */
export function hostingCurrency(ctx: BotContext): Promise<string> {
  return ctx.deps.catalog.settings.hostingCurrency();
}

/** `<b>250</b> RUB`: an amount of the hosting balance with its currency, for HTML text. */
export function hostingMoney(locale: Locale, amount: number, currency: string): string {
  return `<b>${formatNumber(locale, amount)}</b> ${html(currency)}`;
}
