import { InlineKeyboard } from "grammy";
import { changesSubscription, type Order } from "#src/domain/books/index.js";
import { inLocale } from "#src/domain/catalog/index.js";
import type { PayableCheck } from "#src/domain/sales/index.js";
import { formatDate, html } from "#src/render/format.js";
import { appliesAfterFreezeText } from "#src/render/freeze.js";
import { buyCb, MY_LIST, myCb, orderCb, railCb } from "#src/render/shop-callbacks.js";
import type { BotContext } from "../../context.js";
import { enterConversation } from "../../kit/index.js";
import { Routes } from "../../routes.js";
import { show, showAt, type View } from "../../views/show.js";
import { withSupport } from "../help.js";
import { sendOrderInvoice } from "../payments.js";
import { answer, localeOf, mainMenuRow, money, planDetails } from "./common.js";
import { showGate } from "./gate-view.js";
import { cancelledKey, confirmHeadKey, freeKeys, paidKey, takesPromo } from "./order-kind-keys.js";
import { dropPressedButtons, rememberOrderMessage } from "./order-message.js";
import { packGbText, packOrderLines } from "./pack-view.js";
import { dueLine, payWays, railButtons } from "./pay-ways.js";
import { PROMO_STEP, pendingPromo, promoLines, promoRefusalText, referralBonusLines } from "./promo-view.js";
import { seatBuyButtons } from "./seats.js";
import { switchOrderLines } from "./switch-view.js";
import { refuseUndeliverable } from "./undeliverable.js";

/** The plans on sale, each a button to its card. */
export async function buyListView(ctx: BotContext): Promise<View> {
  const locale = await localeOf(ctx);
  const { shop } = ctx.deps.sales;
  const lines = [ctx.t("buy-title"), ""];
  const keyboard = new InlineKeyboard();
  for (const plan of shop.plans()) {
    const price = money(ctx, shop.priceOf(plan), locale);
    const title = inLocale(plan.title, locale);
    lines.push(
      ctx.t("buy-plan-line", { title: html(title), price, details: planDetails(ctx.t, locale, plan) }),
    );
    keyboard
      .text(ctx.t("buy-plan-button", { title, price }), buyCb.pack({ act: "plan", plan: plan.id }))
      .row();
  }
  return { text: lines.join("\n"), keyboard: mainMenuRow(ctx.t, keyboard) };
}

/** One plan with its Buy button; undefined when the plan is no longer sold. */
export async function planCardView(ctx: BotContext, planId: string): Promise<View | undefined> {
  const locale = await localeOf(ctx);
  const { shop } = ctx.deps.sales;
  const plan = shop.plan(planId);
  if (!plan) return undefined;
  const price = money(ctx, shop.priceOf(plan), locale);
  const text = ctx.t("buy-card", {
    title: html(inLocale(plan.title, locale)),
    details: planDetails(ctx.t, locale, plan),
    price,
  });
  // A family plan priced per seat: a button per number of seats instead of one Buy.
  const keyboard = (seatBuyButtons(ctx, plan, locale) ?? new InlineKeyboard())
    .text(ctx.t("buy-button", { price }), buyCb.pack({ act: "go", plan: plan.id }))
    .row()
    .text(ctx.t("buy-gift-button"), buyCb.pack({ act: "gift", plan: plan.id }))
    .row()
    .text(ctx.t("buy-all-plans"), buyCb.pack({ act: "list", plan: "" }))
    .row();
  return { text, keyboard };
}

/** The head of an order's message: plan, price, balance and, for a renewal, the new expiry. */
async function orderLines(ctx: BotContext, order: Order, balance: number): Promise<string[]> {
  const locale = await localeOf(ctx);
  const { shop } = ctx.deps.sales;
  const { subscriptions } = ctx.deps.books;
  const plan = shop.plan(order.planId);
  const price = money(ctx, order.price, locale);
  const title = html(plan ? inLocale(plan.title, locale) : order.planId);
  const lines = [
    ctx.t(confirmHeadKey(order), {
      plan: title,
      price,
      balance: money(ctx, balance, locale),
      gb: order.kind === "pack" ? await packGbText(ctx, order) : "",
      seats: order.seats ?? 0,
    }),
    ...promoLines(ctx, order, locale),
    ...(await referralBonusLines(ctx, order)),
    ...(order.kind === "pack" ? await packOrderLines(ctx, order) : []),
    ...(order.kind === "switch" ? switchOrderLines(ctx, order, locale) : []),
  ];
  if (order.kind === "renewal" && plan && order.subscriptionId) {
    const sub = await subscriptions.get(order.subscriptionId);
    if (sub) {
      // The hosting side's expiry wins when it was read lately (as the renewal itself does).
      const current = (await ctx.deps.provisioning.usage.cached(sub.id))?.expiresAt ?? sub.expiresAt;
      // Renewals paid earlier and still being applied go first: this one adds its days after them.
      const { days, next, pending } = await shop.renewalQuote(sub, order, current);
      lines.push(
        "",
        ctx.t("buy-renewal-rule", {
          current: current ? formatDate(locale, current) : ctx.t("access-no-expiry"),
          next: formatDate(locale, next),
          days,
        }),
      );
      if (pending > 0) lines.push(ctx.t("buy-renewal-after-pending", { count: pending }));
      // Its server is not paid long enough: the renewal moves the access, with new links.
      if (order.ref?.kind === "xui" && sub.ref.kind === "xui" && order.ref.serverId !== sub.ref.serverId)
        lines.push("", ctx.t("buy-renewal-moves"));
    }
  }
  return lines;
}

