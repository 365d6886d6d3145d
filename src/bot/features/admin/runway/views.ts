import { InlineKeyboard } from "grammy";
import type { BotContext } from "#src/bot/context.js";
import { localeOf } from "#src/bot/i18n.js";
import type { View } from "#src/bot/views/show.js";
import type { Locale } from "#src/config.js";
import type { LocationRunway, RunwayBoard, ServerRunway } from "#src/domain/fleet/index.js";
import { formatDateTime, formatNumber, html } from "#src/render/format.js";
import { serversCb } from "#src/render/server-callbacks.js";
import { adminHomeButton } from "../home.js";
import { addRunwayPageButton } from "../runway-page.js";
import { hostingCurrency } from "../settings/hosting-money.js";
import { runwayCb } from "./callbacks.js";
import { balanceText, daysText, fixText, locationText, serverRunwayLines, urgencyEmoji } from "./lines.js";

/** Servers listed on the board (the most urgent; the rest are counted). */
export const RUNWAY_SHOWN = 15;

function locationLine(ctx: BotContext, locale: Locale, l: LocationRunway, windowDays: number): string {
  const name = l.name ? locationText(ctx, locale, { locationName: l.name }) : html(l.location);
  return ctx.t("runway-location-line", {
    emoji: urgencyEmoji(l.urgentDays, windowDays),
    name,
    servers: l.serverIds.length,
    when: daysText(ctx, l.urgentDays),
  });
}

function serverLines(ctx: BotContext, locale: Locale, s: ServerRunway, board: RunwayBoard, currency: string) {
  const head = ctx.t("runway-server-line", {
    emoji: urgencyEmoji(s.urgentDays, board.windowDays),
    name: html(s.name),
    location: locationText(ctx, locale, s),
    when: daysText(ctx, s.urgentDays),
  });
  return [head, ...s.fixes.map((f) => fixText(ctx, locale, f, s.name, currency))];
}

/** The board as text: the balance, the locations and the servers, most urgent first, with fixes. */
function boardText(ctx: BotContext, locale: Locale, board: RunwayBoard, currency: string): string {
  const balance = `${formatNumber(locale, board.balance.amount)} ${html(currency)}`;
  const lines = [
    ctx.t("runway-title", { at: formatDateTime(locale, board.at), window: board.windowDays }),
    ctx.t("runway-balance", { balance, runway: balanceText(ctx, locale, board.balance.runway) }),
    ...board.fixes.map((f) => fixText(ctx, locale, f, "", currency)),
  ];
  if (board.locations.length > 0) {
    lines.push("", ctx.t("runway-locations"));
    for (const l of board.locations) lines.push(locationLine(ctx, locale, l, board.windowDays));
  }
  lines.push("", ctx.t("runway-servers"));
  if (board.servers.length === 0) lines.push(ctx.t("runway-empty"));
  for (const s of board.servers.slice(0, RUNWAY_SHOWN))
    lines.push(...serverLines(ctx, locale, s, board, currency));
  const more = board.servers.length - RUNWAY_SHOWN;
  if (more > 0) lines.push(ctx.t("runway-more", { count: more }));
  return lines.join("\n");
}

/** The admin's Runway screen: each server button opens its card. */
export async function runwayView(ctx: BotContext): Promise<View> {
  const locale = await localeOf(ctx);
  const [board, currency] = await Promise.all([ctx.deps.fleet.forecasts.board(), hostingCurrency(ctx)]);
  const keyboard = new InlineKeyboard();
  for (const s of board.servers.slice(0, RUNWAY_SHOWN)) {
    const label = `${urgencyEmoji(s.urgentDays, board.windowDays)} ${s.name} · ${daysText(ctx, s.urgentDays)}`;
    keyboard.text(label, serversCb.pack({ act: "card", server: s.serverId })).row();
  }
  addRunwayPageButton(keyboard, ctx);
  keyboard.text(ctx.t("menu-refresh"), runwayCb.pack({ act: "board" })).row();
  return { text: boardText(ctx, locale, board, currency), keyboard: adminHomeButton(ctx, keyboard) };
}

/**
 * The runway part of a server's card (its lines, text only), or nothing when the forecast cannot
 * be read now: the card is shown either way.
 */
export async function cardRunwayText(ctx: BotContext, serverId: number): Promise<string | undefined> {
  try {
    const [runway, currency, locale] = await Promise.all([
      ctx.deps.fleet.forecasts.ofServer(serverId),
      hostingCurrency(ctx),
      localeOf(ctx),
    ]);
    if (!runway) return undefined;
    return serverRunwayLines(ctx, locale, runway, { currency, now: ctx.deps.clock.now() }).join("\n");
  } catch (err) {
    ctx.log.warn({ err, serverId }, "runway not shown on the server card");
    return undefined;
  }
}

/** The card's button that sets the server's traffic package. */
export function packageButton(ctx: BotContext, server: number) {
  return { text: ctx.t("runway-set-package"), callback_data: runwayCb.pack({ act: "pkg", server }) };
}
