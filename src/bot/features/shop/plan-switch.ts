import { InlineKeyboard } from "grammy";
import type { Subscription } from "#src/domain/books/index.js";
import { planTitle } from "#src/render/access.js";
import { keepMessage } from "#src/render/callback-data.js";
import { html } from "#src/render/format.js";
import { termValueLines } from "#src/render/plan-switch.js";
import { myCb, switchCb } from "#src/render/shop-callbacks.js";
import type { BotContext } from "../../context.js";
import { Routes } from "../../routes.js";
import { show } from "../../views/show.js";
import { confirmView } from "./buy.js";
import { answer, localeOf, mainMenuRow, money } from "./common.js";
import { refuseOpening } from "./undeliverable.js";

/**
 * Plan switches in the chat: "Switch plan" on a subscription's card (SwitchSales.targets, the one
 * rule of what is offered), the plans it may move to with their prices, and for the plan picked
 * the arithmetic of the credit (the quote fixed on the order) above the shop's one confirm step
 * (buy.ts: balance or invoice, Cancel).
 */

/** "Switch plan" on `sub`'s card, when it may switch to any plan. */
export async function addSwitchButton(
  ctx: BotContext,
  sub: Subscription,
  keyboard: InlineKeyboard,
): Promise<void> {
  if ((await ctx.deps.sales.shop.switches.targets(sub)).length === 0) return;
  keyboard.row().text(ctx.t("my-switch"), keepMessage(switchCb.pack({ act: "list", id: sub.id, plan: "" })));
}

/** What each refusal of a switch's order says. */
const SWITCH_REFUSALS = {
  blocked: "error-blocked",
  "subscription-disabled": "switch-refused-disabled",
  "subscription-removed": "switch-refused-removed",
  "subscription-frozen": "switch-refused-frozen",
  "switch-not-offered": "switch-not-offered",
  "unknown-subscription": "my-not-found",
  "hosting-unknown": "switch-usage-unknown",
} as const;

/** The plans the presser's subscription may switch to, one button each. */
async function showTargets(ctx: BotContext, subscriptionId: string): Promise<void> {
  const sub = await ctx.deps.books.subscriptions.get(subscriptionId);
  if (!sub || sub.customerId !== ctx.from?.id) return answer(ctx, ctx.t("my-not-found"), true);
  const { shop } = ctx.deps.sales;
  const locale = await localeOf(ctx);
  const targets = await shop.switches.targets(sub);
  const back = new InlineKeyboard().text(ctx.t("buy-renewal-back"), myCb.pack({ act: "card", id: sub.id }));
  await answer(ctx);
  if (targets.length === 0)
    return show(ctx, { text: ctx.t("switch-none"), keyboard: mainMenuRow(ctx.t, back) });
  const keyboard = new InlineKeyboard();
  for (const plan of targets) {
    const text = ctx.t("switch-plan-button", {
      plan: planTitle(plan, locale, plan.id),
      price: money(ctx, shop.priceOf(plan), locale),
    });
    keyboard.text(text, switchCb.pack({ act: "pick", id: sub.id, plan: plan.id })).row();
  }
  const title = html(planTitle(shop.plan(sub.planId), locale, sub.planId));
  await show(ctx, {
    text: ctx.t("switch-choose", { plan: title }),
    keyboard: mainMenuRow(ctx.t, keyboard.append(back)),
  });
}

/** Opens (or hands back) the switch's order and shows its arithmetic and confirmation. */
async function pick(ctx: BotContext, subscriptionId: string, planId: string): Promise<void> {
  const from = ctx.from;
  if (!from) return;
  const locale = await localeOf(ctx);
  const { shop } = ctx.deps.sales;
  const started = await shop.switches.start(from.id, subscriptionId, planId, locale);
  if (!started.ok)
    return refuseOpening(ctx, "purchase", started, () => planId, SWITCH_REFUSALS, [
      "switch-refused-disabled",
    ]);
  ctx.log.info({ orderId: started.order.id, subscriptionId, planId }, "plan switch started");
  await answer(ctx);
  const confirm = await confirmView(ctx, started.order);
  const quote = started.quote;
  const sub = await ctx.deps.books.subscriptions.get(subscriptionId);
  // The arithmetic of the credit above the confirmation: the quote this order was opened with.
  const arithmetic =
    quote && sub && quote.credit === started.order.switchCredit
      ? [...termValueLines(ctx.t, locale, shop.currency, quote.value, quote.credit, sub.trafficGb), ""]
      : [];
  const rule = ctx.t("switch-quote-rule", { days: shop.plan(planId)?.days ?? 0 });
  await show(ctx, { ...confirm, text: [...arithmetic, confirm.text, "", rule].join("\n") });
}

/** The switch buttons of /my. */
export const switchFeature = new Routes<BotContext>();

switchFeature.callbackQuery(switchCb.pattern, async (ctx) => {
  const data = switchCb.unpack(ctx.callbackQuery.data);
  if (!data) return answer(ctx);
  if (data.act === "list") return showTargets(ctx, data.id);
  return pick(ctx, data.id, data.plan);
});
