import { InlineKeyboard } from "grammy";
import type { BotContext } from "#src/bot/context.js";
import { localeOf } from "#src/bot/i18n.js";
import { issueConfirmation, withNoticeView } from "#src/bot/kit/index.js";
import type { View } from "#src/bot/views/show.js";
import type { Locale } from "#src/config.js";
import { NODE_LOG_COUNT, type NodeBackup, type NodeTrafficLine } from "#src/domain/fleet/index.js";
import { formatBytes, formatDateTime, html } from "#src/render/format.js";
import { ncb } from "./callbacks.js";
import { nodeErrorView, refreshRow, sectionNav } from "./shared.js";

/** The node's backups, traffic by client and log. */

const MESSAGE_LIMIT = 4096;
/** The action a backup's one-time token confirms (a double tap creates one backup). */
export const BACKUP_ACTION = "node:backup-new";

export function backupLine(ctx: BotContext, locale: Locale, backup: NodeBackup): string {
  if (backup.kind === "name") return ctx.t("node-backup-line-name", { name: html(backup.name) });
  if (backup.kind === "raw") return html(backup.text);
  const parts = [html(backup.label)];
  if (backup.sizeBytes !== undefined) parts.push(formatBytes(locale, backup.sizeBytes));
  if (backup.createdAtMs !== undefined) parts.push(formatDateTime(locale, backup.createdAtMs));
  return ctx.t("node-backup-line", { text: parts.join(" · ") });
}

export async function backupsView(ctx: BotContext, notice?: string): Promise<View> {
  let backups: { total: number; shown: NodeBackup[] };
  try {
    backups = await ctx.deps.fleet.node.backups();
  } catch (err) {
    return withNoticeView(notice, nodeErrorView(ctx, err, refreshRow(ctx, { act: "backups" })));
  }
  const { total, shown } = backups;
  const locale = await localeOf(ctx);
  const lines = [ctx.t("node-backups-title", { count: total }), ""];
  if (total === 0) lines.push(ctx.t("node-backups-empty"));
  if (shown.length < total) lines.push(ctx.t("node-backups-older", { count: total - shown.length }));
  for (const b of shown) lines.push(backupLine(ctx, locale, b));
  const token = await issueConfirmation(ctx, BACKUP_ACTION);
  const keyboard = new InlineKeyboard()
    .text(ctx.t("node-backup-create"), ncb({ act: "backup-new", token }))
    .text(ctx.t("menu-refresh"), ncb({ act: "backups" }))
    .row();
  return withNoticeView(notice, { text: lines.join("\n"), keyboard: sectionNav(ctx, keyboard) });
}

export async function trafficView(ctx: BotContext): Promise<View> {
  let traffic: { count: number; top: NodeTrafficLine[] };
  try {
    traffic = await ctx.deps.fleet.node.traffic();
  } catch (err) {
    return nodeErrorView(ctx, err, refreshRow(ctx, { act: "traffic" }));
  }
  const { count, top } = traffic;
  const locale = await localeOf(ctx);
  const lines = [ctx.t("node-traffic-title", { shown: top.length, count }), ""];
  if (count === 0) lines.push(ctx.t("node-traffic-empty"));
  top.forEach((t, i) => {
    lines.push(
      ctx.t("node-traffic-line", {
        n: i + 1,
        name: html(t.name),
        up: formatBytes(locale, t.upBytes),
        down: formatBytes(locale, t.downBytes),
        total: formatBytes(locale, t.totalBytes),
      }),
    );
  });
  return { text: lines.join("\n"), keyboard: sectionNav(ctx, refreshRow(ctx, { act: "traffic" })) };
}

/** The newest lines that fit one message, escaped inside `<pre>`; the oldest are dropped first. */
export function logsText(title: string, trimmedNote: string, entries: string[]): string {
  const lines = entries.map((e) => html(e));
  const frame = (body: string[], trimmed: boolean) =>
    `${title}${trimmed ? `\n${trimmedNote}` : ""}\n<pre>${body.join("\n")}</pre>`;
  let kept = lines;
  while (kept.length > 0 && frame(kept, kept.length < lines.length).length > MESSAGE_LIMIT)
    kept = kept.slice(1);
  return frame(kept, kept.length < lines.length);
}

export async function logsView(ctx: BotContext): Promise<View> {
  let entries: string[];
  try {
    entries = await ctx.deps.fleet.node.logs(NODE_LOG_COUNT);
  } catch (err) {
    return nodeErrorView(ctx, err, refreshRow(ctx, { act: "logs" }));
  }
  const keyboard = sectionNav(ctx, refreshRow(ctx, { act: "logs" }));
  if (entries.length === 0)
    return { text: `${ctx.t("node-logs-title", { count: 0 })}\n${ctx.t("node-logs-empty")}`, keyboard };
  const text = logsText(
    ctx.t("node-logs-title", { count: entries.length }),
    ctx.t("node-logs-trimmed"),
    entries,
  );
  return { text, keyboard };
}
