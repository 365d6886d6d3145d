import type { BotContext } from "#src/bot/context.js";
import { enterConversation } from "#src/bot/kit/index.js";
import { permitted } from "#src/bot/staff.js";
import { show } from "#src/bot/views/show.js";
import { Routes } from "../../../routes.js";
import { asStaff } from "../staff-actor.js";
import { maintenanceCb } from "./callbacks.js";
import { CLOSE_SHOP, maintenanceConversations } from "./close.js";
import { maintenanceView } from "./view.js";

export { maintenanceConversations, maintenanceView };

/**
 * Handlers of the maintenance section (mounted behind the admin filter; the guard refuses
 * others): close the shop to customers (a dialog), open it again, the automatic mode's wait.
 */
export const maintenanceFeature = new Routes<BotContext>();

maintenanceFeature.callbackQuery(maintenanceCb.pattern, async (ctx) => {
  const data = maintenanceCb.unpack(ctx.callbackQuery.data);
  if (data?.act === "close") {
    await ctx.answerCallbackQuery();
    await enterConversation(ctx, CLOSE_SHOP);
    return;
  }
  let notice: string | undefined;
  if (data?.act === "open") {
    if (!(await permitted(ctx, "settings", "maintenance.open"))) return;
    const opened = await asStaff(ctx, (actor) => ctx.deps.catalog.maintenance.openAs(actor, data.since));
    if (opened === undefined) return;
    if (opened) ctx.log.info({ adminId: ctx.from.id, since: data.since }, "shop opened after maintenance");
    notice = ctx.t(opened ? "maintenance-now-open" : "maintenance-already-open");
  } else if (data?.act === "auto") {
    if (!(await setAutoMinutes(ctx, data.minutes))) return;
    ctx.log.info({ adminId: ctx.from.id, minutes: data.minutes ?? null }, "automatic maintenance set");
    notice =
      data.minutes === undefined
        ? ctx.t("maintenance-auto-set-off")
        : ctx.t("maintenance-auto-set", { minutes: data.minutes });
  }
  await ctx.answerCallbackQuery(notice === undefined ? undefined : { text: notice });
  await show(ctx, await maintenanceView(ctx));
});

/** The automatic mode's wait set by the sender (checked and recorded); false when refused. */
async function setAutoMinutes(ctx: BotContext, minutes: number | undefined): Promise<boolean> {
  if (!(await permitted(ctx, "settings", "settings.set"))) return false;
  const { maintenance, settings } = ctx.deps.catalog;
  const change = { key: "maintenanceAutoMinutes", value: minutes } as const;
  if (!(await asStaff(ctx, (actor) => settings.setAs(actor, change)))) return false;
  // Off: an automatic maintenance in force ends now, not at the next look of the watch.
  if (minutes === undefined) await maintenance.autoOff();
  return true;
}
