import type { Locale } from "#src/config.js";
import { currencyExponent, formatMoney, toMinor, westernDigits } from "#src/domain/catalog/index.js";

/** The largest credit or debit an admin can type, in major units. */
const MAX_MAJOR = 1_000_000;

/**
 * An amount typed in major units of `currency` ("150", "4.99", "4,99") to minor units; whole
 * numbers only for zero-decimal currencies (Stars). Undefined unless a positive, sane amount.
 */
export function parseAmount(currency: string, text: string): number | undefined {
  const exp = currencyExponent(currency);
  const t = westernDigits(text).trim().replace(",", ".");
  const pattern = exp === 0 ? /^\d{1,9}$/ : new RegExp(`^\\d{1,9}(\\.\\d{1,${exp}})?$`);
  if (!pattern.test(t)) return undefined;
  const major = Number(t);
  if (!Number.isFinite(major) || major > MAX_MAJOR) return undefined;
  const minor = toMinor(currency, major);
  return minor > 0 ? minor : undefined;
}

/** "+150 ⭐" / "−50 ⭐". */
export function signedMoney(currency: string, amount: number, locale: Locale): string {
  return `${amount < 0 ? "−" : "+"}${formatMoney(currency, Math.abs(amount), locale)}`;
}
