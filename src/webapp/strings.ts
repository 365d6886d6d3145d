import { LOCALES, type Locale } from "../config.js";
import type { I18nLike } from "../render/i18n-like.js";

/**
 * The page's own labels, from locales/*.ftl like every other user-visible string (the page holds
 * none): served as `/app/i18n/<locale>.json`. Texts with values in them (days left, amounts,
 * dates) are rendered by the API in the customer's language instead.
 */
export const PAGE_STRINGS = [
  "webapp-title",
  "webapp-loading",
  "webapp-open-in-telegram",
  "webapp-session-expired",
  "webapp-blocked",
  "webapp-rate-limited",
  "webapp-error",
  "webapp-tab-subscriptions",
  "webapp-tab-buy",
  "webapp-tab-wallet",
  "webapp-no-subscriptions",
  "webapp-traffic",
  "webapp-devices",
  "webapp-locations",
  "webapp-usage-title",
  "webapp-usage-none",
  "webapp-connect",
  "webapp-hide",
  "webapp-renew",
  "webapp-trial-buy",
  "webapp-subscription-url",
  "webapp-links",
  "webapp-copy",
  "webapp-copied",
  "webapp-qr-hint",
  "webapp-howto-title",
  "webapp-howto",
  "webapp-open-in-app",
  "webapp-get-app",
  "webapp-platform-android",
  "webapp-platform-ios",
  "webapp-platform-windows",
  "webapp-platform-macos",
  "webapp-platform-linux",
  "webapp-plans-title",
  "webapp-buy",
  "webapp-pay-wallet",
  "webapp-pay-invoice",
  "webapp-insufficient",
  "webapp-refused",
  "webapp-undeliverable",
  "webapp-order-awaiting",
  "webapp-order-paid",
  "webapp-order-active",
  "webapp-order-failed",
  "webapp-order-closed",
  "webapp-balance",
  "webapp-topup-title",
  "webapp-history-title",
  "webapp-history-empty",
  "webapp-prev",
  "webapp-next",
] as const;

/** The page's labels in `locale`, keyed without the `webapp-` prefix (built once per locale). */
export function pageStrings(i18n: I18nLike): (locale: Locale) => Record<string, string> {
  const built = new Map<Locale, Record<string, string>>();
  for (const locale of LOCALES) {
    built.set(
      locale,
      Object.fromEntries(PAGE_STRINGS.map((key) => [key.slice("webapp-".length), i18n.t(locale, key)])),
    );
  }
  return (locale) => built.get(locale) ?? {};
}
