import type { InlineKeyboard } from "grammy";
import type { Subscription } from "#src/domain/books/index.js";
import { keepMessage } from "#src/render/callback-data.js";
import { packCb } from "#src/render/shop-callbacks.js";
import { packButtonText } from "#src/render/traffic-packs.js";
import type { BotContext } from "../../context.js";
import { Routes } from "../../routes.js";
import { show } from "../../views/show.js";
import { confirmView } from "./buy.js";
import { answer, localeOf } from "./common.js";
import { refuseOpening } from "./undeliverable.js";

/**
 * Traffic packs in the chat: a button per pack on a subscription's card (PackSales.offers, the
 * one rule of what is offered), the pack's confirmation through the shop's one confirm step
 * (buy.ts: balance or invoice, Cancel), and what the pack does to the term.
 */

/** A button per traffic pack `sub` is offered, each opening its confirmation below the card. */
export async function addPackButtons(
  ctx: BotContext,
  sub: Subscription,
  keyboard: InlineKeyboard,
): Promise<void> {
  const offers = ctx.deps.sales.shop.packs.offers(sub);
  if (offers.length === 0) return;
  const locale = await localeOf(ctx);
  const currency = ctx.deps.sales.shop.currency;
  for (const { pack, price } of offers) {
    const text = packButtonText(ctx.t, locale, currency, pack.gb, price);
    keyboard.row().text(text, keepMessage(packCb.pack({ id: sub.id, pack: pack.id })));
  }
}

/** What each refusal of a pack's order says. */
const PACK_REFUSALS = {
  blocked: "error-blocked",
  "subscription-disabled": "pack-refused-disabled",
  "subscription-frozen": "pack-refused-frozen",
  "subscription-removed": "pack-refused-removed",
  "pack-not-offered": "pack-not-offered",
} as const;

/** Opens (or hands back) the pack's order and shows its confirmation; a refusal says why. */
async function startPack(ctx: BotContext, subscriptionId: string, packId: string): Promise<void> {
  const from = ctx.from;
  if (!from) return;
  const started = await ctx.deps.sales.shop.packs.start(from.id, subscriptionId, packId, await localeOf(ctx));
  if (!started.ok) {
    const planId = async () => (await ctx.deps.books.subscriptions.get(subscriptionId))?.planId ?? "";
    return refuseOpening(ctx, "pack", started, planId, PACK_REFUSALS, [
      "error-blocked",
      "pack-refused-disabled",
    ]);
  }
  ctx.log.info({ orderId: started.order.id, subscriptionId, packId }, "traffic pack started");
  await answer(ctx);
  await show(ctx, await confirmView(ctx, started.order));
}

/** The pack buttons of /my. */
export const packsFeature = new Routes<BotContext>();

packsFeature.callbackQuery(packCb.pattern, async (ctx) => {
  const data = packCb.unpack(ctx.callbackQuery.data);
  if (!data) return answer(ctx);
  return startPack(ctx, data.id, data.pack);
});
