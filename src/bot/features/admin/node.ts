import { createConversation } from "@grammyjs/conversations";
import { Composer, InlineKeyboard } from "grammy";
import {
  type NodeFederation,
  type NodePeer,
  type NodeStatus,
  type NodeTraffic,
  type PeerUrlProblem,
  peerUrlProblem,
} from "../../../hosting/node/index.js";
import { formatBytes, formatDateTime, html } from "../../../render/format.js";
import type { BotContext, ConvContext } from "../../context.js";
import { askText, type BotConversation } from "../../conversation-kit.js";
import { localeOf } from "../../i18n.js";
import { claimConfirmation, enterConversation, issueConfirmation, withNoticeView } from "../../kit/index.js";
import { show, type View } from "../../views/show.js";
import { nodeCb } from "./callbacks.js";
import { ADMIN_HOME } from "./home.js";
import {
  handleClientAction,
  isClientAct,
  NODE_CLIENT_NAME,
  ncb,
  nodeClientConversations,
  nodeErrorText,
  nodeErrorView,
  nodeRef,
  notConfiguredView,
  resolveNodeRef,
  sectionNav,
} from "./node-clients.js";

/**
 * The "🛰 Node" admin section for the master node (spec C): status and health, clients (in
 * node-clients.ts), the node name, peers of the shared subscription, the upstream federation,
 * backups, traffic and the log. The federation token is asked with its message deleted at once,
 * never logged, never stored outside the sealed conversation state, and shown only as a prefix.
 */

const NAME_SET = "admin-node-name";
const PEER_ADD = "admin-node-peer";
const FED_SET = "admin-node-fed";

/** Entries shown by the Logs view (`GET /logs?count=20`). */
export const NODE_LOG_COUNT = 20;
/** Clients shown by the Traffic view. */
export const NODE_TRAFFIC_TOP = 20;
/** Backups listed (the newest ones, as the node orders them). */
const BACKUPS_SHOWN = 20;
const MESSAGE_LIMIT = 4096;
const LOG_LINE_MAX = 600;
const NODE_NAME_MAX = 64;
const PEER_NAME = NODE_CLIENT_NAME;

const refresh = (ctx: BotContext, act: Parameters<typeof ncb>[0]) =>
  new InlineKeyboard().text(ctx.t("menu-refresh"), ncb(act)).row();

// ---------------------------------------------------------------------------------------------
// Home: status and health
// ---------------------------------------------------------------------------------------------

function port(value: number | undefined): string {
  return value === undefined ? "—" : String(value);
}

function countOf(value: unknown): number | undefined {
  if (typeof value === "number") return value;
  if (Array.isArray(value)) return value.length;
  return undefined;
}

function federationLine(ctx: BotContext, federation: unknown): string {
  const on = federation !== null && federation !== undefined && federation !== false;
  if (!on) return ctx.t("node-home-federation-off");
  const url = typeof federation === "object" ? (federation as { api_url?: unknown }).api_url : undefined;
  return typeof url === "string"
    ? ctx.t("node-home-federation-on-url", { url: html(url) })
    : ctx.t("node-home-federation-on");
}

function homeKeyboard(ctx: BotContext): InlineKeyboard {
  return new InlineKeyboard()
    .text(ctx.t("node-btn-clients"), ncb("list", "0"))
    .text(ctx.t("node-btn-name"), ncb("name"))
    .row()
    .text(ctx.t("node-btn-peers"), ncb("peers"))
    .text(ctx.t("node-btn-federation"), ncb("fed"))
    .row()
    .text(ctx.t("node-btn-backups"), ncb("backups"))
    .text(ctx.t("node-btn-traffic"), ncb("traffic"))
    .row()
    .text(ctx.t("node-btn-logs"), ncb("logs"))
    .text(ctx.t("menu-refresh"), ncb("home"))
    .row()
    .text(ctx.t("admin-home"), ADMIN_HOME);
}

