import { Composer, InlineKeyboard } from "grammy";
import { formatMoney } from "../../domain/money.js";
import type { Order } from "../../domain/orders.js";
import type { BotContext } from "../context.js";
import { localeOf } from "../i18n.js";

/** Telegram's answer limit for pre-checkout queries is 10 s; we answer well before. */
const PRE_CHECKOUT_BUDGET_MS = 7_000;

/** Provider token and currency for invoices: Stars (`XTR`, empty token) unless a provider is set. */
function invoiceSettings(ctx: BotContext): { currency: string; providerToken: string } {
  const currency = ctx.deps.shop.shop.currency;
  return { currency, providerToken: currency === "XTR" ? "" : (ctx.deps.config.paymentProviderToken ?? "") };
}

/** Sends a Telegram invoice for what the wallet does not cover of `order`. */
export async function sendOrderInvoice(ctx: BotContext, order: Order): Promise<void> {
  const { shop } = ctx.deps.shop;
  const plan = shop.plan(order.planId);
  const locale = await localeOf(ctx);
  const amount = await shop.invoiceAmount(order);
  const { currency, providerToken } = invoiceSettings(ctx);
  const title = plan ? plan.title[locale] : order.planId;
  await ctx.replyWithInvoice(
    ctx.t(order.kind === "renewal" ? "invoice-renewal-title" : "invoice-order-title").slice(0, 32),
    ctx
      .t("invoice-order-description", { plan: title, amount: formatMoney(currency, order.price, locale) })
      .slice(0, 255),
    `o:${order.id}`,
    currency,
    [{ label: title.slice(0, 32), amount }],
    { provider_token: providerToken },
  );
}

/** Sends a Telegram invoice that tops up the wallet by `amount` minor units. */
export async function sendTopUpInvoice(ctx: BotContext, amount: number): Promise<boolean> {
  if (!ctx.from) return false;
  const started = await ctx.deps.shop.shop.startTopUp(ctx.from.id, amount);
  if (!started.ok) return false;
  const { currency, providerToken } = invoiceSettings(ctx);
  const locale = await localeOf(ctx);
  const label = formatMoney(currency, amount, locale);
  await ctx.replyWithInvoice(
    ctx.t("invoice-topup-title").slice(0, 32),
    ctx.t("invoice-topup-description", { amount: label }).slice(0, 255),
    `t:${started.id}`,
    currency,
    [{ label: label.slice(0, 32), amount }],
    { provider_token: providerToken },
  );
  return true;
}

/**
 * Payments. Installed before conversations and menus: a payment update must never be swallowed
 * by an active conversation, and pre-checkout queries have no chat.
 */
export const paymentsFeature = new Composer<BotContext>();

paymentsFeature.on("pre_checkout_query", async (ctx) => {
  const q = ctx.preCheckoutQuery;
  const check = ctx.deps.shop.shop.checkPreCheckout(q.from.id, q.invoice_payload, q.total_amount, q.currency);
  const timeout = new Promise<"timeout">((resolve) =>
    setTimeout(() => resolve("timeout"), PRE_CHECKOUT_BUDGET_MS),
  );
  const verdict = await Promise.race([check, timeout]);
  if (verdict === "timeout") {
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
});

paymentsFeature.on("message:successful_payment", async (ctx) => {
  const payment = ctx.message.successful_payment;
  const { shop, jobs } = ctx.deps.shop;
  const result = await shop.recordPayment(
    ctx.from.id,
    payment.invoice_payload,
    payment.telegram_payment_charge_id,
    payment.total_amount,
  );
  const locale = await localeOf(ctx);
  const balance = formatMoney(payment.currency, result.entry.balance, locale);
  ctx.log.info(
    { charge: payment.telegram_payment_charge_id, amount: payment.total_amount, credited: result.credited },
    "payment received",
  );
  const status = result.order?.status;
  if (result.orderId && (status === "paid" || status === "already-paid")) {
    await jobs.enqueueOrder(result.orderId);
    if (result.credited) await ctx.reply(ctx.t("payment-order-paid"));
    return;
  }
  if (!result.credited) return; // a repeated update: already told
  if (result.orderId && status === "insufficient") {
    await ctx.reply(ctx.t("payment-order-short", { balance }), {
      reply_markup: new InlineKeyboard().text(ctx.t("menu-wallet"), "wallet:view"),
    });
    return;
  }
  const key = result.orderId ? "payment-order-expired" : "payment-topup-done";
  await ctx.reply(
    ctx.t(key, { amount: formatMoney(payment.currency, payment.total_amount, locale), balance }),
  );
});
