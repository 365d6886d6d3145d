import type { z } from "zod";
import { changesSubscription, type Order } from "../domain/books/index.js";
import { inLocale, type Plan } from "../domain/catalog/index.js";
import type { PromoRefusal } from "../domain/sales/index.js";
import { planTitle, subscriptionTitle } from "../render/access.js";
import { formatDate, formatGb, formatNumber, htmlToText } from "../render/format.js";
import { termValueLines } from "../render/plan-switch.js";
import { promoRefusalText } from "../render/promo.js";
import type { Caller, WebappDeps } from "./context.js";
import type { createdOrderResponse } from "./schemas-orders.js";

type Summary = z.output<typeof createdOrderResponse>["summary"];

/** A promo code asked for that is not on the order, and why (the code as the caller typed it). */
export interface PromoRefused {
  reason: PromoRefusal;
  code: string;
}

/**
 * What the confirmation of `order` says before it is paid, as the chat's order screen does: the
 * plan, its days (and a promo code's bonus days), the price (and the plan's price a code
 * lowered), the balance and whether it covers the price, and what an invoice would ask
 * (Cashier.due: what the balance does not cover).
 */
export async function orderSummary(
  deps: WebappDeps,
  caller: Caller,
  order: Order,
  refused: PromoRefused | undefined,
): Promise<Summary> {
  const { t, money } = caller;
  const { shop, cashier, referralRewards } = deps.sales;
  const [balance, bonus, promo] = await Promise.all([
    deps.books.wallet.balance(order.customerId),
    referralRewards.pendingBonus(order),
    promoText(deps, caller, order),
  ]);
  const plan = shop.plan(order.planId);
  const list = order.listPrice ?? order.price;
  const covered = balance >= order.price;
  const days = t("shop-days", { days: plan?.days ?? 0 });
  const pack = order.kind === "pack" ? await packSummary(deps, caller, order, plan) : undefined;
  const switched = order.kind === "switch";
  return {
    title: await titleOf(deps, caller, order, plan),
    gift: order.gift !== undefined,
    days_text:
      pack?.term ??
      (order.kind === "seats" ? t("webapp-seats-summary", { seats: order.seats ?? 0 }) : undefined) ??
      (order.bonusDays ? t("webapp-summary-days-bonus", { days, bonus: order.bonusDays }) : days),
    list_price_text: list > order.price ? money(list) : null,
    price: order.price,
    price_text: money(order.price),
    promo_text: promo,
    promo_refused_text: refused ? htmlToText(promoRefusalText(t, refused.reason, refused.code)) : null,
    referral_text: bonus > 0 ? t("referral-order-days", { days: bonus }) : null,
    pack_text: pack?.text ?? null,
    pack_note_text: pack?.note ?? null,
    switch_text: switched ? switchText(deps, caller, order) : null,
    switch_value_lines: switched ? await switchValueLines(deps, caller, order) : null,
    balance,
    balance_text: money(balance),
    covered,
    balance_after_text: covered ? money(balance - order.price) : null,
    invoice_amount_text: money(cashier.due(order, balance)),
  };
}

/**
 * What a traffic pack does, as the chat's confirmation says it (PackSales.quote): the GB it adds
 * and the term's traffic with it, the expiry that stays, and what a renewal does to it.
 */
async function packSummary(deps: WebappDeps, caller: Caller, order: Order, plan: Plan | undefined) {
  const sub = order.subscriptionId ? await deps.books.subscriptions.get(order.subscriptionId) : undefined;
  if (!sub) return undefined;
  const { t, locale } = caller;
  const quote = await deps.sales.shop.packs.quote(sub, order);
  const until = sub.expiresAt > 0 ? formatDate(locale, sub.expiresAt) : t("access-no-expiry");
  const note = [
    ...(quote.pending > 0 ? [t("pack-pending", { count: quote.pending })] : []),
    ...(plan ? [t("pack-renewal-note", { plan: formatGb(locale, plan.traffic_gb) })] : []),
  ];
  return {
    term: t("webapp-summary-pack-term", { until }),
    text: t("webapp-summary-pack", {
      gb: `+${formatGb(locale, quote.gb)}`,
      current: formatGb(locale, quote.current),
      next: formatGb(locale, quote.next),
    }),
    note: note.length > 0 ? htmlToText(note.join(" ")) : null,
  };
}

/**
 * The plan's title; a renewal's or a pack's is its subscription's (a trial by its own term, as
 * the cards).
 */
async function titleOf(deps: WebappDeps, caller: Caller, order: Order, plan: Plan | undefined) {
  const sub =
    changesSubscription(order) && order.subscriptionId
      ? await deps.books.subscriptions.get(order.subscriptionId)
      : undefined;
  return sub
    ? subscriptionTitle(caller.t, caller.locale, sub, plan)
    : planTitle(plan, caller.locale, order.planId);
}

/** What the order's promo code does: "−20 %", "−50 ⭐" off, or its bonus days. */
async function promoText(deps: WebappDeps, caller: Caller, order: Order): Promise<string | null> {
  const code = order.promoCode;
  if (!code) return null;
  const { t, money } = caller;
  const off = (order.listPrice ?? order.price) - order.price;
  if (off <= 0)
    return order.bonusDays ? t("webapp-summary-promo-days", { code, days: order.bonusDays }) : null;
  const promo = await deps.sales.promos.get(code);
  return promo?.kind === "percent"
    ? t("webapp-summary-promo-off", {
        code,
        off: t("webapp-summary-percent", { percent: formatNumber(caller.locale, promo.value) }),
      })
    : t("webapp-summary-promo-off", { code, off: money(off) });
}

/** A switch's sum as the chat's confirmation shows it: the new plan's price, the credit, to pay. */
function switchText(deps: WebappDeps, caller: Caller, order: Order): string {
  const { credit, price } = deps.sales.shop.switches.fixedQuote(order);
  const plan = deps.sales.shop.plan(order.planId);
  const title = plan ? inLocale(plan.title, caller.locale) : order.planId;
  const sum = caller.t("switch-quote-sum", {
    plan: title,
    price: caller.money(price),
    credit: caller.money(credit),
    toPay: caller.money(order.price),
  });
  return htmlToText(sum);
}

/**
 * The arithmetic of a switch's credit above its sum, as the chat shows it (termValueLines): read
 * afresh while the order waits for payment, and shown only when it still gives the credit fixed
 * on the order (else the sum alone, the fixed quote being what is paid). Null once it is paid.
 */
async function switchValueLines(deps: WebappDeps, caller: Caller, order: Order): Promise<string[] | null> {
  if (order.status !== "awaiting_payment" || !order.subscriptionId) return null;
  const sub = await deps.books.subscriptions.get(order.subscriptionId);
  if (!sub) return null;
  const worth = await deps.sales.shop.switches.worth(sub);
  if (!worth.ok || worth.value.amount !== (order.switchCredit ?? 0)) return null;
  const { shop } = deps.sales;
  const lines = termValueLines(
    caller.t,
    caller.locale,
    shop.currency,
    worth.value,
    worth.value.amount,
    sub.trafficGb,
  );
  return lines.map(htmlToText);
}
