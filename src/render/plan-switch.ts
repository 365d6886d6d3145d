import type { Locale } from "../config.js";
import { formatMoney } from "../domain/catalog/index.js";
import type { TermValue } from "../domain/sales/index.js";
import type { Translate } from "./i18n-like.js";

/** The lines as the customer reads them (a switch); the admin's fair refund has its own. */
const CUSTOMER_KEYS = {
  days: "switch-quote-days",
  traffic: "switch-quote-traffic",
  ahead: "switch-quote-ahead",
};
export const ADMIN_KEYS = {
  days: "fair-refund-days",
  traffic: "fair-refund-traffic",
  ahead: "fair-refund-ahead",
};

/**
 * What is left of a term is worth, as a line of arithmetic shown before anyone pays or is paid:
 * the days left times the price per day, or the GB left where traffic limits it, and the days
 * paid ahead. The chat's switch, the cabinet's and the admin's fair refund read the same lines.
 */
export function termValueLines(
  t: Translate,
  locale: Locale,
  currency: string,
  value: TermValue,
  amount: number,
  trafficGb: number,
  keys: { days: string; traffic: string; ahead: string } = CUSTOMER_KEYS,
): string[] {
  const money = (minor: number) => formatMoney(currency, minor, locale);
  const round = (n: number) => Math.round(n * 100) / 100;
  const line =
    value.limitedBy === "traffic" && value.gbLeft !== undefined
      ? t(keys.traffic, {
          gb: round(value.gbLeft),
          total: trafficGb,
          days: value.daysLeft - value.daysAhead,
          credit: money(amount),
        })
      : t(keys.days, { days: value.daysLeft, perDay: money(value.perDay), credit: money(amount) });
  return [line, ...(value.daysAhead > 0 ? [t(keys.ahead, { days: value.daysAhead })] : [])];
}
