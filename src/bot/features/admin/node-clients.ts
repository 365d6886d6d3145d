import { createConversation } from "@grammyjs/conversations";
import { InlineKeyboard, InputFile } from "grammy";
import type { Locale } from "../../../config.js";
import {
  mayHaveApplied,
  NodeClientRenewals,
  NodeEditInDoubtError,
  type NodeTermResult,
} from "../../../domain/node-renewal.js";
import { HostingApiError, HostingNetworkError, HostingTimeoutError } from "../../../hosting/errors.js";
import {
  type CertificateProblem,
  certificateProblem,
  type NodeApi,
  type NodeClient,
} from "../../../hosting/node/index.js";
import { formatDate, formatDateTime, formatGb, html } from "../../../render/format.js";
import { hostingErrorText } from "../../../render/hosting-error.js";
import { qrPng } from "../../../render/qr.js";
import type { BotContext, ConvContext } from "../../context.js";
import { askText, type BotConversation } from "../../conversation-kit.js";
import { localeOf } from "../../i18n.js";
import {
  askNumber,
  claimConfirmation,
  enterConversation,
  issueConfirmation,
  parseDays,
  parseDevices,
  parseGb,
  type Translate,
  withNoticeView,
} from "../../kit/index.js";
import type { NameRefs } from "../../name-refs.js";
import { show, type View } from "../../views/show.js";
import { nodeCb } from "./callbacks.js";
import { ADMIN_HOME, adminHomeButton } from "./home.js";
import { ownersFollow, ownersOf, ownersWarning, withOwners } from "./owners-view.js";

/**
 * The node section's shared pieces (callback data, name references, error views) and its
 * clients: paged list, card with the VLESS link and a QR code, create, renew, limits, rename,
 * ban / unban and delete. In the node API `days` of an edit are ADDED to the current expiry
 * (not counted from now), so "renew N days" fixes an absolute target once and goes there through
 * the domain's NodeClientRenewals; "Try again" carries that target, so a repeat adds nothing twice.
 * Node limits are shown as the node has them: the spec gives a node limit of 0 no meaning
 * (0 = unlimited is said only of the panel), so 0 is shown as 0 and an absent one as "not set".
 */

export type NodeCbData = NonNullable<ReturnType<typeof nodeCb.unpack>>;
export type NodeAct = NodeCbData["act"];

export const NODE_PAGE_SIZE = 8;
/** Client names the node accepts (not-shown.md): 1..64 of A-Z a-z 0-9 _ . @ -. */
export const NODE_CLIENT_NAME = /^[A-Za-z0-9_.@-]{1,64}$/;
const MAX_REASON = 200;

const CREATE = "admin-node-create";
const RENEW = "admin-node-renew";
const LIMITS = "admin-node-limits";
const RENAME = "admin-node-rename";
const BAN = "admin-node-ban";

/** Packs node callback data. */
export const ncb = (act: NodeAct, arg = "", tok = ""): string => nodeCb.pack({ act, arg, tok });

// ---------------------------------------------------------------------------------------------
// Name references in callback data (client and peer names can be too long for 64 bytes)
// ---------------------------------------------------------------------------------------------

const TOKEN_PLACEHOLDER = "x".repeat(8);

/** True when the name itself fits the longest callback (`peer-del-ok` with a token). */
function fitsDirectly(name: string): boolean {
  try {
    nodeCb.pack({ act: "peer-del-ok", arg: name, tok: TOKEN_PLACEHOLDER });
    return nodeCb.unpack(nodeCb.pack({ act: "peer-del-ok", arg: name, tok: "" }))?.arg === name;
  } catch {
    return false;
  }
}

/**
 * The `arg` naming a client (`kind` "c") or a peer ("p"): the name when it fits, else `~<hash>`
 * with the name kept in Redis for a week (the same name always gets the same hash).
 */
export function nodeRef(names: NameRefs, kind: "c" | "p", name: string): Promise<string> {
  return names.refer("node", name, kind, fitsDirectly(name));
}

/** The name behind a reference; undefined when it expired (an old menu) or is empty. */
export function resolveNodeRef(names: NameRefs, ref: string): Promise<string | undefined> {
  return names.resolve("node", ref);
}

// ---------------------------------------------------------------------------------------------
// Shared views
// ---------------------------------------------------------------------------------------------

