import { InlineKeyboard } from "grammy";
import type { BotContext } from "#src/bot/context.js";
import { withNotice } from "#src/bot/kit/index.js";
import type { View } from "#src/bot/views/show.js";
import { ROUTINGS, STAFF_TOPICS, type StaffGroupSettings } from "#src/domain/staff/index.js";
import { getShopTimeZone, html } from "#src/render/format.js";
import { ROUTING_KEYS, topicName } from "#src/render/staff-topics.js";
import { adminHomeButton } from "../home.js";
import { staffGroupCb } from "./callbacks.js";

const back = (ctx: BotContext) => ({
  text: ctx.t("staff-group-back"),
  data: staffGroupCb.pack({ act: "view" }),
});

/** An hour of the day as the screen shows it (`09:00`). */
export const hourText = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

/**
 * The staff group screen: how to set it up when there is none; else the group, its topics, where
 * notices go (a button per choice, the current one marked), the report's hour, and the actions.
 */
export async function staffGroupView(ctx: BotContext, note?: string): Promise<View> {
  const group = await ctx.deps.staff.group.get();
  if (!group) {
    const keyboard = new InlineKeyboard().text(
      ctx.t("staff-group-setup"),
      staffGroupCb.pack({ act: "setup" }),
    );
    const text = `${ctx.t("staff-group-title")}\n\n${ctx.t("staff-group-none")}\n\n${ctx.t("staff-group-steps")}`;
    return { text: withNotice(note, text), keyboard: adminHomeButton(ctx, keyboard.row()) };
  }
  return { text: withNotice(note, groupText(ctx, group)), keyboard: groupKeyboard(ctx, group) };
}

function groupText(ctx: BotContext, group: StaffGroupSettings): string {
  const topics = STAFF_TOPICS.filter((k) => group.topics[k] !== undefined).map((k) => topicName(ctx.t, k));
  const report =
    group.reportHour === undefined
      ? ctx.t("staff-group-report-off")
      : ctx.t("staff-group-report-at", { hour: hourText(group.reportHour), zone: getShopTimeZone() });
  return [
    ctx.t("staff-group-title"),
    "",
    ctx.t("staff-group-chat", { title: html(group.title || String(group.chatId)), id: group.chatId }),
    ctx.t("staff-group-topics", { topics: topics.join(", ") }),
    ctx.t("staff-group-routing", { routing: ctx.t(ROUTING_KEYS[group.routing]) }),
    report,
    "",
    ctx.t("staff-group-routing-help"),
  ].join("\n");
}

function groupKeyboard(ctx: BotContext, group: StaffGroupSettings): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const routing of ROUTINGS) {
    const label = ctx.t(ROUTING_KEYS[routing]);
    keyboard.text(
      routing === group.routing ? `✅ ${label}` : label,
      staffGroupCb.pack({ act: "route", routing }),
    );
    keyboard.row();
  }
  const hour = group.reportHour === undefined ? ctx.t("staff-group-off") : hourText(group.reportHour);
  keyboard.text(ctx.t("staff-group-hours", { hour }), staffGroupCb.pack({ act: "hours" })).row();
  keyboard.text(ctx.t("staff-group-report-now"), staffGroupCb.pack({ act: "report" })).row();
  keyboard.text(ctx.t("staff-group-remake"), staffGroupCb.pack({ act: "remake" })).row();
  keyboard.text(ctx.t("staff-group-change"), staffGroupCb.pack({ act: "setup" })).row();
  keyboard.text(ctx.t("staff-group-stop"), staffGroupCb.pack({ act: "stop" })).row();
  return adminHomeButton(ctx, keyboard);
}

/** The report's hour: 24 buttons (the current one marked) and Off, in the shop's time zone. */
export async function hoursView(ctx: BotContext): Promise<View> {
  const current = (await ctx.deps.staff.group.get())?.reportHour;
  const keyboard = new InlineKeyboard();
  for (let hour = 0; hour < 24; hour++) {
    const label = hour === current ? `✅ ${hourText(hour)}` : hourText(hour);
    keyboard.text(label, staffGroupCb.pack({ act: "hour", hour }));
    if (hour % 6 === 5) keyboard.row();
  }
  const off = current === undefined ? `✅ ${ctx.t("staff-group-off")}` : ctx.t("staff-group-off");
  keyboard.text(off, staffGroupCb.pack({ act: "hour", hour: undefined })).row();
  const { text, data } = back(ctx);
  keyboard.text(text, data);
  return { text: ctx.t("staff-group-hours-ask", { zone: getShopTimeZone() }), keyboard };
}

/** "Stop using the group?": notices go back to private chats; the topics stay in the group. */
export function stopView(ctx: BotContext): View {
  const { text, data } = back(ctx);
  const keyboard = new InlineKeyboard()
    .text(ctx.t("staff-group-stop-yes"), staffGroupCb.pack({ act: "stopok" }))
    .row()
    .text(text, data);
  return { text: ctx.t("staff-group-stop-ask"), keyboard };
}

/** "Make the topics again?", confirmed with a one-time token (a double tap makes one set). */
export function remakeView(ctx: BotContext, token: string): View {
  const { text, data } = back(ctx);
  const keyboard = new InlineKeyboard()
    .text(ctx.t("staff-group-remake-yes"), staffGroupCb.pack({ act: "remakeok", token }))
    .row()
    .text(text, data);
  return { text: ctx.t("staff-group-remake-ask"), keyboard };
}
