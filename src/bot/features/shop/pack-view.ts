import type { Order } from "#src/domain/books/index.js";
import { formatGb } from "#src/render/format.js";
import { packOfOrder, packRuleLines } from "#src/render/traffic-packs.js";
import type { BotContext } from "../../context.js";
import { localeOf } from "./common.js";

/** "+50 GB": what pack order `order` adds (its pack as the catalog sells it). */
export async function packGbText(ctx: BotContext, order: Order): Promise<string> {
  const pack = packOfOrder(ctx.deps.catalog.current(), order);
  return pack ? `+${formatGb(await localeOf(ctx), pack.gb)}` : "";
}

/** What pack order `order` does to its subscription's term (for its confirmation). */
export async function packOrderLines(ctx: BotContext, order: Order): Promise<string[]> {
  const sub = order.subscriptionId ? await ctx.deps.books.subscriptions.get(order.subscriptionId) : undefined;
  if (!sub) return [];
  const { shop } = ctx.deps.sales;
  const quote = await shop.packs.quote(sub, order);
  return ["", ...packRuleLines(ctx.t, await localeOf(ctx), quote, sub.expiresAt, shop.plan(sub.planId))];
}
