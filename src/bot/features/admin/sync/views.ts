import { InlineKeyboard } from "grammy";
import type { BotContext } from "#src/bot/context.js";
import { localeOf } from "#src/bot/i18n.js";
import type { Translate } from "#src/bot/kit/index.js";
import { withNoticeView } from "#src/bot/kit/notice.js";
import type { View } from "#src/bot/views/show.js";
import type { Locale } from "#src/config.js";
import { customerOfName } from "#src/domain/books/index.js";
import { DRIFT_KINDS, type DriftRunSummary, type Finding, type PanelGap } from "#src/domain/drift/index.js";
import { findingLine } from "#src/render/drift-findings.js";
import { formatDateTime, formatNumber, html } from "#src/render/format.js";
import { adminHomeButton } from "../home.js";
import { SYNC_HOME, syncCb } from "./callbacks.js";

/** Waiting findings listed as buttons on the Sync screen. */
export const SYNC_LIST = 10;

const button = (act: Parameters<typeof syncCb.pack>[0]["act"], id = "", arg = "") =>
  syncCb.pack({ act, id, arg });

/** "expiry changed 2 · missing 1": the kinds with a count, or a dash. */
function perKind(t: Translate, locale: Locale, counts: DriftRunSummary["found"]): string {
  const parts = DRIFT_KINDS.filter((k) => counts[k] > 0).map(
    (k) => `${t(`drift-kind-${k}`)} ${formatNumber(locale, counts[k])}`,
  );
  return parts.length ? parts.join(" · ") : "—";
}

function lastRunText(t: Translate, locale: Locale, run: DriftRunSummary | undefined): string {
  if (!run) return t("sync-never");
  const lines = [
    t("sync-last-run", {
      date: formatDateTime(locale, run.startedAt),
      seconds: formatNumber(locale, run.durationMs / 1000, 1),
    }),
    t("sync-found", { list: perKind(t, locale, run.found) }),
    t("sync-repaired", { list: perKind(t, locale, run.repaired) }),
  ];
  const gaps = run.panelGaps ?? [];
  // A panel location with a gap is named on its own line, with the reason.
  const gapScopes = new Set(gaps.map((g) => `panel:${g.location}`));
  const skipped = run.skipped.filter((scope) => !gapScopes.has(scope));
  if (skipped.length) lines.push(t("sync-skipped", { list: skipped.join(", ") }));
  for (const gap of gaps) lines.push(gapLine(t, gap));
  return lines.join("\n");
}

/** Why a panel location was not reconciled in full, e.g. "Location Frankfurt (2): ...". */
function gapLine(t: Translate, gap: PanelGap): string {
  const location = gap.name ? `${gap.name} (${gap.location})` : gap.location;
  return t(`sync-gap-${gap.reason}`, {
    location: html(location),
    read: gap.read ?? 0,
    total: gap.total ?? 0,
  });
}

/** The Sync screen: the last run, what waits for a decision (each a button), Run now. */
export async function syncView(ctx: BotContext, notice?: string): Promise<View> {
  const locale = await localeOf(ctx);
  const { findings } = ctx.deps.drift.sync;
  const [run, waiting, count] = await Promise.all([
    findings.lastRun(),
    findings.waiting(SYNC_LIST),
    findings.waitingCount(),
  ]);
  const lines = [`<b>${ctx.t("sync-title")}</b>`, "", lastRunText(ctx.t, locale, run), ""];
  lines.push(count > 0 ? ctx.t("sync-waiting", { count }) : ctx.t("sync-nothing-waiting"));
  const keyboard = new InlineKeyboard();
  for (const f of waiting) keyboard.text(plain(findingLine(ctx.t, f, locale)), button("f", f.id)).row();
  keyboard.text(ctx.t("sync-run-now"), button("run")).text(ctx.t("sync-refresh"), SYNC_HOME).row();
  return withNoticeView(notice, { text: lines.join("\n"), keyboard: adminHomeButton(ctx, keyboard) });
}

/** Button labels carry no HTML. */
function plain(text: string): string {
  return text.replace(/<[^>]+>/g, "").slice(0, 60);
}

/** One waiting finding with the buttons of its decision. */
export async function findingView(ctx: BotContext, f: Finding | undefined, notice?: string): Promise<View> {
  if (!f || f.status === "resolved") return syncView(ctx, ctx.t("sync-finding-gone"));
  const locale = await localeOf(ctx);
  const lines = [
    `<b>${ctx.t(`drift-kind-${f.kind}`)}</b>`,
    findingLine(ctx.t, f, locale),
    ctx.t("sync-found-at", { date: formatDateTime(locale, f.foundAt) }),
  ];
  const keyboard = new InlineKeyboard();
  if (f.kind === "missing") keyboard.text(ctx.t("sync-recreate"), button("rc", f.id)).row();
  if (f.kind === "server_gone") keyboard.text(ctx.t("sync-move"), button("ms", f.id)).row();
  if (f.kind === "orphan") {
    keyboard.text(ctx.t("sync-delete"), button("od", f.id));
    const customer = customerOfName(f.ref.name);
    if (customer !== undefined)
      keyboard.text(
        ctx.t("sync-adopt", { customer: String(customer) }),
        button("oa", f.id, String(customer)),
      );
    keyboard.row();
  }
  keyboard.text(ctx.t("sync-back"), SYNC_HOME);
  return withNoticeView(notice, { text: lines.join("\n"), keyboard });
}

/** The servers a gone server's subscription can move to, each a one-tap move. */
export async function moveView(ctx: BotContext, f: Finding): Promise<View> {
  if (f.kind !== "server_gone") return findingView(ctx, f);
  const out = await ctx.deps.drift.actions.eligibleServers(f.subscriptionId);
  if (out.status !== "done") return findingView(ctx, f, outcomeText(ctx.t, out));
  if (out.servers.length === 0) return findingView(ctx, f, ctx.t("sync-no-servers"));
  const keyboard = new InlineKeyboard();
  for (const s of out.servers) {
    const label = ctx.t("sync-move-to", { name: s.name, id: String(s.serverId), clients: s.clients });
    keyboard.text(plain(label), button("mv", f.id, String(s.serverId))).row();
  }
  keyboard.text(ctx.t("sync-back"), button("f", f.id));
  return { text: `${findingLine(ctx.t, f, await localeOf(ctx))}\n\n${ctx.t("sync-move-pick")}`, keyboard };
}

/** Asks before an orphan is deleted (the only action that destroys something). */
export async function deleteConfirmView(ctx: BotContext, f: Finding): Promise<View> {
  const keyboard = new InlineKeyboard()
    .text(ctx.t("sync-delete-yes"), button("odc", f.id))
    .text(ctx.t("sync-back"), button("f", f.id));
  return { text: `${findingLine(ctx.t, f, await localeOf(ctx))}\n\n${ctx.t("sync-delete-ask")}`, keyboard };
}

/** An action's outcome in words. */
export function outcomeText(t: Translate, out: { status: string; reason?: string; detail?: string }): string {
  if (out.status === "done") return t("sync-done");
  if (out.status === "already") return t("sync-already");
  if (out.status === "unavailable") return t("sync-unavailable");
  return t("sync-refused", { reason: out.reason ?? "", detail: html(out.detail ?? "") });
}
