/*
 * What Crypto Pay takes, as its API reference lists it (help.send.tg, "Crypto Pay API":
 * createInvoice's `fiat` and `accepted_assets`). JET is left out: it exists on testnet only.
 */

/** Fiat codes an invoice's price may be set in (`currency_type: "fiat"`). */
export const CRYPTOPAY_FIATS = [
  "USD",
  "EUR",
  "RUB",
  "BYN",
  "UAH",
  "GBP",
  "CNY",
  "KZT",
  "UZS",
  "GEL",
  "TRY",
  "AMD",
  "THB",
  "INR",
  "BRL",
  "IDR",
  "AZN",
  "AED",
  "PLN",
  "ILS",
] as const;

/** Crypto assets a payer may pay a fiat-priced invoice with. */
export const CRYPTOPAY_ASSETS = ["USDT", "TON", "BTC", "ETH", "LTC", "BNB", "TRX", "USDC"] as const;

/** Accepted until an admin picks: the two most payers hold in the bot. */
export const DEFAULT_ASSETS = ["USDT", "TON"] as const;

const fiats: ReadonlySet<string> = new Set(CRYPTOPAY_FIATS);

export const isCryptoPayFiat = (code: string): boolean => fiats.has(code);

/**
 * The assets to accept from the admin's stored choice: the known ones among them, in the
 * API's order; the defaults when none is set (or none is known any more, so the invoice is
 * never refused for an asset the API dropped).
 */
export function acceptedAssets(chosen: readonly string[] | boolean | undefined): string[] {
  const picked = new Set<string>(Array.isArray(chosen) ? chosen : []);
  const known = CRYPTOPAY_ASSETS.filter((asset) => picked.has(asset));
  return known.length > 0 ? known : [...DEFAULT_ASSETS];
}
