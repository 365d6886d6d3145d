import type { Api } from "grammy";
import type { StarTransaction } from "grammy/types";
import type { Redis } from "ioredis";
import { ledgerIdemKeys } from "../domain/books/index.js";
import { formatMoney } from "../domain/catalog/index.js";
import type { ShopRooms } from "../domain/index.js";
import type { PaymentNotices } from "../domain/settlement/index.js";
import type { I18nLike } from "../render/i18n-like.js";
import type { Logger } from "../runtime/logger.js";
import type { PeriodicTask } from "./maintenance.js";
import type { Outbox } from "./outbox.js";

/** How many transactions one getStarTransactions call returns at most. */
const PAGE = 100;
/** Transactions already checked (Telegram lists them oldest first, so this is an offset). */
const CURSOR = "reconcile:stars:offset";

export interface ReconcileDeps extends Pick<ShopRooms, "books" | "sales"> {
  api: Api;
  redis: Redis;
  outbox: Outbox;
  i18n: I18nLike;
  logger: Logger;
  /** Told of each payment recovered here, as of any credited payment (the staff's payments line). */
  payments?: PaymentNotices;
  everyMs?: number;
}

export interface ReconcileResult {
  checked: number;
  recovered: number;
}

/** An incoming payment from a user for one of our invoices. */
function invoicePayment(tx: StarTransaction): { userId: number; payload: string } | undefined {
  const source = tx.source;
  if (source?.type !== "user" || tx.amount <= 0) return undefined;
  if (source.transaction_type !== "invoice_payment" || !source.invoice_payload) return undefined;
  return { userId: source.user.id, payload: source.invoice_payload };
}

/**
 * Compares Telegram Stars transactions with the ledger and credits any paid charge the bot
 * never recorded (e.g. a successful_payment update lost in a crash), through the same
 * exactly-once step as the live handler; an order it paid is queued and the customer is told.
 * Safe to run any number of times: charges are keyed by their id.
 */
export async function reconcileStars(deps: ReconcileDeps): Promise<ReconcileResult> {
  const { books, sales, redis } = deps;
  if (sales.shop.currency !== "XTR") return { checked: 0, recovered: 0 };
  let offset = Number((await redis.get(CURSOR)) ?? 0);
  let checked = 0;
  let recovered = 0;
  for (;;) {
    const { transactions } = await deps.api.getStarTransactions({ offset, limit: PAGE });
    for (const tx of transactions) {
      checked++;
      const payment = invoicePayment(tx);
      if (!payment) continue;
      if (await books.wallet.applied(ledgerIdemKeys.charge(tx.id))) continue;
      const result = await sales.cashier.recordPayment(payment.userId, payment.payload, tx.id, tx.amount);
      if (!result.credited) continue;
      recovered++;
      deps.logger.warn(
        { charge: tx.id, userId: payment.userId, amount: tx.amount },
        "recovered an unrecorded payment",
      );
      // The cashier queued the order this charge paid.
      const { paid } = result;
      await deps.payments
        ?.credited({
          ...{ chargeId: tx.id, payerId: payment.userId, amount: tx.amount, currency: "XTR" },
          ...{ outcome: paid ? "order" : "topup", orderId: result.orderId },
        })
        .catch((err: unknown) => deps.logger.warn({ err, charge: tx.id }, "payment line not queued"));
      const locale = (await books.customers.get(payment.userId))?.locale ?? "en";
      const amount = formatMoney("XTR", tx.amount, locale);
      const key = paid ? "reconcile-order" : "reconcile-credited";
      await deps.outbox.send({
        chatId: payment.userId,
        text: deps.i18n.t(locale, key, { amount, balance: formatMoney("XTR", result.entry.balance, locale) }),
        once: `reconcile:${tx.id}`,
      });
    }
    offset += transactions.length;
    await redis.set(CURSOR, String(offset));
    if (transactions.length < PAGE) break;
  }
  return { checked, recovered };
}

export function createReconcileTask(deps: ReconcileDeps): PeriodicTask {
  return { name: "reconcile-stars", everyMs: deps.everyMs ?? 10 * 60_000, run: () => reconcileStars(deps) };
}
