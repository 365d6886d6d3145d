import type { Subscription } from "#src/domain/books/index.js";
import { autoRenewLine } from "#src/render/auto-renew.js";
import { myCb } from "#src/render/shop-callbacks.js";
import type { BotContext } from "../../context.js";
import { withSupport } from "../help.js";
import { answer } from "./common.js";

/** The auto-renew part of a subscription's card in /my: its state line and the switch. */
export interface AutoRenewCard {
  line: string;
  button: { text: string; data: string };
}

/**
 * The card's auto-renew state ("on, 1 day before expiry, from the balance" or "off") and the
 * button that turns it the other way; none for a subscription that cannot have it (a trial, one
 * the admins removed, one whose plan is gone).
 */
export async function autoRenewCard(ctx: BotContext, sub: Subscription): Promise<AutoRenewCard | undefined> {
  const { autoRenew } = ctx.deps.sales;
  if (autoRenew.unavailable(sub)) return undefined;
  const on = await autoRenew.isOn(sub.id);
  return {
    line: autoRenewLine(ctx.t, on, await autoRenew.leadDays(sub)),
    button: {
      text: ctx.t(on ? "autorenew-turn-off" : "autorenew-turn-on"),
      // What the button says it does: an old button pressed again sets the same.
      data: myCb.pack({ act: on ? "auto-off" : "auto-on", id: sub.id }),
    },
  };
}

/** The ids of `subs` with auto-renew on (and able to have it: not removed since), for /my's list. */
export async function autoRenewOn(ctx: BotContext, subs: readonly Subscription[]): Promise<Set<string>> {
  const { autoRenew } = ctx.deps.sales;
  return autoRenew.onOf(subs.filter((s) => !autoRenew.unavailable(s)).map((s) => s.id));
}

/** The customer's switch pressed: auto-renew of their subscription on or off (the card is redrawn). */
export async function switchAutoRenew(ctx: BotContext, sub: Subscription, on: boolean): Promise<void> {
  const result = await ctx.deps.sales.autoRenew.set(sub.customerId, sub.id, on);
  if (!result.ok) {
    const key = result.reason === "blocked" ? "error-blocked" : "autorenew-unavailable";
    return answer(ctx, key === "error-blocked" ? withSupport(ctx, key) : ctx.t(key), true);
  }
  ctx.log.info({ subscriptionId: sub.id, on }, "auto-renew switched in the chat");
  await answer(ctx, ctx.t(on ? "autorenew-now-on" : "autorenew-now-off"));
}
