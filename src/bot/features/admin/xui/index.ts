import { InlineKeyboard } from "grammy";
import type { BotContext } from "#src/bot/context.js";
import { claimConfirmation, enterConversation, issueConfirmation } from "#src/bot/kit/index.js";
import { show } from "#src/bot/views/show.js";
import type { Followed } from "#src/domain/books/index.js";
import { html } from "#src/render/format.js";
import { Routes } from "../../../routes.js";
import { actorOf, mayHost } from "../hosting-staff.js";
import { ownersOf, ownersWarning, withOwners } from "../owners-view.js";
import { resolveUserRef, type XuiAction, type XuiUserAct, xuiCb } from "./callbacks.js";
import { CREATE, followedNote, LIMIT, TERM } from "./conversations.js";
import { cardCb, deleteConfirmView, errorView, xuiCardView, xuiInboundsView, xuiListView } from "./views.js";

/**
 * xui users (clients) of one server: list with usage, a user's card, create, change limit, set
 * term, ban / unban, delete (with a one-time confirmation) and the panel's inbounds. What it
 * does on the hosting side goes through the shop's XuiClients.
 */

export { xuiCb } from "./callbacks.js";
export { XUI_NAME, xuiConversations } from "./conversations.js";
export { XUI_PAGE_SIZE, xuiCardView, xuiInboundsView, xuiListView } from "./views.js";

type UserAction = Extract<XuiAction, { act: XuiUserAct | "del-ok" }>;

/** The user an action names, shown its card (or the list again when the ref expired). */
interface Target {
  server: number;
  email: string;
  ref: string;
}

export const xuiUsersFeature = new Routes<BotContext>();

/** The buttons that change a user, with their audit action (checked before the press is answered). */
const CHANGES: Partial<Record<XuiAction["act"], string>> = {
  ban: "xui.client.ban",
  unban: "xui.client.unban",
  "del-ok": "xui.client.delete",
};

xuiUsersFeature.callbackQuery(xuiCb.pattern, async (ctx) => {
  const data = xuiCb.unpack(ctx.callbackQuery.data);
  const change = data && CHANGES[data.act];
  if (change && !(await mayHost(ctx, change))) return;
  await ctx.answerCallbackQuery();
  if (!data) return;
  switch (data.act) {
    case "list":
      return show(ctx, await xuiListView(ctx, data.server, data.page));
    case "inbounds":
      return show(ctx, await xuiInboundsView(ctx, data.server));
    case "create":
      return enterConversation(ctx, CREATE, data.server);
  }
  const email = await resolveUserRef(ctx.kit.nameRefs, data.ref);
  if (email === undefined) {
    return show(ctx, await xuiListView(ctx, data.server, 0, ctx.t("error-menu-outdated")));
  }
  return onUser(ctx, data, { server: data.server, email, ref: data.ref });
});

async function onUser(ctx: BotContext, data: UserAction, target: Target): Promise<void> {
  const { server, email } = target;
  switch (data.act) {
    case "card":
      return show(ctx, await xuiCardView(ctx, server, email));
    case "limit":
      return enterConversation(ctx, LIMIT, server, email);
    case "term":
      return enterConversation(ctx, TERM, server, email);
    case "ban":
    case "unban":
      return setEnabled(ctx, target, data.act === "unban");
    case "del": {
      const token = await issueConfirmation(ctx, deleteAction(target));
      const owners = await ownersOf(ctx, { kind: "xui", serverId: server, name: email });
      const warning = await ownersWarning(ctx, owners, "owners-delete-note");
      return show(ctx, deleteConfirmView(ctx, target, token, warning));
    }
    case "del-ok":
      return deleteConfirmed(ctx, target, data.token);
  }
}

/** What a delete's one-time token confirms. */
const deleteAction = (t: Target) => `xui:del:${t.server}:${t.email}`;

/** A hosting failure on the user, with a way back to its card. */
function failedOnUser(ctx: BotContext, target: Target, err: unknown): Promise<void> {
  const back = new InlineKeyboard().text(ctx.t("menu-back"), cardCb(target.server, target.ref));
  return show(ctx, errorView(ctx, err, back));
}

async function setEnabled(ctx: BotContext, target: Target, enable: boolean): Promise<void> {
  const { server, email } = target;
  try {
    await ctx.deps.fleet.xuiClients.setEnabled(server, email, enable, actorOf(ctx));
  } catch (err) {
    return failedOnUser(ctx, target, err);
  }
  const notice = ctx.t(enable ? "xui-unbanned" : "xui-banned", { name: html(email) });
  return show(ctx, await xuiCardView(ctx, server, email, notice));
}

async function deleteConfirmed(ctx: BotContext, target: Target, token: string): Promise<void> {
  const { server, email } = target;
  const claim = await claimConfirmation(ctx, token, deleteAction(target));
  if (claim === "used") return show(ctx, await xuiListView(ctx, server, 0, ctx.t("xui-delete-already")));
  if (claim === "unknown") return show(ctx, await xuiListView(ctx, server, 0, ctx.t("xui-delete-expired")));
  let removed: Followed;
  try {
    removed = await ctx.deps.fleet.xuiClients.delete(server, email, actorOf(ctx));
  } catch (err) {
    return failedOnUser(ctx, target, err);
  }
  const deleted = ctx.t("xui-deleted", { name: html(email) });
  const notice = withOwners(deleted, followedNote(ctx, "owners-removed", removed));
  return show(ctx, await xuiListView(ctx, server, 0, notice));
}
