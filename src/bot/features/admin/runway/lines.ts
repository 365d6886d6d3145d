import type { BotContext } from "#src/bot/context.js";
import type { Locale } from "#src/config.js";
import { inLocale } from "#src/domain/catalog/index.js";
import {
  EXTENSION_DAYS,
  type RunOut,
  type Runway,
  type RunwayFix,
  type ServerRunway,
} from "#src/domain/fleet/index.js";
import { formatBytes, formatDate, html } from "#src/render/format.js";
import { BUDGET_BAR, runwayChart } from "#src/render/runway-chart.js";
import { runwayFixLine } from "#src/render/runway-fixes.js";

/** What the runway screens share: days in words, the fixes, a server's lines and chart. */

/** The days shown in the chart. */
export const CHART_DAYS = 14;

/** 🔴 within 3 days, 🟡 within the alert window, 🟢 otherwise. */
export function urgencyEmoji(days: number | undefined, windowDays: number): string {
  if (days === undefined || days > windowDays) return "🟢";
  return days <= 3 ? "🔴" : "🟡";
}

export function daysText(ctx: BotContext, days: number | undefined): string {
  return days === undefined ? ctx.t("runway-never") : ctx.t("runway-days", { days });
}

export function balanceText(ctx: BotContext, locale: Locale, runway: Runway): string {
  switch (runway.kind) {
    case "days":
      return ctx.t("runway-balance-days", { days: runway.days, date: formatDate(locale, runway.until) });
    case "beyond":
      return ctx.t("runway-balance-beyond", { days: runway.days });
    case "unpriced":
      return ctx.t("runway-balance-unpriced", { servers: runway.servers });
    case "no-servers":
      return ctx.t("runway-balance-no-servers");
  }
}

/** One fix as a line (`name`: the server's, for a move). */
export function fixText(
  ctx: BotContext,
  locale: Locale,
  fix: RunwayFix,
  name: string,
  currency: string,
): string {
  return runwayFixLine(ctx.t, locale, fix, name, currency);
}

export function locationText(ctx: BotContext, locale: Locale, s: Pick<ServerRunway, "locationName">): string {
  return s.locationName ? html(inLocale(s.locationName, locale)) : ctx.t("runway-no-location");
}

function termLine(ctx: BotContext, s: ServerRunway): string {
  const { days, autoExtend, covered } = s.term;
  if (covered) return ctx.t("runway-term-covered", { days });
  return ctx.t(autoExtend ? "runway-term-auto-short" : "runway-term", { days });
}

function runOutLines(
  ctx: BotContext,
  locale: Locale,
  runOut: RunOut,
  average: number,
  trend: number,
): string[] {
  return [
    ctx.t("runway-at-average", { rate: formatBytes(locale, average), when: daysText(ctx, runOut.days) }),
    ctx.t("runway-at-trend", { rate: formatBytes(locale, trend), when: daysText(ctx, runOut.trendDays) }),
  ];
}

/** The runway lines of a server's card: traffic (with the chart), term, and the fixes. */
export function serverRunwayLines(
  ctx: BotContext,
  locale: Locale,
  s: ServerRunway,
  view: { currency: string; now: number },
): string[] {
  const lines = [ctx.t("runway-card-title")];
  const t = s.traffic;
  if (!t) lines.push(ctx.t("runway-traffic-untracked"));
  else {
    const used = { used: formatBytes(locale, t.usedBytes), limit: formatBytes(locale, t.limitBytes) };
    lines.push(ctx.t("runway-traffic", used));
    lines.push(...runOutLines(ctx, locale, t.runOut, t.averageBytes, t.trendBytes));
    const budget = t.limitBytes / EXTENSION_DAYS;
    const lastDate = new Date(view.now).toISOString().slice(0, 10);
    lines.push(ctx.t("runway-chart", { budget: formatBytes(locale, budget), mark: BUDGET_BAR }));
    lines.push(`<code>${runwayChart(t.days, budget, lastDate, CHART_DAYS)}</code>`);
  }
  lines.push(termLine(ctx, s));
  for (const fix of s.fixes) lines.push(fixText(ctx, locale, fix, s.name, view.currency));
  return lines;
}
