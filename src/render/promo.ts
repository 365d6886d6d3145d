import type { PromoRefusal } from "../domain/sales/index.js";
import { html } from "./format.js";
import type { Translate } from "./i18n-like.js";

/** Each reason a code is refused has its own message. */
const REFUSED: Record<PromoRefusal, string> = {
  invalid: "promo-refused-invalid",
  expired: "promo-refused-expired",
  disabled: "promo-refused-disabled",
  "used-up": "promo-refused-used-up",
  "already-used": "promo-refused-already-used",
  "wrong-plan": "promo-refused-wrong-plan",
  "not-new": "promo-refused-not-new",
  "not-for-orders": "promo-refused-not-for-orders",
};

/** Why promo code `code` was refused, in the chat's words (HTML, the code escaped). */
export function promoRefusalText(t: Translate, reason: PromoRefusal, code: string): string {
  return t(REFUSED[reason], { code: html(code) });
}
