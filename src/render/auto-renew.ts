import type { InlineKeyboardMarkup } from "grammy/types";
import type { Locale } from "../config.js";
import type { Subscription } from "../domain/books/index.js";
import { formatMoney, type Plan } from "../domain/catalog/index.js";
import { topUpPresets } from "../domain/sales/index.js";
import { subscriptionTitle } from "./access.js";
import { keepMessage } from "./callback-data.js";
import { formatDateTime, html } from "./format.js";
import type { Translate } from "./i18n-like.js";
import { WALLET_VIEW, walletCb } from "./shop-callbacks.js";

/**
 * "Auto-renew: on, 1 day before expiry, from the balance" / "off": the state of a subscription's
 * auto-renew as /my's card and the cabinet's card say it.
 */
export function autoRenewLine(t: Translate, on: boolean, days: number): string {
  return on ? t("autorenew-state-on", { days }) : t("autorenew-state-off");
}

/** What a short balance notice says and offers. */
export interface ShortBalance {
  sub: Subscription;
  plan: Plan | undefined;
  currency: string;
  price: number;
  balance: number;
}

/**
 * The smallest top-up preset that covers what the balance lacks (a one-tap invoice), if any does:
 * the wallet's own presets only, as its Top up buttons take no other amount.
 */
export function coveringPreset(currency: string, missing: number): number | undefined {
  return topUpPresets(currency).find((amount) => amount >= missing);
}

/**
 * The notice of an auto-renewal the balance does not cover: the price, the balance, the expiry;
 * a Top up button for the missing amount (the smallest preset that covers it) and the wallet.
 */
export function shortBalanceNotice(
  t: Translate,
  locale: Locale,
  s: ShortBalance,
): { text: string; keyboard: InlineKeyboardMarkup } {
  const money = (minor: number) => formatMoney(s.currency, minor, locale);
  const text = t("autorenew-short", {
    plan: html(subscriptionTitle(t, locale, s.sub, s.plan)),
    price: money(s.price),
    balance: money(s.balance),
    date: formatDateTime(locale, s.sub.expiresAt),
  });
  const preset = coveringPreset(s.currency, s.price - s.balance);
  const row = [
    ...(preset === undefined
      ? []
      : [
          {
            text: t("autorenew-topup-button", { amount: money(preset) }),
            callback_data: keepMessage(walletCb.pack({ act: "top", n: preset })),
          },
        ]),
    { text: t("menu-wallet"), callback_data: keepMessage(WALLET_VIEW) },
  ];
  return { text, keyboard: { inline_keyboard: [row] } };
}

/** "Germany was renewed automatically from your balance: 150 ⭐": the order's own plan and price. */
export function autoRenewedText(
  t: Translate,
  locale: Locale,
  sub: Subscription,
  plan: Plan | undefined,
  price: string,
): string {
  return t("autorenew-renewed", { plan: html(subscriptionTitle(t, locale, sub, plan)), price });
}
