import { numberFormat } from "../../runtime/intl-cache.js";

/**
 * Amounts are kept as integers in the currency's smallest unit, as Telegram invoices count them:
 * 1 Star for XTR, cents for USD/EUR (exponent 2), whole units for JPY-like currencies.
 */
const ZERO_DECIMAL = new Set(["XTR", "JPY", "KRW", "VND", "CLP", "ISK", "UGX", "PYG", "XAF", "XOF"]);

export function currencyExponent(currency: string): number {
  return ZERO_DECIMAL.has(currency) ? 0 : 2;
}

/**
 * A major amount (4.99) in minor units (499), exactly: read from the number's shortest decimal
 * form, since binary floats round (1.005 * 100 is 100.49999...). Undefined when the amount has
 * more decimals than the currency, is negative or is too large to count exactly.
 */
export function exactMinor(currency: string, major: number): number | undefined {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(String(major));
  if (!m) return undefined;
  const exp = currencyExponent(currency);
  const fraction = m[2] ?? "";
  if (fraction.length > exp) return undefined;
  const minor = Number(`${m[1]}${fraction.padEnd(exp, "0")}`);
  return Number.isSafeInteger(minor) ? minor : undefined;
}

/** Catalog price (major units, e.g. 4.99) to minor units (499); never rounds (the catalog refuses such prices). */
export function toMinor(currency: string, major: number): number {
  const minor = exactMinor(currency, major);
  if (minor === undefined) throw new RangeError(`${major} ${currency} is not a whole number of minor units`);
  return minor;
}

/** Minor units to a human amount, e.g. "150 ⭐" or "4.99 USD". */
export function formatMoney(currency: string, minor: number, locale = "en"): string {
  const exp = currencyExponent(currency);
  const major = minor / 10 ** exp;
  if (currency === "XTR") return `${numberFormat(locale).format(major)} ⭐`;
  try {
    return numberFormat(locale, { style: "currency", currency, minimumFractionDigits: exp }).format(major);
  } catch {
    return `${major.toFixed(exp)} ${currency}`;
  }
}

/**
 * Text as typed with its digits made Western: Persian (۰-۹) and Arabic-Indic (٠-٩) digits, and
 * the Arabic decimal separator (٫), which a Persian keyboard types, read like 0-9 and ".".
 */
export function westernDigits(text: string): string {
  return text
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/\u066b/g, ".")
    .replace(/\u066c/g, "");
}