/** "« Back to node" and "« Admin menu" under `keyboard`. */
export function sectionNav(ctx: BotContext | ConvContext, keyboard = new InlineKeyboard()): InlineKeyboard {
  return keyboard.text(ctx.t("node-back-home"), ncb("home")).row().text(ctx.t("admin-home"), ADMIN_HOME);
}

/** Which settings connect the node (shown instead of any node view when it is not configured). */
export function notConfiguredView(ctx: BotContext): View {
  return { text: ctx.t("node-not-configured"), keyboard: adminHomeButton(ctx) };
}

/** What is wrong with the node's certificate, with the fingerprint it presents (to pin it). */
function certificateText(t: Translate, problem: CertificateProblem | undefined): string {
  if (problem?.kind === "self-signed") {
    return t("node-error-cert-self-signed", { fingerprint: html(problem.fingerprint) });
  }
  if (problem?.kind === "untrusted") {
    return t("node-error-cert-untrusted", {
      reason: html(problem.reason),
      fingerprint: html(problem.fingerprint),
    });
  }
  const text = t("node-error-certificate");
  return problem
    ? `${text}\n${t("node-error-cert-presented", { fingerprint: html(problem.fingerprint) })}`
    : text;
}

/** A node failure explained in the reader's language (HTML-safe), with the node's own meanings. */
export function nodeErrorText(t: Translate, err: unknown): string {
  if (err instanceof HostingApiError) {
    if (err.kind === "unauthorized") return t("node-error-unauthorized");
    switch (err.code) {
      case "user_not_found":
        return t("node-error-user-not-found");
      case "user_already_exists":
        return t("node-error-exists");
      case "bad_name":
        return t("node-error-bad-name");
      case "bad_days":
        return t("node-error-bad-days");
    }
    if (err.kind === "internal") return t("node-error-internal");
    if (err.kind === "not_found") return t("node-error-not-found");
  }
  if (err instanceof HostingNetworkError && err.permanent) return certificateText(t, certificateProblem(err));
  if (err instanceof HostingNetworkError || err instanceof HostingTimeoutError) {
    return t("node-error-unreachable");
  }
  // hostingErrorText rethrows what it cannot explain (a bug, not a node failure).
  return html(hostingErrorText(t, err));
}

/** A failure as a view: the explanation, then `keyboard` (the way back) and the section's nav. */
export function nodeErrorView(ctx: BotContext, err: unknown, keyboard = new InlineKeyboard()): View {
  return { text: nodeErrorText(ctx.t, err), keyboard: sectionNav(ctx, keyboard) };
}

// ---------------------------------------------------------------------------------------------
// Clients: list and card
// ---------------------------------------------------------------------------------------------

const isBanned = (c: NodeClient): boolean => c.banned ?? c.status === "banned";

function limitGbText(t: Translate, locale: Locale, gb: number | undefined): string {
  if (gb === undefined) return t("node-limit-not-set");
  return gb === 0 ? t("node-limit-zero-gb") : formatGb(locale, gb);
}

function devicesText(t: Translate, devices: number | undefined): string {
  return devices === undefined ? t("node-limit-not-set") : String(devices);
}

function expiryShort(t: Translate, locale: Locale, c: NodeClient): string {
  const date = formatDate(locale, c.expiresAt * 1000);
  return c.leftDays > 0
    ? t("node-client-until", { date, days: c.leftDays })
    : t("node-client-expired", { date });
}

