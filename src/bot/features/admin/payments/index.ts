import type { BotContext } from "#src/bot/context.js";
import { permitted } from "#src/bot/staff.js";
import { show } from "#src/bot/views/show.js";
import { auditSubject } from "#src/domain/staff/index.js";
import type { RailPrefs } from "#src/rails/index.js";
import { Routes } from "../../../routes.js";
import { railsCb } from "./callbacks.js";
import { railsView } from "./view.js";

export { railsView } from "./view.js";

type Toggle = { rail: string; c: number; v: number; act: "set" | "flag" };

/**
 * The prefs after one press: a flag turned over, or one value of a set turned on or off in the
 * order of the choice's values. `last`: it would turn off the set's last value (refused: a rail
 * needs at least one); `stale`: the button names a rail, choice or value there is no longer.
 */
async function toggled(ctx: BotContext, press: Toggle): Promise<RailPrefs | "last" | "stale"> {
  const { railPayments } = ctx.deps.settlement;
  const rail = railPayments.rail(press.rail);
  const choice = rail?.choices[press.c];
  if (!rail || !choice || choice.kind !== (press.act === "flag" ? "flag" : "set")) return "stale";
  const prefs = await railPayments.prefs(rail.id);
  const value = prefs[choice.key];
  if (choice.kind === "flag") return { ...prefs, [choice.key]: value !== true };
  const item = choice.values[press.v];
  if (item === undefined) return "stale";
  const picked = Array.isArray(value) ? value : [];
  if (picked.includes(item) && picked.length === 1) return "last";
  const on = picked.includes(item) ? picked.filter((v) => v !== item) : [...picked, item];
  return { ...prefs, [choice.key]: choice.values.filter((v) => on.includes(v)) };
}

/**
 * Handlers of the Payments screen (mounted behind the admin filter; the guard refuses others).
 * Seeing it needs `customers.view`; turning a rail's choice needs `catalog`, checked before the
 * press is answered and again by RailPayments, which records the change in the audit log.
 */
export const railsFeature = new Routes<BotContext>();

railsFeature.callbackQuery(railsCb.pattern, async (ctx) => {
  const data = railsCb.unpack(ctx.callbackQuery.data);
  if (data?.act === "set" || data?.act === "flag") {
    if (!(await permitted(ctx, "catalog", "rail.prefs", auditSubject("rail", data.rail)))) return;
    const prefs = await toggled(ctx, { ...data, act: data.act });
    if (prefs === "last") {
      await ctx.answerCallbackQuery({ text: ctx.t("rails-last-value"), show_alert: true });
      return;
    }
    if (prefs === "stale") await ctx.answerCallbackQuery({ text: ctx.t("rails-stale") });
    else {
      await ctx.deps.settlement.railPayments.setPrefs(ctx.from.id, data.rail, prefs);
      ctx.log.info({ adminId: ctx.from.id, rail: data.rail, prefs }, "rail choices changed");
      await ctx.answerCallbackQuery();
    }
  } else await ctx.answerCallbackQuery();
  await show(ctx, await railsView(ctx));
});
