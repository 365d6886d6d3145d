import { InlineKeyboard } from "grammy";
import type { InlineKeyboardButton } from "grammy/types";
import type { BotContext } from "#src/bot/context.js";
import { localeOf } from "#src/bot/i18n.js";
import type { View } from "#src/bot/views/show.js";
import type { Locale } from "#src/config.js";
import type { MaintenanceOverview } from "#src/domain/catalog/index.js";
import { formatDateTime, html } from "#src/render/format.js";
import { adminHomeButton } from "../home.js";
import { AUTO_CHOICES, maintenanceCb } from "./callbacks.js";

/** The lines saying whether the shop is open to customers, and why not. */
function stateLines(ctx: BotContext, locale: Locale, o: MaintenanceOverview): string[] {
  const at = (ms: number) => formatDateTime(locale, ms);
  const lines: string[] = [];
  const closed = o.closed;
  if (closed?.kind === "manual") {
    const until =
      closed.endsAt === undefined
        ? ctx.t("maintenance-admin-no-end")
        : ctx.t("maintenance-admin-ends", { date: at(closed.endsAt) });
    lines.push(ctx.t("maintenance-admin-closed-manual", { since: at(closed.since), until }));
    lines.push(
      closed.message === undefined
        ? ctx.t("maintenance-admin-message-none")
        : ctx.t("maintenance-admin-message", { message: html(closed.message) }),
    );
  } else if (closed?.kind === "auto") {
    lines.push(ctx.t("maintenance-admin-closed-auto", { since: at(closed.since) }));
  } else {
    lines.push(ctx.t("maintenance-admin-open"));
    if (o.manual?.endsAt !== undefined)
      lines.push(ctx.t("maintenance-admin-ended", { date: at(o.manual.endsAt) }));
  }
  // The hosting is down but the shop is not closed by it (the automatic mode is off, or waits).
  if (o.unreachableSince !== undefined && closed?.kind !== "auto")
    lines.push(ctx.t("maintenance-admin-unreachable", { since: at(o.unreachableSince) }));
  return lines;
}

/** The Settings screen's way to the maintenance screen, saying whether the automatic mode is on. */
export async function maintenanceSettingsButton(ctx: BotContext): Promise<InlineKeyboardButton> {
  const minutes = await ctx.deps.catalog.settings.maintenanceAutoMinutes();
  const label =
    minutes === undefined
      ? ctx.t("maintenance-settings-button-off")
      : ctx.t("maintenance-settings-button-on", { minutes });
  return InlineKeyboard.text(label, maintenanceCb.pack({ act: "view" }));
}

/** The automatic mode's line. */
function autoLine(ctx: BotContext, minutes: number | undefined): string {
  return minutes === undefined
    ? ctx.t("maintenance-admin-auto-off")
    : ctx.t("maintenance-admin-auto-on", { minutes });
}

/**
 * The maintenance screen: whether the shop is open to customers (closed by the admins until when
 * and with what message, or by itself while the hosting does not answer), the automatic mode,
 * and the buttons: close (or change), open now, the automatic mode's wait.
 */
export async function maintenanceView(ctx: BotContext, notice?: string): Promise<View> {
  const { maintenance, settings } = ctx.deps.catalog;
  const [overview, minutes, locale] = await Promise.all([
    maintenance.overview(),
    settings.maintenanceAutoMinutes(),
    localeOf(ctx),
  ]);
  const text = [
    ...(notice ? [notice] : []),
    ctx.t("maintenance-admin-title"),
    stateLines(ctx, locale, overview).join("\n"),
    autoLine(ctx, minutes),
    ctx.t("maintenance-admin-works"),
  ].join("\n\n");
  const keyboard = new InlineKeyboard();
  const closed = overview.closed;
  if (closed?.kind === "manual") {
    keyboard.text(ctx.t("maintenance-open-button"), maintenanceCb.pack({ act: "open", since: closed.since }));
    keyboard.row().text(ctx.t("maintenance-change-button"), maintenanceCb.pack({ act: "close" }));
  } else {
    keyboard.text(ctx.t("maintenance-close-button"), maintenanceCb.pack({ act: "close" }));
  }
  keyboard.row();
  const mark = (label: string, on: boolean) =>
    on ? ctx.t("maintenance-auto-chosen", { choice: label }) : label;
  keyboard.text(
    mark(ctx.t("maintenance-auto-choice-off"), minutes === undefined),
    maintenanceCb.pack({ act: "auto", minutes: undefined }),
  );
  for (const m of AUTO_CHOICES)
    keyboard.text(
      mark(ctx.t("maintenance-auto-choice", { minutes: m }), minutes === m),
      maintenanceCb.pack({ act: "auto", minutes: m }),
    );
  return { text, keyboard: adminHomeButton(ctx, keyboard.row()) };
}