/** The node's clients, 8 a page, each with its expiry, days left and a ban mark. */
export async function nodeClientsView(ctx: BotContext, page = 0, notice?: string): Promise<View> {
  const node = ctx.deps.hosting.node;
  if (!node) return notConfiguredView(ctx);
  let clients: NodeClient[];
  try {
    clients = await node.listClients();
  } catch (err) {
    return withNoticeView(
      notice,
      nodeErrorView(ctx, err, new InlineKeyboard().text(ctx.t("menu-refresh"), ncb("list", String(page)))),
    );
  }
  const locale = await localeOf(ctx);
  const pages = Math.max(1, Math.ceil(clients.length / NODE_PAGE_SIZE));
  const current = Math.min(Math.max(0, page), pages - 1);
  const shown = clients.slice(current * NODE_PAGE_SIZE, (current + 1) * NODE_PAGE_SIZE);
  const lines = [
    ctx.t("node-clients-title"),
    ctx.t("node-clients-summary", { count: clients.length, page: current + 1, pages }),
    "",
  ];
  if (clients.length === 0) lines.push(ctx.t("node-clients-empty"));
  const keyboard = new InlineKeyboard();
  for (const c of shown) {
    const mark = isBanned(c) ? "🚫 " : "";
    lines.push(
      ctx.t("node-clients-line", { mark, name: html(c.name), expiry: expiryShort(ctx.t, locale, c) }),
    );
    keyboard.text(`${mark}${c.name}`, ncb("card", await nodeRef(ctx.kit.nameRefs, "c", c.name))).row();
  }
  if (pages > 1) {
    if (current > 0) keyboard.text(ctx.t("node-page-prev"), ncb("list", String(current - 1)));
    if (current < pages - 1) keyboard.text(ctx.t("node-page-next"), ncb("list", String(current + 1)));
    keyboard.row();
  }
  keyboard
    .text(ctx.t("node-client-create"), ncb("create"))
    .text(ctx.t("menu-refresh"), ncb("list", String(current)))
    .row();
  return withNoticeView(notice, { text: lines.join("\n"), keyboard: sectionNav(ctx, keyboard) });
}

function statusText(t: Translate, c: NodeClient): string {
  if (isBanned(c)) {
    return c.banReason
      ? t("node-status-banned-reason", { reason: html(c.banReason) })
      : t("node-status-banned");
  }
  return t(c.leftDays > 0 ? "node-status-active" : "node-status-expired");
}

/** One client: status, UUID, expiry, limits and the VLESS link, with the actions. */
export async function nodeClientCardView(ctx: BotContext, name: string, notice?: string): Promise<View> {
  const node = ctx.deps.hosting.node;
  if (!node) return notConfiguredView(ctx);
  const listBack = new InlineKeyboard().text(ctx.t("node-back-clients"), ncb("list", "0")).row();
  let c: NodeClient;
  try {
    c = await node.getClient(name);
  } catch (err) {
    return withNoticeView(notice, nodeErrorView(ctx, err, listBack));
  }
  const locale = await localeOf(ctx);
  const text = [
    ctx.t("node-card-title", { name: html(c.name) }),
    ctx.t("node-card-status", { status: statusText(ctx.t, c) }),
    ctx.t("node-card-uuid", { uuid: html(c.uuid) }),
    ...termAndLink(ctx.t, locale, c),
  ].join("\n");
  const ref = await nodeRef(ctx.kit.nameRefs, "c", c.name);
  const banned = isBanned(c);
  const keyboard = new InlineKeyboard()
    .text(ctx.t("node-btn-qr"), ncb("qr", ref))
    .row()
    .text(ctx.t("node-btn-renew"), ncb("renew", ref))
    .text(ctx.t("node-btn-limits"), ncb("limits", ref))
    .row()
    .text(ctx.t("node-btn-rename"), ncb("rename", ref))
    .text(ctx.t(banned ? "node-btn-unban" : "node-btn-ban"), ncb(banned ? "unban" : "ban", ref))
    .row()
    .text(ctx.t("node-btn-delete"), ncb("del", ref))
    .row()
    .text(ctx.t("menu-refresh"), ncb("card", ref))
    .text(ctx.t("node-back-clients"), ncb("list", "0"))
    .row();
  return withNoticeView(notice, { text, keyboard: sectionNav(ctx, keyboard) });
}

/** The confirmation of a delete, naming the shop's customers on the client first (`warning`). */
function deleteConfirmView(ctx: BotContext, name: string, ref: string, token: string, warning: string): View {
  return {
    text: withOwners(ctx.t("node-delete-confirm", { name: html(name) }), warning),
    keyboard: new InlineKeyboard()
      .text(ctx.t("node-delete-yes"), ncb("del-ok", ref, token))
      .text(ctx.t("menu-back"), ncb("card", ref)),
  };
}

// ---------------------------------------------------------------------------------------------
// Input parsing (pure)
// ---------------------------------------------------------------------------------------------

/** Whole days >= 1 (a renewal or a new client's term). */
const parseRenewDays = (text: string): number | undefined => parseDays(text, 1);

// ---------------------------------------------------------------------------------------------
// Conversations: create, renew, limits, rename, ban
// ---------------------------------------------------------------------------------------------

type Outcome<T> = { ok: true; value: T; ref: string } | { ok: false; text: string };

