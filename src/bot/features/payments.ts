import { type Composer, InlineKeyboard, type Middleware, type NextFunction, type Transformer } from "grammy";
import type { ApiResponse, PreCheckoutQuery, Update } from "grammy/types";
import type { Locale } from "../../config.js";
import type { Order } from "../../domain/books/index.js";
import { formatMoney } from "../../domain/catalog/index.js";
import { type InvoiceRail, invoiceRail } from "../../domain/sales/index.js";
import type { IncomingPayment, PaymentInbox, SettleResult } from "../../domain/settlement/index.js";
import { autoRenewedText } from "../../render/auto-renew.js";
import { keepMessage } from "../../render/callback-data.js";
import { html } from "../../render/format.js";
import { appliesAfterFreezeText } from "../../render/freeze.js";
import {
  type InvoiceSpec,
  type InvoiceWords,
  orderInvoice,
  orderItemTitle,
  topUpInvoice,
} from "../../render/invoices.js";
import { buyCb, receiptKeyboard, WALLET_VIEW } from "../../render/shop-callbacks.js";
import type { BotContext } from "../context.js";
import { localeOf } from "../i18n.js";
import { Routes } from "../routes.js";
import { closeOrderMessage } from "./shop/order-message.js";

/** Telegram's answer limit for pre-checkout queries is 10 s; we answer well before, counted from arrival. */
const PRE_CHECKOUT_BUDGET_MS = 7_000;

/** The shop's invoice rail (Stars, or the provider's currency and token) and the customer's words. */
async function invoiceParts(ctx: BotContext): Promise<{ rail: InvoiceRail; words: InvoiceWords }> {
  const currency = ctx.deps.sales.shop.currency;
  const locale = await localeOf(ctx);
  return {
    rail: invoiceRail(currency, ctx.deps.config.paymentProviderToken),
    words: { t: ctx.t, money: (minor) => formatMoney(currency, minor, locale) },
  };
}

async function sendInvoice(ctx: BotContext, spec: InvoiceSpec): Promise<void> {
  await ctx.replyWithInvoice(spec.title, spec.description, spec.payload, spec.currency, spec.prices, {
    provider_token: spec.providerToken,
  });
}

/** Sends a Telegram invoice for what the wallet does not cover of `order`; returns its amount. */
export async function sendOrderInvoice(ctx: BotContext, order: Order): Promise<number> {
  const amount = await ctx.deps.sales.cashier.invoiceAmount(order);
  const { rail, words } = await invoiceParts(ctx);
  const title = orderItemTitle(ctx.t, await localeOf(ctx), ctx.deps.sales.shop.plan(order.planId), order);
  await sendInvoice(ctx, orderInvoice(words, order, title, amount, rail));
  return amount;
}

/** Sends a Telegram invoice that tops up the wallet by `amount` minor units. */
export async function sendTopUpInvoice(ctx: BotContext, amount: number): Promise<boolean> {
  if (!ctx.from) return false;
  const started = await ctx.deps.sales.cashier.startTopUp(ctx.from.id, amount);
  if (!started.ok) return false;
  const { rail, words } = await invoiceParts(ctx);
  await sendInvoice(ctx, topUpInvoice(words, started.id, amount, rail));
  return true;
}

/** A payment update in the inbox's terms (undefined for any other update). */
export function incomingPayment(update: Update): IncomingPayment | undefined {
  const message = update.message;
  const payment = message?.successful_payment;
  if (!message || !payment || !message.from) return undefined;
  return {
    chargeId: payment.telegram_payment_charge_id,
    payerId: message.from.id,
    payload: payment.invoice_payload,
    amount: payment.total_amount,
    currency: payment.currency,
    updateId: update.update_id,
    raw: JSON.stringify({ update_id: update.update_id, from: message.from, successful_payment: payment }),
  };
}

/**
 * First middleware, outside the error boundary: a payment update is stored before anything else
 * runs. If it cannot be stored the error escapes, so the webhook answers non-2xx and Telegram
 * delivers the update again (rule 9).
 */
export function recordPaymentFirst(ctx: BotContext, next: NextFunction): Promise<void> {
  const payment = incomingPayment(ctx.update);
  // Any other update goes straight on: no frame of this one waits through it.
  return payment ? recordThenGo(ctx, payment, next) : next();
}

async function recordThenGo(ctx: BotContext, payment: IncomingPayment, next: NextFunction): Promise<void> {
  try {
    await ctx.deps.settlement.paymentInbox.record(payment);
  } catch (err) {
    ctx.log.error({ err, charge: payment.chargeId }, "could not store a payment; not acknowledging it");
    throw err;
  }
  await next();
}

