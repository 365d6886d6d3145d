import type { Redis } from "ioredis";
import { z } from "zod";
import type { DailyReports, ReportRuns } from "../domain/backoffice/index.js";
import { TELEGRAM_RAIL } from "../domain/settlement/index.js";
import type { StaffServices } from "../domain/staff/index.js";
import { dailyReportText } from "../render/daily-report.js";
import { type Clock, DAY, MINUTE } from "../runtime/clock.js";
import { dateFormat } from "../runtime/intl-cache.js";
import { Queue } from "../runtime/library-parts.js";
import type { Logger } from "../runtime/logger.js";
import { MAINTENANCE_QUEUE, type PeriodicTask } from "./maintenance.js";
import { QUEUE_PREFIX } from "./queues.js";
import type { StaffNoticeSender } from "./staff-notices.js";

export const DAILY_REPORT_TASK = "daily-report";
/** How often the task looks whether the report is due: it goes out within this after the hour. */
export const DAILY_REPORT_EVERY_MS = 5 * MINUTE;
/** How long "this date's report went out" is kept (the once-keys in the outbox keep it longer). */
const SENT_KEPT_SECONDS = 3 * 24 * 3600;
const sentKey = (date: string) => `daily-report:sent:${date}`;

/** A report asked for by an owner ("Send the report now"): when it was asked. */
const nowData = z.object({ now: z.literal(true), at: z.number().int().positive() });

export interface DailyReportDeps {
  reports: Pick<DailyReports, "figures">;
  group: Pick<StaffServices["group"], "get">;
  staffNotices: StaffNoticeSender;
  /** The marks of the dates whose report went out. */
  redis: Redis;
  clock: Clock;
  /** SHOP_TIME_ZONE: the owner's hour is read in it. */
  timeZone: string;
  /** The shop's currency now (payments are credited in it). */
  currency: () => string;
  /** A payment rail's name by its id. */
  railName: (id: string) => string | undefined;
  logger: Logger;
  everyMs?: number;
}

/** The date (YYYY-MM-DD), hour, minute and second of `ms` in `timeZone`. */
export function zonedParts(ms: number, timeZone: string) {
  const parts = dateFormat("en-CA", {
    timeZone,
    ...{ year: "numeric", month: "2-digit", day: "2-digit" },
    ...{ hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" },
  }).formatToParts(ms);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "0";
  const [hour, minute, second] = ["hour", "minute", "second"].map((p) => Number(part(p)));
  return {
    date: `${part("year")}-${part("month")}-${part("day")}`,
    hour: hour ?? 0,
    minute: minute ?? 0,
    second: second ?? 0,
  };
}

/**
 * The daily report on a BullMQ job scheduler: every few minutes it looks whether the owner's
 * hour (in SHOP_TIME_ZONE) has come today and today's report has not gone out, then posts the
 * last whole UTC day's report to the staff group's report topic and/or privately (the group's
 * routing), once per date (a mark, and a once-key per date and chat in the outbox). A job queued
 * by an owner's "Send the report now" posts it at once.
 */
export function createDailyReportTask(deps: DailyReportDeps): PeriodicTask {
  return {
    name: DAILY_REPORT_TASK,
    everyMs: deps.everyMs ?? DAILY_REPORT_EVERY_MS,
    run: async (data) => {
      const asked = nowData.safeParse(data);
      if (asked.success) return post(deps, deps.clock.now(), `report:now:${asked.data.at}`);
      return dueReport(deps);
    },
  };
}

async function dueReport(deps: DailyReportDeps): Promise<{ sent?: string; skipped?: string }> {
  const hour = (await deps.group.get())?.reportHour;
  if (hour === undefined) return { skipped: "off" };
  const now = deps.clock.now();
  const local = zonedParts(now, deps.timeZone);
  if (local.hour < hour) return { skipped: "not yet" };
  if (await deps.redis.exists(sentKey(local.date))) return { skipped: "sent" };
  // When it was due today: the day reported is the last whole UTC day before then.
  const dueAt = now - ((local.hour - hour) * 60 + local.minute) * MINUTE - local.second * 1_000;
  await post(deps, dueAt, `report:${local.date}`);
  await deps.redis.set(sentKey(local.date), "1", "EX", SENT_KEPT_SECONDS);
  deps.logger.info({ date: local.date }, "daily report sent");
  return { sent: local.date };
}

/** Posts the report of the last whole UTC day before `at`, once per `once` and chat. */
async function post(deps: DailyReportDeps, at: number, once: string): Promise<{ sent: string }> {
  const figures = await deps.reports.figures(Math.floor(at / DAY) * DAY - DAY);
  const now = deps.clock.now();
  await deps.staffNotices.send("report", {
    once,
    text: (t, locale) =>
      dailyReportText(
        {
          ...{ t, locale, now, currency: deps.currency() },
          wayName: (id) => (id === TELEGRAM_RAIL ? t("staff-payment-telegram") : (deps.railName(id) ?? id)),
        },
        figures,
      ),
  });
  return { sent: once };
}

/**
 * An owner's "Send the report now": a job on the maintenance queue (the bot process only produces
 * it), one waiting at a time.
 */
export class DailyReportQueue implements ReportRuns {
  private readonly queue: Queue;

  constructor(connection: Redis) {
    this.queue = new Queue(MAINTENANCE_QUEUE, { connection, prefix: QUEUE_PREFIX });
  }

  async runNow(): Promise<void> {
    await this.queue.add(
      DAILY_REPORT_TASK,
      { now: true, at: Date.now() },
      { deduplication: { id: "daily-report-now" }, removeOnComplete: 50, removeOnFail: 200 },
    );
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}