/** Runs a node call once (its result is kept in the replay); failures become explained text. */
function nodeCall<T>(
  conversation: BotConversation,
  call: (node: NodeApi, outer: BotContext) => Promise<{ value: T; name: string }>,
): Promise<Outcome<T>> {
  return conversation.external(async (outer: BotContext): Promise<Outcome<T>> => {
    const node = outer.deps.hosting.node;
    if (!node) return { ok: false, text: outer.t("node-not-configured") };
    try {
      const { value, name } = await call(node, outer);
      return { ok: true, value, ref: await nodeRef(outer.kit.nameRefs, "c", name) };
    } catch (err) {
      return { ok: false, text: nodeErrorText(outer.t, err) };
    }
  });
}

function afterKeyboard(ctx: ConvContext, ref: string): InlineKeyboard {
  return sectionNav(
    ctx,
    new InlineKeyboard()
      .text(ctx.t("node-open-client"), ncb("card", ref))
      .text(ctx.t("node-back-clients"), ncb("list", "0"))
      .row(),
  );
}

async function failed(ctx: ConvContext, text: string): Promise<void> {
  await ctx.reply(text, {
    parse_mode: "HTML",
    reply_markup: sectionNav(
      ctx,
      new InlineKeyboard().text(ctx.t("node-back-clients"), ncb("list", "0")).row(),
    ),
  });
}

function askName(conversation: BotConversation, ctx: ConvContext, prompt: string, current?: string) {
  return askText(conversation, ctx, prompt, {
    validate: (text) =>
      !NODE_CLIENT_NAME.test(text)
        ? ctx.t("node-name-invalid")
        : text === current
          ? ctx.t("node-rename-same")
          : undefined,
  });
}

async function askRenewDays(
  conversation: BotConversation,
  ctx: ConvContext,
  prompt: string,
): Promise<number> {
  const invalid = ctx.t("node-days-invalid");
  return (await askNumber(conversation, ctx, prompt, { parse: parseRenewDays, invalid })) ?? 1;
}

/** GB >= 0; with `optional`, "-" (returned as undefined) leaves it unset. */
function askGb(conversation: BotConversation, ctx: ConvContext, prompt: string, optional: boolean) {
  const invalid = ctx.t(optional ? "node-gb-invalid-optional" : "node-gb-invalid");
  return askNumber(conversation, ctx, prompt, { parse: parseGb, invalid, optional });
}

/** Devices >= 0; with `optional`, "-" (returned as undefined) leaves it unset. */
function askDevices(conversation: BotConversation, ctx: ConvContext, prompt: string, optional: boolean) {
  const invalid = ctx.t(optional ? "node-devices-invalid-optional" : "node-devices-invalid");
  return askNumber(conversation, ctx, prompt, { parse: parseDevices, invalid, optional });
}

async function createClientConversation(conversation: BotConversation, ctx: ConvContext): Promise<void> {
  const name = await askName(conversation, ctx, ctx.t("node-ask-client-name"));
  const days = await askRenewDays(conversation, ctx, ctx.t("node-ask-create-days"));
  const gb = await askGb(conversation, ctx, ctx.t("node-ask-create-gb"), true);
  const devices = await askDevices(conversation, ctx, ctx.t("node-ask-create-devices"), true);

  const outcome = await nodeCall(conversation, async (node, outer) => {
    const input: Parameters<NodeApi["createClient"]>[0] = { name, days };
    if (gb !== undefined) input.trafficLimitGb = gb;
    if (devices !== undefined) input.deviceLimit = devices;
    const client = await node.createClient(input);
    outer.log.info({ name: client.name, days }, "node client created");
    return { value: client, name: client.name };
  });
  if (!outcome.ok) return failed(ctx, outcome.text);

  const c = outcome.value;
  const locale = await localeOf(ctx);
  const text = [ctx.t("node-created", { name: html(c.name) }), ...termAndLink(ctx.t, locale, c)].join("\n");
  await ctx.reply(text, {
    parse_mode: "HTML",
    link_preview_options: { is_disabled: true },
    reply_markup: afterKeyboard(ctx, outcome.ref),
  });
  if (c.link) {
    await ctx.replyWithPhoto(new InputFile(await qrPng(c.link), "vless-qr.png"), {
      caption: ctx.t("node-qr-caption", { name: c.name }),
    });
  }
}