/** The section's home: status, health and the ways in; or which settings connect a node. */
export async function nodeHomeView(ctx: BotContext, notice?: string): Promise<View> {
  const node = ctx.deps.hosting.node;
  if (!node) return notConfiguredView(ctx);
  const [status, health] = await Promise.allSettled([node.status(), node.health()]);
  const healthLine = ctx.t(health.status === "fulfilled" ? "node-health-up" : "node-health-down");
  if (status.status === "rejected") {
    const failure = nodeErrorView(ctx, status.reason, refresh(ctx, "home"));
    return withNoticeView(notice, { ...failure, text: `${failure.text}\n\n${healthLine}` });
  }
  const s: NodeStatus = status.value;
  const lines = [ctx.t("node-home-title", { name: html(s.nodeName) }), healthLine];
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
  const peers = countOf(s.peers);
  if (peers !== undefined) lines.push(ctx.t("node-home-peers", { count: peers }));
  lines.push(federationLine(ctx, s.federation));
  return withNoticeView(notice, { text: lines.join("\n"), keyboard: homeKeyboard(ctx) });
}

// ---------------------------------------------------------------------------------------------
// Name
// ---------------------------------------------------------------------------------------------

async function nameView(ctx: BotContext, notice?: string): Promise<View> {
  const node = ctx.deps.hosting.node;
  if (!node) return notConfiguredView(ctx);
  let name: string;
  try {
    name = await node.nodeName();
  } catch (err) {
    return withNoticeView(notice, nodeErrorView(ctx, err, refresh(ctx, "name")));
  }
  const keyboard = new InlineKeyboard().text(ctx.t("node-name-change"), ncb("name-set")).row();
  return withNoticeView(notice, {
    text: ctx.t("node-name-view", { name: html(name) }),
    keyboard: sectionNav(ctx, keyboard),
  });
}

/** Outcome of a node call in a conversation: plain data only, it is kept in the replay. */
type Done<T> = { ok: true; value: T } | { ok: false; text: string };

function runOnce<T>(
  conversation: BotConversation,
  call: (node: NonNullable<BotContext["deps"]["hosting"]["node"]>, outer: BotContext) => Promise<T>,
): Promise<Done<T>> {
  return conversation.external(async (outer: BotContext): Promise<Done<T>> => {
    const node = outer.deps.hosting.node;
    if (!node) return { ok: false, text: outer.t("node-not-configured") };
    try {
      return { ok: true, value: await call(node, outer) };
    } catch (err) {
      return { ok: false, text: nodeErrorText(outer.t, err) };
    }
  });
}

function backTo(ctx: ConvContext, act: Parameters<typeof ncb>[0], label: string): InlineKeyboard {
  return sectionNav(ctx, new InlineKeyboard().text(ctx.t(label), ncb(act)).row());
}

async function setNameConversation(conversation: BotConversation, ctx: ConvContext): Promise<void> {
  const wanted = await askText(conversation, ctx, ctx.t("node-ask-node-name"), {
    validate: (text) =>
      text.length > NODE_NAME_MAX || /[\p{Cc}]/u.test(text) ? ctx.t("node-node-name-invalid") : undefined,
  });
  const done = await runOnce(conversation, async (node, outer) => {
    const name = await node.setNodeName(wanted);
    outer.log.info({ nodeName: name }, "node renamed");
    return name;
  });
  const keyboard = backTo(ctx, "name", "node-back-name");
  if (!done.ok) return void (await ctx.reply(done.text, { parse_mode: "HTML", reply_markup: keyboard }));
  await ctx.reply(ctx.t("node-name-set", { name: html(done.value) }), {
    parse_mode: "HTML",
    reply_markup: keyboard,
  });
}

// ---------------------------------------------------------------------------------------------
// Peers
// ---------------------------------------------------------------------------------------------

