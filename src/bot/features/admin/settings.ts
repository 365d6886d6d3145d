import { Composer, InlineKeyboard } from "grammy";
import { DEFAULT_OUTAGE_GRACE_MINUTES, ShopSettings } from "../../../domain/settings.js";
import type { BotContext } from "../../context.js";
import { localeOf } from "../../i18n.js";
import { formatNumber } from "../../views/format.js";
import { show, type View } from "../../views/show.js";
import { settingsCb } from "./callbacks.js";
import { adminHomeButton } from "./home.js";

function settingsOf(ctx: BotContext): ShopSettings {
  return new ShopSettings(ctx.deps.redis);
}

/** The shop settings: auto-extend (with an on/off toggle), the outage grace, the extension cost. */
export async function settingsView(ctx: BotContext): Promise<View> {
  const values = await settingsOf(ctx).get();
  const locale = await localeOf(ctx);
  const toggle = values.autoExtend
    ? { label: "settings-auto-extend-turn-off", arg: "off" as const }
    : { label: "settings-auto-extend-turn-on", arg: "on" as const };
  const keyboard = new InlineKeyboard()
    .text(ctx.t(toggle.label), settingsCb.pack({ act: "auto", arg: toggle.arg }))
    .row();
  return {
    text: ctx.t("settings-title", {
      autoExtend: ctx.t(values.autoExtend ? "settings-on" : "settings-off"),
      grace: values.outageGraceMinutes ?? DEFAULT_OUTAGE_GRACE_MINUTES,
      cost:
        values.extendCostHint === undefined
          ? ctx.t("settings-not-set")
          : formatNumber(locale, values.extendCostHint),
    }),
    keyboard: adminHomeButton(ctx, keyboard),
  };
}

/** Handlers of the settings section (mounted behind the admin filter; the guard refuses others). */
export const settingsFeature = new Composer<BotContext>();

settingsFeature.callbackQuery(settingsCb.pattern, async (ctx) => {
  const data = settingsCb.unpack(ctx.callbackQuery.data);
  if (!data) {
    await ctx.answerCallbackQuery();
    return;
  }
  if (data.act === "auto" && data.arg !== "") {
    const on = data.arg === "on";
    await settingsOf(ctx).setAutoExtend(on);
    ctx.log.info({ adminId: ctx.from.id, autoExtend: on }, "auto-extend setting changed");
    await ctx.answerCallbackQuery({
      text: ctx.t(on ? "settings-auto-extend-now-on" : "settings-auto-extend-now-off"),
    });
  } else {
    await ctx.answerCallbackQuery();
  }
  await show(ctx, await settingsView(ctx));
});
