import type { Redis } from "ioredis";
import { type Clock, DAY } from "../../runtime/clock.js";
import { type BooksServices, readDayTotals } from "../books/index.js";
import { type FleetServices, type Runway, readRunway } from "../fleet/index.js";
import type { SettlementServices } from "../settlement/index.js";
import type { StaffRoster } from "../staff/index.js";
import { utcDayStart } from "./stats.js";

/** Subscriptions expiring within this many days are counted in the report. */
export const REPORT_EXPIRING_DAYS = 7;

/** The hosting account as the report shows it, or why it could not be read. */
export type HostingFigures =
  | { ok: true; balance: number; servers: number; runway: Runway }
  | { ok: false; error: unknown };

/** The figures of one day's report: that UTC day's sales, and the shop's state now. */
export interface DailyFigures {
  /** Start of the UTC day reported (ms). */
  day: number;
  /** Revenue per currency (sales minus refunds), minor units. */
  revenue: Map<string, number>;
  /** Payments credited that day per way they came (`telegram`, a rail's id): how many, how much. */
  payments: Map<string, { count: number; sum: number }>;
  newCustomers: number;
  /** Orders delivered that day by kind (purchase, renewal, trial, pack). */
  orders: Map<string, number>;
  /** Orders refunded to the wallet that day, per currency. */
  refunds: Map<string, { count: number; sum: number }>;
  trialsConverted: number;
  /** Subscriptions expiring in the next REPORT_EXPIRING_DAYS days (from now). */
  expiringSoon: number;
  hosting: HostingFigures;
}

/** Sends the report now, away from the schedule (the worker's queue; the bot only asks). */
export interface ReportRuns {
  runNow(): Promise<void>;
}

export interface DailyReportsDeps {
  redis: Redis;
  clock: Clock;
  books: Pick<BooksServices, "customers" | "subscriptions" | "trialConversions">;
  settlement: Pick<SettlementServices, "paymentInbox">;
  fleet: Pick<FleetServices, "account" | "servers">;
  roster: Pick<StaffRoster, "require">;
  runs?: ReportRuns | undefined;
}

/**
 * The staff's daily report: a day's sales (revenue, payments, new customers, orders, refunds,
 * trials converted), what expires this week, and the hosting balance with the servers' runway.
 * Read from the day counters and indexes the shop keeps (a few reads) and one look at the
 * hosting account; the worker posts it at the owner's hour, an owner may ask for it at once.
 */
export class DailyReports {
  constructor(private readonly deps: DailyReportsDeps) {}

  /** The report of the UTC day holding `at`, with the state as it is now. */
  async figures(at: number): Promise<DailyFigures> {
    const { redis, books, settlement } = this.deps;
    const now = this.deps.clock.now();
    const day = utcDayStart(at);
    const [totals, payments, newCustomers, trialsConverted, expiringSoon, hosting] = await Promise.all([
      readDayTotals(redis, day),
      settlement.paymentInbox.day(day),
      books.customers.joinedCount(day, day + DAY),
      books.trialConversions.on(day),
      books.subscriptions.expiringCount(now + 1, now + REPORT_EXPIRING_DAYS * DAY),
      this.hosting(now),
    ]);
    return { day, ...totals, payments, newCustomers, trialsConverted, expiringSoon, hosting };
  }

  /**
   * An owner's "Send the report now" (`staff`, checked here too): queued for the worker.
   * False when no worker queue is wired (the report cannot be sent from here).
   */
  async sendNow(actorId: number): Promise<boolean> {
    await this.deps.roster.require(actorId, "staff", "report.send", "group");
    if (!this.deps.runs) return false;
    await this.deps.runs.runNow();
    return true;
  }

  private async hosting(now: number): Promise<HostingFigures> {
    try {
      return { ok: true, ...(await readRunway(this.deps.fleet, now)) };
    } catch (error) {
      return { ok: false, error };
    }
  }
}