const cancelButton = (ctx: BotContext, order: Order) =>
  new InlineKeyboard().text(ctx.t("buy-cancel"), orderCb.pack({ act: "cancel", id: order.id })).row();

/**
 * The confirmation of an order awaiting payment: the price, the balance, and either "Pay from
 * balance" or the ways to pay what is missing (saying what the balance covers, if anything): a
 * Telegram invoice where the shop can send one, and each outside rail it offers; plus Cancel.
 * A renewal also shows the new expiry: the later of now and the current expiry, plus the plan's
 * days. `note` (e.g. why a promo code did not apply) goes under it; "Have a promo code?" is
 * offered while some code can be redeemed and the order has none.
 */
export async function confirmView(ctx: BotContext, order: Order, note?: string): Promise<View> {
  const locale = await localeOf(ctx);
  const { cashier, promos } = ctx.deps.sales;
  const balance = await ctx.deps.books.wallet.balance(order.customerId);
  const lines = await orderLines(ctx, order, balance);
  const keyboard = new InlineKeyboard();
  if (order.price === 0) {
    // A promo code of the whole price: nothing to pay, the same press takes it (paid from nothing).
    lines.push("", ctx.t(freeKeys(order).line));
    keyboard.text(ctx.t(freeKeys(order).button), orderCb.pack({ act: "bal", id: order.id }));
  } else if (balance >= order.price) {
    lines.push("", ctx.t("buy-confirm-enough"));
    const price = money(ctx, order.price, locale);
    keyboard.text(ctx.t("buy-pay-balance", { price }), orderCb.pack({ act: "bal", id: order.id }));
  } else {
    const due = cashier.due(order, balance);
    const missing = money(ctx, due, locale);
    const covered = order.price - due;
    const ways = await payWays(ctx);
    lines.push("", dueLine(ctx, ways, missing, covered > 0 ? money(ctx, covered, locale) : undefined));
    if (ways.telegram)
      keyboard.text(
        ctx.t("buy-pay-invoice", { amount: missing }),
        orderCb.pack({ act: "inv", id: order.id }),
      );
    keyboard.row();
    railButtons(ctx, keyboard, ways.rails, missing, (rail) =>
      railCb.pack({ act: "pay", rail, id: order.id }),
    );
  }
  if (note) lines.push("", note);
  keyboard.row();
  if (!order.promoCode && takesPromo(order) && (await promos.anyLive())) {
    keyboard.text(ctx.t("promo-button"), orderCb.pack({ act: "promo", id: order.id })).row();
  }
  return { text: lines.join("\n"), keyboard: keyboard.append(cancelButton(ctx, order)) };
}

/**
 * Sends the order's invoice, at most one per order and amount at a time (InvoiceGate, in Redis),
 * then turns the message that was pressed into the order's state: the button that sent the
 * invoice is gone, so it cannot send a second one; Cancel stays. `state` is that message's text.
 */
async function invoiceOnce(
  ctx: BotContext,
  order: Order,
  balance: number,
  state: (amount: number) => Promise<string>,
): Promise<void> {
  const { cashier } = ctx.deps.sales;
  if (!(await cashier.claimOrderInvoice(order, cashier.due(order, balance)))) {
    await answer(ctx, ctx.t("invoice-already-sent"), true);
    return;
  }
  await answer(ctx);
  const amount = await sendOrderInvoice(ctx, order);
  const shown = await showAt(ctx, { text: await state(amount), keyboard: cancelButton(ctx, order) });
  rememberOrderMessage(ctx, order.id, shown);
}

