import { InlineKeyboard } from "grammy";
import type { BotContext, ConvContext } from "#src/bot/context.js";
import { claimConfirmation, type Translate } from "#src/bot/kit/index.js";
import type { NameRefs } from "#src/bot/name-refs.js";
import type { View } from "#src/bot/views/show.js";
import type { NodeFollowed } from "#src/domain/fleet/index.js";
import { NodeNotConfiguredError } from "#src/domain/fleet/index.js";
import { HostingApiError, HostingNetworkError, HostingTimeoutError } from "#src/hosting/errors.js";
import { type CertificateProblem, certificateProblem } from "#src/hosting/node/index.js";
import { html } from "#src/render/format.js";
import { hostingErrorText } from "#src/render/hosting-error.js";
import { ADMIN_HOME, adminHomeButton } from "../home.js";
import { ownersAfter } from "../owners-view.js";
import { type NodeCb, ncb, nodeCb } from "./callbacks.js";

/** The node section's shared pieces: navigation, name references, failures explained. */

type Ctx = BotContext | ConvContext;

// ---------------------------------------------------------------------------------------------
// Name references in callback data (client and peer names can be too long for 64 bytes)
// ---------------------------------------------------------------------------------------------

const TOKEN_PLACEHOLDER = "x".repeat(8);

/** True when the name itself fits the longest callback (`peer-del-ok` with a token). */
function fitsDirectly(name: string): boolean {
  try {
    nodeCb.pack({ act: "peer-del-ok", peer: name, token: TOKEN_PLACEHOLDER });
    const back = nodeCb.unpack(nodeCb.pack({ act: "peer-del-ok", peer: name, token: "" }));
    return back?.act === "peer-del-ok" && back.peer === name;
  } catch {
    return false;
  }
}

/**
 * The reference naming a client (`kind` "c") or a peer ("p"): the name when it fits, else
 * `~<hash>` with the name kept in Redis for a week (the same name always gets the same hash).
 */
export function nodeRef(names: NameRefs, kind: "c" | "p", name: string): Promise<string> {
  return names.refer("node", name, kind, fitsDirectly(name));
}

/** The name behind a reference; undefined when it expired (an old menu) or is empty. */
export function resolveNodeRef(names: NameRefs, ref: string): Promise<string | undefined> {
  return names.resolve("node", ref);
}

// ---------------------------------------------------------------------------------------------
// Navigation
// ---------------------------------------------------------------------------------------------

/** "« Back to node" and "« Admin menu" under `keyboard`. */
export function sectionNav(ctx: Ctx, keyboard = new InlineKeyboard()): InlineKeyboard {
  return keyboard
    .text(ctx.t("node-back-home"), ncb({ act: "home" }))
    .row()
    .text(ctx.t("admin-home"), ADMIN_HOME);
}

/** A row with one Refresh button pressing `data`. */
export function refreshRow(ctx: Ctx, data: NodeCb): InlineKeyboard {
  return new InlineKeyboard().text(ctx.t("menu-refresh"), ncb(data)).row();
}

/** A row with a button labelled `label` back to `data`, and the section's nav. */
export function backTo(ctx: Ctx, data: NodeCb, label: string): InlineKeyboard {
  return sectionNav(ctx, new InlineKeyboard().text(ctx.t(label), ncb(data)).row());
}

/** "« Back to clients" (the first page). */
export const toClients = (ctx: Ctx): [string, string] => [
  ctx.t("node-back-clients"),
  ncb({ act: "list", page: 0 }),
];

/** Which settings connect the node (shown instead of any node view when it is not configured). */
export function notConfiguredView(ctx: BotContext): View {
  return { text: ctx.t("node-not-configured"), keyboard: adminHomeButton(ctx) };
}

// ---------------------------------------------------------------------------------------------
// Failures
// ---------------------------------------------------------------------------------------------

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
  if (err instanceof NodeNotConfiguredError) return t("node-not-configured");
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

/** Outcome of a node call in a conversation: plain data only, it is kept in the replay. */
export type Done<T> = { ok: true; value: T } | { ok: false; text: string };

/** Runs `call`; a failure becomes its explanation. */
export async function attempt<T>(t: Translate, call: () => Promise<T>): Promise<Done<T>> {
  try {
    return { ok: true, value: await call() };
  } catch (err) {
    return { ok: false, text: nodeErrorText(t, err) };
  }
}

// ---------------------------------------------------------------------------------------------
// Confirmations and the shop's customers
// ---------------------------------------------------------------------------------------------

/** Claims a confirmation's token; a notice when it was used already or is unknown. */
export async function refusedClaim(
  ctx: BotContext,
  token: string,
  action: string,
): Promise<string | undefined> {
  const claim = await claimConfirmation(ctx, token, action);
  if (claim === "claimed") return undefined;
  return ctx.t(claim === "used" ? "node-already-done" : "node-confirm-expired");
}

/** A confirmation: the question, a yes button and a way back. */
export function confirmView(
  ctx: BotContext,
  text: string,
  yes: string,
  yesData: NodeCb,
  backData: NodeCb,
): View {
  return {
    text,
    keyboard: new InlineKeyboard().text(yes, ncb(yesData)).text(ctx.t("menu-back"), ncb(backData)),
  };
}

/** What became of the shop's subscriptions on the client (`key` takes `$count`, `$who`). */
export function followedText(ctx: Ctx, key: string, followed: NodeFollowed): string {
  return followed.ok ? ownersAfter(ctx, key, followed.owners) : ctx.t("owners-not-followed");
}
