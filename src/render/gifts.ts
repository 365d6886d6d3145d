import type { Locale } from "../config.js";
import type { Plan } from "../domain/catalog/index.js";
import { formatMoney } from "../domain/catalog/index.js";
import { GIFT_START_PREFIX, type Gift } from "../domain/sales/index.js";
import { planTitle } from "./access.js";
import { formatDate, html } from "./format.js";
import type { Translate } from "./i18n-like.js";

/** The link that hands the gift to whoever opens it first. */
export function giftLink(botUsername: string, code: string): string {
  return `https://t.me/${botUsername}?start=${GIFT_START_PREFIX}${code}`;
}

/**
 * What the buyer gets once the gift is paid (the bot's "Link" button sends the same): what to do
 * with it, and a short text with the link to forward.
 */
export function giftReadyTexts(
  t: Translate,
  locale: Locale,
  gift: Gift,
  plan: Plan | undefined,
  botUsername: string,
): { info: string; forward: string } {
  const title = html(planTitle(plan, locale, gift.planId));
  const info = t("gift-ready", {
    plan: title,
    date: formatDate(locale, gift.expiresAt),
    amount: formatMoney(gift.currency, gift.price, locale),
  });
  const forward = t("gift-forward", {
    plan: title,
    days: plan?.days ?? 0,
    link: html(giftLink(botUsername, gift.code)),
  });
  return { info, forward };
}