/**
 * Bot API transformer for long polling: the runner moves its offset only after `getUpdates`
 * returns, so every payment of a batch is stored first; if that fails the call fails and the
 * runner asks again from the same offset (it retries with backoff).
 */
export function recordPaymentsOnFetch(inbox: PaymentInbox): Transformer {
  // Every other call passes straight through: no frame of this one waits with it on Telegram.
  return (prev, method, payload, signal) =>
    method === "getUpdates"
      ? fetchRecording(inbox, prev(method, payload, signal))
      : prev(method, payload, signal);
}

async function fetchRecording<T>(
  inbox: PaymentInbox,
  fetching: Promise<ApiResponse<T>>,
): Promise<ApiResponse<T>> {
  const res = await fetching;
  if (res.ok) {
    for (const update of res.result as Update[]) {
      const payment = incomingPayment(update);
      if (payment) await inbox.record(payment);
    }
  }
  return res;
}

/** When each pre-checkout query reached the bot: its budget starts there, not when a handler begins. */
const arrivals = new WeakMap<BotContext, number>();

/**
 * Pre-checkout queries, answered ahead of the per-chat queue (Telegram waits 10 s at most, and a
 * slow update of the same user must not hold the payment up). `i18n` is one that needs no session.
 */
export function preCheckoutFeature(i18n: Middleware<BotContext>): Composer<BotContext> {
  const feature = new Routes<BotContext>();
  feature.on(
    "pre_checkout_query",
    (ctx, next) => {
      arrivals.set(ctx, Date.now());
      return next();
    },
    i18n,
    answerPreCheckout,
  );
  return feature;
}

async function answerPreCheckout(ctx: BotContext & { preCheckoutQuery: PreCheckoutQuery }): Promise<void> {
  const q = ctx.preCheckoutQuery;
  // An answer is always given: a check that fails (Redis) refuses politely, like a slow one.
  const check = ctx.deps.sales.cashier
    .checkPreCheckout(q.from.id, q.invoice_payload, q.total_amount, q.currency)
    .catch((err: unknown) => {
      ctx.log.error({ err, payload: q.invoice_payload }, "pre-checkout check failed; refusing");
      return "failed" as const;
    });
  const left = (arrivals.get(ctx) ?? Date.now()) + PRE_CHECKOUT_BUDGET_MS - Date.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), Math.max(0, left));
  });
  const verdict = await Promise.race([check, timeout]).finally(() => clearTimeout(timer));
  if (verdict === "timeout" || verdict === "failed") {
    if (verdict === "timeout")
      ctx.log.warn({ payload: q.invoice_payload }, "pre-checkout check too slow; refusing");
    await ctx.answerPreCheckoutQuery(false, { error_message: ctx.t("invoice-try-again") });
    return;
  }
  if (verdict.ok) {
    await ctx.answerPreCheckoutQuery(true);
    return;
  }
  ctx.log.info({ payload: q.invoice_payload, reason: verdict.reason }, "pre-checkout refused");
  await ctx.answerPreCheckoutQuery(false, { error_message: ctx.t(`invoice-refused-${verdict.reason}`) });
}

/**
 * Successful payments. Installed before conversations and menus: a payment update must never be
 * swallowed by an active conversation. The update is in the payment inbox already (see
 * `recordPaymentFirst`); crediting it here is idempotent by charge id, and whatever fails here is
 * credited later by the inbox worker.
 */
export const paymentsFeature = new Routes<BotContext>();

/** "Payment received" for an order, and when its subscription is frozen, that it applies at the unfreeze. */
async function orderPaidText(ctx: BotContext, orderId: string | undefined, locale: Locale): Promise<string> {
  const order = orderId ? await ctx.deps.books.orders.get(orderId) : undefined;
  const text = ctx.t(order?.gift ? "payment-gift-paid" : "payment-order-paid");
  const later = order && (await appliesAfterFreezeText(ctx.deps.terms.freezes, ctx.t, locale, order));
  return later ? `${text}\n${later}` : text;
}