/** Starts a purchase of `planId` (with the code `/promo` remembered, if any) and shows its confirmation. */
export async function startPurchase(ctx: BotContext, planId: string, gift = false, seats?: number) {
  if (!ctx.from) return;
  const promo = await pendingPromo(ctx);
  const locale = await localeOf(ctx);
  const started = await ctx.deps.sales.shop.startPurchase(ctx.from.id, planId, locale, promo, gift, seats);
  if (!started.ok && started.why) return refuseUndeliverable(ctx, "purchase", planId, started.why);
  if (!started.ok && started.reason === "channel-required")
    return showGate(ctx, started.channels ?? [], gift ? "gift" : "buy", planId);
  if (!started.ok) {
    const text = started.reason === "blocked" ? withSupport(ctx, "error-blocked") : ctx.t("shop-plan-gone");
    await answer(ctx, text, true);
    return;
  }
  ctx.log.info(
    { orderId: started.order.id, planId, promo: started.order.promoCode, gift },
    "purchase started",
  );
  await answer(ctx);
  const note = started.promo && promo ? promoRefusalText(ctx, started.promo, promo) : undefined;
  await show(ctx, await confirmView(ctx, started.order, note));
}

/** The presser's order if it can still be paid (Cashier.payable); otherwise the presser is told why. */
export async function payableOrder(ctx: BotContext, orderId: string): Promise<Order | undefined> {
  const check = await ctx.deps.sales.cashier.payable(ctx.from?.id ?? 0, orderId);
  if (check.ok) return check.order;
  await refuseUnpayable(ctx, orderId, check);
  return undefined;
}

/** Tells the presser why `orderId` cannot be paid (gone, paid, expired, or undeliverable now). */
export async function refuseUnpayable(
  ctx: BotContext,
  orderId: string,
  check: Exclude<PayableCheck, { ok: true }>,
): Promise<void> {
  if (check.reason === "undeliverable") {
    const order = await ctx.deps.books.orders.get(orderId);
    const kind = order?.kind === "renewal" || order?.kind === "pack" ? order.kind : "purchase";
    await refuseUndeliverable(ctx, kind, order?.planId ?? "", check.why);
    return;
  }
  if (check.reason === "paid") {
    await answer(ctx, ctx.t("buy-already-paid"));
    await dropPressedButtons(ctx);
  } else
    await answer(ctx, ctx.t(check.reason === "expired" ? "shop-order-expired" : "shop-order-gone"), true);
}

/**
 * Pays from the balance. The debit and the order's move to `paid` are one Lua step, so of many
 * concurrent presses exactly one sees "paid", and only that one is queued (by the shop).
 */
async function payFromBalance(ctx: BotContext, orderId: string): Promise<void> {
  const order = await payableOrder(ctx, orderId);
  if (!order) return;
  const { wallet } = ctx.deps.books;
  const locale = await localeOf(ctx);
  const result = await ctx.deps.sales.cashier.payFromBalance(order.customerId, order.id);
  switch (result.status) {
    case "paid": {
      ctx.log.info({ orderId: order.id, price: order.price }, "order paid from balance");
      await answer(ctx);
      const balance = result.entry?.balance ?? (await wallet.balance(order.customerId));
      const paid = paidKey(order);
      const kind = order.kind === "renewal" ? "renewal" : order.gift ? "gift" : "purchase";
      const text =
        order.price === 0
          ? ctx.t("buy-paid-free", { kind })
          : ctx.t(paid, { price: money(ctx, order.price, locale), balance: money(ctx, balance, locale) });
      const later = await appliesAfterFreezeText(ctx.deps.terms.freezes, ctx.t, locale, order);
      await show(ctx, {
        text: later ? `${text}\n${later}` : text,
        keyboard: new InlineKeyboard().text(ctx.t("menu-my"), MY_LIST),
      });
      return;
    }
    case "already-paid":
      await answer(ctx, ctx.t("buy-already-paid"));
      return;
    case "insufficient":
      // The balance went down since the confirmation was shown: the rest by invoice, or by a
      // way the customer chooses where there is more than one.
      if (await severalWays(ctx)) {
        await answer(ctx);
        const balance = money(ctx, result.balance, locale);
        return show(ctx, await confirmView(ctx, order, ctx.t("rail-balance-short", { balance })));
      }
      return invoiceOnce(ctx, order, result.balance, async () =>
        ctx.t("buy-balance-short", { balance: money(ctx, result.balance, locale) }),
      );
    case "promo-refused":
      // Its promo terms failed at payment (see PromoPayRefusal): the order is cancelled.
      ctx.log.info({ orderId: order.id, reason: result.reason }, "order's promo code refused at payment");
      await answer(ctx);
      await show(ctx, {
        text: ctx.t("buy-promo-refused", { reason: result.reason, code: html(order.promoCode ?? "") }),
        keyboard: plansAgainKeyboard(ctx),
      });
      return;
    default:
      await answer(ctx, ctx.t("shop-order-gone"), true);
  }
}

