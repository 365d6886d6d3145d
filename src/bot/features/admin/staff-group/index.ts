import type { BotContext } from "#src/bot/context.js";
import { claimConfirmation, enterConversation, issueConfirmation } from "#src/bot/kit/index.js";
import { permitted, tellNotPermitted } from "#src/bot/staff.js";
import { show, type View } from "#src/bot/views/show.js";
import { NotPermitted, type StaffGroupSettings } from "#src/domain/staff/index.js";
import { Routes } from "../../../routes.js";
import { needsPermission } from "../permissions.js";
import { STAFF_GROUP_PREFIX, type StaffGroupCb, staffGroupCb } from "./callbacks.js";
import { connectGroup, STAFF_GROUP_SETUP, staffGroupConversations } from "./setup.js";
import { hoursView, hourText, remakeView, staffGroupView, stopView } from "./view.js";

export { staffGroupConversations, staffGroupView };

// Owners only (the `staff` permission), on every press, whatever the button.
needsPermission(STAFF_GROUP_PREFIX, "staff");

const REMAKE_ACTION = "staff-group:remake";

/**
 * The "🏢 Staff group" section: set up the forum group the staff notices go to (its topics made
 * by the bot), where notices go, the daily report's hour, the report now, the topics made again,
 * or the group no longer used. Each change checks `staff` where it runs (and the domain again)
 * and is recorded in the audit log by StaffGroup.
 */
export const staffGroupFeature = new Routes<BotContext>();

staffGroupFeature.callbackQuery(staffGroupCb.pattern, async (ctx) => {
  const data = staffGroupCb.unpack(ctx.callbackQuery.data) ?? { act: "view" };
  if (data.act === "setup") {
    if (!(await permitted(ctx, "staff", "group.set"))) return;
    await ctx.answerCallbackQuery();
    return enterConversation(ctx, STAFF_GROUP_SETUP);
  }
  let view: View | undefined;
  try {
    view = await onPress(ctx, data);
  } catch (err) {
    if (!(err instanceof NotPermitted)) throw err;
    return tellNotPermitted(ctx);
  }
  // Undefined: refused, and the sender was told.
  if (!view) return;
  await ctx.answerCallbackQuery();
  await show(ctx, view);
});

/** What a press shows; undefined when it was refused (the sender was told). */
async function onPress(ctx: BotContext, data: StaffGroupCb): Promise<View | undefined> {
  const group = ctx.deps.staff.group;
  const current = await group.get();
  const change = async (edit: Partial<StaffGroupSettings>, note: string) => {
    if (!current) return staffGroupView(ctx);
    if (!(await permitted(ctx, "staff", "group.set"))) return undefined;
    const same = Object.entries(edit).every(([k, v]) => current[k as keyof StaffGroupSettings] === v);
    // An old button pressed again changes (and records) nothing.
    if (same) return staffGroupView(ctx);
    await group.set(ctx.from?.id ?? 0, { ...current, ...edit });
    return staffGroupView(ctx, note);
  };
  switch (data.act) {
    case "route":
      return change({ routing: data.routing }, ctx.t("staff-group-routing-set"));
    case "hour":
      return change(
        { reportHour: data.hour },
        data.hour === undefined
          ? ctx.t("staff-group-report-set-off")
          : ctx.t("staff-group-report-set", { hour: hourText(data.hour) }),
      );
    case "hours":
      return current ? hoursView(ctx) : staffGroupView(ctx);
    case "report":
      return sendReportNow(ctx);
    case "remake":
      return current ? remakeView(ctx, await issueConfirmation(ctx, REMAKE_ACTION)) : staffGroupView(ctx);
    case "remakeok":
      return remake(ctx, current, data.token);
    case "stop":
      return current ? stopView(ctx) : staffGroupView(ctx);
    case "stopok":
      return stop(ctx, current);
    default:
      return staffGroupView(ctx);
  }
}

/** "Send the report now": queued for the worker (the domain checks `staff` again). */
async function sendReportNow(ctx: BotContext): Promise<View | undefined> {
  if (!(await permitted(ctx, "staff", "report.send"))) return undefined;
  const queued = await ctx.deps.backoffice.dailyReports.sendNow(ctx.from?.id ?? 0);
  ctx.log.info({ adminId: ctx.from?.id, queued }, "daily report asked for now");
  return staffGroupView(ctx, ctx.t(queued ? "staff-group-report-queued" : "staff-group-report-unavailable"));
}

/** New topics in the same group, once per confirmation (a double tap makes one set). */
async function remake(
  ctx: BotContext,
  current: StaffGroupSettings | undefined,
  token: string,
): Promise<View | undefined> {
  if (!current) return staffGroupView(ctx);
  if (!(await permitted(ctx, "staff", "group.set"))) return undefined;
  const claim = await claimConfirmation(ctx, token, REMAKE_ACTION);
  if (claim !== "claimed") return staffGroupView(ctx, ctx.t("staff-group-remake-used"));
  return staffGroupView(ctx, await connectGroup(ctx, current.chatId));
}

/** Stops using the group: the staff's notices go to their private chats again. */
async function stop(ctx: BotContext, current: StaffGroupSettings | undefined): Promise<View | undefined> {
  if (!current) return staffGroupView(ctx);
  if (!(await permitted(ctx, "staff", "group.clear"))) return undefined;
  await ctx.deps.staff.group.clear(ctx.from?.id ?? 0);
  ctx.log.info({ adminId: ctx.from?.id, chatId: current.chatId }, "staff group no longer used");
  return staffGroupView(ctx, ctx.t("staff-group-stopped"));
}