paymentsFeature.on("message:successful_payment", async (ctx) => {
  const payment = ctx.message.successful_payment;
  let settled: SettleResult;
  try {
    settled = await ctx.deps.settlement.paymentInbox.settle({
      chargeId: payment.telegram_payment_charge_id,
      payerId: ctx.from.id,
      payload: payment.invoice_payload,
      amount: payment.total_amount,
    });
  } catch (err) {
    // The payment is stored (recordPaymentFirst); the inbox worker credits it within minutes.
    ctx.log.error({ err, charge: payment.telegram_payment_charge_id }, "payment stored, crediting failed");
    await ctx.reply(ctx.t("payment-stored-later"));
    return;
  }
  const locale = await localeOf(ctx);
  const balance = formatMoney(payment.currency, settled.balance, locale);
  ctx.log.info(
    { charge: payment.telegram_payment_charge_id, amount: payment.total_amount, credited: settled.credited },
    "payment received",
  );
  if (!settled.credited) return; // a repeated update: already told
  // The order's message loses its buttons: paid, or closed (promo refused, expired), no Cancel left.
  if (settled.orderId && settled.orderStatus !== "insufficient")
    await closeOrderMessage(ctx, settled.orderId);
  const amount = formatMoney(payment.currency, payment.total_amount, locale);
  // Another charge (an invoice paid twice) or the balance paid this order first: this one stays
  // in the wallet, and the customer is told so rather than "preparing your access" a second time.
  if (settled.paid && settled.orderStatus === "already-paid")
    return replyReceipt(ctx, "payment-order-already-paid", amount, balance);
  if (settled.paid) {
    await ctx.reply(await orderPaidText(ctx, settled.orderId, locale));
    return;
  }
  if (await repliedUnpaidOrder(ctx, settled, amount, balance)) return;
  const receipt = settled.orderId ? "payment-order-expired" : "payment-topup-done";
  await replyReceipt(ctx, receipt, amount, balance, settled.autoRenewed);
});

/**
 * A payment for an order it could not pay: its promo code was refused at payment (the order is
 * cancelled), or the wallet no longer covers it. Telegram's money is in and cannot be refused: it
 * stays in the wallet, and the payer is told why. False when neither is the case.
 */
async function repliedUnpaidOrder(
  ctx: BotContext,
  settled: SettleResult,
  amount: string,
  balance: string,
): Promise<boolean> {
  if (settled.orderId && settled.orderStatus === "promo-refused") {
    const order = await ctx.deps.books.orders.get(settled.orderId);
    const reason = settled.promoRefusal ?? "";
    const code = html(order?.promoCode ?? "");
    await ctx.reply(ctx.t("payment-order-promo-refused", { reason, code, amount, balance }), {
      reply_markup: new InlineKeyboard().text(
        ctx.t("buy-all-plans"),
        keepMessage(buyCb.pack({ act: "list", plan: "" })),
      ),
    });
    return true;
  }
  if (settled.orderId && settled.orderStatus === "insufficient") {
    await ctx.reply(ctx.t("payment-order-short", { balance }), {
      reply_markup: new InlineKeyboard().text(ctx.t("menu-wallet"), keepMessage(WALLET_VIEW)),
    });
    return true;
  }
  return false;
}

/**
 * A receipt (the money is in the wallet): it stays in the chat, its buttons open anew (KEEP_MARK).
 * With renewals the money paid at once (auto-renew), it names them and the balance after them.
 */
async function replyReceipt(
  ctx: BotContext,
  key: string,
  amount: string,
  balance: string,
  renewed: Order[] = [],
): Promise<void> {
  const after = renewed.length > 0 ? await autoRenewedLines(ctx, renewed) : undefined;
  const text = [ctx.t(key, { amount, balance: after?.balance ?? balance }), ...(after?.lines ?? [])];
  // The auto-renew lines name plans in HTML (escaped); the plain receipt stays plain.
  const mode = after ? { parse_mode: "HTML" as const } : {};
  await ctx.reply(text.join("\n\n"), { ...mode, reply_markup: receiptKeyboard(ctx.t) });
}

/** "Germany was renewed automatically from your balance", per renewal, and the balance after them. */
async function autoRenewedLines(
  ctx: BotContext,
  renewed: Order[],
): Promise<{ lines: string[]; balance: string }> {
  const locale = await localeOf(ctx);
  const { shop } = ctx.deps.sales;
  const money = (minor: number) => formatMoney(shop.currency, minor, locale);
  const lines: string[] = [];
  for (const order of renewed) {
    const sub = order.subscriptionId
      ? await ctx.deps.books.subscriptions.get(order.subscriptionId)
      : undefined;
    if (sub) lines.push(autoRenewedText(ctx.t, locale, sub, shop.plan(sub.planId), money(order.price)));
  }
  return { lines, balance: money(await ctx.deps.books.wallet.balance(ctx.from?.id ?? 0)) };
}
