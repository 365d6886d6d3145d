import { createConversation } from "@grammyjs/conversations";
import type { BotContext, ConvContext } from "#src/bot/context.js";
import { askText, type BotConversation } from "#src/bot/conversation-kit.js";
import { localeOf } from "#src/bot/i18n.js";
import {
  AUTO_RENEW_DAYS_MAX,
  AUTO_RENEW_DAYS_MIN,
  CURRENCY_LABEL,
  EXTEND_COST_MAX,
  GIFT_DAYS_MAX,
  GIFT_DAYS_MIN,
  MOVE_RUNWAY_FLOOR_MAX,
  MOVE_RUNWAY_FLOOR_MIN,
  OUTAGE_GRACE_MAX,
  OUTAGE_GRACE_MIN,
  parseRunwayAlertDays,
  RUNWAY_ALERT_COUNT_MAX,
  RUNWAY_ALERT_DAYS_MAX,
  type SettingChange,
} from "#src/domain/catalog/index.js";
import { formatNumber } from "#src/render/format.js";
import { asStaff, dialogGuard } from "../staff-actor.js";
import type { EditableSetting } from "./callbacks.js";
import { settingsView } from "./view.js";

export const EDIT = "admin-settings-edit";

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

function parseGiftDays(text: string): Parsed<number> {
  const days = /^\d{1,3}$/.test(text) ? Number(text) : Number.NaN;
  return days >= GIFT_DAYS_MIN && days <= GIFT_DAYS_MAX ? { ok: true, value: days } : { ok: false };
}

function parseRenewDays(text: string): Parsed<number> {
  const days = /^\d{1,2}$/.test(text) ? Number(text) : Number.NaN;
  return days >= AUTO_RENEW_DAYS_MIN && days <= AUTO_RENEW_DAYS_MAX
    ? { ok: true, value: days }
    : { ok: false };
}

function parseRunwayFloor(text: string): Parsed<number> {
  const days = /^\d{1,2}$/.test(text) ? Number(text) : Number.NaN;
  return days >= MOVE_RUNWAY_FLOOR_MIN && days <= MOVE_RUNWAY_FLOOR_MAX
    ? { ok: true, value: days }
    : { ok: false };
}

function parseCost(text: string): Parsed<number | undefined> {
  if (text === "-") return { ok: true, value: undefined };
  const cost = parseAmount(text);
  return cost !== undefined && cost > 0 && cost <= EXTEND_COST_MAX
    ? { ok: true, value: cost }
    : { ok: false };
}

/** `14,7,3,1`, or `-` for the default. */
function parseRunwayDays(text: string): Parsed<number[] | undefined> {
  if (text === "-") return { ok: true, value: undefined };
  const days = parseRunwayAlertDays(text);
  return days ? { ok: true, value: days } : { ok: false };
}

function accepts(setting: EditableSetting, text: string): boolean {
  if (setting === "grace") return parseGrace(text).ok;
  if (setting === "cost") return parseCost(text).ok;
  if (setting === "gift") return parseGiftDays(text).ok;
  if (setting === "renew") return parseRenewDays(text).ok;
  if (setting === "runway") return parseRunwayDays(text).ok;
  if (setting === "move") return parseRunwayFloor(text).ok;
  return CURRENCY_LABEL.test(text);
}

/** The change an answer `accepts` took stands for. */
function changeOf(setting: EditableSetting, answer: string): SettingChange | undefined {
  const parsed = <T>(p: Parsed<T>, apply: (value: T) => SettingChange) => (p.ok ? apply(p.value) : undefined);
  if (setting === "grace")
    return parsed(parseGrace(answer), (value) => ({ key: "outageGraceMinutes", value }));
  if (setting === "cost") return parsed(parseCost(answer), (value) => ({ key: "extendCostHint", value }));
  if (setting === "gift") return parsed(parseGiftDays(answer), (value) => ({ key: "giftExpiryDays", value }));
  if (setting === "renew")
    return parsed(parseRenewDays(answer), (value) => ({ key: "autoRenewDays", value }));
  if (setting === "runway")
    return parsed(parseRunwayDays(answer), (value) => ({ key: "runwayAlertDays", value }));
  if (setting === "move")
    return parsed(parseRunwayFloor(answer), (value) => ({ key: "moveRunwayFloorDays", value }));
  return { key: "hostingCurrency", value: answer };
}

/** The question and the complaint of each setting (both name the allowed range). */
const PROMPT: Record<EditableSetting, { ask: string; invalid: string }> = {
  grace: { ask: "settings-ask-grace", invalid: "settings-grace-invalid" },
  cost: { ask: "settings-ask-cost", invalid: "settings-cost-invalid" },
  currency: { ask: "settings-ask-currency", invalid: "settings-currency-invalid" },
  gift: { ask: "settings-ask-gift", invalid: "settings-gift-invalid" },
  renew: { ask: "autorenew-settings-ask", invalid: "autorenew-settings-invalid" },
  runway: { ask: "runway-settings-ask", invalid: "runway-settings-invalid" },
  move: { ask: "move-settings-ask", invalid: "move-settings-invalid" },
};

/** The bounds each setting names in its question and complaint (the currency names none). */
const RANGE: Record<EditableSetting, { min: number; max: number }> = {
  grace: { min: OUTAGE_GRACE_MIN, max: OUTAGE_GRACE_MAX },
  cost: { min: OUTAGE_GRACE_MIN, max: EXTEND_COST_MAX },
  currency: { min: OUTAGE_GRACE_MIN, max: EXTEND_COST_MAX },
  gift: { min: GIFT_DAYS_MIN, max: GIFT_DAYS_MAX },
  renew: { min: AUTO_RENEW_DAYS_MIN, max: AUTO_RENEW_DAYS_MAX },
  runway: { min: 1, max: RUNWAY_ALERT_DAYS_MAX },
  move: { min: MOVE_RUNWAY_FLOOR_MIN, max: MOVE_RUNWAY_FLOOR_MAX },
};

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
    min: formatNumber(locale, RANGE[setting].min),
    max: formatNumber(locale, RANGE[setting].max),
    count: RUNWAY_ALERT_COUNT_MAX,
  };
  const problem = ctx.t(PROMPT[setting].invalid, range);
  const answer = await askText(conversation, ctx, ctx.t(PROMPT[setting].ask, range), {
    validate: (text) => (accepts(setting, text) ? undefined : problem),
  });
  const view = await conversation.external(async (outer: BotContext) => {
    const change = changeOf(setting, answer);
    // Each step was checked (dialogGuard); the domain checks the role again and records it.
    if (!change || !(await asStaff(outer, (actor) => outer.deps.catalog.settings.setAs(actor, change))))
      return undefined;
    outer.log.info({ adminId: outer.from?.id, setting, value: answer }, "setting changed");
    const shown = await settingsView(outer);
    return { text: shown.text, markup: shown.keyboard?.inline_keyboard ?? [] };
  });
  if (view)
    await ctx.reply(view.text, { parse_mode: "HTML", reply_markup: { inline_keyboard: view.markup } });
}

/**
 * Installed ahead of all features, entered only from the admin-checked button of the section;
 * every step checked against the sender's role now.
 */
export const settingsConversations = [
  dialogGuard(EDIT, "settings", "settings.set"),
  createConversation(editConversation, EDIT),
];
