import type { Redis } from "ioredis";
import type { Locale } from "../config.js";
import {
  dateOfDay,
  dayNumber,
  type Forecasts,
  type RunwayBoard,
  type RunwayFix,
  type RunwaySales,
  runwayKeys,
  type ServerRunway,
  worseOf,
} from "../domain/fleet/index.js";
import { formatBytes, formatNumber, html } from "../render/format.js";
import type { Translate } from "../render/i18n-like.js";
import { runwayFixLine } from "../render/runway-fixes.js";
import { serversCb } from "../render/server-callbacks.js";
import type { Clock } from "../runtime/clock.js";
import type { Logger } from "../runtime/logger.js";
import type { StaffNoticeSender } from "./staff-notices.js";

/** A mark outlives its term (the longest a term runs, with room): then the key goes. */
const MARK_TTL_SECONDS = 120 * 24 * 3600;
/**
 * A claim held while its alert is being queued: a process that dies in between leaves it to
 * expire, and a later run sends again (the outbox's once-key keeps a message that did go out from
 * going twice).
 */
const CLAIM_TTL_SECONDS = 10 * 60;

/** What runs out: a server's traffic package, its paid term, or the balance paying the extensions. */
export type RunwayResource = "traffic" | "term" | "balance";

export interface RunwayAlertsDeps {
  redis: Redis;
  forecasts: Pick<Forecasts, "board">;
  settings: { runwayAlertDays(): Promise<number[]>; hostingCurrency(): Promise<string> };
  /** The staff's alerts topic (the staff group when configured, else the staff by role). */
  staffNotices: StaffNoticeSender;
  /** Sales placed short of runway (the xui placement records them); none: not told. */
  sales?: Pick<RunwaySales, "pending" | "done">;
  clock: Clock;
  logger: Logger;
}

/** One alert due: which resource of which server, the threshold reached and the line's words. */
interface Due {
  resource: RunwayResource;
  server: ServerRunway | undefined;
  serverId: number;
  /** The term the mark belongs to (the server's expiry; for the balance, the unpaid expiry). */
  term: number;
  days: number;
  threshold: number;
  fixes: RunwayFix[];
}

/** The tightest threshold `days` has reached (thresholds highest first); undefined: none. */
export function thresholdOf(days: number | undefined, thresholds: readonly number[]): number | undefined {
  if (days === undefined) return undefined;
  return [...thresholds]
    .sort((a, b) => b - a)
    .filter((t) => days <= t)
    .at(-1);
}

/**
 * Alerts ahead: when a server's traffic package (at the worse of average and trend), its paid
 * term (unless auto-extend and the balance cover it) or the balance's runway falls to a threshold
 * (settings, default 14, 7, 3, 1 days), the staff hear it once, with what would fix it. Once per
 * threshold per resource per server per term: a SET NX claim before the send (two
 * workers at once: one sends), keyed by the term's expiry (a new term re-arms them). When the
 * days fall past several thresholds at once, only the tightest is sent and the ones above it are
 * marked, so they do not follow when the figure eases.
 */
export class RunwayAlerts {
  constructor(private readonly deps: RunwayAlertsDeps) {}

  async run(board?: RunwayBoard): Promise<{ sent: number }> {
    const [thresholds, currency] = await Promise.all([
      this.deps.settings.runwayAlertDays(),
      this.deps.settings.hostingCurrency(),
    ]);
    const shown = board ?? (await this.deps.forecasts.board());
    let sent = 0;
    for (const due of dueAlerts(shown, thresholds)) {
      const key = runwayKeys.alerted(due.serverId, due.resource, due.term, due.threshold);
      if (await claim(this.deps.redis, key)) {
        await this.send(due, shown, currency);
        await this.markSent(key, due, thresholds);
        sent += 1;
      }
    }
    sent += await this.shortSales(shown);
    if (sent > 0) this.deps.logger.info({ sent }, "runway alerts sent");
    return { sent };
  }

