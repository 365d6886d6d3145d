import type { CallbackQueryContext } from "grammy";
import type { BotContext } from "#src/bot/context.js";
import { claimConfirmation, enterConversation } from "#src/bot/kit/index.js";
import { permitted, staffIndexOf } from "#src/bot/staff.js";
import { show } from "#src/bot/views/show.js";
import type { Role, StaffChange } from "#src/domain/staff/index.js";
import { Routes } from "../../../routes.js";
import { needsPermission } from "../permissions.js";
import { STAFF_ADD, staffConversations } from "./add.js";
import { STAFF_PREFIX, staffCb } from "./callbacks.js";
import { tellMember } from "./tell.js";
import { memberCardView, removeConfirmView, removeKey, shownName, staffListView } from "./views.js";
import { personName, roleLabel } from "./words.js";

export { staffConversations, staffListView };

// Owners only: every press is checked against the sender's role now (guard.ts), and again below.
needsPermission(STAFF_PREFIX, "staff");

type Press = CallbackQueryContext<BotContext>;

/** After a change: the process's staff index, the name kept, the member told, the card shown. */
async function changed(ctx: Press, id: number, change: StaffChange): Promise<void> {
  if (change.status !== "done") {
    await ctx.answerCallbackQuery({ text: ctx.t("staff-owner-unchangeable"), show_alert: true });
    return show(ctx, await memberCardView(ctx, id));
  }
  await staffIndexOf(ctx.deps.staff.roster).refresh();
  const name = await personName(ctx, id);
  if (name && change.after !== undefined) await ctx.deps.staff.roster.rememberName(id, name);
  ctx.log.info(
    { ownerId: ctx.from.id, staffId: id, before: change.before, after: change.after },
    "staff changed",
  );
  await tellMember(ctx, id, change);
  await ctx.answerCallbackQuery();
  const shown = await shownName(ctx, id);
  if (change.after === undefined) {
    return show(ctx, await staffListView(ctx, ctx.t("staff-removed", { name: shown })));
  }
  const notice = ctx.t("staff-role-set", { name: shown, role: roleLabel(ctx.t, change.after) });
  return show(ctx, await memberCardView(ctx, id, notice));
}

async function giveRole(ctx: Press, id: number, role: Role): Promise<void> {
  if (!(await permitted(ctx, "staff", "staff.role"))) return;
  const { roster } = ctx.deps.staff;
  if ((await roster.roleOf(id)) === role) {
    await ctx.answerCallbackQuery({ text: ctx.t("staff-role-same", { role: roleLabel(ctx.t, role) }) });
    return show(ctx, await memberCardView(ctx, id));
  }
  return changed(ctx, id, await roster.setRole(ctx.from.id, id, role));
}

async function remove(ctx: Press, id: number, token: string): Promise<void> {
  if (!(await permitted(ctx, "staff", "staff.remove"))) return;
  if ((await claimConfirmation(ctx, token, removeKey(id))) !== "claimed") {
    await ctx.answerCallbackQuery({ text: ctx.t("staff-confirm-used"), show_alert: true });
    return show(ctx, await staffListView(ctx));
  }
  return changed(ctx, id, await ctx.deps.staff.roster.setRole(ctx.from.id, id, undefined));
}

async function askRemove(ctx: Press, id: number): Promise<void> {
  const view = await removeConfirmView(ctx, id);
  await ctx.answerCallbackQuery();
  return show(ctx, view ?? (await memberCardView(ctx, id)));
}

/**
 * The Staff section (owners): the list, a member's card with its role buttons and Remove (asked
 * first), and Add (a dialog naming the person). Every change goes through the roster, one step
 * with its audit record, and the member is told.
 */
export const staffFeature = new Routes<BotContext>();

staffFeature.callbackQuery(staffCb.pattern, async (ctx) => {
  const data = staffCb.unpack(ctx.callbackQuery.data);
  if (!data) return ctx.answerCallbackQuery();
  switch (data.act) {
    case "list":
      await ctx.answerCallbackQuery();
      return show(ctx, await staffListView(ctx));
    case "card":
      await ctx.answerCallbackQuery();
      return show(ctx, await memberCardView(ctx, data.id));
    case "add":
      await ctx.answerCallbackQuery();
      return enterConversation(ctx, STAFF_ADD);
    case "role":
      return giveRole(ctx, data.id, data.role);
    case "rm":
      return askRemove(ctx, data.id);
    case "rm-ok":
      return remove(ctx, data.id, data.token);
  }
});
