import type { BotContext } from "#src/bot/context.js";
import { enterConversation } from "#src/bot/kit/index.js";
import { show } from "#src/bot/views/show.js";
import { Routes } from "../../../routes.js";
import { mayHost } from "../hosting-staff.js";
import { askDelete, completeCreate, deleteEverywhere, extendTo, sendQr, type Target } from "./actions.js";
import { type PanelAction, type PanelClientAct, panelCb, resolveClientRef } from "./callbacks.js";
import { clientConversations, PANEL_EXTEND, PANEL_LIMITS, PANEL_TERM } from "./conversations.js";
import { createConversations, PANEL_CREATE } from "./create.js";
import { notConfiguredView, panelCardView, panelHomeView, panelListView } from "./views.js";

/**
 * The Panel section: the main panel and the panels connected to it (federation). Locations with
 * their online flag and client count, the main panel's inbounds, its clients (list, card, QR of
 * the subscription URL) and changes applied on every location a client exists on (spec B,
 * multi-location rules): extend to an absolute expiry, a term from today, limits, delete; and
 * creating one client on several locations with the same UUID. What it does on the panel goes
 * through the shop's PanelClients.
 */

export { panelCb } from "./callbacks.js";
export { PANEL_NAME } from "./create.js";
export { parseInboundIds } from "./create-steps.js";
export { PANEL_PAGE_SIZE, panelCardView, panelHomeView, panelListView } from "./views.js";

/** Installed ahead of all features (see create-bot.ts), entered only from admin-checked handlers. */
export const panelConversations = [...createConversations, ...clientConversations];

type ClientAction = Extract<PanelAction, { act: PanelClientAct | "ext-ok" | "del-ok" }>;

/** The buttons that change a client, with their audit action (checked before the press is answered). */
const CHANGES: Partial<Record<PanelAction["act"], string>> = {
  "ext-ok": "panel.client.extend",
  "del-ok": "panel.client.delete",
  "mk-retry": "panel.client.complete",
};

export const panelFeature = new Routes<BotContext>();

panelFeature.callbackQuery(panelCb.pattern, async (ctx) => {
  const data = panelCb.unpack(ctx.callbackQuery.data);
  if (!data) {
    await ctx.answerCallbackQuery();
    return;
  }
  const change = CHANGES[data.act];
  if (change && !(await mayHost(ctx, change))) return;
  switch (data.act) {
    case "pick":
    case "pick-go":
    case "pick-x":
    case "ib":
    case "ib-go":
    case "mk-go":
      // Picker buttons of a create dialog that has ended.
      await ctx.answerCallbackQuery({ text: ctx.t("panel-pick-outdated") });
      return;
  }
  await ctx.answerCallbackQuery();
  if (!ctx.deps.fleet.panelClients.configured) return show(ctx, notConfiguredView(ctx));
  switch (data.act) {
    case "home":
      return show(ctx, await panelHomeView(ctx));
    case "list":
      return show(ctx, await panelListView(ctx, data.page));
    case "new":
      return enterConversation(ctx, PANEL_CREATE);
    case "mk-retry":
      return completeCreate(ctx, data.plan);
  }
  // Everything else names a client.
  const name = await resolveClientRef(ctx.kit.nameRefs, data.ref);
  if (name === undefined) return show(ctx, await panelListView(ctx, 0, ctx.t("error-menu-outdated")));
  return onClient(ctx, data, { name, ref: data.ref });
});

async function onClient(ctx: BotContext, data: ClientAction, target: Target): Promise<void> {
  const { name } = target;
  switch (data.act) {
    case "card":
      return show(ctx, await panelCardView(ctx, name));
    case "qr":
      return sendQr(ctx, target);
    case "ext":
      return enterConversation(ctx, PANEL_EXTEND, name);
    case "ext-ok":
      if (data.target === undefined) {
        return show(ctx, await panelCardView(ctx, name, ctx.t("error-menu-outdated")));
      }
      return extendTo(ctx, target, data.target);
    case "term":
      return enterConversation(ctx, PANEL_TERM, name);
    case "lim":
      return enterConversation(ctx, PANEL_LIMITS, name);
    case "del":
      return askDelete(ctx, target);
    case "del-ok":
      return deleteEverywhere(ctx, target, data.token);
  }
}
