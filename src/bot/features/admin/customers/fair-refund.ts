import { GrammyError, InlineKeyboard } from "grammy";
import type { BotContext } from "#src/bot/context.js";
import { localeOf } from "#src/bot/i18n.js";
import type { View } from "#src/bot/views/show.js";
import type { FairRefundRoute } from "#src/domain/backoffice/index.js";
import { formatMoney, titleOf } from "#src/domain/catalog/index.js";
import { StarsRefundRefused } from "#src/domain/settlement/index.js";
import { html } from "#src/render/format.js";
import { ADMIN_KEYS, termValueLines } from "#src/render/plan-switch.js";
import { customersCb } from "./callbacks.js";

/**
 * "Refund unused part" on a customer's subscription: the same termValue arithmetic as a plan
 * switch's credit, where the money goes (and why not as Stars), confirm, then the back office's
 * FairRefunds (once per term, audited, the term ended now through the terms authority).
 */

/** Where the money goes, and why not as Stars. */
const ROUTE_KEYS: Record<"stars" | Extract<FairRefundRoute, { to: "balance" }>["why"], string> = {
  stars: "fair-refund-to-stars",
  "not-stars": "fair-refund-why-not-stars",
  partial: "fair-refund-why-partial",
  shared: "fair-refund-why-shared",
};

/** The arithmetic of the refund and its confirmation. */
export async function fairRefundView(ctx: BotContext, customerId: number, subId: string): Promise<View> {
  const locale = await localeOf(ctx);
  const back = new InlineKeyboard().text(
    ctx.t("customers-back-subs"),
    customersCb.pack({ act: "sub", customer: customerId, sub: subId }),
  );
  const quote = await ctx.deps.backoffice.fairRefunds.quote(subId);
  if ("refused" in quote || quote.sub.customerId !== customerId)
    return { text: ctx.t("fair-refund-refused"), keyboard: back };
  const { sub, worth, amount, route } = quote;
  const currency = ctx.deps.sales.shop.currency;
  const money = formatMoney(currency, amount, locale);
  if (amount <= 0) return { text: ctx.t("fair-refund-nothing"), keyboard: back };
  const plan = ctx.deps.sales.shop.plan(sub.planId);
  const lines = [
    ctx.t("fair-refund-title", { plan: html(titleOf(plan, locale) ?? sub.planId) }),
    "",
    ...termValueLines(ctx.t, locale, currency, worth.value, amount, sub.trafficGb, ADMIN_KEYS),
    ctx.t("fair-refund-amount", { amount: money }),
    ctx.t(ROUTE_KEYS[route.to === "stars" ? "stars" : route.why], { amount: money }),
    ctx.t("fair-refund-ends"),
  ];
  const keyboard = new InlineKeyboard()
    .text(
      ctx.t("fair-refund-confirm", { amount: money }),
      customersCb.pack({ act: "fair-ok", customer: customerId, sub: subId }),
    )
    .row()
    .append(back);
  return { text: lines.join("\n"), keyboard };
}

/** Refunds once (a second tap or a second admin pays nothing more) and says what happened. */
export async function fairRefund(ctx: BotContext, customerId: number, subId: string): Promise<string> {
  const locale = await localeOf(ctx);
  const sub = await ctx.deps.books.subscriptions.get(subId);
  if (!sub || sub.customerId !== customerId) return ctx.t("error-menu-outdated");
  const adminId = ctx.from?.id ?? 0;
  const outcome = await ctx.deps.backoffice.fairRefunds.refund(adminId, subId, async (userId, chargeId) => {
    try {
      await ctx.api.refundStarPayment(userId, chargeId);
    } catch (err) {
      // A 4xx is Telegram saying no; a 5xx or a network error may hide a refund that happened.
      if (err instanceof GrammyError && err.error_code < 500) throw new StarsRefundRefused(err.description);
      throw err;
    }
  });
  ctx.log.info({ adminId, subscriptionId: subId, outcome: outcome.status }, "fair refund");
  if (outcome.status === "already") return ctx.t("fair-refund-already");
  if (outcome.status === "nothing") return ctx.t("fair-refund-nothing");
  if (outcome.status === "refused") return ctx.t("fair-refund-refused");
  const amount = formatMoney(ctx.deps.sales.shop.currency, outcome.amount, locale);
  if (outcome.to === "balance") return ctx.t("fair-refund-done", { amount });
  const sent = outcome.stars?.status === "refunded" || outcome.stars?.status === "already-refunded";
  return sent
    ? ctx.t("fair-refund-done-stars", { amount })
    : ctx.t("fair-refund-stars-failed", { amount, status: outcome.stars?.status ?? "" });
}
