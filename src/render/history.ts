import type { Locale } from "../config.js";
import { type HistoryItem, isOrderPayment, type LedgerEntry } from "../domain/books/index.js";
import { formatMoney, type Plan } from "../domain/catalog/index.js";
import { planTitle } from "./access.js";
import { html } from "./format.js";
import type { Translate } from "./i18n-like.js";

/** One history line's parts, for the chat's line and the cabinet's row alike. */
export interface HistoryLineParts {
  /** What the customer did: "Germany, 30 days · paid by Stars", "Renewal: …", "Top-up". */
  what: string;
  /** Signed for a movement of the balance ("−150 ⭐"), bare for what an invoice paid in full. */
  amount: string;
  balance: string;
}

function money(currency: string, amount: number, locale: Locale): string {
  return formatMoney(currency, Math.abs(amount), locale);
}

function signed(e: LedgerEntry, locale: Locale): string {
  return `${e.amount < 0 ? "−" : "+"}${money(e.currency, e.amount, locale)}`;
}

/** "Germany, 30 days", "Renewal: …", "🎁 Gift: …", "Refund: …", or the entry kind's own name. */
function subject(
  t: Translate,
  locale: Locale,
  e: LedgerEntry,
  plan: (id: string) => Plan | undefined,
  escapeText: (text: string) => string,
): string {
  const title = e.planId !== undefined ? escapeText(planTitle(plan(e.planId), locale, e.planId)) : undefined;
  if (title === undefined) return t(`wallet-kind-${e.kind}`);
  switch (e.kind) {
    case "purchase":
      return e.gift ? t("history-gift", { plan: title }) : title;
    case "renewal":
      return t("history-renewal", { plan: title });
    case "pack":
      return t("history-pack", { plan: title });
    case "refund":
      return t(e.note?.startsWith("gift ") ? "history-gift-refund" : "history-refund", { plan: title });
    default:
      return t(`wallet-kind-${e.kind}`);
  }
}

/** How a purchase was paid: by the invoice (in full or in part, the rest from the balance), or from the balance. */
function paidHow(t: Translate, locale: Locale, item: HistoryItem): string {
  const { entry, charge } = item;
  if (!charge) return t("history-paid-balance");
  const stars = entry.currency === "XTR";
  const rest = -entry.amount - charge.amount;
  if (rest <= 0) return t(stars ? "history-paid-stars" : "history-paid-card");
  return t(stars ? "history-paid-stars-part" : "history-paid-card-part", {
    charge: money(charge.currency, charge.amount, locale),
    rest: money(entry.currency, rest, locale),
  });
}

/**
 * A history item in the customer's words: an order paid by an invoice is one line with the
 * plan's name and how it was paid, its price unsigned (the invoice paid it, not the balance, or
 * only the part the line names); a purchase from the balance says so; every other entry keeps
 * its kind, with the plan's name where it has one. The plan's name is HTML-escaped for the chat;
 * the cabinet, which sets text, passes `escapeText` as it is.
 */
export function historyLineParts(
  t: Translate,
  locale: Locale,
  item: HistoryItem,
  plan: (id: string) => Plan | undefined,
  escapeText: (text: string) => string = html,
): HistoryLineParts {
  const { entry, charge } = item;
  const what = subject(t, locale, entry, plan, escapeText);
  const paying = isOrderPayment(entry);
  return {
    what: paying ? t("history-what-paid", { what, paid: paidHow(t, locale, item) }) : what,
    amount: charge ? money(entry.currency, entry.amount, locale) : signed(entry, locale),
    balance: money(entry.currency, entry.balance, locale),
  };
}
