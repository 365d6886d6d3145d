import type { Locale } from "#src/config.js";
import type { Order } from "#src/domain/books/index.js";
import { planTitle } from "#src/render/access.js";
import { html } from "#src/render/format.js";
import type { BotContext } from "../../context.js";
import { money } from "./common.js";

/**
 * What switch order `order` charges, as its confirmation shows it: the new plan's price, the
 * credit fixed on the order when it was opened, and what is left to pay (the arithmetic of the
 * credit is shown above it when the switch is picked, plan-switch.ts).
 */
export function switchOrderLines(ctx: BotContext, order: Order, locale: Locale): string[] {
  const { credit, price } = ctx.deps.sales.shop.switches.fixedQuote(order);
  const plan = ctx.deps.sales.shop.plan(order.planId);
  const surplus = order.switchSurplus ?? 0;
  return [
    "",
    ctx.t("switch-quote-sum", {
      plan: html(planTitle(plan, locale, order.planId)),
      price: money(ctx, price, locale),
      credit: money(ctx, credit, locale),
      toPay: money(ctx, order.price, locale),
    }),
    ...(surplus > 0 ? [ctx.t("switch-quote-surplus", { surplus: money(ctx, surplus, locale) })] : []),
  ];
}
