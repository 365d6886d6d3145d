import type { Locale } from "../config.js";
import type { ReferralTerms } from "../domain/catalog/index.js";
import { formatNumber } from "./format.js";
import type { Translate } from "./i18n-like.js";

/** A customer's personal invite link (`t.me/<bot>?start=<code>`), in the chat and the cabinet. */
export function inviteLink(botUsername: string, code: string): string {
  return `https://t.me/${botUsername}?start=${code}`;
}

/** What inviting gives, one line per reward the catalog sets (no HTML in it). */
export function inviteTermsText(t: Translate, locale: Locale, terms: ReferralTerms): string {
  const lines: string[] = [];
  if (terms.percent > 0) {
    const percent = formatNumber(locale, terms.percent);
    lines.push(
      terms.rewarded_payments > 0
        ? t("invite-terms-percent-first", { percent, payments: terms.rewarded_payments })
        : t("invite-terms-percent", { percent }),
    );
  }
  if (terms.bonus_days > 0) lines.push(t("invite-terms-bonus", { days: terms.bonus_days }));
  return lines.join("\n");
}
