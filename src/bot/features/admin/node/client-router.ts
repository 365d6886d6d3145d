import { InlineKeyboard, InputFile } from "grammy";
import type { BotContext } from "#src/bot/context.js";
import { enterConversation, issueConfirmation } from "#src/bot/kit/index.js";
import { show } from "#src/bot/views/show.js";
import type { NodeFollowed } from "#src/domain/fleet/index.js";
import type { NodeClient } from "#src/hosting/node/index.js";
import { html } from "#src/render/format.js";
import { qrPng } from "#src/render/qr.js";
import { actorOf } from "../hosting-staff.js";
import { ownersOf, ownersWarning, withOwners } from "../owners-view.js";
import { type NodeCb, ncb } from "./callbacks.js";
import { BAN, CREATE, LIMITS, RENAME, RENEW } from "./client-dialogs.js";
import { deleteConfirmView, nodeClientCardView, nodeClientsView } from "./client-views.js";
import { renewToTarget } from "./renew.js";
import { followedText, nodeErrorView, refusedClaim, resolveNodeRef } from "./shared.js";

/** The buttons on the node's clients. */

/** The buttons this router takes: on one client, the list and create. */
export type ClientCb = Extract<NodeCb, { client: string }> | Extract<NodeCb, { act: "list" | "create" }>;

export const isClientCb = (data: NodeCb): data is ClientCb =>
  "client" in data || data.act === "list" || data.act === "create";

const deleteAction = (name: string) => `node:del:${name}`;

async function sendQr(ctx: BotContext, name: string, back: InlineKeyboard): Promise<void> {
  let client: NodeClient;
  try {
    client = await ctx.deps.fleet.nodeClients.get(name);
  } catch (err) {
    return show(ctx, nodeErrorView(ctx, err, back));
  }
  await ctx.replyWithPhoto(new InputFile(await qrPng(client.link), "vless-qr.png"), {
    caption: ctx.t("node-qr-caption", { name: client.name }),
  });
}

async function unban(ctx: BotContext, name: string, back: InlineKeyboard): Promise<void> {
  try {
    await ctx.deps.fleet.nodeClients.unban(name, actorOf(ctx));
  } catch (err) {
    return show(ctx, nodeErrorView(ctx, err, back));
  }
  ctx.log.info({ name }, "node client unbanned");
  return show(ctx, await nodeClientCardView(ctx, name, ctx.t("node-unbanned", { name: html(name) })));
}

async function askDelete(ctx: BotContext, name: string, client: string): Promise<void> {
  const token = await issueConfirmation(ctx, deleteAction(name));
  const owners = await ownersOf(ctx, { kind: "node", name });
  const warning = await ownersWarning(ctx, owners, "owners-delete-note");
  return show(ctx, deleteConfirmView(ctx, name, client, token, warning));
}

async function confirmDelete(
  ctx: BotContext,
  name: string,
  token: string,
  back: InlineKeyboard,
): Promise<void> {
  const refused = await refusedClaim(ctx, token, deleteAction(name));
  if (refused) return show(ctx, await nodeClientsView(ctx, 0, refused));
  let followed: NodeFollowed;
  try {
    followed = await ctx.deps.fleet.nodeClients.delete(name, actorOf(ctx));
  } catch (err) {
    return show(ctx, nodeErrorView(ctx, err, back));
  }
  ctx.log.info({ name }, "node client deleted");
  const notice = withOwners(
    ctx.t("node-deleted", { name: html(name) }),
    followedText(ctx, "owners-removed", followed),
  );
  return show(ctx, await nodeClientsView(ctx, 0, notice));
}

/** Handles a client button (the callback is answered and the node is configured). */
export async function handleClientAction(ctx: BotContext, data: ClientCb): Promise<void> {
  if (data.act === "list") return show(ctx, await nodeClientsView(ctx, data.page));
  if (data.act === "create") return enterConversation(ctx, CREATE);

  const name = await resolveNodeRef(ctx.kit.nameRefs, data.client);
  if (name === undefined) return show(ctx, await nodeClientsView(ctx, 0, ctx.t("error-menu-outdated")));
  const back = new InlineKeyboard().text(ctx.t("menu-back"), ncb({ act: "card", client: data.client })).row();
  switch (data.act) {
    case "card":
      return show(ctx, await nodeClientCardView(ctx, name));
    case "qr":
      return sendQr(ctx, name, back);
    case "renew":
      return enterConversation(ctx, RENEW, name);
    case "renew-to":
      return renewToTarget(ctx, name, data.target);
    case "limits":
      return enterConversation(ctx, LIMITS, name);
    case "rename":
      return enterConversation(ctx, RENAME, name);
    case "ban":
      return enterConversation(ctx, BAN, name);
    case "unban":
      return unban(ctx, name, back);
    case "del":
      return askDelete(ctx, name, data.client);
    case "del-ok":
      return confirmDelete(ctx, name, data.token, back);
  }
}