async function peersView(ctx: BotContext, notice?: string): Promise<View> {
  const node = ctx.deps.hosting.node;
  if (!node) return notConfiguredView(ctx);
  let peers: NodePeer[];
  try {
    peers = await node.peers();
  } catch (err) {
    return withNoticeView(notice, nodeErrorView(ctx, err, refresh(ctx, "peers")));
  }
  const lines = [ctx.t("node-peers-title", { count: peers.length }), ""];
  if (peers.length === 0) lines.push(ctx.t("node-peers-empty"));
  const keyboard = new InlineKeyboard();
  for (const p of peers) {
    lines.push(ctx.t("node-peers-line", { name: html(p.name), url: html(p.url) }));
    keyboard
      .text(
        ctx.t("node-peer-delete", { name: p.name }),
        ncb("peer-del", await nodeRef(ctx.kit.nameRefs, "p", p.name)),
      )
      .row();
  }
  lines.push("", ctx.t("node-peers-hint"));
  keyboard.text(ctx.t("node-peer-add"), ncb("peer-add")).text(ctx.t("menu-refresh"), ncb("peers")).row();
  return withNoticeView(notice, { text: lines.join("\n"), keyboard: sectionNav(ctx, keyboard) });
}

/** What the admin is told for each problem of a peer URL (the rule is the node client's). */
const PEER_URL_TEXT: Record<PeerUrlProblem, string> = {
  uuid: "node-peer-url-no-uuid",
  url: "node-peer-url-invalid",
  local: "node-peer-url-not-local",
};

async function addPeerConversation(conversation: BotConversation, ctx: ConvContext): Promise<void> {
  const name = await askText(conversation, ctx, ctx.t("node-ask-peer-name"), {
    validate: (text) => (PEER_NAME.test(text) ? undefined : ctx.t("node-peer-name-invalid")),
  });
  const url = await askText(conversation, ctx, ctx.t("node-ask-peer-url", { name: html(name) }), {
    validate: (text) => {
      const problem = peerUrlProblem(text);
      return problem ? ctx.t(PEER_URL_TEXT[problem]) : undefined;
    },
  });
  const done = await runOnce(conversation, async (node, outer) => {
    const peer = await node.addPeer({ name, url });
    outer.log.info({ peer: peer.name }, "node peer added");
    return peer;
  });
  const keyboard = backTo(ctx, "peers", "node-back-peers");
  if (!done.ok) return void (await ctx.reply(done.text, { parse_mode: "HTML", reply_markup: keyboard }));
  await ctx.reply(ctx.t("node-peer-added", { name: html(done.value.name), url: html(done.value.url) }), {
    parse_mode: "HTML",
    link_preview_options: { is_disabled: true },
    reply_markup: keyboard,
  });
}

// ---------------------------------------------------------------------------------------------
// Federation
// ---------------------------------------------------------------------------------------------

/** At most a short prefix of a token, so a screenshot of the chat does not leak it. */
export function tokenHint(token: string | undefined): string {
  if (!token) return "—";
  return token.length >= 12 ? `${token.slice(0, 4)}…` : "…";
}

async function federationView(ctx: BotContext, notice?: string): Promise<View> {
  const node = ctx.deps.hosting.node;
  if (!node) return notConfiguredView(ctx);
  let fed: NodeFederation | null;
  try {
    fed = await node.federation();
  } catch (err) {
    return withNoticeView(notice, nodeErrorView(ctx, err, refresh(ctx, "fed")));
  }
  const keyboard = new InlineKeyboard().text(ctx.t("node-fed-set"), ncb("fed-set"));
  let text: string;
  if (fed?.apiUrl) {
    text = ctx.t("node-fed-view", { url: html(fed.apiUrl), token: html(tokenHint(fed.token)) });
    keyboard.text(ctx.t("node-fed-remove"), ncb("fed-del"));
  } else {
    text = ctx.t("node-fed-none");
  }
  keyboard.row().text(ctx.t("menu-refresh"), ncb("fed")).row();
  return withNoticeView(notice, { text, keyboard: sectionNav(ctx, keyboard) });
}

