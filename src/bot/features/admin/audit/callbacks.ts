import { z } from "zod";
import type { NameRefs } from "#src/bot/name-refs.js";
import type { AuditFilter } from "#src/domain/staff/index.js";
import { callbackCodec, cbPage } from "#src/render/callback-data.js";

/**
 * Callback data of the Audit log section: a page of a filter, the filter choices (a staff member
 * from a list, a customer or a subject typed in a dialog) and the CSV export of a filter. On the
 * wire `a.au:<act>:<page>:<filter>`, the filter `""` (every entry), `a<staff id>` or `s<subject>`
 * (a long subject by reference, see NameRefs). Only roles with `audit` may press them (guard.ts).
 */
export const AUDIT_PREFIX = "a.au";

export const auditCb = callbackCodec(AUDIT_PREFIX, {
  act: z.enum(["page", "staff", "cust", "subj", "csv"]),
  page: cbPage.default(0),
  f: z
    .string()
    .regex(/^(|a\d{1,16}|s\S{1,128})$/)
    .default(""),
});
export type AuditCb = NonNullable<ReturnType<typeof auditCb.unpack>>;

/** Longest subject carried as itself (percent-encoded it must fit the 64 bytes with the rest). */
const SUBJECT_FITS = 36;

/** A filter as callback text (a long subject kept in Redis and referred to). */
export async function filterData(refs: NameRefs, filter: AuditFilter): Promise<string> {
  if (filter.actorId !== undefined) return `a${filter.actorId}`;
  if (filter.subject === undefined) return "";
  const fits = Buffer.byteLength(encodeURIComponent(filter.subject)) <= SUBJECT_FITS;
  return `s${await refs.refer("audit", filter.subject, "subject", fits)}`;
}

/** The filter of callback text; undefined when its reference expired (an old screen). */
export async function filterOf(refs: NameRefs, data: string): Promise<AuditFilter | undefined> {
  if (data === "") return {};
  if (data.startsWith("a")) return { actorId: Number(data.slice(1)) };
  const subject = await refs.resolve("audit", data.slice(1));
  return subject === undefined ? undefined : { subject };
}
