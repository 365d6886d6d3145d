import type { Locale } from "../config.js";
import { formatMoney } from "../domain/catalog/index.js";
import type { ShopRooms } from "../domain/index.js";
import type { InboxEntry, SettleResult } from "../domain/settlement/index.js";
import { html } from "../render/format.js";
import type { I18nLike } from "../render/i18n-like.js";
import type { Logger } from "../runtime/logger.js";
import type { PeriodicTask } from "./maintenance.js";
import type { Outbox } from "./outbox.js";

/** An entry younger than this may still be in the hands of the live handler. */
export const INBOX_GRACE_MS = 60_000;
/** Most entries credited per run (the rest follow in the next runs). */
const BATCH = 100;

export interface ReconcileInboxDeps extends Pick<ShopRooms, "books" | "settlement"> {
  outbox: Outbox;
  i18n: I18nLike;
  logger: Logger;
  graceMs?: number;
  everyMs?: number;
}

/**
 * Credits every payment in the inbox that was stored but never credited (the handler failed or
 * the process died after the update was stored), through the same exactly-once step as the live
 * handler; the order it paid is queued and the customer told. Covers provider (fiat) payments,
 * which have no `getStarTransactions` to compare with, and Stars alike. Safe to run any number of
 * times and in several processes: crediting is keyed by the charge id.
 */
export async function reconcileInbox(
  deps: ReconcileInboxDeps,
): Promise<{ checked: number; recovered: number }> {
  const { paymentInbox } = deps.settlement;
  const { customers } = deps.books;
  const entries = await paymentInbox.pending(deps.graceMs ?? INBOX_GRACE_MS, BATCH);
  let recovered = 0;
  for (const entry of entries) {
    const settled = await paymentInbox.settle(entry);
    // Credited before (a step after the credit failed) or now: either way the payer has not been
    // told it is done (the handler answers only after settling), so they hear it once now.
    if (settled.credited) recovered++;
    deps.logger.warn(
      { charge: entry.chargeId, userId: entry.payerId, amount: entry.amount, credited: settled.credited },
      "settled a stored payment the handler had not",
    );
    const locale = (await customers.get(entry.payerId))?.locale ?? "en";
    await deps.outbox.send({
      chatId: entry.payerId,
      text: await settledText(deps, entry, settled, locale),
      once: `reconcile:${entry.chargeId}`,
    });
  }
  return { checked: entries.length, recovered };
}

/** What the payer hears of a payment settled late: its order, their wallet, or why not the order. */
async function settledText(
  deps: ReconcileInboxDeps,
  entry: InboxEntry,
  settled: SettleResult,
  locale: Locale,
): Promise<string> {
  const money = (minor: number) => formatMoney(entry.currency, minor, locale);
  const amounts = { amount: money(entry.amount), balance: money(settled.balance) };
  if (settled.promoRefusal && settled.orderId) {
    // The order's promo code was refused at payment (the payment step cancelled the order).
    const code = (await deps.books.orders.get(settled.orderId))?.promoCode ?? "";
    return deps.i18n.t(locale, "payment-order-promo-refused", {
      ...amounts,
      reason: settled.promoRefusal,
      code: html(code),
    });
  }
  return deps.i18n.t(locale, settled.paid ? "reconcile-order" : "reconcile-credited", amounts);
}

export function createInboxReconcileTask(deps: ReconcileInboxDeps): PeriodicTask {
  return { name: "reconcile-inbox", everyMs: deps.everyMs ?? 2 * 60_000, run: () => reconcileInbox(deps) };
}