/** An upstream API address: http(s), its path ending in /api. */
export function isUpstreamApiUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (
      (url.protocol === "https:" || url.protocol === "http:") &&
      url.pathname.replace(/\/+$/, "").endsWith("/api")
    );
  } catch {
    return false;
  }
}

async function setFederationConversation(conversation: BotConversation, ctx: ConvContext): Promise<void> {
  const apiUrl = await askText(conversation, ctx, ctx.t("node-ask-fed-url"), {
    validate: (text) => (isUpstreamApiUrl(text) ? undefined : ctx.t("node-fed-url-invalid")),
  });
  // The token's message is deleted as soon as it is read; it goes to the node and nowhere else.
  const token = await askText(conversation, ctx, ctx.t("node-ask-fed-token", { url: html(apiUrl) }), {
    secret: true,
    validate: (text) => (/^\S{1,512}$/.test(text) ? undefined : ctx.t("node-fed-token-invalid")),
  });
  const done = await runOnce(conversation, async (node, outer) => {
    const fed = await node.setFederation({ apiUrl, token });
    outer.log.info({ apiUrl: fed?.apiUrl ?? apiUrl }, "node federation upstream set");
    return { url: fed?.apiUrl ?? apiUrl };
  });
  const keyboard = backTo(ctx, "fed", "node-back-fed");
  if (!done.ok) return void (await ctx.reply(done.text, { parse_mode: "HTML", reply_markup: keyboard }));
  await ctx.reply(ctx.t("node-fed-saved", { url: html(done.value.url), token: html(tokenHint(token)) }), {
    parse_mode: "HTML",
    link_preview_options: { is_disabled: true },
    reply_markup: keyboard,
  });
}

// ---------------------------------------------------------------------------------------------
// Backups, traffic, logs
// ---------------------------------------------------------------------------------------------

function backupLine(ctx: BotContext, locale: Awaited<ReturnType<typeof localeOf>>, entry: unknown): string {
  if (typeof entry === "string") return ctx.t("node-backup-line-name", { name: html(entry) });
  if (typeof entry !== "object" || entry === null) return html(JSON.stringify(entry) ?? String(entry));
  const e = entry as Record<string, unknown>;
  const name = [e.name, e.file, e.filename, e.path].find((v) => typeof v === "string") as string | undefined;
  const size = [e.size, e.bytes, e.size_bytes].find((v) => typeof v === "number") as number | undefined;
  const at = [e.created_at, e.created, e.date, e.time].find((v) => typeof v === "number") as
    | number
    | undefined;
  const parts = [html(name ?? JSON.stringify(entry).slice(0, 200))];
  if (size !== undefined) parts.push(formatBytes(locale, size));
  // Seconds or milliseconds, whichever the node sends.
  if (at !== undefined) parts.push(formatDateTime(locale, at < 1e12 ? at * 1000 : at));
  return ctx.t("node-backup-line", { text: parts.join(" · ") });
}

async function backupsView(ctx: BotContext, notice?: string): Promise<View> {
  const node = ctx.deps.hosting.node;
  if (!node) return notConfiguredView(ctx);
  let backups: unknown[];
  try {
    backups = await node.backups();
  } catch (err) {
    return withNoticeView(notice, nodeErrorView(ctx, err, refresh(ctx, "backups")));
  }
  const locale = await localeOf(ctx);
  const lines = [ctx.t("node-backups-title", { count: backups.length }), ""];
  if (backups.length === 0) lines.push(ctx.t("node-backups-empty"));
  const shown = backups.slice(-BACKUPS_SHOWN);
  if (shown.length < backups.length)
    lines.push(ctx.t("node-backups-older", { count: backups.length - shown.length }));
  for (const b of shown) lines.push(backupLine(ctx, locale, b));
  // The token makes a double tap create one backup.
  const token = await issueConfirmation(ctx, "node:backup-new");
  const keyboard = new InlineKeyboard()
    .text(ctx.t("node-backup-create"), ncb("backup-new", "", token))
    .text(ctx.t("menu-refresh"), ncb("backups"))
    .row();
  return withNoticeView(notice, { text: lines.join("\n"), keyboard: sectionNav(ctx, keyboard) });
}