async function renewConversation(
  conversation: BotConversation,
  ctx: ConvContext,
  name: string,
): Promise<void> {
  const days = await askRenewDays(conversation, ctx, ctx.t("node-ask-renew", { name: html(name) }));
  // The target is fixed once (read + clock, kept in the replay); the renewal to it reads first,
  // so even a replay of the second step after a crash adds nothing twice.
  const fixed = await nodeCall(conversation, async (node, outer) => {
    const { client, targetMs } = await nodeRenewals(outer, node).fixTarget(name, days);
    return { value: { from: client.expiresAt, targetMs }, name };
  });
  if (!fixed.ok) return failed(ctx, fixed.text);
  const { from, targetMs } = fixed.value;
  const done = await conversation.external((outer: BotContext) => renewOutcome(outer, name, targetMs));
  const locale = await localeOf(ctx);
  if (!done.ok) {
    await ctx.reply(done.text, {
      parse_mode: "HTML",
      reply_markup: renewFailedKeyboard(ctx, done, targetMs),
    });
    return;
  }
  await ctx.reply(
    withOwners(
      ctx.t("node-renewed", {
        name: html(name),
        days,
        from: formatDateTime(locale, from * 1000),
        to: formatDateTime(locale, done.to * 1000),
        left: done.left,
      }),
      done.followed,
    ),
    { parse_mode: "HTML", reply_markup: afterKeyboard(ctx, done.ref) },
  );
}

// ---------------------------------------------------------------------------------------------
// Renewal to a fixed target (the dialog's second step and the "Try again" button)
// ---------------------------------------------------------------------------------------------

type RenewOutcome =
  | { ok: true; ref: string; to: number; left: number; followed: string }
  | { ok: false; ref: string; text: string; retry: boolean };

function nodeRenewals(ctx: BotContext, node: NodeApi): NodeClientRenewals {
  return new NodeClientRenewals({ node, redis: ctx.deps.redis, clock: ctx.deps.clock });
}

/** Renews `name` to `targetMs` (ms); a failure is explained, with whether "Try again" can help. */
async function renewOutcome(ctx: BotContext, name: string, targetMs: number): Promise<RenewOutcome> {
  const ref = await nodeRef(ctx.kit.nameRefs, "c", name);
  const node = ctx.deps.hosting.node;
  if (!node) return { ok: false, ref, text: ctx.t("node-not-configured"), retry: false };
  const to = formatDateTime(await localeOf(ctx), targetMs);
  let result: NodeTermResult | "busy";
  try {
    result = await nodeRenewals(ctx, node).renewTo(name, targetMs);
  } catch (err) {
    if (err instanceof NodeEditInDoubtError) {
      return { ok: false, ref, text: ctx.t("node-renew-in-doubt", { name: html(name), to }), retry: true };
    }
    const retry = mayHaveApplied(err);
    const text = nodeErrorText(ctx.t, err);
    return {
      ok: false,
      ref,
      retry,
      text: retry ? `${text}\n\n${ctx.t("node-renew-retry-hint", { to })}` : text,
    };
  }
  if (result === "busy")
    return { ok: false, ref, text: ctx.t("node-renew-busy", { name: html(name) }), retry: true };
  ctx.log.info({ name, days: result.daysSent, targetMs }, "node client renewed");
  // The shop's subscriptions on the client take the new term (and so their reminders move).
  const followed = await ownersFollow(ctx, "owners-term", () =>
    ctx.deps.shop.owners.followTerm({ kind: "node", name }, result.after.expiresAt * 1000),
  );
  return { ok: true, ref, to: result.after.expiresAt, left: result.after.leftDays, followed };
}

/** "Try again" (to the same target, when it can help), the client and the way back. */
function renewFailedKeyboard(
  ctx: BotContext | ConvContext,
  failure: { ref: string; retry: boolean },
  targetMs: number,
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  if (failure.retry) {
    keyboard
      .text(ctx.t("node-renew-again"), ncb("renew-to", failure.ref, String(Math.ceil(targetMs / 1000))))
      .row();
  }
  return sectionNav(
    ctx,
    keyboard
      .text(ctx.t("node-open-client"), ncb("card", failure.ref))
      .text(ctx.t("node-back-clients"), ncb("list", "0"))
      .row(),
  );
}

