import { Composer, GrammyError, InlineKeyboard } from "grammy";
import { formatMoney } from "../../../domain/money.js";
import { refundStarsCharge, StarsRefundRefused } from "../../../domain/stars-refund.js";
import { html } from "../../../render/format.js";
import { starsRefundCb } from "../../../render/notice-buttons.js";
import type { BotContext } from "../../context.js";
import { localeOf } from "../../i18n.js";
import { claimConfirmation, issueConfirmation } from "../../kit/index.js";
import { show } from "../../views/show.js";
import { adminHomeButton } from "./home.js";

export const starsRefundFeature = new Composer<BotContext>();

starsRefundFeature.callbackQuery(starsRefundCb.pattern, async (ctx) => {
  const data = starsRefundCb.unpack(ctx.callbackQuery.data);
  await ctx.answerCallbackQuery();
  if (!data) return;
  const { orders, wallet } = ctx.deps.shop;
  const order = await orders.get(data.order);
  const charge = order?.chargeId ? await wallet.applied(`charge:${order.chargeId}`) : undefined;
  if (!order || !charge) {
    return show(ctx, { text: ctx.t("stars-refund-none"), keyboard: adminHomeButton(ctx) });
  }
  const lang = await localeOf(ctx);
  const amount = formatMoney("XTR", charge.amount, lang);
  if (data.act === "ask") {
    const token = await issueConfirmation(ctx, `stars-refund:${order.id}`);
    return show(ctx, {
      text: ctx.t("stars-refund-confirm", {
        amount,
        order: order.id,
        customer: String(order.customerId),
        balance: formatMoney("XTR", await wallet.balance(order.customerId), lang),
      }),
      keyboard: adminHomeButton(
        ctx,
        new InlineKeyboard()
          .text(
            ctx.t("stars-refund-yes", { amount }),
            starsRefundCb.pack({ act: "ok", order: order.id, token }),
          )
          .row(),
      ),
    });
  }
  if ((await claimConfirmation(ctx, data.token, `stars-refund:${order.id}`)) !== "claimed") {
    return show(ctx, { text: ctx.t("stars-refund-used"), keyboard: adminHomeButton(ctx) });
  }
  const result = await refundStarsCharge(
    { redis: ctx.deps.redis, wallet },
    order,
    async (userId, chargeId) => {
      try {
        await ctx.api.refundStarPayment(userId, chargeId);
      } catch (err) {
        // A 4xx is Telegram saying no; a 5xx or a network error may hide a refund that happened.
        if (err instanceof GrammyError && err.error_code < 500) throw new StarsRefundRefused(err.description);
        throw err;
      }
    },
  );
  ctx.log.info({ adminId: ctx.from.id, orderId: order.id, result: result.status }, "Stars refund");
  const text =
    result.status === "refunded"
      ? ctx.t("stars-refund-done", { amount, customer: String(order.customerId) })
      : result.status === "insufficient"
        ? ctx.t("stars-refund-spent", { amount, balance: formatMoney("XTR", result.balance, lang) })
        : result.status === "failed"
          ? ctx.t("stars-refund-failed", { error: html(result.error.slice(0, 200)) })
          : result.status === "unclear"
            ? ctx.t("stars-refund-unclear", { amount })
            : ctx.t(result.status === "already-refunded" ? "stars-refund-already" : "stars-refund-none");
  return show(ctx, { text, keyboard: adminHomeButton(ctx) });
});
