import type { AuditLog } from "../domain/staff/index.js";
import { DAY, MINUTE } from "../runtime/clock.js";
import type { Logger } from "../runtime/logger.js";
import type { PeriodicTask } from "./maintenance.js";

/** The default of AUDIT_KEEP_DAYS. */
export const AUDIT_KEEP_DAYS = 365;
/** A `started` entry older than this lost its process: the action's outcome is `unknown`. */
export const AUDIT_STARTED_MAX_MS = 10 * MINUTE;
export const AUDIT_RETENTION_EVERY_MS = 5 * MINUTE;

export interface AuditRetentionDeps {
  audit: Pick<AuditLog, "settleStarted" | "trim">;
  logger: Logger;
  /** AUDIT_KEEP_DAYS (365). */
  keepDays?: number | undefined;
  everyMs?: number;
}

/**
 * Keeps the audit log to its configured length and settles its leftovers: entries older than
 * AUDIT_KEEP_DAYS go (a bounded number a run; a backlog goes over the next runs), and actions
 * begun outside Redis whose process died before their outcome was written (still `started` after
 * ten minutes) become `unknown`, so the log never shows them as still running.
 */
export async function keepAuditLog(deps: AuditRetentionDeps): Promise<{ settled: number; trimmed: number }> {
  const settled = await deps.audit.settleStarted(AUDIT_STARTED_MAX_MS);
  const trimmed = await deps.audit.trim((deps.keepDays ?? AUDIT_KEEP_DAYS) * DAY);
  if (settled > 0) deps.logger.warn({ settled }, "audit entries left started marked unknown");
  if (trimmed > 0) deps.logger.info({ trimmed }, "audit entries past their retention removed");
  return { settled, trimmed };
}

export function createAuditRetentionTask(deps: AuditRetentionDeps): PeriodicTask {
  return {
    name: "audit-retention",
    everyMs: deps.everyMs ?? AUDIT_RETENTION_EVERY_MS,
    run: () => keepAuditLog(deps),
  };
}
