import { InlineKeyboard, InputFile } from "grammy";
import type { BotContext } from "#src/bot/context.js";
import { localeOf } from "#src/bot/i18n.js";
import { claimConfirmation, issueConfirmation } from "#src/bot/kit/index.js";
import { show } from "#src/bot/views/show.js";
import type { PanelClient } from "#src/hosting/panel/index.js";
import { formatDateTime, html } from "#src/render/format.js";
import { qrPng } from "#src/render/qr.js";
import { actorOf } from "../hosting-staff.js";
import { ownersOf, ownersWarning, withOwners } from "../owners-view.js";
import { requestTerm } from "../term-requests.js";
import { cardCb, panelCb } from "./callbacks.js";
import { reportOf } from "./create.js";
import {
  createReportView,
  deleteConfirmView,
  deletedView,
  explainCreate,
  followedNote,
  locationsReportView,
} from "./reports.js";
import { explainRows, panelErrorText } from "./text.js";
import { backToList, errorView, panelCardView, panelListView } from "./views.js";

/** What the Panel section's buttons do outside its dialogs: QR, delete, a confirmed extend, a create again. */

/** The client a button names: its name, and the ref its buttons carry. */
export interface Target {
  name: string;
  ref: string;
}

/** What a delete's one-time token confirms. */
const deleteAction = (name: string) => `panel:del:${name}`;

/** Asks to confirm a delete, naming the shop's customers on the client first. */
export async function askDelete(ctx: BotContext, target: Target): Promise<void> {
  const token = await issueConfirmation(ctx, deleteAction(target.name));
  const owners = await ownersOf(ctx, { kind: "panel", name: target.name });
  const warning = await ownersWarning(ctx, owners, "owners-delete-note");
  return show(ctx, deleteConfirmView(ctx.t, target, token, warning));
}

/** A confirmed delete on every location, once (the token is claimed first). */
export async function deleteEverywhere(ctx: BotContext, target: Target, token: string): Promise<void> {
  const t = ctx.t;
  const claim = await claimConfirmation(ctx, token, deleteAction(target.name));
  if (claim === "used") return show(ctx, await panelListView(ctx, 0, t("panel-delete-already")));
  if (claim === "unknown") return show(ctx, await panelListView(ctx, 0, t("panel-delete-expired")));
  const result = await ctx.deps.fleet.panelClients.delete(target.name, actorOf(ctx));
  if (!result.ok) return show(ctx, errorView(panelErrorText(t, result.error), backToList(t)));
  const removed = followedNote(ctx, "owners-removed", result.followed);
  return show(ctx, deletedView(t, target, explainRows(t, result.rows), removed));
}

/** The confirmed extend: the absolute `target` (Unix seconds) on every location the client is on. */
export async function extendTo(ctx: BotContext, target: Target, expiresAt: number): Promise<void> {
  const t = ctx.t;
  const { name, ref } = target;
  // A customer's subscription on the client: the confirmed date takes its turn in its term chain,
  // unless the term already went past it since the confirmation (a paid renewal landed): a date
  // fixed before that would take the paid days away.
  const [owner] = await ownersOf(ctx, { kind: "panel", name });
  if (owner && owner.subscription.expiresAt >= expiresAt * 1000) {
    return show(ctx, await panelCardView(ctx, name, t("panel-extend-overtaken")));
  }
  const asked = await requestTerm(ctx, { kind: "panel", name }, name, {
    mode: "set",
    target: expiresAt * 1000,
  });
  if (asked !== undefined) {
    return show(ctx, { text: asked, keyboard: new InlineKeyboard().text(t("panel-open-card"), cardCb(ref)) });
  }
  const result = await ctx.deps.fleet.panelClients.extendTo(name, expiresAt, actorOf(ctx));
  if (result.kind === "stale") return show(ctx, await panelCardView(ctx, name, t("panel-extend-stale")));
  if (result.kind === "failed") return show(ctx, errorView(panelErrorText(t, result.error), backToList(t)));
  const locale = await localeOf(ctx);
  const followed = followedNote(ctx, "owners-term", result.followed);
  const title = t("panel-extended", { name: html(name), date: formatDateTime(locale, expiresAt * 1000) });
  return show(
    ctx,
    locationsReportView(t, locale, ctx.deps.clock.now(), {
      title: withOwners(title, followed),
      rows: explainRows(t, result.rows),
      ref,
      retry: panelCb.pack({ act: "ext-ok", ref, target: expiresAt }),
    }),
  );
}

/** The subscription URL of the client as a QR code. */
export async function sendQr(ctx: BotContext, target: Target): Promise<void> {
  let client: PanelClient;
  try {
    client = await ctx.deps.fleet.panelClients.get(target.name);
  } catch (err) {
    const back = new InlineKeyboard().text(ctx.t("menu-back"), cardCb(target.ref));
    return show(ctx, errorView(panelErrorText(ctx.t, err), back));
  }
  if (!client.subscriptionUrl) {
    return show(ctx, await panelCardView(ctx, target.name, ctx.t("panel-card-no-sub")));
  }
  await ctx.replyWithPhoto(new InputFile(await qrPng(client.subscriptionUrl), "subscription-qr.png"), {
    caption: ctx.t("panel-qr-caption", { name: client.name }),
  });
}

/** "Complete missing locations": the create plan again where the client is still missing. */
export async function completeCreate(ctx: BotContext, planId: string): Promise<void> {
  const done = await ctx.deps.fleet.panelClients.completeCreate(planId, actorOf(ctx));
  if (!done) return show(ctx, await panelListView(ctx, 0, ctx.t("panel-create-plan-gone")));
  const report = await reportOf(ctx, done.plan, explainCreate(ctx.t, done.outcome));
  return show(ctx, createReportView(ctx.t, await localeOf(ctx), done.plan, report));
}
