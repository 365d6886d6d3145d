import { InlineKeyboard } from "grammy";
import type { Order } from "#src/domain/books/index.js";
import type { RailCheckout } from "#src/domain/settlement/index.js";
import { RailError } from "#src/rails/index.js";
import { html } from "#src/render/format.js";
import { orderItemTitle } from "#src/render/invoices.js";
import { orderCb, railCb, WALLET_VIEW } from "#src/render/shop-callbacks.js";
import type { BotContext } from "../../context.js";
import { enterConversation } from "../../kit/index.js";
import { Routes } from "../../routes.js";
import { show, type View } from "../../views/show.js";
import { confirmView, payableOrder, refuseUnpayable } from "./buy.js";
import { answer, localeOf, money } from "./common.js";
import { dropPressedButtons } from "./order-message.js";
import { RAIL_EMAIL_STEP, type RailGoal } from "./pay-ways.js";

/**
 * Paying on an outside rail (CryptoBot, YooKassa) in the chat: the rail is asked for a payment
 * (the same order and amount get the same one back), the message becomes that payment's state
 * (its link, "I paid", Cancel), and "I paid" looks the payment up on the rail. A rail that needs
 * the customer's e-mail first asks for it once (rail-email.ts), then comes back here.
 */

const railName = (ctx: BotContext, railId: string) =>
  ctx.deps.settlement.railPayments.rail(railId)?.name ?? railId;

/** What the provider's page (and the receipt) says is paid for. */
async function itemOf(ctx: BotContext, goal: RailGoal, order: Order | undefined): Promise<string> {
  const locale = await localeOf(ctx);
  if (goal.kind === "topup")
    return ctx.t("invoice-topup-description", { amount: money(ctx, goal.amount, locale) });
  const plan = order ? ctx.deps.sales.shop.plan(order.planId) : undefined;
  return order ? orderItemTitle(ctx.t, locale, plan, order) : goal.orderId;
}

/**
 * Asks `railId` for the payment of `goal` and shows it, or says why there is none. Used by the
 * rail's button and, after the e-mail was given, by the e-mail step (then there is no press to
 * answer: the answers are sent as messages).
 */
export async function payOnRail(ctx: BotContext, railId: string, goal: RailGoal): Promise<void> {
  const customerId = ctx.from?.id ?? 0;
  const found = goal.kind === "order" ? await ctx.deps.books.orders.get(goal.orderId) : undefined;
  // Someone else's order is refused below (payOrder): nothing of it is read here.
  const order = found?.customerId === customerId ? found : undefined;
  if (order?.status === "awaiting_payment" && order.price > 0) {
    // Topped up meanwhile: the balance covers it now, so offer that instead of a payment.
    if ((await ctx.deps.books.wallet.balance(customerId)) >= order.price) {
      await answer(ctx);
      return show(ctx, await confirmView(ctx, order));
    }
  }
  const { railPayments } = ctx.deps.settlement;
  const ask = { returnUrl: `https://t.me/${ctx.me.username}`, description: await itemOf(ctx, goal, order) };
  const checkout =
    goal.kind === "order"
      ? await railPayments.payOrder(customerId, goal.orderId, railId, ask)
      : await railPayments.payTopUp(customerId, goal.amount, railId, ask);
  if (checkout.ok) {
    ctx.log.info({ rail: railId, payment: checkout.paymentId, goal }, "rail payment handed out");
    await answer(ctx);
    return show(ctx, await paymentView(ctx, checkout, goal, order));
  }
  return refuseCheckout(ctx, railId, goal, checkout);
}

async function refuseCheckout(
  ctx: BotContext,
  railId: string,
  goal: RailGoal,
  refused: Exclude<RailCheckout, { ok: true }>,
): Promise<void> {
  switch (refused.reason) {
    case "email-needed":
      if (!ctx.callbackQuery) return answer(ctx, ctx.t("rail-email-missing"));
      await answer(ctx);
      return enterConversation(ctx, RAIL_EMAIL_STEP, { rail: railId, goal });
    case "unavailable":
      return answer(ctx, ctx.t("rail-unavailable", { rail: railName(ctx, railId) }), true);
    case "no-rail":
      return answer(ctx, ctx.t("rail-not-offered"), true);
    case "topup-refused":
      return answer(ctx, ctx.t("wallet-topup-refused"), true);
    default:
      return refuseUnpayable(ctx, goal.kind === "order" ? goal.orderId : "", refused);
  }
}

