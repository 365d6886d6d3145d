import type { BotContext } from "#src/bot/context.js";
import { enterConversation } from "#src/bot/kit/index.js";
import { show } from "#src/bot/views/show.js";
import { NotPermitted } from "#src/domain/staff/index.js";
import { Routes } from "../../../routes.js";
import { confirmAdjustment, confirmBlock, confirmMessage, unblock } from "./actions.js";
import { type CustomersAction, customersCb } from "./callbacks.js";
import { ADJUST, BLOCK, FIND } from "./conversations.js";
import { fairRefund, fairRefundView } from "./fair-refund.js";
import { liftFreeze } from "./freeze.js";
import { chargeAgain, chargeAgainConfirmView, customerOrdersView } from "./orders.js";
import { actPermitted } from "./permissions.js";
import {
  customerCardView,
  customersHomeView,
  ledgerView,
  notFoundView,
  subscriptionsView,
  subscriptionView,
} from "./views.js";
import { WRITE } from "./write.js";

/**
 * Customers in the admin menu: find one by id or @username, their card (profile, wallet,
 * subscriptions), the ledger, their orders, credit / debit of the wallet with a reason, block /
 * unblock, a message from the bot, and "charge again" for a refunded order; beside it the failed
 * orders, the payments to check and the Stars refund of a failed order. Money, blocks and
 * messages go through the shop's AdminWallet, ChargeAgain, CustomerBlocks and CustomerMessages
 * (each applied once per confirmation). What a staff member may do is their role's (read now):
 * every action is checked before it runs (permissions.ts) and again by the domain.
 */

export { parseAmount, signedMoney } from "./amount.js";
export { cardCb, customersCb, ordersCb, paymentsCb } from "./callbacks.js";
export { customersConversations } from "./conversations.js";
export { failedOrdersFeature, failedOrdersView, retryFailedOrder } from "./failed-orders.js";
export { paymentsInboxFeature, paymentsInboxView } from "./payments.js";
export { starsRefundFeature } from "./stars-refund.js";
export { customerCardView, customersHomeView, LEDGER_PAGE_SIZE } from "./views.js";

type OnCustomer = Exclude<CustomersAction, { act: "home" | "find" }>;

export const customersFeature = new Routes<BotContext>();

customersFeature.callbackQuery(customersCb.pattern, async (ctx) => {
  const data = customersCb.unpack(ctx.callbackQuery.data);
  // Before the press is answered: a refusal is its answer.
  if (data && !(await actPermitted(ctx, data))) return;
  await ctx.answerCallbackQuery();
  if (!data) return;
  switch (data.act) {
    case "home":
      return show(ctx, await customersHomeView(ctx));
    case "find":
      return enterConversation(ctx, FIND);
  }
  if (data.customer === 0) return show(ctx, await customersHomeView(ctx, ctx.t("error-menu-outdated")));
  try {
    return await onCustomer(ctx, data);
  } catch (err) {
    // The domain's own check: the role was lowered between the press's check and the change.
    if (!(err instanceof NotPermitted)) throw err;
    await ctx.reply(ctx.t("staff-not-permitted"));
  }
});

async function onCustomer(ctx: BotContext, data: OnCustomer): Promise<void> {
  const id = data.customer;
  const exists = async () => (await ctx.deps.books.customers.get(id)) !== undefined;
  switch (data.act) {
    case "card":
      return show(ctx, await customerCardView(ctx, id));
    case "ledger":
      return show(ctx, await ledgerView(ctx, id, data.page));
    case "subs":
      return show(ctx, await subscriptionsView(ctx, id));
    case "sub":
      return show(ctx, await subscriptionView(ctx, id, data.sub));
    case "fair":
      return show(ctx, await fairRefundView(ctx, id, data.sub));
    case "fair-ok":
      return show(ctx, await subscriptionView(ctx, id, data.sub, await fairRefund(ctx, id, data.sub)));
    case "unfreeze":
      return show(ctx, await subscriptionView(ctx, id, data.sub, await liftFreeze(ctx, id, data.sub)));
    case "orders":
      return show(ctx, await customerOrdersView(ctx, id));
    case "credit":
    case "debit":
      if (!(await exists())) return show(ctx, notFoundView(ctx, id));
      return enterConversation(ctx, ADJUST, id, data.act);
    case "adj-ok":
      return show(ctx, await customerCardView(ctx, id, await confirmAdjustment(ctx, id, data.token)));
    case "block":
      if (!(await exists())) return show(ctx, notFoundView(ctx, id));
      return enterConversation(ctx, BLOCK, id);
    case "block-ok":
      return show(ctx, await customerCardView(ctx, id, await confirmBlock(ctx, id, data.token)));
    case "unblock":
      if (!(await exists())) return show(ctx, notFoundView(ctx, id));
      return show(ctx, await customerCardView(ctx, id, await unblock(ctx, id)));
    case "write":
      if (!(await exists())) return show(ctx, notFoundView(ctx, id));
      return enterConversation(ctx, WRITE, id);
    case "write-ok":
      return show(ctx, await customerCardView(ctx, id, await confirmMessage(ctx, id, data.token)));
    case "retry":
      return show(ctx, await chargeAgainConfirmView(ctx, id, data.order));
    case "retry-ok": {
      if (!data.token)
        return show(ctx, await customerOrdersView(ctx, id, ctx.t("customers-confirm-expired")));
      const notice = await chargeAgain(ctx, id, data.order, data.token);
      return show(ctx, await customerOrdersView(ctx, id, notice));
    }
  }
}
