import { InlineKeyboard } from "grammy";
import type { BotContext } from "#src/bot/context.js";
import { withNoticeView } from "#src/bot/kit/index.js";
import type { View } from "#src/bot/views/show.js";
import type { FederationSummary, NodeOverview } from "#src/domain/fleet/index.js";
import type { NodePeer } from "#src/hosting/node/index.js";
import { html } from "#src/render/format.js";
import { ADMIN_HOME } from "../home.js";
import { ncb } from "./callbacks.js";
import { nodeErrorView, nodeRef, notConfiguredView, refreshRow, sectionNav } from "./shared.js";

/** The node section's own views: home (status and health), name, peers and federation. */

function port(value: number | undefined): string {
  return value === undefined ? "—" : String(value);
}

function federationLine(ctx: BotContext, federation: NodeOverview["federation"]): string {
  if (!federation.on) return ctx.t("node-home-federation-off");
  return federation.url
    ? ctx.t("node-home-federation-on-url", { url: html(federation.url) })
    : ctx.t("node-home-federation-on");
}

function homeKeyboard(ctx: BotContext): InlineKeyboard {
  return new InlineKeyboard()
    .text(ctx.t("node-btn-clients"), ncb({ act: "list", page: 0 }))
    .text(ctx.t("node-btn-name"), ncb({ act: "name" }))
    .row()
    .text(ctx.t("node-btn-peers"), ncb({ act: "peers" }))
    .text(ctx.t("node-btn-federation"), ncb({ act: "fed" }))
    .row()
    .text(ctx.t("node-btn-backups"), ncb({ act: "backups" }))
    .text(ctx.t("node-btn-traffic"), ncb({ act: "traffic" }))
    .row()
    .text(ctx.t("node-btn-logs"), ncb({ act: "logs" }))
    .text(ctx.t("menu-refresh"), ncb({ act: "home" }))
    .row()
    .text(ctx.t("admin-home"), ADMIN_HOME);
}

function overviewLines(ctx: BotContext, s: NodeOverview): string[] {
  const lines: string[] = [];
  if (s.domain) lines.push(ctx.t("node-home-domain", { domain: html(s.domain) }));
  lines.push(
    ctx.t("node-home-ports", {
      api: port(s.ports.api),
      sub: port(s.ports.sub),
      ws: port(s.ports.ws),
      reality: port(s.ports.reality),
    }),
    ctx.t("node-home-clients", {
      total: s.clients.total,
      active: s.clients.active,
      banned: s.clients.banned,
    }),
  );
  if (s.peerCount !== undefined) lines.push(ctx.t("node-home-peers", { count: s.peerCount }));
  lines.push(federationLine(ctx, s.federation));
  return lines;
}

/** The section's home: status, health and the ways in; or which settings connect a node. */
export async function nodeHomeView(ctx: BotContext, notice?: string): Promise<View> {
  const admin = ctx.deps.fleet.node;
  if (!admin.configured) return notConfiguredView(ctx);
  const { healthy, status } = await admin.overview();
  const healthLine = ctx.t(healthy ? "node-health-up" : "node-health-down");
  if (!status.ok) {
    const failure = nodeErrorView(ctx, status.error, refreshRow(ctx, { act: "home" }));
    return withNoticeView(notice, { ...failure, text: `${failure.text}\n\n${healthLine}` });
  }
  const lines = [
    ctx.t("node-home-title", { name: html(status.value.nodeName) }),
    healthLine,
    ...overviewLines(ctx, status.value),
  ];
  return withNoticeView(notice, { text: lines.join("\n"), keyboard: homeKeyboard(ctx) });
}

export async function nameView(ctx: BotContext, notice?: string): Promise<View> {
  let name: string;
  try {
    name = await ctx.deps.fleet.node.name();
  } catch (err) {
    return withNoticeView(notice, nodeErrorView(ctx, err, refreshRow(ctx, { act: "name" })));
  }
  const keyboard = new InlineKeyboard().text(ctx.t("node-name-change"), ncb({ act: "name-set" })).row();
  return withNoticeView(notice, {
    text: ctx.t("node-name-view", { name: html(name) }),
    keyboard: sectionNav(ctx, keyboard),
  });
}

export async function peersView(ctx: BotContext, notice?: string): Promise<View> {
  let peers: NodePeer[];
  try {
    peers = await ctx.deps.fleet.node.peers();
  } catch (err) {
    return withNoticeView(notice, nodeErrorView(ctx, err, refreshRow(ctx, { act: "peers" })));
  }
  const lines = [ctx.t("node-peers-title", { count: peers.length }), ""];
  if (peers.length === 0) lines.push(ctx.t("node-peers-empty"));
  const keyboard = new InlineKeyboard();
  for (const p of peers) {
    lines.push(ctx.t("node-peers-line", { name: html(p.name), url: html(p.url) }));
    const peer = await nodeRef(ctx.kit.nameRefs, "p", p.name);
    keyboard.text(ctx.t("node-peer-delete", { name: p.name }), ncb({ act: "peer-del", peer })).row();
  }
  lines.push("", ctx.t("node-peers-hint"));
  keyboard
    .text(ctx.t("node-peer-add"), ncb({ act: "peer-add" }))
    .text(ctx.t("menu-refresh"), ncb({ act: "peers" }))
    .row();
  return withNoticeView(notice, { text: lines.join("\n"), keyboard: sectionNav(ctx, keyboard) });
}

export async function federationView(ctx: BotContext, notice?: string): Promise<View> {
  let fed: FederationSummary | undefined;
  try {
    fed = await ctx.deps.fleet.node.federation();
  } catch (err) {
    return withNoticeView(notice, nodeErrorView(ctx, err, refreshRow(ctx, { act: "fed" })));
  }
  const keyboard = new InlineKeyboard().text(ctx.t("node-fed-set"), ncb({ act: "fed-set" }));
  let text: string;
  if (fed) {
    text = ctx.t("node-fed-view", { url: html(fed.apiUrl), token: html(fed.tokenHint) });
    keyboard.text(ctx.t("node-fed-remove"), ncb({ act: "fed-del" }));
  } else {
    text = ctx.t("node-fed-none");
  }
  keyboard
    .row()
    .text(ctx.t("menu-refresh"), ncb({ act: "fed" }))
    .row();
  return withNoticeView(notice, { text, keyboard: sectionNav(ctx, keyboard) });
}
