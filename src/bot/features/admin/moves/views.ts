import { InlineKeyboard } from "grammy";
import type { BotContext } from "#src/bot/context.js";
import { localeOf } from "#src/bot/i18n.js";
import type { View } from "#src/bot/views/show.js";
import type { BulkMove, MoveCandidate, MoveEnd, MovePreview, MoveSkip } from "#src/domain/fleet/index.js";
import { MAIN_LOCATION } from "#src/hosting/panel/index.js";
import {
  endCode,
  endName,
  moveButtons,
  moveCb,
  moveProgressText,
  moveReportText,
  skipText,
} from "#src/render/bulk-move.js";
import { formatNumber, html } from "#src/render/format.js";
import { adminHomeButton } from "../home.js";
import { panelCb } from "../panel/callbacks.js";
import { serversCb } from "../servers/callbacks.js";

/** Customers shown per page of the picking list. */
export const MOVE_PICK_PAGE = 8;

const cb = (act: Parameters<typeof moveCb.pack>[0]["act"], from: string, to = "", arg = "") =>
  moveCb.pack({ act, from, to, arg });

/** Where the Back button of a move's first screen leads: the server's card, or the panel's screen. */
function backToSource(ctx: BotContext, from: MoveEnd, k: InlineKeyboard): InlineKeyboard {
  if (from.kind === "xui")
    return k.text(ctx.t("move-btn-back"), serversCb.pack({ act: "card", server: from.serverId }));
  return k.text(ctx.t("move-btn-back"), cb("loc", "panel"));
}

/** The panel's connected locations to move customers off. */
export async function sourcesView(ctx: BotContext): Promise<View> {
  const targets = await ctx.deps.fleet.bulkMoves.targets({ kind: "panel", location: "" });
  const k = new InlineKeyboard();
  // Not the main panel: it serves the combined subscription link (a move off it would change it).
  for (const t of targets.filter((t) => t.end.kind === "panel" && t.end.location !== MAIN_LOCATION))
    k.text(endName(ctx.t, t.end, t.name), cb("to", endCode(t.end))).row();
  k.text(ctx.t("move-btn-back"), panelCb.pack({ act: "home" }));
  return { text: ctx.t("move-sources-title"), keyboard: adminHomeButton(ctx, k.row()) };
}

/** The places customers on `from` may go: another active xui server, or another panel location. */
export async function targetsView(ctx: BotContext, from: MoveEnd): Promise<View> {
  const targets = await ctx.deps.fleet.bulkMoves.targets(from);
  const k = new InlineKeyboard();
  for (const t of targets) {
    const clients = t.clients === undefined ? "" : ` · ${t.clients}`;
    k.text(`${endName(ctx.t, t.end, t.name)}${clients}`, cb("who", endCode(from), endCode(t.end))).row();
  }
  const text = ctx.t(targets.length ? "move-targets-title" : "move-targets-empty", {
    from: endName(ctx.t, from),
  });
  return { text, keyboard: adminHomeButton(ctx, backToSource(ctx, from, k).row()) };
}

/** The two ends of a move in the admin's words, with their names. */
async function names(ctx: BotContext, from: MoveEnd, to: MoveEnd): Promise<{ from: string; to: string }> {
  const moves = ctx.deps.fleet.bulkMoves;
  const [f, t] = await Promise.all([moves.nameOf(from), moves.nameOf(to)]);
  return { from: endName(ctx.t, from, f), to: endName(ctx.t, to, t) };
}

/** All the customers on `from`, or a choice of them. */
export async function whoView(ctx: BotContext, from: MoveEnd, to: MoveEnd): Promise<View> {
  const all = await ctx.deps.fleet.bulkMoves.candidates(from);
  const [f, t] = [endCode(from), endCode(to)];
  const k = new InlineKeyboard();
  if (all.length > 0) {
    k.text(ctx.t("move-btn-all", { count: all.length }), cb("pv", f, t, "all")).row();
    k.text(ctx.t("move-btn-choose"), cb("pick", f, t, "0")).row();
  }
  k.text(ctx.t("move-btn-back"), cb("to", f)).row();
  const vars = { ...(await names(ctx, from, to)), count: all.length };
  return { text: ctx.t(all.length ? "move-who" : "move-none", vars), keyboard: adminHomeButton(ctx, k) };
}