/** The payment's state: what is due on which rail, its link, "I paid", and Cancel (an order) or the wallet. */
async function paymentView(
  ctx: BotContext,
  pay: Extract<RailCheckout, { ok: true }>,
  goal: RailGoal,
  order: Order | undefined,
): Promise<View> {
  const rail = railName(ctx, pay.rail);
  const amount = money(ctx, pay.amount, await localeOf(ctx));
  const keyboard = new InlineKeyboard()
    .url(ctx.t("rail-open", { rail }), pay.payUrl)
    .row()
    .text(ctx.t("rail-paid-button"), railCb.pack({ act: "chk", rail: pay.rail, id: pay.paymentId }))
    .row();
  if (goal.kind === "topup") {
    keyboard.text(ctx.t("wallet-back"), WALLET_VIEW).row();
    return { text: ctx.t("rail-topup-pay", { rail, amount }), keyboard };
  }
  keyboard
    .text(ctx.t("rail-other-ways"), railCb.pack({ act: "alt", rail: pay.rail, id: goal.orderId }))
    .row()
    .text(ctx.t("buy-cancel"), orderCb.pack({ act: "cancel", id: goal.orderId }))
    .row();
  const item = html(await itemOf(ctx, goal, order));
  return { text: ctx.t("rail-order-pay", { rail, amount, item }), keyboard };
}

/**
 * The customer's "I paid". Credited: a short answer, the buttons go (the payer hears the rest
 * from RailNotices); not paid yet: said; cancelled or expired: said, with a way to start again.
 */
async function checkPayment(ctx: BotContext, railId: string, paymentId: string): Promise<void> {
  const customerId = ctx.from?.id ?? 0;
  const { railPayments } = ctx.deps.settlement;
  const rail = railName(ctx, railId);
  const found = await railPayments.check(customerId, railId, paymentId).catch((err: unknown) => {
    // The provider did not answer (or refused the read): nothing was credited, press again later.
    if (err instanceof RailError) return { status: "unavailable" as const };
    throw err;
  });
  ctx.log.info({ rail: railId, payment: paymentId, status: found.status }, "customer's 'I paid' looked up");
  switch (found.status) {
    case "credited":
    case "already":
      await answer(ctx, ctx.t(found.status === "credited" ? "rail-check-credited" : "rail-check-already"));
      return dropPressedButtons(ctx);
    case "pending":
      return answer(ctx, ctx.t("rail-check-pending", { rail }), true);
    case "unavailable":
      return answer(ctx, ctx.t("rail-unavailable", { rail }), true);
    case "unknown":
      await answer(ctx, ctx.t("rail-check-unknown"), true);
      return dropPressedButtons(ctx);
    default: {
      await answer(ctx);
      const target = await railPayments.asked(customerId, railId, paymentId);
      const keyboard = new InlineKeyboard();
      if (target?.kind === "order") {
        const id = target.orderId;
        keyboard.text(ctx.t("rail-start-again"), railCb.pack({ act: "alt", rail: railId, id })).row();
        keyboard.text(ctx.t("buy-cancel"), orderCb.pack({ act: "cancel", id })).row();
      } else keyboard.text(ctx.t("wallet-back"), WALLET_VIEW).row();
      return show(ctx, { text: ctx.t("rail-check-closed", { rail, status: found.status }), keyboard });
    }
  }
}

/** The order's confirmation again, with every way to pay it (another rail, the balance). */
async function otherWays(ctx: BotContext, orderId: string): Promise<void> {
  const order = await payableOrder(ctx, orderId);
  if (!order) return;
  await answer(ctx);
  await show(ctx, await confirmView(ctx, order));
}

/** The rail buttons of the checkout and the wallet, and "I paid". */
export const railFeature = new Routes<BotContext>();

railFeature.callbackQuery(railCb.pattern, async (ctx) => {
  const data = railCb.unpack(ctx.callbackQuery.data);
  if (!data) return answer(ctx);
  switch (data.act) {
    case "pay":
      return payOnRail(ctx, data.rail, { kind: "order", orderId: data.id });
    case "top": {
      const amount = Number(data.id);
      if (!Number.isSafeInteger(amount)) return answer(ctx, ctx.t("wallet-topup-refused"), true);
      return payOnRail(ctx, data.rail, { kind: "topup", amount });
    }
    case "chk":
      return checkPayment(ctx, data.rail, data.id);
    case "off":
      return answer(ctx, ctx.t("rail-unavailable", { rail: railName(ctx, data.rail) }), true);
    case "alt":
      return otherWays(ctx, data.id);
  }
});
