import { createConversation } from "@grammyjs/conversations";
import { Composer, InlineKeyboard } from "grammy";
import type { Locale } from "../../../config.js";
import {
  CURRENCY_LABEL,
  DEFAULT_OUTAGE_GRACE_MINUTES,
  EXTEND_COST_MAX,
  OUTAGE_GRACE_MAX,
  OUTAGE_GRACE_MIN,
  ShopSettings,
} from "../../../domain/settings.js";
import { formatNumber, html } from "../../../render/format.js";
import type { BotContext, ConvContext } from "../../context.js";
import { askText, type BotConversation } from "../../conversation-kit.js";
import { localeOf } from "../../i18n.js";
import { enterConversation } from "../../kit/index.js";
import { show, type View } from "../../views/show.js";
import { settingsCb } from "./callbacks.js";
import { adminHomeButton } from "./home.js";

const EDIT = "admin-settings-edit";

/** The settings typed in by the admin (auto-extend is a toggle). */
type EditableSetting = "grace" | "cost" | "currency";

function settingsOf(ctx: BotContext): ShopSettings {
  return new ShopSettings(ctx.deps.redis);
}

/** The label of the hosting balance's currency (the Account API names none; see Settings). */
export function hostingCurrency(ctx: BotContext): Promise<string> {
  return settingsOf(ctx).hostingCurrency();
}

/** `<b>250</b> RUB`: an amount of the hosting balance with its currency, for HTML text. */
export function hostingMoney(locale: Locale, amount: number, currency: string): string {
  return `<b>${formatNumber(locale, amount)}</b> ${html(currency)}`;
}

/** The shop settings, each with a button that changes it. */
export async function settingsView(ctx: BotContext): Promise<View> {
  const values = await settingsOf(ctx).get();
  const locale = await localeOf(ctx);
  const toggle = values.autoExtend
    ? { label: "settings-auto-extend-turn-off", arg: "off" as const }
    : { label: "settings-auto-extend-turn-on", arg: "on" as const };
  const keyboard = new InlineKeyboard()
    .text(ctx.t(toggle.label), settingsCb.pack({ act: "auto", arg: toggle.arg }))
    .row()
    .text(ctx.t("settings-edit-grace"), settingsCb.pack({ act: "edit", arg: "grace" }))
    .row()
    .text(ctx.t("settings-edit-cost"), settingsCb.pack({ act: "edit", arg: "cost" }))
    .row()
    .text(ctx.t("settings-edit-currency"), settingsCb.pack({ act: "edit", arg: "currency" }))
    .row();
  const currency = html(values.hostingCurrency);
  return {
    text: ctx.t("settings-title", {
      autoExtend: ctx.t(values.autoExtend ? "settings-on" : "settings-off"),
      grace: values.outageGraceMinutes ?? DEFAULT_OUTAGE_GRACE_MINUTES,
      cost:
        values.extendCostHint === undefined
          ? ctx.t("settings-not-set")
          : `${formatNumber(locale, values.extendCostHint)} ${currency}`,
      currency,
    }),
    keyboard: adminHomeButton(ctx, keyboard),
  };
}

/** `150`, `99.5` or `99,5` as a number; undefined for anything else. */
function parseAmount(text: string): number | undefined {
  if (!/^\d{1,9}([.,]\d{1,2})?$/.test(text)) return undefined;
  return Number(text.replace(",", "."));
}

/** What the admin typed, checked against the setting's bounds: the value, or undefined. */
type Parsed<T> = { ok: true; value: T } | { ok: false };

function parseGrace(text: string): Parsed<number> {
  const minutes = /^\d{1,5}$/.test(text) ? Number(text) : Number.NaN;
  return Number.isInteger(minutes) && minutes >= OUTAGE_GRACE_MIN && minutes <= OUTAGE_GRACE_MAX
    ? { ok: true, value: minutes }
    : { ok: false };
}

function parseCost(text: string): Parsed<number | undefined> {
  if (text === "-") return { ok: true, value: undefined };
  const cost = parseAmount(text);
  return cost !== undefined && cost > 0 && cost <= EXTEND_COST_MAX
    ? { ok: true, value: cost }
    : { ok: false };
}

/**
 * Asks for one setting's new value, re-asking with the allowed range until it fits; Cancel,
 * /cancel or another command leaves the setting as it was.
 */
async function editConversation(
  conversation: BotConversation,
  ctx: ConvContext,
  setting: EditableSetting,
): Promise<void> {
  const locale = await conversation.external((outer: BotContext) => localeOf(outer));
  const range = {
    min: formatNumber(locale, OUTAGE_GRACE_MIN),
    max: formatNumber(locale, setting === "grace" ? OUTAGE_GRACE_MAX : EXTEND_COST_MAX),
  };
  const problem = ctx.t(`settings-${setting}-invalid`, range);
  const prompt = ctx.t(`settings-ask-${setting}`, range);
  const answer = await askText(conversation, ctx, prompt, {
    validate: (text) => {
      if (setting === "grace") return parseGrace(text).ok ? undefined : problem;
      if (setting === "cost") return parseCost(text).ok ? undefined : problem;
      return CURRENCY_LABEL.test(text) ? undefined : problem;
    },
  });
  const view = await conversation.external(async (outer: BotContext) => {
    const settings = settingsOf(outer);
    if (setting === "grace") {
      const parsed = parseGrace(answer);
      if (parsed.ok) await settings.setOutageGraceMinutes(parsed.value);
    } else if (setting === "cost") {
      const parsed = parseCost(answer);
      if (parsed.ok) await settings.setExtendCostHint(parsed.value);
    } else {
      await settings.setHostingCurrency(answer);
    }
    outer.log.info({ adminId: outer.from?.id, setting, value: answer }, "setting changed");
    const shown = await settingsView(outer);
    return { text: shown.text, markup: shown.keyboard?.inline_keyboard ?? [] };
  });
  await ctx.reply(view.text, { parse_mode: "HTML", reply_markup: { inline_keyboard: view.markup } });
}

/** Installed ahead of all features, entered only from the admin-checked button below. */
export const settingsConversations = [createConversation(editConversation, EDIT)];

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
    if (data.arg !== "grace" && data.arg !== "cost" && data.arg !== "currency") {
      return show(ctx, await settingsView(ctx));
    }
    await enterConversation(ctx, EDIT, data.arg);
    return;
  }
  if (data.act === "auto" && (data.arg === "on" || data.arg === "off")) {
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