async function trafficView(ctx: BotContext): Promise<View> {
  const node = ctx.deps.hosting.node;
  if (!node) return notConfiguredView(ctx);
  let traffic: NodeTraffic[];
  try {
    traffic = await node.traffic();
  } catch (err) {
    return nodeErrorView(ctx, err, refresh(ctx, "traffic"));
  }
  const locale = await localeOf(ctx);
  const total = (t: NodeTraffic) => t.upBytes + t.downBytes;
  const top = [...traffic]
    .sort((a, b) => total(b) - total(a) || a.name.localeCompare(b.name))
    .slice(0, NODE_TRAFFIC_TOP);
  const lines = [ctx.t("node-traffic-title", { shown: top.length, count: traffic.length }), ""];
  if (traffic.length === 0) lines.push(ctx.t("node-traffic-empty"));
  top.forEach((t, i) => {
    lines.push(
      ctx.t("node-traffic-line", {
        n: i + 1,
        name: html(t.name),
        up: formatBytes(locale, t.upBytes),
        down: formatBytes(locale, t.downBytes),
        total: formatBytes(locale, total(t)),
      }),
    );
  });
  return { text: lines.join("\n"), keyboard: sectionNav(ctx, refresh(ctx, "traffic")) };
}

function logEntryText(entry: unknown): string {
  const text = typeof entry === "string" ? entry : (JSON.stringify(entry) ?? String(entry));
  const oneLine = text.replace(/\r?\n/g, " ");
  return oneLine.length > LOG_LINE_MAX ? `${oneLine.slice(0, LOG_LINE_MAX)}…` : oneLine;
}

/** The newest entries that fit one message, escaped inside `<pre>`; the oldest are dropped first. */
export function logsText(title: string, trimmedNote: string, entries: unknown[]): string {
  const lines = entries.map((e) => html(logEntryText(e)));
  const frame = (body: string[], trimmed: boolean) =>
    `${title}${trimmed ? `\n${trimmedNote}` : ""}\n<pre>${body.join("\n")}</pre>`;
  let kept = lines;
  while (kept.length > 0 && frame(kept, kept.length < lines.length).length > MESSAGE_LIMIT)
    kept = kept.slice(1);
  return frame(kept, kept.length < lines.length);
}

async function logsView(ctx: BotContext): Promise<View> {
  const node = ctx.deps.hosting.node;
  if (!node) return notConfiguredView(ctx);
  let entries: unknown[];
  try {
    entries = (await node.logs(NODE_LOG_COUNT)).logs;
  } catch (err) {
    return nodeErrorView(ctx, err, refresh(ctx, "logs"));
  }
  const keyboard = sectionNav(ctx, refresh(ctx, "logs"));
  if (entries.length === 0)
    return { text: `${ctx.t("node-logs-title", { count: 0 })}\n${ctx.t("node-logs-empty")}`, keyboard };
  const text = logsText(
    ctx.t("node-logs-title", { count: entries.length }),
    ctx.t("node-logs-trimmed"),
    entries.slice(-NODE_LOG_COUNT),
  );
  return { text, keyboard };
}

// ---------------------------------------------------------------------------------------------
// Confirmations
// ---------------------------------------------------------------------------------------------

function confirmView(ctx: BotContext, text: string, yes: string, yesData: string, backData: string): View {
  return {
    text,
    keyboard: new InlineKeyboard().text(yes, yesData).text(ctx.t("menu-back"), backData),
  };
}

/** Claims a confirmation's token; a notice when it was used already or is unknown. */
async function claimed(ctx: BotContext, tok: string, action: string): Promise<string | undefined> {
  const claim = await claimConfirmation(ctx, tok, action);
  if (claim === "claimed") return undefined;
  return ctx.t(claim === "used" ? "node-already-done" : "node-confirm-expired");
}

