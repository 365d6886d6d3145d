import { InlineKeyboard } from "grammy";
import type { BotContext } from "#src/bot/context.js";
import { localeOf } from "#src/bot/i18n.js";
import { permitted, staffRoleOf } from "#src/bot/staff.js";
import { show, type View } from "#src/bot/views/show.js";
import type { Order } from "#src/domain/books/index.js";
import { formatMoney, titleOf } from "#src/domain/catalog/index.js";
import { auditSubject, NotPermitted, roleAllows } from "#src/domain/staff/index.js";
import { formatDateTime, html } from "#src/render/format.js";
import { Routes } from "../../../routes.js";
import { adminHomeButton } from "../home.js";
import { cardCb, ordersCb } from "./callbacks.js";
import { orderKindText } from "./views.js";

/**
 * Failed orders: those the worker gave up on whose refund did not complete (a completed refund
 * moves an order on to `refunded`). Each can be retried: moved back to `paid` (compare-and-set,
 * so a double tap moves it once) and queued again. A refunded order is charged again from the
 * customer's card instead (see orders.ts).
 */

export const FAILED_PAGE_SIZE = 8;
/** How many entries of the failed index are read (it may hold ids that moved on since). */
const FAILED_SCAN = 200;

/** Orders still in `failed`, most recent first. */
async function failedOrders(ctx: BotContext): Promise<Order[]> {
  const { orders } = ctx.deps.books;
  const ids = await orders.failedIds(FAILED_SCAN);
  const found = await Promise.all(ids.map((id) => orders.get(id)));
  return found.filter((o): o is Order => o?.status === "failed");
}

/** The failed orders, 8 a page: id, customer, plan, price, error and time, each with Retry. */
export async function failedOrdersView(ctx: BotContext, page = 0, notice?: string): Promise<View> {
  const { customers } = ctx.deps.books;
  const { shop } = ctx.deps.sales;
  const locale = await localeOf(ctx);
  const all = await failedOrders(ctx);
  const pages = Math.max(1, Math.ceil(all.length / FAILED_PAGE_SIZE));
  const current = Math.min(Math.max(0, page), pages - 1);
  const shown = all.slice(current * FAILED_PAGE_SIZE, (current + 1) * FAILED_PAGE_SIZE);

  const mayRetry = roleAllows(await staffRoleOf(ctx), "money");
  const lines = [ctx.t("failed-orders-title", { count: all.length })];
  if (pages > 1) lines.push(ctx.t("failed-orders-page", { page: String(current + 1), pages: String(pages) }));
  lines.push("");
  if (shown.length === 0) lines.push(ctx.t("failed-orders-empty"));
  const keyboard = new InlineKeyboard();
  for (const o of shown) {
    const customer = await customers.get(o.customerId);
    const name = customer?.firstName || String(o.customerId);
    lines.push(
      ctx.t("failed-orders-item", {
        order: o.id,
        date: formatDateTime(locale, o.updatedAt),
        customer: html(customer?.username ? `${name} @${customer.username}` : name),
        id: String(o.customerId),
        kind: orderKindText(ctx, o),
        plan: html(titleOf(shop.plan(o.planId), locale) ?? o.planId),
        price: formatMoney(o.currency, o.price, locale),
        error: html((o.error ?? "—").slice(0, 300)),
      }),
      "",
    );
    if (mayRetry) {
      keyboard.text(
        ctx.t("failed-orders-retry", { order: o.id }),
        ordersCb.pack({ act: "retry", order: o.id }),
      );
    }
    keyboard.text(ctx.t("failed-orders-customer"), cardCb(o.customerId)).row();
  }
  if (pages > 1) {
    if (current > 0) {
      keyboard.text(ctx.t("customers-page-prev"), ordersCb.pack({ act: "list", page: current - 1 }));
    }
    if (current < pages - 1) {
      keyboard.text(ctx.t("customers-page-next"), ordersCb.pack({ act: "list", page: current + 1 }));
    }
    keyboard.row();
  }
  keyboard.text(ctx.t("menu-refresh"), ordersCb.pack({ act: "list", page: current })).row();
  return {
    text: (notice ? [notice, "", ...lines] : lines).join("\n").trimEnd(),
    keyboard: adminHomeButton(ctx, keyboard),
  };
}

/**
 * Retries a failed order through the shop (`failed -> paid`, then queued; refused when its money
 * already went back or it is not failed any more). Returns the notice to show.
 */
export async function retryFailedOrder(ctx: BotContext, orderId: string): Promise<string> {
  const result = await ctx.deps.sales.cashier.retryFailed(ctx.from?.id ?? 0, orderId);
  switch (result.status) {
    case "gone":
      return ctx.t("failed-orders-gone");
    case "refunded":
      return ctx.t("failed-orders-refunded", { order: orderId });
    case "not-failed":
      return ctx.t("failed-orders-not-failed", {
        order: orderId,
        status: ctx.t(`customers-order-status-${result.orderStatus}`),
      });
    case "queued":
      ctx.log.info({ adminId: ctx.from?.id, orderId }, "admin retried a failed order");
      return ctx.t("failed-orders-queued", { order: orderId });
  }
}

/** The audit subject of an order's action: its customer (so it is found with their other entries). */
export async function subjectOf(ctx: BotContext, orderId: string): Promise<string> {
  return auditSubject("customer", (await ctx.deps.books.orders.get(orderId))?.customerId ?? 0);
}

export const failedOrdersFeature = new Routes<BotContext>();

failedOrdersFeature.callbackQuery(ordersCb.pattern, async (ctx) => {
  const data = ordersCb.unpack(ctx.callbackQuery.data);
  // A retry moves money: `money` is checked before the press is answered (a refusal is its answer).
  if (
    data?.act === "retry" &&
    !(await permitted(ctx, "money", "order.retry", await subjectOf(ctx, data.order)))
  )
    return;
  await ctx.answerCallbackQuery();
  if (!data) return;
  if (data.act === "list") return show(ctx, await failedOrdersView(ctx, data.page));
  const notice = await retryFailedOrder(ctx, data.order).catch(async (err: unknown) => {
    // The domain's own check: the role was lowered between the press's check and the change.
    if (err instanceof NotPermitted) return ctx.t("staff-not-permitted");
    throw err;
  });
  return show(ctx, await failedOrdersView(ctx, 0, notice));
});
