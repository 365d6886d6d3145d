import type { Locale } from "../config.js";
import { formatMoney } from "../domain/catalog/index.js";
import type { TermValue } from "../domain/sales/index.js";
import type { Translate } from "./i18n-like.js";

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
): string[] {
  const money = (minor: number) => formatMoney(currency, minor, locale);
  const round = (n: number) => Math.round(n * 100) / 100;
  const line =
    value.limitedBy === "traffic" && value.gbLeft !== undefined
      ? t("switch-quote-traffic", {
          gb: round(value.gbLeft),
          total: trafficGb,
          days: value.daysLeft - value.daysAhead,
          credit: money(amount),
        })
      : t("switch-quote-days", { days: value.daysLeft, perDay: money(value.perDay), credit: money(amount) });
  return [line, ...(value.daysAhead > 0 ? [t("switch-quote-ahead", { days: value.daysAhead })] : [])];
}
