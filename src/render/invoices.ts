import type { LabeledPrice } from "grammy/types";
import type { Locale } from "../config.js";
import type { Order } from "../domain/books/index.js";
import { findPack, inLocale, type Plan } from "../domain/catalog/index.js";
import { type InvoiceRail, invoicePayload } from "../domain/sales/index.js";
import type { Translate } from "./i18n-like.js";
import { packTitle } from "./traffic-packs.js";

/** The customer's language on a surface: its texts, and amounts of the shop's currency. */
export interface InvoiceWords {
  t: Translate;
  money(minor: number): string;
}

/**
 * An invoice as both Telegram methods take it: the chat's `replyWithInvoice` and the cabinet's
 * `createInvoiceLink` send the same title, description, payload and prices, cut to Telegram's
 * limits (32 characters for the title and a price's label, 255 for the description).
 */
export interface InvoiceSpec {
  title: string;
  description: string;
  payload: string;
  currency: string;
  providerToken: string;
  prices: LabeledPrice[];
}

/** An invoice's title by what the order buys. */
const INVOICE_TITLES: Record<Exclude<Order["kind"], "trial">, string> = {
  purchase: "invoice-order-title",
  renewal: "invoice-renewal-title",
  pack: "invoice-pack-title",
  seat: "invoice-order-title",
  seats: "invoice-seats-title",
  switch: "invoice-switch-title",
};

/**
 * What the order is called on its invoice: its plan's title, or for a traffic pack "+50 GB for
 * <plan>" (the plan's id when the catalog no longer has it).
 */
export function orderItemTitle(t: Translate, locale: Locale, plan: Plan | undefined, order: Order): string {
  const title = plan ? inLocale(plan.title, locale) : order.planId;
  const pack = order.kind === "pack" ? findPack(plan, order.packId) : undefined;
  return pack ? packTitle(t, locale, pack.gb, title) : title;
}

/**
 * The invoice of `order` for `amount` (what the balance does not cover): the description says
 * what is due now and, when the balance pays a part, how much; a promo code's discount is named.
 */
export function orderInvoice(
  words: InvoiceWords,
  order: Order,
  planTitle: string,
  amount: number,
  rail: InvoiceRail,
): InvoiceSpec {
  const { t, money } = words;
  const covered = order.price - amount;
  const description =
    covered > 0
      ? t("invoice-order-description-rest", {
          plan: planTitle,
          due: money(amount),
          covered: money(covered),
          price: money(order.price),
        })
      : t("invoice-order-description", { plan: planTitle, amount: money(amount) });
  // The discount is on the invoice too: the price above is after it.
  const promo =
    order.promoCode !== undefined && order.listPrice !== undefined && order.listPrice > order.price
      ? ` ${t("invoice-promo-note", { code: order.promoCode, list: money(order.listPrice) })}`
      : "";
  return {
    title: t(INVOICE_TITLES[order.kind === "trial" ? "purchase" : order.kind]).slice(0, 32),
    description: `${description}${promo}`.slice(0, 255),
    payload: invoicePayload({ kind: "order", orderId: order.id }),
    ...rail,
    prices: [{ label: planTitle.slice(0, 32), amount }],
  };
}

/** The invoice of top-up `id` for `amount` minor units. */
export function topUpInvoice(
  words: InvoiceWords,
  id: string,
  amount: number,
  rail: InvoiceRail,
): InvoiceSpec {
  const label = words.money(amount);
  return {
    title: words.t("invoice-topup-title").slice(0, 32),
    description: words.t("invoice-topup-description", { amount: label }).slice(0, 255),
    payload: invoicePayload({ kind: "topup", id }),
    ...rail,
    prices: [{ label: label.slice(0, 32), amount }],
  };
}
