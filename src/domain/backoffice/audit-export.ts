import type { AuditEntry, AuditFilter, AuditLog } from "../staff/index.js";
import { csvLine } from "./export.js";

/**
 * The audit log as a CSV document (spreadsheets, an auditor's copy): every entry of a filter,
 * oldest first, streamed from the log chunk by chunk (AuditLog.all), so a year of entries never
 * sits in memory. Cells are written by the shop's one CSV writer (RFC 4180, formula-safe).
 */
export const AUDIT_CSV_HEADER = [
  "time",
  "actor_id",
  "actor_name",
  "role",
  "action",
  "subject",
  "before",
  "after",
  "outcome",
  "note",
] as const;

/** A staff member's name as the shop knows it (their @username or first name), if it does. */
export type ActorNames = (actorId: number) => Promise<string | undefined>;

function auditLine(e: AuditEntry, name: string | undefined): string {
  return csvLine([
    new Date(e.at).toISOString(),
    e.actorId,
    name,
    e.role,
    e.action,
    e.subject,
    e.before,
    e.after,
    e.outcome,
    e.note,
  ]);
}

/** The CSV as text chunks: a byte order mark and the header, then one chunk per chunk of entries. */
export async function* auditCsv(
  log: Pick<AuditLog, "all">,
  filter: AuditFilter,
  names: ActorNames,
): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(AUDIT_CSV_HEADER)}`;
  // Names looked up once per staff member per export.
  const known = new Map<number, Promise<string | undefined>>();
  const nameOf = (id: number) => {
    const name = known.get(id) ?? names(id).catch(() => undefined);
    known.set(id, name);
    return name;
  };
  for await (const entries of log.all(filter)) {
    const lines = await Promise.all(entries.map(async (e) => auditLine(e, await nameOf(e.actorId))));
    yield lines.join("");
  }
}

/** The same chunks as bytes, for an upload (grammY's InputFile takes an async iterable). */
export async function* auditCsvBytes(
  log: Pick<AuditLog, "all">,
  filter: AuditFilter,
  names: ActorNames,
): AsyncGenerator<Uint8Array> {
  const encoder = new TextEncoder();
  for await (const chunk of auditCsv(log, filter, names)) yield encoder.encode(chunk);
}

/** `audit-2026-01-31.csv`: the UTC day of the export. */
export function auditFileName(now: number): string {
  return `audit-${new Date(now).toISOString().slice(0, 10)}.csv`;
}
