import { InlineKeyboard } from "grammy";
import type { Subscription } from "#src/domain/books/index.js";
import type { FreezeOption } from "#src/domain/catalog/index.js";
import type { FreezeView } from "#src/domain/terms/index.js";
import { keepMessage } from "#src/render/callback-data.js";
import {
  freezeAskText,
  freezeConfirmText,
  freezeDayChoices,
  freezeStateText,
  unfreezeText,
} from "#src/render/freeze.js";
import { freezeCb, myCb } from "#src/render/shop-callbacks.js";
import type { BotContext } from "../../context.js";
import { Routes } from "../../routes.js";
import { show, type View } from "../../views/show.js";
import { answer, localeOf } from "./common.js";

/**
 * Freeze in the chat: a button on a subscription's card of a plan that offers it, the days to
 * pick (the plan's range), the confirmation with the new end date, and Unfreeze on a frozen
 * card. Every rule is SubscriptionFreezes' (terms/freezes.ts); this only shows its answers.
 */

/** The card's freeze line (frozen: until when, days kept, the end), or undefined. */
export async function freezeCardLine(
  ctx: BotContext,
  view: FreezeView | undefined,
): Promise<string | undefined> {
  return view ? freezeStateText(ctx.t, await localeOf(ctx), view) : undefined;
}

/** Freeze (or Unfreeze) under a card of a plan that offers freezes. */
export function addFreezeButton(
  ctx: BotContext,
  sub: Subscription,
  view: FreezeView | undefined,
  keyboard: InlineKeyboard,
): void {
  if (sub.trial || sub.removedAt !== undefined || !ctx.deps.terms.freezes.option(sub)) return;
  if (view?.status === "frozen" || view?.status === "unfreezing") {
    keyboard.row().text(ctx.t("unfreeze-button"), freezeCb.pack({ act: "off", id: sub.id, days: 0 }));
  } else if (!view) {
    keyboard
      .row()
      .text(ctx.t("freeze-button"), keepMessage(freezeCb.pack({ act: "pick", id: sub.id, days: 0 })));
  }
}

async function pickView(ctx: BotContext, sub: Subscription, option: FreezeOption): Promise<View> {
  const used = await ctx.deps.terms.freezes.usedInYear(sub.id);
  const left = Math.max(0, option.times_per_year - used);
  const keyboard = new InlineKeyboard();
  for (const days of freezeDayChoices(option)) {
    keyboard.text(ctx.t("freeze-days-button", { days }), freezeCb.pack({ act: "days", id: sub.id, days }));
  }
  keyboard.row().text(ctx.t("my-back"), myCb.pack({ act: "card", id: sub.id }));
  const text = ctx.t("freeze-pick", {
    ...{ min: option.min_days, max: option.max_days },
    ...{ left, times: option.times_per_year },
  });
  return { text, keyboard };
}

async function confirmFreezeView(ctx: BotContext, sub: Subscription, days: number): Promise<View> {
  const quote = ctx.deps.terms.freezes.quote(sub, days);
  const text = freezeConfirmText(ctx.t, await localeOf(ctx), quote);
  const keyboard = new InlineKeyboard()
    .text(ctx.t("freeze-confirm-button"), freezeCb.pack({ act: "go", id: sub.id, days }))
    .row()
    .text(ctx.t("my-back"), freezeCb.pack({ act: "pick", id: sub.id, days: 0 }));
  return { text, keyboard };
}

/** The freeze buttons of /my. */
export const freezeFeature = new Routes<BotContext>();

freezeFeature.callbackQuery(freezeCb.pattern, async (ctx) => {
  const data = freezeCb.unpack(ctx.callbackQuery.data);
  if (!data || !ctx.from) return answer(ctx);
  const sub = await ctx.deps.books.subscriptions.get(data.id);
  if (!sub || sub.customerId !== ctx.from.id) return answer(ctx, ctx.t("my-not-found"), true);
  const { freezes } = ctx.deps.terms;
  const option = freezes.option(sub);
  if (data.act === "off") {
    const out = await freezes.unfreeze(sub.id, { customerId: ctx.from.id });
    await answer(ctx);
    const text = unfreezeText(ctx.t, await localeOf(ctx), out);
    return show(ctx, { text, keyboard: backToCard(ctx, sub) });
  }
  if (!option) return answer(ctx, ctx.t("freeze-refused-other"), true);
  await answer(ctx);
  if (data.act === "pick") return show(ctx, await pickView(ctx, sub, option));
  if (data.act === "days") return show(ctx, await confirmFreezeView(ctx, sub, data.days));
  const out = await freezes.ask(sub.id, ctx.from.id, data.days);
  ctx.log.info({ subscriptionId: sub.id, days: data.days, outcome: out.kind }, "freeze asked");
  const text = freezeAskText(ctx.t, await localeOf(ctx), option, out);
  return show(ctx, { text, keyboard: backToCard(ctx, sub) });
});

function backToCard(ctx: BotContext, sub: Subscription): InlineKeyboard {
  return new InlineKeyboard().text(ctx.t("my-back"), myCb.pack({ act: "card", id: sub.id }));
}
