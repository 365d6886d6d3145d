import { InlineKeyboard } from "grammy";
import type { BotContext } from "#src/bot/context.js";
import { localeOf } from "#src/bot/i18n.js";
import type { Translate } from "#src/bot/kit/index.js";
import type { View } from "#src/bot/views/show.js";
import type { Locale } from "#src/config.js";
import {
  computeStats,
  type KindCounts,
  type SalesStats,
  STATS_RANGES,
  type StatsRange,
} from "#src/domain/backoffice/index.js";
import { formatMoney } from "#src/domain/catalog/index.js";
import { formatNumber, html } from "#src/render/format.js";
import { adminHomeButton } from "../home.js";
import { exportCb, statsCb } from "./callbacks.js";

/** Plan ids longer than this are cut in the table (the full list of plans is in the catalog). */
const PLAN_WIDTH = 12;

/** A plain-text table, columns padded to their widest cell (numbers right-aligned). */
export function textTable(rows: string[][]): string {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, i) => {
      widths[i] = Math.max(widths[i] ?? 0, [...cell].length);
    });
  }
  return rows
    .map((row) =>
      row
        .map((cell, i) => {
          const pad = " ".repeat((widths[i] ?? 0) - [...cell].length);
          return i === 0 ? cell + pad : pad + cell;
        })
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

/** "01-05": a UTC day, short and the same width in every language. */
function dayLabel(start: number): string {
  return new Date(start).toISOString().slice(5, 10);
}

function kindCells(locale: Locale, orders: KindCounts): string[] {
  return [orders.purchase, orders.renewal, orders.trial, orders.pack].map((n) => formatNumber(locale, n));
}

/** Per day: new customers, orders by kind and revenue, with a total row for several days. */
function dayTable(t: Translate, locale: Locale, stats: SalesStats, money: (minor: number) => string): string {
  const head = [
    t("stats-col-new"),
    t("stats-col-buy"),
    t("stats-col-renew"),
    t("stats-col-trial"),
    t("stats-col-pack"),
  ];
  const row = (label: string, newCustomers: number, orders: KindCounts, revenue: number) => [
    label,
    formatNumber(locale, newCustomers),
    ...kindCells(locale, orders),
    money(revenue),
  ];
  const { total } = stats;
  return textTable([
    [t("stats-col-day"), ...head, t("stats-col-revenue")],
    ...stats.days.map((d) => row(dayLabel(d.start), d.newCustomers, d.orders, d.revenue)),
    ...(stats.days.length > 1
      ? [row(t("stats-total"), total.newCustomers, total.orders, total.revenue)]
      : []),
  ]);
}

/** Per plan: orders by kind and revenue (long plan ids cut). */
function planTable(
  t: Translate,
  locale: Locale,
  stats: SalesStats,
  money: (minor: number) => string,
): string {
  const kinds = [t("stats-col-buy"), t("stats-col-renew"), t("stats-col-trial"), t("stats-col-pack")];
  return textTable([
    [t("stats-col-plan"), ...kinds, t("stats-col-revenue")],
    ...stats.plans.map((p) => [
      p.planId.length > PLAN_WIDTH ? `${p.planId.slice(0, PLAN_WIDTH - 1)}…` : p.planId,
      ...kindCells(locale, p.orders),
      money(p.revenue),
    ]),
  ]);
}

/** Sales of a range as two compact tables (per day, per plan) and the totals. */
export function statsText(t: Translate, locale: Locale, stats: SalesStats): string {
  const money = (minor: number) => formatMoney(stats.currency, minor, locale);
  const { orders } = stats.total;
  const lines = [
    t("stats-title", { range: t(`stats-range-${stats.range}`) }),
    t("stats-active", { count: formatNumber(locale, stats.activeSubscriptions) }),
    t("stats-summary", {
      customers: formatNumber(locale, stats.total.newCustomers),
      orders: formatNumber(locale, orders.purchase + orders.renewal + orders.trial + orders.pack),
      revenue: money(stats.total.revenue),
    }),
    "",
    t("stats-by-day"),
    `<pre>${html(dayTable(t, locale, stats, money))}</pre>`,
    t("stats-by-plan"),
    stats.plans.length === 0 ? t("stats-no-sales") : `<pre>${html(planTable(t, locale, stats, money))}</pre>`,
    t("stats-legend"),
    t("stats-legend-packs"),
  ];
  return lines.join("\n");
}

/** The "📊 Sales" section: a range's tables with Today / 7 days / 30 days buttons. */
export async function statsView(ctx: BotContext, range: StatsRange = "7d"): Promise<View> {
  const { books, catalog, clock } = ctx.deps;
  const stats = await computeStats({ ...books, catalog: catalog.current, clock }, range);
  const locale: Locale = await localeOf(ctx);
  const keyboard = new InlineKeyboard();
  for (const r of STATS_RANGES) {
    const label = ctx.t(`stats-btn-${r}`);
    keyboard.text(r === range ? `• ${label}` : label, statsCb.pack({ range: r }));
  }
  keyboard.row().text(ctx.t("stats-export"), exportCb.pack({}));
  return { text: statsText(ctx.t, locale, stats), keyboard: adminHomeButton(ctx, keyboard.row()) };
}
