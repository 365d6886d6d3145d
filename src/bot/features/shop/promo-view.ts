import type { Locale } from "#src/config.js";
import type { Order } from "#src/domain/books/index.js";
import type { PromoRefusal } from "#src/domain/sales/index.js";
import { html } from "#src/render/format.js";
import { promoRefusalText as refusalText } from "#src/render/promo.js";
import type { BotContext } from "../../context.js";
import { money } from "./common.js";

/** The /buy step that asks for a promo code (a conversation, see promo.ts). */
export const PROMO_STEP = "shop-promo";

export function promoRefusalText(ctx: BotContext, reason: PromoRefusal, code: string): string {
  return refusalText(ctx.t, reason, code);
}

/** The code remembered by `/promo` for the presser's next order, if any. */
export async function pendingPromo(ctx: BotContext): Promise<string | undefined> {
  return ctx.from ? ctx.deps.sales.promos.pending(ctx.from.id) : undefined;
}

/** What the order's promo code did: the discount off the plan's price and/or the bonus days. */
export function promoLines(ctx: BotContext, order: Order, locale: Locale): string[] {
  const code = order.promoCode;
  if (!code) return [];
  const lines: string[] = [];
  const list = order.listPrice ?? order.price;
  if (list > order.price) {
    lines.push(
      ctx.t("promo-order-discount", {
        code: html(code),
        discount: money(ctx, list - order.price, locale),
        list: money(ctx, list, locale),
      }),
    );
  }
  if (order.bonusDays) lines.push(ctx.t("promo-order-days", { code: html(code), days: order.bonusDays }));
  return lines;
}

/** An invited customer's first-purchase bonus days, while this order would get them. */
export async function referralBonusLines(ctx: BotContext, order: Order): Promise<string[]> {
  const days = await ctx.deps.sales.referralRewards.pendingBonus(order);
  return days > 0 ? [ctx.t("referral-order-days", { days })] : [];
}