/** Whether the rest of an order is paid some other way than Telegram's invoice alone. */
async function severalWays(ctx: BotContext): Promise<boolean> {
  const ways = await payWays(ctx);
  return !ways.telegram || ways.rails.length > 0;
}

async function payByInvoice(ctx: BotContext, orderId: string): Promise<void> {
  const order = await payableOrder(ctx, orderId);
  if (!order) return;
  const balance = await ctx.deps.books.wallet.balance(order.customerId);
  // An old button of a shop that has no Telegram invoices (now): its other ways instead.
  if (!(await payWays(ctx)).telegram) {
    await answer(ctx, ctx.t("rail-telegram-off"), true);
    return show(ctx, await confirmView(ctx, order));
  }
  if (balance >= order.price) {
    // Topped up meanwhile: the balance covers it now, so offer that instead of an invoice.
    await answer(ctx);
    await show(ctx, await confirmView(ctx, order));
    return;
  }
  const locale = await localeOf(ctx);
  await invoiceOnce(ctx, order, balance, async (amount) => {
    const lines = await orderLines(ctx, order, balance);
    lines.push("", ctx.t("buy-invoice-sent", { amount: money(ctx, amount, locale) }));
    return lines.join("\n");
  });
}

async function cancelOrder(ctx: BotContext, orderId: string): Promise<void> {
  const outcome = await ctx.deps.sales.cashier.cancel(ctx.from?.id ?? 0, orderId);
  if (outcome !== "cancelled") {
    await answer(ctx, ctx.t(outcome === "paid" ? "buy-cannot-cancel" : "shop-order-gone"), true);
    // A paid order's message keeps no Cancel (nor a Pay button) to mislead the next press.
    if (outcome === "paid") await dropPressedButtons(ctx);
    return;
  }
  ctx.log.info({ orderId }, "order cancelled by the customer");
  await answer(ctx);
  const order = await ctx.deps.books.orders.get(orderId);
  if (changesSubscription(order ?? { kind: "purchase" }) && order?.subscriptionId) {
    // A renewal or a traffic pack called off leads back to its subscription.
    const back = new InlineKeyboard()
      .text(ctx.t("buy-renewal-back"), myCb.pack({ act: "card", id: order.subscriptionId }))
      .row();
    const text = ctx.t(cancelledKey(order));
    await show(ctx, { text, keyboard: mainMenuRow(ctx.t, back) });
    return;
  }
  await show(ctx, { text: ctx.t("buy-cancelled"), keyboard: plansAgainKeyboard(ctx) });
}

/** All plans and the main menu: what follows an order that was cancelled. */
function plansAgainKeyboard(ctx: BotContext): InlineKeyboard {
  return mainMenuRow(
    ctx.t,
    new InlineKeyboard().text(ctx.t("buy-all-plans"), buyCb.pack({ act: "list", plan: "" })).row(),
  );
}

/** /buy: plans, plan cards, purchase confirmation, paying from the balance or by invoice, cancel. */
export const buyFeature = new Routes<BotContext>();

buyFeature.command("buy", async (ctx) => show(ctx, await buyListView(ctx)));

buyFeature.callbackQuery(buyCb.pattern, async (ctx) => {
  const data = buyCb.unpack(ctx.callbackQuery.data);
  if (!data) return answer(ctx);
  switch (data.act) {
    case "list":
      await answer(ctx);
      return show(ctx, await buyListView(ctx));
    case "plan": {
      const view = await planCardView(ctx, data.plan);
      if (!view) return answer(ctx, ctx.t("shop-plan-gone"), true);
      await answer(ctx);
      return show(ctx, view);
    }
    case "go":
      return startPurchase(ctx, data.plan);
    case "gift":
      return startPurchase(ctx, data.plan, true);
  }
});

buyFeature.callbackQuery(orderCb.pattern, async (ctx) => {
  const data = orderCb.unpack(ctx.callbackQuery.data);
  if (!data) return answer(ctx);
  switch (data.act) {
    case "bal":
      return payFromBalance(ctx, data.id);
    case "inv":
      return payByInvoice(ctx, data.id);
    case "cancel":
      return cancelOrder(ctx, data.id);
    case "promo":
      await answer(ctx);
      return enterConversation(ctx, PROMO_STEP, data.id);
  }
});