/** A target carried by a "Try again" button: whole Unix seconds; undefined when malformed. */
function parseTargetSeconds(tok: string): number | undefined {
  return /^[1-9]\d{0,10}$/.test(tok) ? Number(tok) : undefined;
}

/** The "Try again" button of a renewal: renews to the target it carries (read first, no double days). */
async function renewToTarget(ctx: BotContext, name: string, tok: string): Promise<void> {
  const seconds = parseTargetSeconds(tok);
  if (seconds === undefined) return show(ctx, await nodeClientsView(ctx, 0, ctx.t("error-menu-outdated")));
  const done = await renewOutcome(ctx, name, seconds * 1000);
  if (!done.ok) {
    return show(ctx, { text: done.text, keyboard: renewFailedKeyboard(ctx, done, seconds * 1000) });
  }
  const to = formatDateTime(await localeOf(ctx), done.to * 1000);
  const notice = withOwners(
    ctx.t("node-renewed-to", { name: html(name), to, left: done.left }),
    done.followed,
  );
  return show(ctx, await nodeClientCardView(ctx, name, notice));
}

async function limitsConversation(
  conversation: BotConversation,
  ctx: ConvContext,
  name: string,
): Promise<void> {
  const gb = (await askGb(conversation, ctx, ctx.t("node-ask-limit-gb", { name: html(name) }), false)) ?? 0;
  const devices = (await askDevices(conversation, ctx, ctx.t("node-ask-limit-devices"), false)) ?? 0;
  const outcome = await nodeCall(conversation, async (node, outer) => {
    const c = await node.editClient({ name, trafficLimitGb: gb, deviceLimit: devices });
    outer.log.info({ name, gb, devices }, "node client limits changed");
    return { value: { gb: c.trafficLimitGb ?? gb, devices: c.deviceLimit ?? devices }, name };
  });
  if (!outcome.ok) return failed(ctx, outcome.text);
  const locale = await localeOf(ctx);
  await ctx.reply(
    ctx.t("node-limits-set", {
      name: html(name),
      traffic: limitGbText(ctx.t, locale, outcome.value.gb),
      devices: devicesText(ctx.t, outcome.value.devices),
    }),
    { parse_mode: "HTML", reply_markup: afterKeyboard(ctx, outcome.ref) },
  );
}

async function renameConversation(
  conversation: BotConversation,
  ctx: ConvContext,
  name: string,
): Promise<void> {
  // The shop's customers on the client are named before the new name is asked for.
  const warning = await conversation.external(async (outer: BotContext) =>
    ownersWarning(outer, await ownersOf(outer, { kind: "node", name }), "owners-rename-note"),
  );
  const prompt = withOwners(ctx.t("node-ask-rename", { name: html(name) }), warning);
  const newName = await askName(conversation, ctx, prompt, name);
  const outcome = await nodeCall(conversation, async (node, outer) => {
    const c = await node.renameClient(name, newName);
    outer.log.info({ name, newName: c.name }, "node client renamed");
    const followed = await ownersFollow(outer, "owners-renamed", () =>
      outer.deps.shop.owners.renamed({ kind: "node", name }, c.name),
    );
    return { value: { name: c.name, followed }, name: c.name };
  });
  if (!outcome.ok) return failed(ctx, outcome.text);
  const renamed = ctx.t("node-renamed", { old: html(name), name: html(outcome.value.name) });
  await ctx.reply(withOwners(renamed, outcome.value.followed), {
    parse_mode: "HTML",
    reply_markup: afterKeyboard(ctx, outcome.ref),
  });
}

async function banConversation(conversation: BotConversation, ctx: ConvContext, name: string): Promise<void> {
  const answer = await askText(conversation, ctx, ctx.t("node-ask-ban-reason", { name: html(name) }), {
    validate: (text) => (text.length > MAX_REASON ? ctx.t("node-reason-too-long") : undefined),
  });
  const reason = answer === "-" ? undefined : answer;
  const outcome = await nodeCall(conversation, async (node, outer) => {
    await node.banClient(name, reason);
    outer.log.info({ name }, "node client banned");
    return { value: true, name };
  });
  if (!outcome.ok) return failed(ctx, outcome.text);
  const text =
    reason === undefined
      ? ctx.t("node-banned", { name: html(name) })
      : ctx.t("node-banned-reason", { name: html(name), reason: html(reason) });
  await ctx.reply(text, { parse_mode: "HTML", reply_markup: afterKeyboard(ctx, outcome.ref) });
}

