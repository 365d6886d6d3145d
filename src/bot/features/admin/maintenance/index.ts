import { Composer } from "grammy";
import type { BotContext } from "#src/bot/context.js";
import { enterConversation } from "#src/bot/kit/index.js";
import { show } from "#src/bot/views/show.js";
import { maintenanceCb } from "./callbacks.js";
import { CLOSE_SHOP, maintenanceConversations } from "./close.js";
import { maintenanceView } from "./view.js";

export { maintenanceConversations, maintenanceView };

/**
 * Handlers of the maintenance section (mounted behind the admin filter; the guard refuses
 * others): close the shop to customers (a dialog), open it again, the automatic mode's wait.
 */
export const maintenanceFeature = new Composer<BotContext>();

maintenanceFeature.callbackQuery(maintenanceCb.pattern, async (ctx) => {
  const data = maintenanceCb.unpack(ctx.callbackQuery.data);
  const { maintenance, settings } = ctx.deps.catalog;
  if (data?.act === "close") {
    await ctx.answerCallbackQuery();
    await enterConversation(ctx, CLOSE_SHOP);
    return;
  }
  let notice: string | undefined;
  if (data?.act === "open") {
    const opened = await maintenance.open(data.since);
    if (opened) ctx.log.info({ adminId: ctx.from.id, since: data.since }, "shop opened after maintenance");
    notice = ctx.t(opened ? "maintenance-now-open" : "maintenance-already-open");
  } else if (data?.act === "auto") {
    await settings.setMaintenanceAutoMinutes(data.minutes);
    // Off: an automatic maintenance in force ends now, not at the next look of the watch.
    if (data.minutes === undefined) await maintenance.autoOff();
    ctx.log.info({ adminId: ctx.from.id, minutes: data.minutes ?? null }, "automatic maintenance set");
    notice =
      data.minutes === undefined
        ? ctx.t("maintenance-auto-set-off")
        : ctx.t("maintenance-auto-set", { minutes: data.minutes });
  }
  await ctx.answerCallbackQuery(notice === undefined ? undefined : { text: notice });
  await show(ctx, await maintenanceView(ctx));
});
