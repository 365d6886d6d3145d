import type { CallbackQueryContext } from "grammy";
import type { BotContext } from "#src/bot/context.js";
import { enterConversation } from "#src/bot/kit/index.js";
import { permitted } from "#src/bot/staff.js";
import { show } from "#src/bot/views/show.js";
import { Routes } from "../../../routes.js";
import { asStaff } from "../staff-actor.js";
import { promoAdminCb } from "./callbacks.js";
import { PROMO_CREATE, promoAdminConversations } from "./conversations.js";
import { promoCardView, promoKindView, promoListView } from "./views.js";

export { promoAdminConversations, promoListView };

/** A code's card, or the list when the code is gone. */
async function card(ctx: CallbackQueryContext<BotContext>, code: string, notice?: string): Promise<void> {
  const view = await promoCardView(ctx, code);
  await ctx.answerCallbackQuery(notice ? { text: notice } : undefined);
  await show(ctx, view ?? (await promoListView(ctx)));
}

/**
 * Promo codes (mounted behind the admin filter; the guard refuses others): the list with usage,
 * a code's card with its latest uses, a new code (kind, then a short dialog) and Disable.
 */
export const promoAdminFeature = new Routes<BotContext>();

promoAdminFeature.callbackQuery(promoAdminCb.pattern, async (ctx) => {
  const data = promoAdminCb.unpack(ctx.callbackQuery.data);
  if (!data) return ctx.answerCallbackQuery();
  switch (data.act) {
    case "list":
      await ctx.answerCallbackQuery();
      return show(ctx, await promoListView(ctx));
    case "card":
      return card(ctx, data.code);
    case "new":
      await ctx.answerCallbackQuery();
      return show(ctx, promoKindView(ctx));
    case "kind":
      await ctx.answerCallbackQuery();
      return enterConversation(ctx, PROMO_CREATE, data.kind);
    case "off": {
      if (!(await permitted(ctx, "promo", "promo.disable"))) return;
      const done = await asStaff(ctx, (actor) => ctx.deps.sales.promos.disableAs(actor, data.code));
      if (done === undefined) return;
      if (done) ctx.log.info({ adminId: ctx.from.id, code: data.code }, "promo code disabled");
      return card(ctx, data.code, done ? ctx.t("promo-admin-disabled-now") : undefined);
    }
  }
});
