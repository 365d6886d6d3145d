import { InlineKeyboard } from "grammy";
import { buyCb, TRIAL_START } from "#src/render/shop-callbacks.js";
import type { BotContext } from "../../context.js";
import { Routes } from "../../routes.js";
import { withSupport } from "../help.js";
import { answer, localeOf, mainMenuRow } from "./common.js";
import { showGate } from "./gate-view.js";

const REFUSALS: Record<string, string> = {
  "trial-used": "trial-used",
  "no-trial": "trial-none",
  blocked: "error-blocked",
};

/** The free trial, once per Telegram user: claimed, paid (price 0) and queued by the shop at once. */
export async function startTrial(ctx: BotContext): Promise<void> {
  if (!ctx.from) return;
  await answer(ctx);
  const { shop } = ctx.deps.sales;
  const started = await shop.startTrial(ctx.from.id, await localeOf(ctx));
  if (!started.ok && started.reason === "channel-required")
    return showGate(ctx, started.channels ?? [], "trial");
  if (!started.ok) {
    const key = REFUSALS[started.reason] ?? "error-generic";
    if (key === "error-blocked") return void (await ctx.reply(withSupport(ctx, key)));
    // Used, or none offered: the way on is a plan.
    const plans = new InlineKeyboard()
      .text(ctx.t("my-trial-buy"), buyCb.pack({ act: "list", plan: "" }))
      .row();
    await ctx.reply(ctx.t(key), { reply_markup: mainMenuRow(ctx.t, plans) });
    return;
  }
  ctx.log.info({ orderId: started.order.id }, "trial started");
  await ctx.reply(ctx.t("trial-preparing"));
}

/** /trial and the trial buttons. */
export const trialFeature = new Routes<BotContext>();
trialFeature.command("trial", startTrial);
trialFeature.callbackQuery(TRIAL_START, startTrial);
