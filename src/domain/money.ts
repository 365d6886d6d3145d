/**
 * Amounts are kept as integers in the currency's smallest unit, as Telegram invoices count them:
 * 1 Star for XTR, cents for USD/EUR (exponent 2), whole units for JPY-like currencies.
 */
const ZERO_DECIMAL = new Set(["XTR", "JPY", "KRW", "VND", "CLP", "ISK", "UGX", "PYG", "XAF", "XOF"]);

export function currencyExponent(currency: string): number {
  return ZERO_DECIMAL.has(currency) ? 0 : 2;
}

/** Catalog price (major units, e.g. 4.99) to minor units (499). */
export function toMinor(currency: string, major: number): number {
  return Math.round(major * 10 ** currencyExponent(currency));
}

/** Minor units to a human amount, e.g. "150 ⭐" or "4.99 USD". */
export function formatMoney(currency: string, minor: number, locale = "en"): string {
  const exp = currencyExponent(currency);
  const major = minor / 10 ** exp;
  if (currency === "XTR") return `${new Intl.NumberFormat(locale).format(major)} ⭐`;
  try {
    return new Intl.NumberFormat(locale, { style: "currency", currency, minimumFractionDigits: exp }).format(
      major,
    );
  } catch {
    return `${major.toFixed(exp)} ${currency}`;
  }
}
