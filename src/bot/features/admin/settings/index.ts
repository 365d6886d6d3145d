import type { BotContext } from "#src/bot/context.js";
import { enterConversation } from "#src/bot/kit/index.js";
import { permitted } from "#src/bot/staff.js";
import { show } from "#src/bot/views/show.js";
import { Routes } from "../../../routes.js";
import { asStaff } from "../staff-actor.js";
import { settingsCb } from "./callbacks.js";
import { EDIT, settingsConversations } from "./edit.js";
import { settingsView } from "./view.js";

export { settingsConversations, settingsView };

/** Handlers of the settings section (mounted behind the admin filter; the guard refuses others). */
export const settingsFeature = new Routes<BotContext>();

settingsFeature.callbackQuery(settingsCb.pattern, async (ctx) => {
  const data = settingsCb.unpack(ctx.callbackQuery.data);
  if (!data) {
    await ctx.answerCallbackQuery();
    return;
  }
  if (data.act === "edit") {
    await ctx.answerCallbackQuery();
    await enterConversation(ctx, EDIT, data.setting);
    return;
  }
  if (data.act === "auto") {
    if (!(await permitted(ctx, "settings", "settings.set"))) return;
    const change = { key: "autoExtend", value: data.on } as const;
    if (!(await asStaff(ctx, (actor) => ctx.deps.catalog.settings.setAs(actor, change)))) return;
    ctx.log.info({ adminId: ctx.from.id, autoExtend: data.on }, "auto-extend setting changed");
    await ctx.answerCallbackQuery({
      text: ctx.t(data.on ? "settings-auto-extend-now-on" : "settings-auto-extend-now-off"),
    });
  } else {
    await ctx.answerCallbackQuery();
  }
  await show(ctx, await settingsView(ctx));
});
