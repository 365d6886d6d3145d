import type { Redis } from "ioredis";
import type { Locale } from "../config.js";
import type { BooksServices } from "../domain/books/index.js";
import {
  DRIFT_KINDS,
  type DriftRunSummary,
  type DriftRuns,
  type DriftServices,
  type Finding,
} from "../domain/drift/index.js";
import type { Metrics } from "../http/metrics.js";
import { findingLine } from "../render/drift-findings.js";
import type { I18nLike } from "../render/i18n-like.js";
import { SYNC_HOME } from "../render/sync-callbacks.js";
import { MINUTE } from "../runtime/clock.js";
import { Queue } from "../runtime/library-parts.js";
import type { Logger } from "../runtime/logger.js";
import { MAINTENANCE_QUEUE, type PeriodicTask } from "./maintenance.js";
import type { Outbox } from "./outbox.js";
import { QUEUE_PREFIX } from "./queues.js";
import { fixedStaffNotices, type StaffNoticeSender } from "./staff-notices.js";

export const DRIFT_SYNC_TASK = "drift-sync";
/** Default interval of the reconciliation (DRIFT_SYNC_MINUTES overrides it). */
export const DRIFT_SYNC_EVERY_MS = 15 * MINUTE;
/** Findings named one by one in the admins' report; the rest are counted. */
const REPORT_LINES = 15;

export interface DriftSyncDeps {
  drift: Pick<DriftServices, "sync">;
  books: Pick<BooksServices, "customers">;
  outbox: Pick<Outbox, "sendMany">;
  i18n: I18nLike;
  /** Who hears of new findings when no `staffNotices` is given. */
  adminIds: readonly number[];
  /** Where the findings go (the staff group's reconciliation topic and the staff by role). */
  staffNotices?: StaffNoticeSender | undefined;
  defaultLocale: Locale;
  logger: Logger;
  metrics?: Pick<Metrics, "driftFound" | "driftRepaired" | "driftSeconds"> | undefined;
  everyMs?: number | undefined;
}

/**
 * The reconciliation as a periodic task on the maintenance queue (a BullMQ job scheduler, every
 * 15 minutes by default): one run across all processes (the scheduler makes one job; the
 * reconciler's lease keeps a "Run now" from overlapping it). New findings reach the admins once.
 */
export function createDriftSyncTask(deps: DriftSyncDeps): PeriodicTask {
  const staff =
    deps.staffNotices ?? fixedStaffNotices(deps.adminIds, { ...deps, customers: deps.books.customers });
  const reporter = { report: (fresh: Finding[]) => reportFindings(staff, fresh) };
  return {
    name: DRIFT_SYNC_TASK,
    everyMs: deps.everyMs ?? DRIFT_SYNC_EVERY_MS,
    run: async () => {
      const summary = await deps.drift.sync.reconciler.run(reporter);
      if (summary) observe(deps.metrics, summary);
      else deps.logger.info("drift: another run holds the lease; this one skipped");
      return summary ?? { skipped: "busy" };
    },
  };
}

function observe(metrics: DriftSyncDeps["metrics"], summary: DriftRunSummary): void {
  if (!metrics) return;
  for (const kind of DRIFT_KINDS) {
    if (summary.fresh[kind] > 0) metrics.driftFound.inc({ kind }, summary.fresh[kind]);
    if (summary.repaired[kind] > 0) metrics.driftRepaired.inc({ kind }, summary.repaired[kind]);
  }
  metrics.driftSeconds.observe(summary.durationMs / 1000);
}

/** One message naming the new findings (the first REPORT_LINES), with the Sync button in private chats. */
async function reportFindings(staff: StaffNoticeSender, fresh: Finding[]): Promise<void> {
  const batch = fresh.map((f) => f.id).join(",");
  await staff.send("reconciliation", {
    once: `drift:${hashOf(batch)}`,
    text: (t, locale) => {
      const lines = fresh.slice(0, REPORT_LINES).map((f) => `• ${findingLine(t, f, locale)}`);
      if (fresh.length > REPORT_LINES)
        lines.push(t("drift-report-more", { count: fresh.length - REPORT_LINES }));
      return `${t("drift-report-head", { count: fresh.length })}\n\n${lines.join("\n")}`.slice(0, 4000);
    },
    keyboard: (t) => ({ inline_keyboard: [[{ text: t("drift-report-open"), callback_data: SYNC_HOME }]] }),
  });
}

function hashOf(text: string): string {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(31, h) + text.charCodeAt(i)) | 0;
  return (h >>> 0).toString(36);
}

/**
 * The admins' "Run now": a job on the maintenance queue (the bot process only produces it). One
 * waiting at a time (deduplicated while queued or running).
 */
export class DriftRunQueue implements DriftRuns {
  private readonly queue: Queue;

  constructor(connection: Redis) {
    this.queue = new Queue(MAINTENANCE_QUEUE, { connection, prefix: QUEUE_PREFIX });
  }

  async runNow(): Promise<void> {
    await this.queue.add(
      DRIFT_SYNC_TASK,
      {},
      { deduplication: { id: "drift-sync-now" }, removeOnComplete: 50, removeOnFail: 200 },
    );
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}