/** A page of the customers on `from` with a toggle each; the chosen ones are kept in Redis a day. */
export async function pickView(ctx: BotContext, from: MoveEnd, to: MoveEnd, page: number): Promise<View> {
  const moves = ctx.deps.fleet.bulkMoves;
  const all = await moves.candidates(from, to);
  const picked = await moves.records.picked(ctx.from?.id ?? 0, endCode(from));
  const pages = Math.max(1, Math.ceil(all.length / MOVE_PICK_PAGE));
  const current = Math.min(Math.max(0, page), pages - 1);
  const [f, t] = [endCode(from), endCode(to)];
  const k = new InlineKeyboard();
  all.slice(current * MOVE_PICK_PAGE, (current + 1) * MOVE_PICK_PAGE).forEach((c, i) => {
    const mark = picked.has(c.subscriptionId) ? "✅" : "▫️";
    const stays = c.skip ? ` (${skipText(ctx.t, c.skip)})` : "";
    k.text(`${mark} ${c.name}${stays}`, cb("tog", f, t, `${current}.${i}`)).row();
  });
  if (current > 0) k.text("⬅️", cb("pick", f, t, String(current - 1)));
  if (current < pages - 1) k.text("➡️", cb("pick", f, t, String(current + 1)));
  k.row();
  const chosen = all.filter((c) => picked.has(c.subscriptionId)).length;
  if (chosen > 0) k.text(ctx.t("move-btn-preview-picked", { count: chosen }), cb("pv", f, t, "sel")).row();
  k.text(ctx.t("move-btn-back"), cb("who", f, t)).row();
  const vars = {
    from: endName(ctx.t, from),
    to: endName(ctx.t, to),
    page: current + 1,
    pages,
    picked: chosen,
  };
  return { text: ctx.t("move-pick-title", vars), keyboard: adminHomeButton(ctx, k) };
}

/** Toggles the `index`-th customer of page `page` in the admin's choice. */
export async function toggle(
  ctx: BotContext,
  from: MoveEnd,
  to: MoveEnd,
  page: number,
  index: number,
): Promise<void> {
  const moves = ctx.deps.fleet.bulkMoves;
  const all: MoveCandidate[] = await moves.candidates(from, to);
  const c = all[page * MOVE_PICK_PAGE + index];
  if (c) await moves.records.togglePick(ctx.from?.id ?? 0, endCode(from), c.subscriptionId);
}

/** The preview: who, from where to where, the target's clients and runway after, who stays and why. */
export async function previewView(
  ctx: BotContext,
  from: MoveEnd,
  to: MoveEnd,
  which: "all" | "sel",
): Promise<View> {
  const moves = ctx.deps.fleet.bulkMoves;
  const selected = which === "sel" ? await moves.records.picked(ctx.from?.id ?? 0, endCode(from)) : undefined;
  const p = await moves.preview(from, to, selected);
  const [f, t] = [endCode(from), endCode(to)];
  const k = new InlineKeyboard();
  if (p.moving > 0) k.text(ctx.t("move-btn-confirm", { count: p.moving }), cb("go", f, t, which)).row();
  k.text(ctx.t("move-btn-back"), cb("who", f, t)).row();
  return { text: previewText(ctx, p, await localeOf(ctx)), keyboard: adminHomeButton(ctx, k) };
}

function previewText(ctx: BotContext, p: MovePreview, locale: Awaited<ReturnType<typeof localeOf>>): string {
  const lines = [
    ctx.t("move-preview-title", {
      from: endName(ctx.t, p.from, p.fromName),
      to: endName(ctx.t, p.to, p.toName),
    }),
  ];
  lines.push(ctx.t("move-preview-moving", { count: formatNumber(locale, p.moving) }));
  if (p.names.length) lines.push(ctx.t("move-preview-names", { names: html(p.names.join(", ")) }));
  if (p.moving === 0) lines.push(ctx.t("move-preview-nothing"));
  const skips = Object.entries(p.skipped) as [MoveSkip, number][];
  if (skips.length)
    lines.push("", ctx.t("move-preview-skipped", { count: skips.reduce((a, [, n]) => a + n, 0) }));
  for (const [reason, count] of skips)
    lines.push(ctx.t("move-preview-skip-line", { why: skipText(ctx.t, reason), count }));
  lines.push("");
  lines.push(
    p.clients === undefined || p.clientsAfter === undefined
      ? ctx.t("move-preview-clients-unknown")
      : ctx.t("move-preview-clients", { now: p.clients, after: p.clientsAfter }),
  );
  if (p.runwayDays === undefined) lines.push(ctx.t("move-preview-runway-unknown"));
  else lines.push(ctx.t("move-preview-runway", { days: p.runwayDays, floor: p.floorDays }));
  if (p.runwayDays !== undefined && p.runwayDays < p.floorDays) lines.push(ctx.t("move-preview-runway-low"));
  return lines.join("\n");
}

/** The progress of a move (its report once it ended), with its buttons. */
export async function progressView(ctx: BotContext, id: string, notice?: string): Promise<View> {
  const moves = ctx.deps.fleet.bulkMoves;
  const seen = await moves.counts(id);
  if (!seen) return { text: ctx.t("move-not-found"), keyboard: adminHomeButton(ctx) };
  const locale = seen.move.locale;
  const text =
    seen.move.finishedAt !== undefined
      ? await reportText(ctx, seen.move)
      : moveProgressText(ctx.t, locale, seen.move, seen.counts);
  const k = InlineKeyboard.from(moveButtons(ctx.t, seen.move));
  return { text: notice ? `${notice}\n\n${text}` : text, keyboard: k };
}

async function reportText(ctx: BotContext, move: BulkMove): Promise<string> {
  const moves = ctx.deps.fleet.bulkMoves;
  const report = await moves.report(move.id);
  return report ? moveReportText(ctx.t, move.locale, report, await moves.names(report)) : "";
}
