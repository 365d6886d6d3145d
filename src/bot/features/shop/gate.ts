import { type GateGoal, gateCb } from "#src/render/channel-gate.js";
import type { BotContext } from "../../context.js";
import { Routes } from "../../routes.js";
import { startPurchase } from "./buy.js";
import { answer } from "./common.js";
import { showGate } from "./gate-view.js";
import { giftOnStart } from "./gifts.js";
import { seatOnStart } from "./seats.js";
import { startTrial } from "./trial.js";

/**
 * The gate's Check: Telegram is asked at once whether the customer is in every required channel
 * (ChannelGate.recheck). Still out: they are told which, and the screen shows those. In: a trial
 * the gate paused runs again, and they go on to where they were going.
 */
async function check(ctx: BotContext, goal: GateGoal, arg: string): Promise<void> {
  if (!ctx.from) return;
  const { gate, trialWatch } = ctx.deps.sales;
  const missing = await gate.recheck(ctx.from.id);
  if (missing.length > 0) {
    const channels = missing.map((c) => c.title).join(", ");
    await answer(ctx, ctx.t("gate-still-out", { channels }), true);
    return showGate(ctx, missing, goal, arg);
  }
  ctx.log.info({ customerId: ctx.from.id, goal }, "channel gate passed on Check");
  const resumed = (await trialWatch.recheckNow(ctx.from.id)) === "resumed";
  if (resumed) {
    await answer(ctx);
    await ctx.reply(ctx.t("gate-trial-resumed"));
  }
  return goOn(ctx, goal, arg, resumed);
}

/** Where the customer was going when the gate stopped them. */
async function goOn(ctx: BotContext, goal: GateGoal, arg: string, resumed: boolean): Promise<void> {
  switch (goal) {
    case "trial":
      return startTrial(ctx);
    case "buy":
      return startPurchase(ctx, arg);
    case "gift":
      return startPurchase(ctx, arg, true);
    case "claim": {
      await answer(ctx);
      const said = await giftOnStart(ctx, `gift_${arg}`);
      if (said) await ctx.reply(said, { parse_mode: "HTML" });
      return;
    }
    case "seat": {
      await answer(ctx);
      const said = await seatOnStart(ctx, `seat_${arg}`);
      if (said) await ctx.reply(said, { parse_mode: "HTML" });
      return;
    }
    case "resume":
      // The paused trial's notice: resumed above (or by the watch meanwhile, or it ended).
      return answer(ctx, resumed ? undefined : ctx.t("gate-all-joined"), !resumed);
  }
}

/** The channel gate's Check button (behind the shop's checks: private chat, not blocked). */
export const gateFeature = new Routes<BotContext>();
gateFeature.callbackQuery(gateCb.pattern, async (ctx) => {
  const data = gateCb.unpack(ctx.callbackQuery.data);
  if (!data) return answer(ctx);
  return check(ctx, data.go, data.arg);
});
