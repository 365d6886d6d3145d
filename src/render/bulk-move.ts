// A bulk move's buttons and texts: the admin's screens (bot) and the progress message (worker) share them.
import { z } from "zod";
import type { Locale } from "../config.js";
import type { BulkMove, MoveCounts, MoveEnd, MoveReport, MoveSkip } from "../domain/fleet/index.js";
import { type CallbackCodec, callbackCodec } from "./callback-data.js";
import { formatNumber, html } from "./format.js";
import type { Translate } from "./i18n-like.js";

/**
 * On the wire: `a.mv:<act>:<from>:<to>:<arg>`. `loc` lists the panel's locations to move off (`from` =
 * `panel`); `from`/`to` are a move's ends (`x<server id>` or
 * `p<panel location>`); `arg` the page (`pick`), `<page>.<index>` (`tog`), `all`/`sel` (`pv`,
 * `go`); the move's id is `from` for the progress buttons (`pause`, `resume`, `cancel`, `rep`).
 */
export const MOVE_ACTS = [
  "loc",
  "to",
  "who",
  "pick",
  "tog",
  "pv",
  "go",
  "pause",
  "resume",
  "cancel",
  "rep",
] as const;
export type MoveAct = (typeof MOVE_ACTS)[number];

const wire = callbackCodec("a.mv", {
  act: z.enum(MOVE_ACTS),
  from: z.string().regex(/^[A-Za-z0-9_.-]{1,24}$/),
  to: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{0,24}$/)
    .default(""),
  arg: z
    .string()
    .regex(/^[A-Za-z0-9.]{0,12}$/)
    .default(""),
});
export type MoveButton = NonNullable<ReturnType<typeof wire.unpack>>;
export const moveCb: CallbackCodec<MoveButton> = wire;

/** A move's end as callback data spells it: `x<server id>` or `p<panel location>`. */
export function endCode(end: MoveEnd): string {
  return end.kind === "xui" ? `x${end.serverId}` : `p${end.location}`;
}

/** The end a code names; undefined for what no button of ours sends. */
export function endOf(code: string): MoveEnd | undefined {
  if (/^x\d{1,12}$/.test(code)) return { kind: "xui", serverId: Number(code.slice(1)) };
  if (/^p[A-Za-z0-9_.-]{1,23}$/.test(code)) return { kind: "panel", location: code.slice(1) };
  return undefined;
}

/** A move's end in the admin's words: the server's or location's name when known. */
export function endName(t: Translate, end: MoveEnd, name?: string): string {
  const label = name ?? (end.kind === "xui" ? String(end.serverId) : end.location);
  return t(end.kind === "xui" ? "move-end-server" : "move-end-location", { name: html(label) });
}

/** What the progress message says while the move runs, is paused, or ends. */
export function moveProgressText(t: Translate, locale: Locale, move: BulkMove, counts: MoveCounts): string {
  const vars = {
    from: endName(t, move.from, move.fromName),
    to: endName(t, move.to, move.toName),
    done: formatNumber(locale, counts.moved + counts.skipped + counts.failed),
    ...{ moved: counts.moved, skipped: counts.skipped, failed: counts.failed, total: counts.total },
  };
  if (move.finishedAt !== undefined)
    return t(move.status === "cancelled" ? "move-progress-cancelled" : "move-progress-done", vars);
  if (move.status === "paused" && move.pausedBy === "runway")
    return t("move-progress-paused-runway", { ...vars, days: move.runwayDays ?? 0, floor: move.floorDays });
  if (move.status === "paused") return t("move-progress-paused", vars);
  if (move.status === "cancelled") return t("move-progress-cancelling", vars);
  return t("move-progress-running", vars);
}

/** The buttons under the progress message: pause or resume, cancel; the report once it ended. */
export function moveButtons(t: Translate, move: BulkMove): { text: string; callback_data: string }[][] {
  const button = (key: string, act: MoveAct) => ({
    text: t(key),
    callback_data: moveCb.pack({ act, from: move.id, to: "", arg: "" }),
  });
  if (move.finishedAt !== undefined) return [[button("move-btn-report", "rep")]];
  if (move.status === "cancelled") return [];
  const toggle =
    move.status === "paused" ? button("move-btn-resume", "resume") : button("move-btn-pause", "pause");
  return [[toggle, button("move-btn-cancel", "cancel")]];
}

/** At most this many customers are named in the report (the rest are counted). */
const REPORT_NAMED = 30;

/** The final report: the counts, who was not moved and why, old clients that stayed behind. */
export function moveReportText(
  t: Translate,
  locale: Locale,
  report: MoveReport,
  names: ReadonlyMap<string, string>,
): string {
  const lines = [moveProgressText(t, locale, report.move, report.counts)];
  if (report.notMoved.length > 0) lines.push("", t("move-report-not-moved"));
  for (const n of report.notMoved.slice(0, REPORT_NAMED)) {
    const why =
      n.outcome.kind === "skipped"
        ? skipText(t, n.outcome.reason)
        : t("move-report-failed", { error: html(n.outcome.error.slice(0, 120)) });
    lines.push(t("move-report-line", { name: html(names.get(n.subscriptionId) ?? n.subscriptionId), why }));
  }
  if (report.notMoved.length > REPORT_NAMED)
    lines.push(t("move-report-more", { count: report.notMoved.length - REPORT_NAMED }));
  if (report.oldLeft.length > 0) lines.push("", t("move-report-old-left", { count: report.oldLeft.length }));
  for (const o of report.oldLeft.slice(0, REPORT_NAMED)) lines.push(`• <code>${html(o.client)}</code>`);
  return lines.join("\n");
}

/** Why a customer stays where they are, in the admin's words. */
export function skipText(t: Translate, reason: MoveSkip): string {
  return t(`move-skip-${reason}`);
}
