import { InlineKeyboard } from "grammy";
import type { BotContext, ConvContext } from "#src/bot/context.js";
import type { Translate } from "#src/bot/kit/index.js";
import type { View } from "#src/bot/views/show.js";
import type { Locale } from "#src/config.js";
import type { Followed } from "#src/domain/books/index.js";
import type { CreateOutcome, CreatePlan, CreateRow } from "#src/domain/fleet/index.js";
import { formatDateTime, html } from "#src/render/format.js";
import { ownersAfter, withOwners } from "../owners-view.js";
import { cardCb, listCb, panelCb } from "./callbacks.js";
import {
  devicesLimitText,
  expiryText,
  type LocationLabel,
  type LocationRow,
  labelled,
  limitGbText,
  panelErrorText,
} from "./text.js";

/** What the Panel section shows after a change on every location: per-location reports. */

/** What became of the shop's subscriptions on the client (`key` takes `$count`, `$who`). */
export function followedNote(ctx: BotContext | ConvContext, key: string, followed: Followed): string {
  return followed === undefined ? ctx.t("owners-not-followed") : ownersAfter(ctx, key, followed);
}

/**
 * The outcome of a change on every location: one line per location with its final term (or
 * limits when asked), a warning where the final term is off the target, a way to try again.
 */
export function locationsReportView(
  t: Translate,
  locale: Locale,
  nowMs: number,
  opts: {
    title: string;
    rows: LocationRow[];
    ref: string;
    showLimits?: boolean;
    /** Callback data that repeats the change (only offered when a location failed). */
    retry?: string;
  },
): View {
  const lines = [opts.title, ""];
  for (const row of opts.rows) {
    const location = html(row.location.label);
    if (row.state === "absent") {
      lines.push(t("panel-row-absent", { location }));
      continue;
    }
    if (row.state === "failed") {
      lines.push(t("panel-row-failed", { location, error: row.error ?? "" }));
      continue;
    }
    let detail = expiryText(t, locale, row.expiresAt ?? 0, nowMs);
    if (opts.showLimits) {
      detail = t("panel-row-limits", {
        traffic: limitGbText(t, locale, row.trafficLimitGb ?? 0),
        devices: devicesLimitText(t, locale, row.deviceLimit ?? 0),
      });
    }
    lines.push(t("panel-row-done", { location, detail }));
    if (row.termOff) lines.push(t("panel-row-term-differs", { location }));
  }
  if (opts.rows.every((r) => r.state === "absent")) lines.push("", t("panel-nowhere"));
  const keyboard = new InlineKeyboard();
  if (opts.retry && opts.rows.some((r) => r.state === "failed")) {
    lines.push("", t("panel-some-failed"));
    keyboard.text(t("panel-btn-retry"), opts.retry).row();
  }
  keyboard.text(t("panel-open-card"), cardCb(opts.ref)).text(t("panel-back-list"), listCb());
  return { text: lines.join("\n"), keyboard };
}

/** The confirmation of a delete, naming the shop's customers on the client first (`warning`). */
export function deleteConfirmView(
  t: Translate,
  target: { name: string; ref: string },
  token: string,
  warning: string,
): View {
  const { name, ref } = target;
  return {
    text: withOwners(t("panel-delete-confirm", { name: html(name) }), warning),
    keyboard: new InlineKeyboard()
      .text(t("panel-delete-yes"), panelCb.pack({ act: "del-ok", ref, token }))
      .text(t("menu-back"), cardCb(ref)),
  };
}

/** After a delete: where it was deleted, where it was not, and Try again when a location failed. */
export function deletedView(
  t: Translate,
  target: { name: string; ref: string },
  rows: LocationRow[],
  removed: string,
): View {
  const lines = [withOwners(t("panel-deleted-title", { name: html(target.name) }), removed), ""];
  for (const row of rows) {
    const location = html(row.location.label);
    if (row.state === "done") lines.push(t("panel-row-deleted", { location }));
    else if (row.state === "absent") lines.push(t("panel-row-absent", { location }));
    else lines.push(t("panel-row-failed", { location, error: row.error ?? "" }));
  }
  const keyboard = new InlineKeyboard();
  if (rows.some((r) => r.state === "failed")) {
    lines.push("", t("panel-delete-some-failed"));
    keyboard.text(t("panel-btn-retry"), panelCb.pack({ act: "del", ref: target.ref })).row();
  }
  keyboard.text(t("panel-back-list"), listCb());
  return { text: lines.join("\n"), keyboard };
}

/** A create's outcome explained (plain data: it goes through the create dialog's replay). */
export interface CreateReport {
  rows: { location: LocationLabel; inboundIds: string[]; state: CreateRow["state"]; error?: string }[];
  subscriptionUrl?: string;
  /** Ref of the client for the card (when it is on the main panel). */
  ref?: string;
}

export function explainCreate(t: Translate, outcome: CreateOutcome, ref?: string): CreateReport {
  const rows = outcome.rows.map(({ location, inboundIds, state, error }) => {
    const where = labelled(t, location);
    return state === "failed"
      ? { location: where, inboundIds, state, error: panelErrorText(t, error, where) }
      : { location: where, inboundIds, state };
  });
  const report: CreateReport = { rows };
  if (outcome.subscriptionUrl) report.subscriptionUrl = outcome.subscriptionUrl;
  if (ref) report.ref = ref;
  return report;
}

export function createReportView(t: Translate, locale: Locale, plan: CreatePlan, report: CreateReport): View {
  const failed = report.rows.some((r) => r.state === "failed");
  const name = html(plan.name);
  const lines = [
    failed ? t("panel-created-partly", { name }) : t("panel-created", { name }),
    t("panel-card-uuid", { uuid: html(plan.uuid) }),
    t("panel-created-terms", {
      date: formatDateTime(locale, plan.expiresAt * 1000),
      traffic: limitGbText(t, locale, plan.trafficGb),
      devices: devicesLimitText(t, locale, plan.devices),
    }),
    "",
  ];
  for (const row of report.rows) {
    const location = html(row.location.label);
    const inbounds = html(row.inboundIds.join(", "));
    if (row.state === "failed")
      lines.push(t("panel-create-row-failed", { location, inbounds, error: row.error ?? "" }));
    else lines.push(t(`panel-create-row-${row.state}`, { location, inbounds }));
  }
  if (report.subscriptionUrl) lines.push("", t("panel-card-sub", { url: html(report.subscriptionUrl) }));
  const keyboard = new InlineKeyboard();
  if (failed) {
    lines.push("", t("panel-create-not-atomic"));
    keyboard.text(t("panel-btn-complete"), panelCb.pack({ act: "mk-retry", plan: plan.id })).row();
  }
  if (report.ref) keyboard.text(t("panel-open-card"), cardCb(report.ref));
  keyboard.text(t("panel-back-list"), listCb());
  return { text: lines.join("\n"), keyboard };
}
