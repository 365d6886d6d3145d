import type { Locale } from "../config.js";
import type { DailyFigures, HostingFigures } from "../domain/backoffice/index.js";
import { formatMoney } from "../domain/catalog/index.js";
import { formatDate, formatNumber, html } from "./format.js";
import { hostingErrorText, isExplainable } from "./hosting-error.js";
import type { Translate } from "./i18n-like.js";

export interface ReportWords {
  t: Translate;
  locale: Locale;
  /** The shop's currency (payments are credited in it). */
  currency: string;
  /** A way payments came by, by its id (`telegram`, a rail's id), as the reader knows it. */
  wayName: (id: string) => string;
  now: number;
}

/** The staff's daily report (HTML): the day's sales, what expires this week, the hosting account. */
export function dailyReportText(w: ReportWords, f: DailyFigures): string {
  const { t, locale } = w;
  const money = (currency: string, minor: number) => formatMoney(currency, minor, locale);
  const revenue = [...f.revenue].filter(([, n]) => n !== 0).map(([c, n]) => money(c, n));
  const payments = [...f.payments].map(([way, p]) =>
    t("staff-report-payment-way", {
      way: html(w.wayName(way)),
      count: p.count,
      sum: money(w.currency, p.sum),
    }),
  );
  const refunds = [...f.refunds].map(([c, r]) =>
    t("staff-report-refund-sum", { count: r.count, sum: money(c, r.sum) }),
  );
  const none = t("staff-report-none");
  const count = (kind: string) => f.orders.get(kind) ?? 0;
  return [
    t("staff-report-title", { date: formatDate(locale, f.day, "UTC") }),
    "",
    t("staff-report-revenue", { amount: revenue.join(", ") || none }),
    t("staff-report-payments", { list: payments.join("; ") || none }),
    t("staff-report-new-customers", { count: f.newCustomers }),
    t("staff-report-orders", {
      purchases: count("purchase"),
      renewals: count("renewal"),
      trials: count("trial"),
      packs: count("pack"),
    }),
    t("staff-report-refunds", { list: refunds.join(", ") || none }),
    t("staff-report-converted", { count: f.trialsConverted }),
    t("staff-report-expiring", { count: f.expiringSoon }),
    "",
    ...hostingLines(w, f.hosting),
  ].join("\n");
}

function hostingLines(w: ReportWords, hosting: HostingFigures): string[] {
  const { t, locale } = w;
  if (!hosting.ok) {
    const reason = isExplainable(hosting.error)
      ? hostingErrorText(t, hosting.error)
      : hosting.error instanceof Error
        ? hosting.error.message
        : String(hosting.error);
    return [t("staff-report-hosting-unavailable", { reason: html(reason.slice(0, 300)) })];
  }
  const balance = t("staff-report-hosting", {
    balance: formatNumber(locale, hosting.balance),
    servers: hosting.servers,
  });
  const { runway } = hosting;
  switch (runway.kind) {
    case "days":
      return [
        balance,
        t("staff-report-runway-days", {
          days: runway.days,
          date: formatDate(locale, runway.until),
          id: runway.serverId,
        }),
      ];
    case "beyond":
      return [balance, t("staff-report-runway-beyond", { days: runway.days })];
    case "unpriced":
      return [balance, t("staff-report-runway-unpriced", { count: runway.servers })];
    case "no-servers":
      return [balance, t("staff-report-runway-none")];
  }
}
