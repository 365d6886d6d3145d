import type { BotContext } from "#src/bot/context.js";
import { localeOf } from "#src/bot/i18n.js";
import { enterConversation, issueConfirmation } from "#src/bot/kit/index.js";
import { show } from "#src/bot/views/show.js";
import type { NodeBackup } from "#src/domain/fleet/index.js";
import { html } from "#src/render/format.js";
import { Routes } from "../../../routes.js";
import { actorOf, mayHost } from "../hosting-staff.js";
import { type NodeCb, nodeCb } from "./callbacks.js";
import { nodeClientDialogs } from "./client-dialogs.js";
import { type ClientCb, handleClientAction, isClientCb } from "./client-router.js";
import { FED_SET, NAME_SET, nodeDialogs, PEER_ADD } from "./dialogs.js";
import { BACKUP_ACTION, backupLine, backupsView, logsView, trafficView } from "./ops.js";
import {
  confirmView,
  nodeErrorView,
  notConfiguredView,
  refreshRow,
  refusedClaim,
  resolveNodeRef,
} from "./shared.js";
import { federationView, nameView, nodeHomeView, peersView } from "./views.js";

/**
 * The "🛰 Node" admin section for the master node (spec C): status and health, clients, the node
 * name, peers of the shared subscription, the upstream federation, backups, traffic and the log.
 * Everything it does on the node goes through the domain's NodeAdmin and NodeClients.
 */

export { nodeHomeView } from "./views.js";

/** Installed ahead of all features (see create-bot.ts), entered only from admin-checked handlers. */
export const nodeConversations = [...nodeClientDialogs, ...nodeDialogs];

const FED_DEL = "node:fed-del";
const peerDelAction = (name: string) => `node:peer-del:${name}`;

type PeerCb = Extract<NodeCb, { act: "peer-del" | "peer-del-ok" }>;

async function deletePeer(ctx: BotContext, data: PeerCb): Promise<void> {
  const name = await resolveNodeRef(ctx.kit.nameRefs, data.peer);
  if (name === undefined) return show(ctx, await peersView(ctx, ctx.t("error-menu-outdated")));
  if (data.act === "peer-del") {
    const token = await issueConfirmation(ctx, peerDelAction(name));
    const question = ctx.t("node-peer-delete-confirm", { name: html(name) });
    const yes = { act: "peer-del-ok", peer: data.peer, token } as const;
    return show(ctx, confirmView(ctx, question, ctx.t("node-peer-delete-yes"), yes, { act: "peers" }));
  }
  const refused = await refusedClaim(ctx, data.token, peerDelAction(name));
  if (refused) return show(ctx, await peersView(ctx, refused));
  try {
    await ctx.deps.fleet.node.deletePeer(name, actorOf(ctx));
  } catch (err) {
    return show(ctx, nodeErrorView(ctx, err, refreshRow(ctx, { act: "peers" })));
  }
  ctx.log.info({ peer: name }, "node peer removed");
  return show(ctx, await peersView(ctx, ctx.t("node-peer-deleted", { name: html(name) })));
}

async function askRemoveFederation(ctx: BotContext): Promise<void> {
  const token = await issueConfirmation(ctx, FED_DEL);
  const yes = { act: "fed-del-ok", token } as const;
  const text = ctx.t("node-fed-remove-confirm");
  return show(ctx, confirmView(ctx, text, ctx.t("node-fed-remove-yes"), yes, { act: "fed" }));
}

async function removeFederation(ctx: BotContext, token: string): Promise<void> {
  const refused = await refusedClaim(ctx, token, FED_DEL);
  if (refused) return show(ctx, await federationView(ctx, refused));
  try {
    await ctx.deps.fleet.node.removeFederation(actorOf(ctx));
  } catch (err) {
    return show(ctx, nodeErrorView(ctx, err, refreshRow(ctx, { act: "fed" })));
  }
  ctx.log.info("node federation upstream removed");
  return show(ctx, await federationView(ctx, ctx.t("node-fed-removed")));
}

async function createBackup(ctx: BotContext, token: string): Promise<void> {
  const refused = await refusedClaim(ctx, token, BACKUP_ACTION);
  if (refused) return show(ctx, await backupsView(ctx, refused));
  let backup: NodeBackup | undefined;
  try {
    backup = await ctx.deps.fleet.node.createBackup(actorOf(ctx));
  } catch (err) {
    return show(ctx, nodeErrorView(ctx, err, refreshRow(ctx, { act: "backups" })));
  }
  ctx.log.info("node backup created");
  const created = ctx.t("node-backup-created");
  const notice = backup ? `${created}\n${backupLine(ctx, await localeOf(ctx), backup)}` : created;
  return show(ctx, await backupsView(ctx, notice));
}

/** Everything but the clients (the callback is answered and the node is configured). */
async function handleNodeAction(ctx: BotContext, data: Exclude<NodeCb, ClientCb>): Promise<void> {
  switch (data.act) {
    case "home":
      return show(ctx, await nodeHomeView(ctx));
    case "name":
      return show(ctx, await nameView(ctx));
    case "name-set":
      return enterConversation(ctx, NAME_SET);
    case "peers":
      return show(ctx, await peersView(ctx));
    case "peer-add":
      return enterConversation(ctx, PEER_ADD);
    case "peer-del":
    case "peer-del-ok":
      return deletePeer(ctx, data);
    case "fed":
      return show(ctx, await federationView(ctx));
    case "fed-set":
      return enterConversation(ctx, FED_SET);
    case "fed-del":
      return askRemoveFederation(ctx);
    case "fed-del-ok":
      return removeFederation(ctx, data.token);
    case "backups":
      return show(ctx, await backupsView(ctx));
    case "backup-new":
      return createBackup(ctx, data.token);
    case "traffic":
      return show(ctx, await trafficView(ctx));
    case "logs":
      return show(ctx, await logsView(ctx));
  }
}

/** The buttons that change the node or a client, with their audit action (checked before the press is answered). */
const CHANGES: Partial<Record<NodeCb["act"], string>> = {
  "peer-del-ok": "node.peer.delete",
  "fed-del-ok": "node.federation.remove",
  "backup-new": "node.backup.create",
  "renew-to": "node.client.renew",
  unban: "node.client.unban",
  "del-ok": "node.client.delete",
};

export const nodeFeature = new Routes<BotContext>();

nodeFeature.callbackQuery(nodeCb.pattern, async (ctx) => {
  const data = nodeCb.unpack(ctx.callbackQuery.data);
  const change = data && CHANGES[data.act];
  if (change && !(await mayHost(ctx, change))) return;
  await ctx.answerCallbackQuery();
  if (!data) return;
  if (!ctx.deps.fleet.node.configured) return show(ctx, notConfiguredView(ctx));
  if (isClientCb(data)) return handleClientAction(ctx, data);
  return handleNodeAction(ctx, data);
});
