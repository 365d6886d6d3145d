import type { Order } from "../../src/domain/books/index.js";
import { railChargeId } from "../../src/domain/settlement/index.js";
import type { Model } from "./model.js";
import type { Rng } from "./prng.js";
import { PROMOS, type World } from "./world.js";

/** What every action sees: the world, the model, the run's PRNG and its log. */
export interface Ctx {
  w: World;
  m: Model;
  rng: Rng;
  /** A line of the run's log (the step it belongs to is in front of it). */
  note(line: string): void;
  /** A rule seen broken while the steps ran (the run fails with it). */
  violation(line: string): void;
  /** Counts an outcome (what the runs went through, in the summary). */
  tally(outcome: string, by?: number): void;
}

/**
 * An action chosen for a step: its random choices are all made when it is planned (so two
 * actions run at once do not draw from the PRNG in a timing-dependent order); `run` only acts.
 */
export interface Planned {
  label: string;
  /** The orders or term changes it runs (one job never runs twice at once: no pair shares one). */
  touches?: string[];
  run(): Promise<void>;
}

export interface Action {
  name: string;
  weight: number;
  plan(c: Ctx): Planned | undefined;
}

let charge = 0;

/** A Telegram payment of `amount` for `payload`, stored and credited as the bot's handler does. */
export async function telegramPayment(
  c: Ctx,
  payerId: number,
  payload: string,
  amount: number,
  repeat: boolean,
): Promise<{ paid: boolean; orderStatus: string | undefined }> {
  const inbox = c.w.rooms.settlement.paymentInbox;
  const chargeId = `stars-${++charge}-${payerId}`;
  const payment = { chargeId, payerId, payload, amount, currency: "XTR", updateId: charge, raw: "{}" };
  c.m.charges.push(chargeId);
  await inbox.record(payment);
  const settled = await inbox.settle(payment);
  // Money that paid no order renewed the payer's due subscriptions with auto-renew on (issue 26).
  for (const order of settled.autoRenewed) {
    c.m.paid(order);
    c.tally("a top-up renewed at once (auto-renew)");
  }
  // Telegram delivers the update again: nothing more is credited.
  if (repeat) await inbox.settle(payment);
  c.note(`  payment ${chargeId} of ${amount} for ${payload}: ${settled.orderStatus ?? settled.outcome}`);
  return { paid: settled.paid, orderStatus: settled.orderStatus };
}

/** How an order is paid: from the wallet, a Telegram invoice, or the outside rail. */
export type PayHow = "wallet" | "invoice" | "rail";

/**
 * A payment on the outside rail of what the wallet does not cover of `order`: asked, paid there,
 * and brought in by its notification alone or (`repeat`) by two notifications, the poll and the
 * payer's "I paid" at once. Its charge joins the model's: it must be credited exactly once.
 */
async function railPayment(c: Ctx, order: Order, repeat: boolean): Promise<string> {
  const { railPayments } = c.w.rooms.settlement;
  const { rail } = c.w;
  const ask = { returnUrl: "https://t.me/shop", description: order.planId };
  const asked = await railPayments.payOrder(order.customerId, order.id, rail.id, ask);
  if (!asked.ok) return `rail refused: ${asked.reason}`;
  rail.pay(asked.paymentId);
  c.m.charges.push(railChargeId(rail.id, asked.paymentId));
  const news: (() => Promise<unknown>)[] = [
    () => railPayments.notify(rail.id, rail.notification(asked.paymentId)),
  ];
  if (repeat) {
    news.push(
      () => railPayments.notify(rail.id, rail.notification(asked.paymentId)),
      () => railPayments.poll(rail.id),
      () => railPayments.check(order.customerId, rail.id, asked.paymentId),
    );
  }
  await Promise.all(news.map((n) => n()));
  return (await c.w.rooms.books.orders.get(order.id))?.status ?? "gone";
}

/**
 * Pays `order` from the wallet, by a Telegram invoice or on the rail (the amount the wallet does
 * not cover); the model learns of it once it is paid.
 */
export async function payOrder(c: Ctx, order: Order, how: PayHow, repeat: boolean) {
  const { cashier } = c.w.rooms.sales;
  let status: string;
  if (how === "wallet") {
    status = (await cashier.payFromBalance(order.customerId, order.id)).status;
  } else if (how === "rail") {
    status = await railPayment(c, order, repeat);
  } else {
    const due = await cashier.invoiceAmount(order);
    status = (await telegramPayment(c, order.customerId, `o:${order.id}`, due, repeat)).orderStatus ?? "?";
  }
  const now = await c.w.rooms.books.orders.get(order.id);
  c.note(`  ${order.id} paid by ${how}: ${status} -> ${now?.status}`);
  c.tally(`pay by ${how}: ${status}`);
  if (now && (now.status === "paid" || now.status === "awaiting_claim")) {
    checkPromoTerms(c, now);
    c.m.paid(now);
  } else if (now?.status === "awaiting_payment") c.m.unpaid.add(order.id);
}

/** An order's promo fields agree with its code: bonus days only from a days code, and its value. */
function checkPromoTerms(c: Ctx, order: Order): void {
  const code = Object.values(PROMOS).find((p) => p.code === order.promoCode);
  const days = order.bonusDays ?? 0;
  const want = code?.kind === "days" ? code.value : 0;
  if (days !== want) {
    c.violation(`order ${order.id} with promo ${order.promoCode ?? "none"} carries ${days} bonus days`);
  }
}