// ---------------------------------------------------------------------------------------------
// Wiring
// ---------------------------------------------------------------------------------------------

/** Installed ahead of all features (see create-bot.ts), entered only from admin-checked handlers. */
export const nodeConversations = [
  ...nodeClientConversations,
  createConversation(setNameConversation, NAME_SET),
  createConversation(addPeerConversation, PEER_ADD),
  createConversation(setFederationConversation, FED_SET),
];

export const nodeFeature = new Composer<BotContext>();

nodeFeature.callbackQuery(nodeCb.pattern, async (ctx) => {
  const data = nodeCb.unpack(ctx.callbackQuery.data);
  await ctx.answerCallbackQuery();
  if (!data) return;
  const node = ctx.deps.hosting.node;
  if (!node) return show(ctx, notConfiguredView(ctx));
  if (isClientAct(data.act)) return handleClientAction(ctx, node, data);
  const { act, arg, tok } = data;
  switch (act) {
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
    case "peer-del-ok": {
      const name = await resolveNodeRef(ctx.kit.nameRefs, arg);
      if (name === undefined) return show(ctx, await peersView(ctx, ctx.t("error-menu-outdated")));
      if (act === "peer-del") {
        const token = await issueConfirmation(ctx, `node:peer-del:${name}`);
        return show(
          ctx,
          confirmView(
            ctx,
            ctx.t("node-peer-delete-confirm", { name: html(name) }),
            ctx.t("node-peer-delete-yes"),
            ncb("peer-del-ok", arg, token),
            ncb("peers"),
          ),
        );
      }
      const refused = await claimed(ctx, tok, `node:peer-del:${name}`);
      if (refused) return show(ctx, await peersView(ctx, refused));
      try {
        await node.deletePeer(name);
      } catch (err) {
        return show(ctx, nodeErrorView(ctx, err, refresh(ctx, "peers")));
      }
      ctx.log.info({ peer: name }, "node peer removed");
      return show(ctx, await peersView(ctx, ctx.t("node-peer-deleted", { name: html(name) })));
    }
    case "fed":
      return show(ctx, await federationView(ctx));
    case "fed-set":
      return enterConversation(ctx, FED_SET);
    case "fed-del": {
      const token = await issueConfirmation(ctx, "node:fed-del");
      return show(
        ctx,
        confirmView(
          ctx,
          ctx.t("node-fed-remove-confirm"),
          ctx.t("node-fed-remove-yes"),
          ncb("fed-del-ok", "", token),
          ncb("fed"),
        ),
      );
    }
    case "fed-del-ok": {
      const refused = await claimed(ctx, tok, "node:fed-del");
      if (refused) return show(ctx, await federationView(ctx, refused));
      try {
        await node.deleteFederation();
      } catch (err) {
        return show(ctx, nodeErrorView(ctx, err, refresh(ctx, "fed")));
      }
      ctx.log.info("node federation upstream removed");
      return show(ctx, await federationView(ctx, ctx.t("node-fed-removed")));
    }
    case "backups":
      return show(ctx, await backupsView(ctx));
    case "backup-new": {
      const refused = await claimed(ctx, tok, "node:backup-new");
      if (refused) return show(ctx, await backupsView(ctx, refused));
      let backup: unknown;
      try {
        backup = await node.createBackup();
      } catch (err) {
        return show(ctx, nodeErrorView(ctx, err, refresh(ctx, "backups")));
      }
      ctx.log.info("node backup created");
      const locale = await localeOf(ctx);
      const notice =
        backup === undefined || backup === null
          ? ctx.t("node-backup-created")
          : `${ctx.t("node-backup-created")}\n${backupLine(ctx, locale, backup)}`;
      return show(ctx, await backupsView(ctx, notice));
    }
    case "traffic":
      return show(ctx, await trafficView(ctx));
    case "logs":
      return show(ctx, await logsView(ctx));
  }
});
