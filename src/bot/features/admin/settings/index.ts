import { Composer } from "grammy";
import type { BotContext } from "#src/bot/context.js";
import { enterConversation } from "#src/bot/kit/index.js";
import { show } from "#src/bot/views/show.js";
import { settingsCb } from "./callbacks.js";
import { EDIT, settingsConversations } from "./edit.js";
import { settingsView } from "./view.js";

export { settingsConversations, settingsView };

/** Handlers of the settings section (mounted behind the admin filter; the guard refuses others). */
export const settingsFeature = new Composer<BotContext>();

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
    await ctx.deps.catalog.settings.setAutoExtend(data.on);
    ctx.log.info({ adminId: ctx.from.id, autoExtend: data.on }, "auto-extend setting changed");
    await ctx.answerCallbackQuery({
      text: ctx.t(data.on ? "settings-auto-extend-now-on" : "settings-auto-extend-now-off"),
    });
  } else {
    await ctx.answerCallbackQuery();
  }
  await show(ctx, await settingsView(ctx));
});
