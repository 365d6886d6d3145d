import { createConversation } from "@grammyjs/conversations";
import type { BotContext, ConvContext } from "#src/bot/context.js";
import { askText, type BotConversation } from "#src/bot/conversation-kit.js";
import { isClientName, isFederationToken, isNodeName, isUpstreamApiUrl } from "#src/domain/fleet/index.js";
import { type PeerUrlProblem, peerUrlProblem } from "#src/hosting/node/index.js";
import { html } from "#src/render/format.js";
import { actorOf, hostingDialog } from "../hosting-staff.js";
import { attempt, backTo } from "./shared.js";

/**
 * The node's own dialogs: its name, a new peer and the upstream federation. The federation token
 * is asked with its message deleted at once, never logged, never stored outside the sealed
 * conversation state, handed to the node and shown only as a hint.
 */

export const NAME_SET = "admin-node-name";
export const PEER_ADD = "admin-node-peer";
export const FED_SET = "admin-node-fed";

async function setNameConversation(conversation: BotConversation, ctx: ConvContext): Promise<void> {
  const wanted = await askText(conversation, ctx, ctx.t("node-ask-node-name"), {
    validate: (text) => (isNodeName(text) ? undefined : ctx.t("node-node-name-invalid")),
  });
  const done = await conversation.external((outer: BotContext) =>
    attempt(outer.t, async () => {
      const name = await outer.deps.fleet.node.rename(wanted, actorOf(outer));
      outer.log.info({ nodeName: name }, "node renamed");
      return name;
    }),
  );
  const keyboard = backTo(ctx, { act: "name" }, "node-back-name");
  if (!done.ok) return void (await ctx.reply(done.text, { parse_mode: "HTML", reply_markup: keyboard }));
  await ctx.reply(ctx.t("node-name-set", { name: html(done.value) }), {
    parse_mode: "HTML",
    reply_markup: keyboard,
  });
}

/** What the admin is told for each problem of a peer URL (the rule is the node client's). */
const PEER_URL_TEXT: Record<PeerUrlProblem, string> = {
  uuid: "node-peer-url-no-uuid",
  url: "node-peer-url-invalid",
  local: "node-peer-url-not-local",
};

async function addPeerConversation(conversation: BotConversation, ctx: ConvContext): Promise<void> {
  const name = await askText(conversation, ctx, ctx.t("node-ask-peer-name"), {
    validate: (text) => (isClientName(text) ? undefined : ctx.t("node-peer-name-invalid")),
  });
  const url = await askText(conversation, ctx, ctx.t("node-ask-peer-url", { name: html(name) }), {
    validate: (text) => {
      const problem = peerUrlProblem(text);
      return problem ? ctx.t(PEER_URL_TEXT[problem]) : undefined;
    },
  });
  const done = await conversation.external((outer: BotContext) =>
    attempt(outer.t, async () => {
      const peer = await outer.deps.fleet.node.addPeer({ name, url }, actorOf(outer));
      outer.log.info({ peer: peer.name }, "node peer added");
      return peer;
    }),
  );
  const keyboard = backTo(ctx, { act: "peers" }, "node-back-peers");
  if (!done.ok) return void (await ctx.reply(done.text, { parse_mode: "HTML", reply_markup: keyboard }));
  await ctx.reply(ctx.t("node-peer-added", { name: html(done.value.name), url: html(done.value.url) }), {
    parse_mode: "HTML",
    link_preview_options: { is_disabled: true },
    reply_markup: keyboard,
  });
}

async function setFederationConversation(conversation: BotConversation, ctx: ConvContext): Promise<void> {
  const apiUrl = await askText(conversation, ctx, ctx.t("node-ask-fed-url"), {
    validate: (text) => (isUpstreamApiUrl(text) ? undefined : ctx.t("node-fed-url-invalid")),
  });
  // The token's message is deleted as soon as it is read; it goes to the node and nowhere else.
  const token = await askText(conversation, ctx, ctx.t("node-ask-fed-token", { url: html(apiUrl) }), {
    secret: true,
    validate: (text) => (isFederationToken(text) ? undefined : ctx.t("node-fed-token-invalid")),
  });
  const done = await conversation.external((outer: BotContext) =>
    attempt(outer.t, async () => {
      const fed = await outer.deps.fleet.node.setFederation(apiUrl, token, actorOf(outer));
      outer.log.info({ apiUrl: fed.apiUrl }, "node federation upstream set");
      return fed;
    }),
  );
  const keyboard = backTo(ctx, { act: "fed" }, "node-back-fed");
  if (!done.ok) return void (await ctx.reply(done.text, { parse_mode: "HTML", reply_markup: keyboard }));
  await ctx.reply(
    ctx.t("node-fed-saved", { url: html(done.value.apiUrl), token: html(done.value.tokenHint) }),
    {
      parse_mode: "HTML",
      link_preview_options: { is_disabled: true },
      reply_markup: keyboard,
    },
  );
}

export const nodeDialogs = [
  createConversation(hostingDialog("node.rename", setNameConversation), NAME_SET),
  createConversation(hostingDialog("node.peer.add", addPeerConversation), PEER_ADD),
  createConversation(hostingDialog("node.federation.set", setFederationConversation), FED_SET),
];