  /**
   * Sales that went to a server short of runway: the staff are told once a day per plan and
   * server (a mark claims it), then the record is cleared.
   */
  private async shortSales(board: RunwayBoard): Promise<number> {
    const { sales, redis } = this.deps;
    if (!sales) return 0;
    const today = dayNumber(this.deps.clock.now());
    let sent = 0;
    for (const { field, raw, sale } of await sales.pending()) {
      const mark = runwayKeys.alerted(sale.serverId, `sale-${sale.planId}`, today, 0);
      if (await claim(redis, mark)) {
        const name = html(
          board.servers.find((s) => s.serverId === sale.serverId)?.name ?? String(sale.serverId),
        );
        await this.deps.staffNotices.send("alerts", {
          once: `runway:sale:${field}:${dateOfDay(today)}`,
          text: (t) =>
            t("runway-alert-sale-short", {
              plan: html(sale.planId),
              name,
              id: sale.serverId,
              days: sale.termDays,
            }),
          keyboard: (t) => openServer(t, sale.serverId),
        });
        await redis.set(mark, "sent", "EX", 2 * 24 * 3600);
        sent += 1;
      }
      // Told (now or by an earlier run the mark stands for); a claim still pending keeps it for later.
      if ((await redis.get(mark)) === "sent") await sales.done(field, raw);
    }
    return sent;
  }

  /** The alert went out: its mark is kept for the term, and the thresholds above it marked quietly. */
  private async markSent(key: string, due: Due, thresholds: readonly number[]): Promise<void> {
    const tx = this.deps.redis.multi().set(key, "sent", "EX", MARK_TTL_SECONDS);
    for (const t of thresholds.filter((t) => t > due.threshold))
      tx.set(
        runwayKeys.alerted(due.serverId, due.resource, due.term, t),
        "sent",
        "EX",
        MARK_TTL_SECONDS,
        "NX",
      );
    await tx.exec();
  }

  private async send(due: Due, board: RunwayBoard, currency: string): Promise<void> {
    const once = `runway:${due.serverId}:${due.resource}:${due.term}:${due.threshold}`;
    await this.deps.staffNotices.send("alerts", {
      once,
      text: (t, locale) => alertText(t, locale, due, board, currency),
      keyboard: due.server === undefined ? undefined : (t) => openServer(t, due.serverId),
    });
  }
}

/** Takes an alert's mark for the send (short-lived until `sent`); false when another has it. */
async function claim(redis: Redis, key: string): Promise<boolean> {
  return (await redis.set(key, "pending", "EX", CLAIM_TTL_SECONDS, "NX")) === "OK";
}

/** The alerts the board calls for now (before the marks say which were sent). */
export function dueAlerts(board: RunwayBoard, thresholds: readonly number[]): Due[] {
  const out: Due[] = [];
  for (const s of board.servers) {
    const trafficDays = s.traffic ? worseOf(s.traffic.runOut) : undefined;
    const base = { server: s, serverId: s.serverId, term: s.term.expiresAt, fixes: s.fixes };
    const traffic = thresholdOf(trafficDays, thresholds);
    if (traffic !== undefined)
      out.push({ ...base, resource: "traffic", days: trafficDays ?? 0, threshold: traffic });
    const termDays = s.term.covered ? undefined : s.term.days;
    const term = s.status === "active" ? thresholdOf(termDays, thresholds) : undefined;
    if (term !== undefined) out.push({ ...base, resource: "term", days: s.term.days, threshold: term });
  }
  const runway = board.balance.runway;
  if (runway.kind === "days") {
    const threshold = thresholdOf(runway.days, thresholds);
    const server = board.servers.find((s) => s.serverId === runway.serverId);
    if (threshold !== undefined)
      out.push({
        ...{ resource: "balance", server, serverId: runway.serverId, term: runway.until },
        ...{ days: runway.days, threshold, fixes: board.fixes },
      });
  }
  return out;
}

function alertText(t: Translate, locale: Locale, due: Due, board: RunwayBoard, currency: string): string {
  const name = html(due.server?.name ?? String(due.serverId));
  const head =
    due.resource === "traffic"
      ? t("runway-alert-traffic", {
          ...{ name, id: due.serverId, days: due.days },
          used: formatBytes(locale, due.server?.traffic?.usedBytes ?? 0),
          limit: formatBytes(locale, due.server?.traffic?.limitBytes ?? 0),
        })
      : due.resource === "term"
        ? t("runway-alert-term", { name, id: due.serverId, days: due.days })
        : t("runway-alert-balance", {
            balance: `${formatNumber(locale, board.balance.amount)} ${html(currency)}`,
            days: due.days,
          });
  const fixes = due.fixes.map((f) => runwayFixLine(t, locale, f, due.server?.name ?? "", currency));
  return fixes.length > 0 ? [head, t("runway-alert-fixes"), ...fixes].join("\n") : head;
}

/** The alert's button to the server's card (kept in private chats; the group has no admin buttons). */
function openServer(t: Translate, server: number) {
  return {
    inline_keyboard: [
      [{ text: t("watch-open-server"), callback_data: serversCb.pack({ act: "card", server }) }],
    ],
  };
}
