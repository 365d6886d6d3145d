import { Composer, InlineKeyboard } from "grammy";
import type { Subscription } from "#src/domain/books/index.js";
import type { FreezeOption } from "#src/domain/catalog/index.js";
import type { FreezeAsk, FreezeView, UnfreezeOutcome } from "#src/domain/terms/index.js";
import { keepMessage } from "#src/render/callback-data.js";
import { formatDate } from "#src/render/format.js";
import { freezeCb, myCb } from "#src/render/shop-callbacks.js";
import { DAY } from "#src/runtime/clock.js";
import type { BotContext } from "../../context.js";
import { show, type View } from "../../views/show.js";
import { answer, localeOf } from "./common.js";

/**
 * Freeze in the chat: a button on a subscription's card of a plan that offers it, the days to
 * pick (the plan's range), the confirmation with the new end date, and Unfreeze on a frozen
 * card. Every rule is SubscriptionFreezes' (terms/freezes.ts); this only shows its answers.
 */

/** The days offered as buttons: the plan's bounds and the usual weeks between them. */
export function freezeDayChoices(option: FreezeOption): number[] {
  const days = [option.min_days, 7, 14, 21, 30, option.max_days];
  return [...new Set(days)].filter((d) => d >= option.min_days && d <= option.max_days).sort((a, b) => a - b);
}

/** The card's freeze line (frozen: until when, days kept, the end), or undefined. */
export async function freezeCardLine(
  ctx: BotContext,
  view: FreezeView | undefined,
): Promise<string | undefined> {
  if (!view) return undefined;
  if (view.status === "asked") return ctx.t("freeze-state-asked", { days: view.days });
  const locale = await localeOf(ctx);
  return ctx.t("freeze-state", {
    until: formatDate(locale, view.until ?? 0),
    bank: Math.floor((view.bankMs ?? 0) / DAY),
    end: formatDate(locale, view.endsAt ?? 0),
  });
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
  const locale = await localeOf(ctx);
  const quote = ctx.deps.terms.freezes.quote(sub, days);
  const text = ctx.t("freeze-confirm", {
    days,
    until: formatDate(locale, quote.until),
    bank: quote.bankDays,
    end: formatDate(locale, quote.newEnd),
  });
  const keyboard = new InlineKeyboard()
    .text(ctx.t("freeze-confirm-button"), freezeCb.pack({ act: "go", id: sub.id, days }))
    .row()
    .text(ctx.t("my-back"), freezeCb.pack({ act: "pick", id: sub.id, days: 0 }));
  return { text, keyboard };
}

/** What the customer reads after asking for a freeze. */
export async function freezeAskText(ctx: BotContext, sub: Subscription, out: FreezeAsk): Promise<string> {
  const option = ctx.deps.terms.freezes.option(sub);
  switch (out.kind) {
    case "frozen":
      return freezeDoneText(ctx, out.view);
    case "already":
      return ctx.t("freeze-already");
    case "waiting":
    case "retrying":
      return ctx.t("freeze-queued");
    case "failed":
      return ctx.t("freeze-failed");
    case "refused":
      if (out.reason === "limit") return ctx.t("freeze-refused-limit", { limit: out.limit ?? 0 });
      if (out.reason === "nothing-left") return ctx.t("freeze-refused-nothing-left");
      if (out.reason === "days" && option)
        return ctx.t("freeze-refused-days", { min: option.min_days, max: option.max_days });
      return ctx.t("freeze-refused-other");
  }
}

async function freezeDoneText(ctx: BotContext, view: FreezeView): Promise<string> {
  const locale = await localeOf(ctx);
  return ctx.t("freeze-done", {
    until: formatDate(locale, view.until ?? 0),
    bank: Math.floor((view.bankMs ?? 0) / DAY),
    end: formatDate(locale, view.endsAt ?? 0),
  });
}

/** What the customer reads after asking to unfreeze. */
export async function unfreezeText(ctx: BotContext, out: UnfreezeOutcome): Promise<string> {
  if (out.kind === "unfrozen")
    return ctx.t("unfreeze-done", { end: formatDate(await localeOf(ctx), out.expiresAt) });
  if (out.kind === "retrying") return ctx.t("unfreeze-retrying");
  return ctx.t(out.reason === "too-soon" ? "unfreeze-too-soon" : "unfreeze-not-frozen");
}

/** The freeze buttons of /my. */
export const freezeFeature = new Composer<BotContext>();

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
    return show(ctx, { text: await unfreezeText(ctx, out), keyboard: backToCard(ctx, sub) });
  }
  if (!option) return answer(ctx, ctx.t("freeze-refused-other"), true);
  await answer(ctx);
  if (data.act === "pick") return show(ctx, await pickView(ctx, sub, option));
  if (data.act === "days") return show(ctx, await confirmFreezeView(ctx, sub, data.days));
  const out = await freezes.ask(sub.id, ctx.from.id, data.days);
  ctx.log.info({ subscriptionId: sub.id, days: data.days, outcome: out.kind }, "freeze asked");
  return show(ctx, { text: await freezeAskText(ctx, sub, out), keyboard: backToCard(ctx, sub) });
});

function backToCard(ctx: BotContext, sub: Subscription): InlineKeyboard {
  return new InlineKeyboard().text(ctx.t("my-back"), myCb.pack({ act: "card", id: sub.id }));
}
