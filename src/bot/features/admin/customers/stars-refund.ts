import { GrammyError, InlineKeyboard } from "grammy";
import type { BotContext } from "#src/bot/context.js";
import { localeOf } from "#src/bot/i18n.js";
import { claimConfirmation, issueConfirmation } from "#src/bot/kit/index.js";
import { permitted } from "#src/bot/staff.js";
import { show } from "#src/bot/views/show.js";
import type { Locale } from "#src/config.js";
import { formatMoney } from "#src/domain/catalog/index.js";
import {
  type StarsCharge,
  StarsRefundRefused,
  type StarsRefundResult,
} from "#src/domain/settlement/index.js";
import { NotPermitted } from "#src/domain/staff/index.js";
import { html } from "#src/render/format.js";
import { starsRefundCb } from "#src/render/notice-buttons.js";
import { Routes } from "../../../routes.js";
import { adminHomeButton } from "../home.js";
import { subjectOf } from "./failed-orders.js";

/**
 * The button under a failed-order alert of an order paid by a Stars invoice: asks, then sends the
 * charge back through Telegram (the shop's StarsRefunds takes it from the wallet first). Both
 * presses need `money` (checked before the press is answered, and again by StarsRefunds, which
 * records the refund in the audit log).
 */

export const starsRefundFeature = new Routes<BotContext>();

const action = (orderId: string) => `stars-refund:${orderId}`;

starsRefundFeature.callbackQuery(starsRefundCb.pattern, async (ctx) => {
  const data = starsRefundCb.unpack(ctx.callbackQuery.data);
  const subject = data && (await subjectOf(ctx, data.order));
  if (!(await permitted(ctx, "money", "order.stars-refund", subject))) return;
  await ctx.answerCallbackQuery();
  if (!data) return;
  const charge = await ctx.deps.settlement.starsRefunds.chargeOf(data.order);
  if (!charge) return show(ctx, { text: ctx.t("stars-refund-none"), keyboard: adminHomeButton(ctx) });
  const lang = await localeOf(ctx);
  if (data.act === "ask") return askRefund(ctx, charge, lang);
  if ((await claimConfirmation(ctx, data.token, action(charge.order.id))) !== "claimed") {
    return show(ctx, { text: ctx.t("stars-refund-used"), keyboard: adminHomeButton(ctx) });
  }
  return refund(ctx, charge, lang).catch(async (err: unknown) => {
    // The domain's own check: the role was lowered between the press's check and the refund.
    if (!(err instanceof NotPermitted)) throw err;
    await show(ctx, { text: ctx.t("staff-not-permitted"), keyboard: adminHomeButton(ctx) });
  });
});

async function askRefund(ctx: BotContext, { order, amount: credited }: StarsCharge, lang: Locale) {
  const amount = formatMoney("XTR", credited, lang);
  const token = await issueConfirmation(ctx, action(order.id));
  const yes = starsRefundCb.pack({ act: "ok", order: order.id, token });
  return show(ctx, {
    text: ctx.t("stars-refund-confirm", {
      amount,
      order: order.id,
      customer: String(order.customerId),
      balance: formatMoney("XTR", await ctx.deps.books.wallet.balance(order.customerId), lang),
    }),
    keyboard: adminHomeButton(
      ctx,
      new InlineKeyboard().text(ctx.t("stars-refund-yes", { amount }), yes).row(),
    ),
  });
}

async function refund(ctx: BotContext, { order, amount: credited }: StarsCharge, lang: Locale) {
  const adminId = ctx.from?.id ?? 0;
  const result = await ctx.deps.settlement.starsRefunds.refundBy(adminId, order, async (userId, chargeId) => {
    try {
      await ctx.api.refundStarPayment(userId, chargeId);
    } catch (err) {
      // A 4xx is Telegram saying no; a 5xx or a network error may hide a refund that happened.
      if (err instanceof GrammyError && err.error_code < 500) throw new StarsRefundRefused(err.description);
      throw err;
    }
  });
  ctx.log.info({ adminId: ctx.from?.id, orderId: order.id, result: result.status }, "Stars refund");
  const text = resultText(ctx, result, formatMoney("XTR", credited, lang), order.customerId, lang);
  return show(ctx, { text, keyboard: adminHomeButton(ctx) });
}

function resultText(
  ctx: BotContext,
  result: StarsRefundResult,
  amount: string,
  customerId: number,
  lang: Locale,
): string {
  switch (result.status) {
    case "refunded":
      return ctx.t("stars-refund-done", { amount, customer: String(customerId) });
    case "insufficient":
      return ctx.t("stars-refund-spent", { amount, balance: formatMoney("XTR", result.balance, lang) });
    case "failed":
      return ctx.t("stars-refund-failed", { error: html(result.error.slice(0, 200)) });
    case "unclear":
      return ctx.t("stars-refund-unclear", { amount });
    case "already-refunded":
      return ctx.t("stars-refund-already");
    case "no-charge":
      return ctx.t("stars-refund-none");
  }
}