export const nodeClientConversations = [
  createConversation(createClientConversation, CREATE),
  createConversation(renewConversation, RENEW),
  createConversation(limitsConversation, LIMITS),
  createConversation(renameConversation, RENAME),
  createConversation(banConversation, BAN),
];

// ---------------------------------------------------------------------------------------------
// Buttons
// ---------------------------------------------------------------------------------------------

const CLIENT_ACTS = new Set<NodeAct>([
  "list",
  "card",
  "qr",
  "create",
  "renew",
  "renew-to",
  "limits",
  "rename",
  "ban",
  "unban",
  "del",
  "del-ok",
]);

export const isClientAct = (act: NodeAct): boolean => CLIENT_ACTS.has(act);

/** Handles a client button (the callback is answered and the node is configured). */
export async function handleClientAction(ctx: BotContext, node: NodeApi, data: NodeCbData): Promise<void> {
  const { act, arg, tok } = data;
  if (act === "list") return show(ctx, await nodeClientsView(ctx, Number(arg) || 0));
  if (act === "create") return enterConversation(ctx, CREATE);

  const name = await resolveNodeRef(ctx.kit.nameRefs, arg);
  if (name === undefined) return show(ctx, await nodeClientsView(ctx, 0, ctx.t("error-menu-outdated")));
  const back = new InlineKeyboard().text(ctx.t("menu-back"), ncb("card", arg)).row();
  switch (act) {
    case "card":
      return show(ctx, await nodeClientCardView(ctx, name));
    case "qr": {
      let client: NodeClient;
      try {
        client = await node.getClient(name);
      } catch (err) {
        return show(ctx, nodeErrorView(ctx, err, back));
      }
      await ctx.replyWithPhoto(new InputFile(await qrPng(client.link), "vless-qr.png"), {
        caption: ctx.t("node-qr-caption", { name: client.name }),
      });
      return;
    }
    case "renew":
      return enterConversation(ctx, RENEW, name);
    case "renew-to":
      return renewToTarget(ctx, name, tok);
    case "limits":
      return enterConversation(ctx, LIMITS, name);
    case "rename":
      return enterConversation(ctx, RENAME, name);
    case "ban":
      return enterConversation(ctx, BAN, name);
    case "unban": {
      try {
        await node.unbanClient(name);
      } catch (err) {
        return show(ctx, nodeErrorView(ctx, err, back));
      }
      ctx.log.info({ name }, "node client unbanned");
      return show(ctx, await nodeClientCardView(ctx, name, ctx.t("node-unbanned", { name: html(name) })));
    }
    case "del": {
      const token = await issueConfirmation(ctx, `node:del:${name}`);
      const owners = await ownersOf(ctx, { kind: "node", name });
      const warning = await ownersWarning(ctx, owners, "owners-delete-note");
      return show(ctx, deleteConfirmView(ctx, name, arg, token, warning));
    }
    case "del-ok": {
      const claim = await claimConfirmation(ctx, tok, `node:del:${name}`);
      if (claim !== "claimed") {
        const notice = ctx.t(claim === "used" ? "node-already-done" : "node-confirm-expired");
        return show(ctx, await nodeClientsView(ctx, 0, notice));
      }
      try {
        await node.deleteClient(name);
      } catch (err) {
        return show(ctx, nodeErrorView(ctx, err, back));
      }
      ctx.log.info({ name }, "node client deleted");
      const removed = await ownersFollow(ctx, "owners-removed", () =>
        ctx.deps.shop.owners.removed({ kind: "node", name }),
      );
      const notice = withOwners(ctx.t("node-deleted", { name: html(name) }), removed);
      return show(ctx, await nodeClientsView(ctx, 0, notice));
    }
  }
}

/** A client's expiry, limits and link, as the card and the "created" message show them. */
function termAndLink(t: Translate, locale: Locale, c: NodeClient): string[] {
  return [
    t("node-card-expiry", { date: formatDateTime(locale, c.expiresAt * 1000), days: c.leftDays }),
    t("node-card-limits", {
      traffic: limitGbText(t, locale, c.trafficLimitGb),
      devices: devicesText(t, c.deviceLimit),
    }),
    "",
    t("node-card-link"),
    `<code>${html(c.link)}</code>`,
  ];
}
