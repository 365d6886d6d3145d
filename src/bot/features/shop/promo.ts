import { createConversation } from "@grammyjs/conversations";
import { InlineKeyboard } from "grammy";
import type { Locale } from "#src/config.js";
import { normalizeCode, type PromoCode } from "#src/domain/sales/index.js";
import { html } from "#src/render/format.js";
import { buyCb } from "#src/render/shop-callbacks.js";
import type { BotContext, ConvContext } from "../../context.js";
import { askText, type BotConversation } from "../../conversation-kit.js";
import { Routes } from "../../routes.js";
import type { View } from "../../views/show.js";
import { confirmView } from "./buy.js";
import { localeOf, money } from "./common.js";
import { PROMO_STEP, promoRefusalText } from "./promo-view.js";

/** What a remembered code will do, in a sentence. */
function rememberedText(ctx: BotContext, promo: PromoCode, locale: Locale): string {
  const code = html(promo.code);
  if (promo.kind === "percent") return ctx.t("promo-remembered-percent", { code, percent: promo.value });
  if (promo.kind === "fixed")
    return ctx.t("promo-remembered-fixed", { code, amount: money(ctx, promo.value, locale) });
  return ctx.t("promo-remembered-days", { code, days: promo.value });
}

/**
 * A code the customer typed: a wallet credit is credited at once (keyed, so a repeated update
 * credits once); a discount or bonus days is remembered for the next order. Returns what to say.
 */
async function enterCode(
  ctx: BotContext,
  code: string,
  planId?: string,
): Promise<{ text: string; status: "credited" | "remembered" | "refused" }> {
  const customerId = ctx.from?.id ?? 0;
  const locale = await localeOf(ctx);
  const entered = await ctx.deps.sales.promos.enter(customerId, code, planId);
  ctx.log.info({ customerId, code, status: entered.status }, "promo code entered");
  if (entered.status === "refused")
    return { text: promoRefusalText(ctx, entered.reason, code), status: entered.status };
  if (entered.status === "credited") {
    const text = ctx.t("promo-credited", {
      code: html(code),
      amount: money(ctx, entered.amount, locale),
      balance: money(ctx, entered.balance, locale),
    });
    return { text, status: entered.status };
  }
  return { text: rememberedText(ctx, entered.promo, locale), status: entered.status };
}

/**
 * The /buy step: the code applied to the order on screen. A discount or bonus days re-opens the
 * order with it (the old one is cancelled by the shop); a credit tops the wallet up and the same
 * order is shown with the new balance; a refused code is said under the same order.
 */
async function applyToOrder(ctx: BotContext, orderId: string, code: string): Promise<View> {
  const { orders } = ctx.deps.books;
  const { shop } = ctx.deps.sales;
  const order = await orders.get(orderId);
  if (!order || order.customerId !== ctx.from?.id || order.status !== "awaiting_payment") {
    return { text: ctx.t("shop-order-gone") };
  }
  const entered = await enterCode(ctx, code, order.planId);
  if (entered.status !== "remembered") return confirmView(ctx, order, entered.text);
  // A traffic pack is sold at its price (a wallet credit above still counts).
  if (order.kind === "pack") return confirmView(ctx, order, ctx.t("pack-promo-not-applicable"));
  if (order.kind === "switch") return confirmView(ctx, order, ctx.t("switch-promo-not-applicable"));
  const locale = await localeOf(ctx);
  const started =
    order.kind === "renewal" && order.subscriptionId
      ? await shop.startRenewal(order.customerId, order.subscriptionId, locale, code)
      : await shop.startPurchase(order.customerId, order.planId, locale, code);
  if (!started.ok) return { text: ctx.t("shop-order-gone") };
  const note = started.promo ? promoRefusalText(ctx, started.promo, code) : undefined;
  return confirmView(ctx, started.order, note);
}

/** Asks for the code (Cancel, /cancel or another command leaves the order as it was). */
async function promoStep(conversation: BotConversation, ctx: ConvContext, orderId: string): Promise<void> {
  const typed = await askText(conversation, ctx, ctx.t("promo-ask"), {
    validate: (text) =>
      normalizeCode(text) ? undefined : ctx.t("promo-refused-invalid", { code: html(text.slice(0, 32)) }),
  });
  const code = normalizeCode(typed) ?? typed;
  const view = await conversation.external(async (outer: BotContext) => {
    const shown = await applyToOrder(outer, orderId, code);
    return { text: shown.text, markup: shown.keyboard?.inline_keyboard ?? [] };
  });
  await ctx.reply(view.text, { parse_mode: "HTML", reply_markup: { inline_keyboard: view.markup } });
}

export const promoConversations = [createConversation(promoStep, PROMO_STEP)];

/** `/promo CODE`: a wallet credit at once, or a discount remembered for the next purchase. */
export const promoFeature = new Routes<BotContext>();

promoFeature.command("promo", async (ctx) => {
  const typed = ctx.match.trim();
  if (!typed) return void (await ctx.reply(ctx.t("promo-usage"), { parse_mode: "HTML" }));
  const code = normalizeCode(typed);
  const { text, status } = code
    ? await enterCode(ctx, code)
    : { text: promoRefusalText(ctx, "invalid", typed.slice(0, 32)), status: "refused" };
  const keyboard =
    status === "remembered"
      ? new InlineKeyboard().text(ctx.t("menu-buy"), buyCb.pack({ act: "list", plan: "" }))
      : undefined;
  await ctx.reply(text, { parse_mode: "HTML", ...(keyboard ? { reply_markup: keyboard } : {}) });
});
