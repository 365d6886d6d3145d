import { InlineKeyboard } from "grammy";
import type { BotContext } from "#src/bot/context.js";
import { localeOf } from "#src/bot/i18n.js";
import type { View } from "#src/bot/views/show.js";
import { DEFAULT_OUTAGE_GRACE_MINUTES } from "#src/domain/catalog/index.js";
import { formatDateTime, formatNumber, html } from "#src/render/format.js";
import { channelsCb } from "../channels/callbacks.js";
import { adminHomeButton } from "../home.js";
import { maintenanceSettingsButton } from "../maintenance/view.js";
import { EDITABLE_SETTINGS, type EditableSetting, settingsCb } from "./callbacks.js";

const EDIT_LABEL: Record<EditableSetting, string> = {
  grace: "settings-edit-grace",
  cost: "settings-edit-cost",
  currency: "settings-edit-currency",
  gift: "settings-edit-gift",
  renew: "autorenew-settings-edit",
  runway: "runway-settings-edit",
  move: "move-settings-edit",
};

/** The shop settings, each with a button that changes it. */
export async function settingsView(ctx: BotContext): Promise<View> {
  const values = await ctx.deps.catalog.settings.get();
  const giftDays = await ctx.deps.catalog.settings.giftExpiryDays();
  const renewDays = await ctx.deps.catalog.settings.autoRenewDays();
  const runwayDays = await ctx.deps.catalog.settings.runwayAlertDays();
  const locale = await localeOf(ctx);
  const keyboard = new InlineKeyboard()
    .text(
      ctx.t(values.autoExtend ? "settings-auto-extend-turn-off" : "settings-auto-extend-turn-on"),
      settingsCb.pack({ act: "auto", on: !values.autoExtend }),
    )
    .row();
  for (const setting of EDITABLE_SETTINGS) {
    keyboard.text(ctx.t(EDIT_LABEL[setting]), settingsCb.pack({ act: "edit", setting })).row();
  }
  // Maintenance: the automatic mode's wait on the button, the switch and the wait on its screen.
  keyboard.add(await maintenanceSettingsButton(ctx)).row();
  keyboard.text(ctx.t("gate-settings-button"), channelsCb.pack({ act: "view" })).row();
  const currency = html(values.hostingCurrency);
  const learned = await ctx.deps.fleet.serverExtension.lastLearned();
  const floor = await ctx.deps.catalog.settings.moveRunwayFloorDays();
  const renewLine = ctx.t("autorenew-settings-line", { days: renewDays });
  const runwayLine = ctx.t("runway-settings-line", { days: runwayDays.join(", ") });
  const moveLine = ctx.t("move-settings-line", { days: floor });
  return {
    text: `${ctx.t("settings-title", {
      autoExtend: ctx.t(values.autoExtend ? "settings-on" : "settings-off"),
      grace: values.outageGraceMinutes ?? DEFAULT_OUTAGE_GRACE_MINUTES,
      cost:
        values.extendCostHint === undefined
          ? ctx.t("settings-not-set")
          : `${formatNumber(locale, values.extendCostHint)} ${currency}`,
      currency,
      giftDays,
      learned: learned
        ? ctx.t("settings-cost-learned", {
            price: `${formatNumber(locale, learned.price)} ${currency}`,
            date: formatDateTime(locale, learned.at),
            name: html(learned.serverName),
            id: learned.serverId,
          })
        : ctx.t("settings-cost-learned-none"),
    })}\n\n${renewLine}\n${runwayLine}\n${moveLine}`,
    keyboard: adminHomeButton(ctx, keyboard),
  };
}
