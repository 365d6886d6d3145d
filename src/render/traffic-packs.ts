import type { Locale } from "../config.js";
import type { Order } from "../domain/books/index.js";
import {
  type Catalog,
  findPack,
  findPlan,
  formatMoney,
  type Plan,
  type TrafficPack,
  toMinor,
} from "../domain/catalog/index.js";
import { formatDate, formatGb } from "./format.js";
import type { Translate } from "./i18n-like.js";

/*
 * The words of traffic packs, one home for the chat, the cabinet and the workers: a pack's
 * label, what it gives for the current term, and what a renewal does to it.
 */

/** "+50 GB for Germany": what a pack order buys, for titles (the invoice, the cabinet's sheet). */
export function packTitle(t: Translate, locale: Locale, gb: number, planTitle: string): string {
  return t("pack-title", { gb: formatGb(locale, gb), plan: planTitle });
}

/** The pack a pack order buys, if the catalog still sells it. */
export function packOfOrder(
  catalog: Catalog,
  order: Pick<Order, "planId" | "packId">,
): TrafficPack | undefined {
  return findPack(findPlan(catalog, order.planId), order.packId);
}

/** "➕ 50 GB for 100 ⭐": a pack's button. */
export function packButtonText(
  t: Translate,
  locale: Locale,
  currency: string,
  gb: number,
  price: number,
): string {
  return t("pack-button", { gb: formatGb(locale, gb), price: formatMoney(currency, price, locale) });
}

/** "until Mar 1, 2026", or "no expiry": the term a pack lasts for. */
function untilText(t: Translate, locale: Locale, expiresAt: number): string {
  return expiresAt > 0 ? formatDate(locale, expiresAt) : t("access-no-expiry");
}

/**
 * What the pack does to the term, as its confirmation says it: the term's traffic now and with
 * it, until when (the expiry does not move), and that a renewal gives the plan's allowance
 * afresh (pack traffic left unused does not carry over).
 */
export function packRuleLines(
  t: Translate,
  locale: Locale,
  quote: { current: number; next: number; pending: number },
  expiresAt: number,
  plan: Plan | undefined,
): string[] {
  const lines = [
    t("pack-rule", {
      current: formatGb(locale, quote.current),
      next: formatGb(locale, quote.next),
      until: untilText(t, locale, expiresAt),
    }),
  ];
  if (quote.pending > 0) lines.push(t("pack-pending", { count: quote.pending }));
  if (plan) lines.push(t("pack-renewal-note", { plan: formatGb(locale, plan.traffic_gb) }));
  return lines;
}

/** The customer's notice of a pack that landed: what it added and the term's traffic now. */
export function packDeliveredText(
  t: Translate,
  locale: Locale,
  pack: { gb: number; allowanceGb: number },
  planTitle: string,
  expiresAt: number,
): string {
  return t("pack-delivered", {
    gb: `+${formatGb(locale, pack.gb)}`,
    plan: planTitle,
    allowance: formatGb(locale, pack.allowanceGb),
    until: untilText(t, locale, expiresAt),
  });
}

/** "+50 GB · 100 ⭐, +100 GB · 180 ⭐": a plan's packs in one line (admins' screens). */
export function packsLine(locale: Locale, currency: string, packs: readonly TrafficPack[]): string {
  return packs
    .map(
      (p) =>
        `${p.id}: +${formatGb(locale, p.gb)} · ${formatMoney(currency, toMinor(currency, p.price), locale)}`,
    )
    .join(", ");
}
