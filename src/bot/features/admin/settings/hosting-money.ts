import type { Locale } from "../../../../config.js";
import { formatNumber, html } from "../../../../render/format.js";
import type { BotContext } from "../../../context.js";

/** The label of the hosting balance's currency (the Account API names none; see Settings). */
export function hostingCurrency(ctx: BotContext): Promise<string> {
  return ctx.deps.shop.settings.hostingCurrency();
}

/** `<b>250</b> RUB`: an amount of the hosting balance with its currency, for HTML text. */
export function hostingMoney(locale: Locale, amount: number, currency: string): string {
  return `<b>${formatNumber(locale, amount)}</b> ${html(currency)}`;
}
