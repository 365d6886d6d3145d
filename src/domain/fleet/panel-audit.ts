import type { Changed, CreateOutcome, Everywhere, Extended, LocationOutcome } from "./panel-clients.js";
import { type ActEnd, errorNote } from "./staff-acts.js";

/** How the staff's panel changes end in the audit log (PanelClients' typed results, in a few words). */

export const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** Locations in a few words: `main: expires …; 2: failed (…)`. */
function rowsText(rows: readonly LocationOutcome[]): string {
  return rows
    .map((r) => {
      if (r.state === "failed") return `${r.location.id}: failed (${errorNote(r.error).slice(0, 80)})`;
      if (r.state === "absent") return `${r.location.id}: absent`;
      return `${r.location.id}: ${r.expiresAt === undefined ? "done" : `expires ${iso(r.expiresAt)}`}`;
    })
    .join("; ");
}

/** A change on every location: done where it went everywhere it was, failed when a location failed. */
export function everywhereEnd(result: Everywhere | Changed): ActEnd {
  if (!result.ok) return { outcome: "failed", note: errorNote(result.error) };
  const failed = result.rows.some((r) => r.state === "failed");
  return { outcome: failed ? "failed" : "done", after: rowsText(result.rows) };
}

export function extendedEnd(result: Extended): ActEnd {
  if (result.kind === "stale") return { outcome: "failed", note: "the target is past: nothing sent" };
  if (result.kind === "failed") return { outcome: "failed", note: errorNote(result.error) };
  return everywhereEnd({ ok: true, rows: result.rows });
}

export function createdEnd(outcome: CreateOutcome): ActEnd {
  const after = outcome.rows.map((r) => `${r.location.id}: ${r.state}`).join("; ");
  return { outcome: outcome.rows.some((r) => r.state === "failed") ? "failed" : "done", after };
}
