import { InlineKeyboard } from "grammy";
import type { BotContext } from "#src/bot/context.js";
import { localeOf } from "#src/bot/i18n.js";
import { withNotice } from "#src/bot/kit/index.js";
import type { View } from "#src/bot/views/show.js";
import type { Locale } from "#src/config.js";
import { type ChargeAgainOutcome, canChargeAgain } from "#src/domain/backoffice/index.js";
import { isFailedStatus } from "#src/domain/books/index.js";
import { formatMoney, inLocale } from "#src/domain/catalog/index.js";
import type { ShopRefusal } from "#src/domain/sales/index.js";
import { roleAllows } from "#src/domain/staff/index.js";
import { formatDateTime, html } from "#src/render/format.js";
import { cardCb, customersCb, ordersCb } from "./callbacks.js";
import { roleNow } from "./permissions.js";
import { notFoundView, onCustomer, orderKindText, planTitleOf } from "./views.js";

/**
 * A customer's orders: refunded ones can be charged again (a new order paid from the wallet,
 * through the shop's ChargeAgain), failed ones retried (the failed orders view does it).
 */

const ORDERS_SHOWN = 10;

/** A customer's latest orders; refunded ones can be charged again, failed ones retried. */
export async function customerOrdersView(ctx: BotContext, id: number, notice?: string): Promise<View> {
  const { customers, orders } = ctx.deps.books;
  const c = await customers.get(id);
  if (!c) return notFoundView(ctx, id);
  const locale = await localeOf(ctx);
  const list = await orders.ofCustomer(id, ORDERS_SHOWN);
  // Charging again and retrying move money: their buttons are for roles with `money` only.
  const money = roleAllows(await roleNow(ctx), "money");
  const lines = [ctx.t("customers-orders-title", { name: html(c.firstName || String(id)) }), ""];
  if (list.length === 0) lines.push(ctx.t("customers-orders-empty"));
  const keyboard = new InlineKeyboard();
  for (const o of list) {
    lines.push(
      ctx.t("customers-order-line", {
        order: o.id,
        kind: orderKindText(ctx, o),
        plan: html(planTitleOf(ctx, o.planId, locale)),
        price: formatMoney(o.currency, o.price, locale),
        status: ctx.t(`customers-order-status-${o.status}`),
        date: formatDateTime(locale, o.createdAt),
      }),
    );
    if (o.error && isFailedStatus(o.status)) {
      lines.push(ctx.t("customers-order-error", { error: html(o.error.slice(0, 200)) }));
    }
    if (!money) continue;
    if (canChargeAgain(o)) {
      const retry = customersCb.pack({ act: "retry", customer: id, order: o.id });
      keyboard.text(ctx.t("customers-btn-charge-again", { order: o.id }), retry).row();
    } else if (o.status === "failed") {
      const retry = ordersCb.pack({ act: "retry", order: o.id });
      keyboard.text(ctx.t("failed-orders-retry", { order: o.id }), retry).row();
    }
  }
  keyboard
    .text(ctx.t("menu-refresh"), onCustomer("orders", id))
    .text(ctx.t("customers-back-card"), cardCb(id));
  return { text: withNotice(notice, lines.join("\n")), keyboard };
}

function notRefundedText(ctx: BotContext, order: { id: string; status: string }): string {
  return ctx.t("customers-retry-not-refunded", {
    order: order.id,
    status: ctx.t(`customers-order-status-${order.status}`),
  });
}

/** The confirmation of charging a refunded order again, or the orders with why not. */
export async function chargeAgainConfirmView(ctx: BotContext, id: number, orderId: string): Promise<View> {
  const offer = await ctx.deps.backoffice.chargeAgain.offer(id, orderId);
  switch (offer.status) {
    case "outdated":
      return customerOrdersView(ctx, id, ctx.t("error-menu-outdated"));
    case "not-refunded":
      return customerOrdersView(ctx, id, notRefundedText(ctx, offer.order));
    case "plan-gone":
      return customerOrdersView(ctx, id, ctx.t("customers-retry-plan-gone", { plan: html(offer.planId) }));
  }
  const { order, customer, plan, price, promo, balance, token } = offer;
  const locale = await localeOf(ctx);
  const { shop } = ctx.deps.sales;
  const { wallet } = ctx.deps.books;
  const lines = [
    ctx.t("customers-retry-confirm", {
      order: order.id,
      name: html(customer.firstName || String(id)),
      plan: html(inLocale(plan.title, locale)),
      price: formatMoney(shop.currency, price, locale),
      balance: formatMoney(wallet.currency, balance, locale),
    }),
  ];
  if (promo) {
    const list = formatMoney(shop.currency, promo.listPrice, locale);
    lines.push(ctx.t("customers-retry-promo", { code: html(promo.code), list, days: promo.bonusDays }));
  }
  return {
    text: lines.join("\n"),
    keyboard: new InlineKeyboard()
      .text(
        ctx.t("customers-retry-yes"),
        customersCb.pack({ act: "retry-ok", customer: id, order: order.id, token }),
      )
      .text(ctx.t("customers-cancel"), onCustomer("orders", id)),
  };
}

function refusalText(ctx: BotContext, reason: ShopRefusal, planId: string): string {
  switch (reason) {
    case "blocked":
      return ctx.t("customers-retry-blocked");
    case "unknown-plan":
      return ctx.t("customers-retry-plan-gone", { plan: html(planId) });
    case "unknown-subscription":
      return ctx.t("customers-retry-sub-gone");
    default:
      return ctx.t("customers-retry-failed");
  }
}

/** Charges a refunded order again (once per order) and returns the admin's notice. */
export async function chargeAgain(
  ctx: BotContext,
  id: number,
  orderId: string,
  token: string,
): Promise<string> {
  const outcome = await ctx.deps.backoffice.chargeAgain.confirm(ctx.from?.id ?? 0, id, orderId, token);
  if (outcome.status === "queued") {
    ctx.log.info(
      { adminId: ctx.from?.id, customerId: id, refunded: orderId, orderId: outcome.order.id },
      "admin charged a refunded order again",
    );
  }
  return chargeAgainText(ctx, orderId, outcome, await localeOf(ctx));
}

function chargeAgainText(
  ctx: BotContext,
  orderId: string,
  outcome: ChargeAgainOutcome,
  locale: Locale,
): string {
  switch (outcome.status) {
    case "queued":
      return ctx.t("customers-retry-queued", {
        order: outcome.order.id,
        price: formatMoney(outcome.order.currency, outcome.order.price, locale),
      });
    case "outdated":
      return ctx.t("error-menu-outdated");
    case "used":
      return ctx.t("customers-confirm-used");
    case "expired":
      return ctx.t("customers-confirm-expired");
    case "not-refunded":
      return notRefundedText(ctx, outcome.order);
    case "already":
      return ctx.t("customers-retry-already", { order: orderId, next: outcome.next });
    case "busy":
      return ctx.t("customers-retry-busy");
    case "refused":
      return refusalText(ctx, outcome.reason, outcome.planId);
    case "insufficient":
      return ctx.t("customers-retry-insufficient", {
        price: formatMoney(outcome.currency, outcome.price, locale),
        balance: formatMoney(outcome.currency, outcome.balance, locale),
      });
    case "promo-gone":
      return ctx.t("customers-retry-promo-gone");
    case "failed":
      return ctx.t("customers-retry-failed");
  }
}
