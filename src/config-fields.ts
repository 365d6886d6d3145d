import { z } from "zod";

/** Bounded settings of config.ts, each with the message that names what is wrong. */

/** How long the polling lease lasts without renewal: a dead poller's successor waits at most this. */
export const pollingLeaseMs = z.coerce
  .number({ error: "must be a number of milliseconds" })
  .int("must be a whole number of milliseconds")
  .min(1_000, "must be at least 1000 ms")
  .max(600_000, "must be at most 600000 ms (10 minutes)");

/**
 * Minutes between two drift reconciliations (a day at most). Fractions are allowed (0.5 = every
 * 30 s) for a trial shop, and so a test sees several rounds without waiting minutes.
 */
export const driftSyncMinutes = z.coerce
  .number({ error: "must be a number of minutes" })
  .min(0.1, "must be at least 0.1 minute (6 seconds)")
  .max(1_440, "must be at most 1440 minutes (a day)");

/** Seconds a node edit the bot gave up on may still land (no days sent to that client meanwhile). */
export const nodeEditDoubtSeconds = z.coerce
  .number({ error: "must be a number of seconds" })
  .int("must be a whole number of seconds")
  .min(1, "must be at least 1 second")
  .max(3_600, "must be at most 3600 seconds (an hour)");

/** How far V8 lets the old generation grow past what the last full collection kept (percent). */
export const heapGrowthPercent = z.coerce
  .number({ error: "must be a percentage" })
  .int("must be a whole percentage")
  .min(0, "must be 0 (V8 decides) or 10 to 400")
  .max(400, "must be at most 400")
  .refine((p) => p === 0 || p >= 10, "must be 0 (V8 decides) or 10 to 400");

/** An IANA time zone name (Europe/Berlin, UTC), read in its canonical spelling. */
export const shopTimeZone = z.string().transform((name, ctx) => {
  try {
    return new Intl.DateTimeFormat("en", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    ctx.addIssue({ code: "custom", message: "must be an IANA time zone name, e.g. Europe/Berlin or UTC" });
    return z.NEVER;
  }
});

/** How long a Mini App's initData is accepted after Telegram signed it (seconds). */
export const initDataMaxAge = z.coerce
  .number({ error: "must be a number of seconds" })
  .int("must be a whole number of seconds")
  .min(60, "must be at least 60 seconds")
  .max(86_400, "must be at most 86400 seconds (a day)");

/** A count of requests a cabinet budget allows (per customer or per address, per its period). */
export const requestCount = (max: number) =>
  z.coerce
    .number({ error: "must be a number of requests" })
    .int("must be a whole number of requests")
    .min(1, "must be at least 1")
    .max(max, `must be at most ${max}`);

/** Seconds a cabinet session lasts after its last use. */
export const sessionSeconds = z.coerce
  .number({ error: "must be a number of seconds" })
  .int("must be a whole number of seconds")
  .min(60, "must be at least 60 seconds")
  .max(86_400, "must be at most 86400 seconds (a day)");

/** Days the audit log keeps an entry (a week at least, ten years at most). */
export const auditKeepDays = z.coerce
  .number({ error: "must be a number of days" })
  .int("must be a whole number of days")
  .min(7, "must be at least 7 days")
  .max(3_650, "must be at most 3650 days (ten years)");
/** Days a finished order, ledger entry or payment stays in Redis before it goes to the archive on disk. */
export const archiveAfterDays = z.coerce
  .number({ error: "must be a number of days" })
  .int("must be a whole number of days")
  .min(30, "must be at least 30 days (payments are replayed and refunded within that)")
  .max(3_650, "must be at most 3650 days (ten years)");
/** Minutes a support ticket may wait for staff before they are reminded (a week at most). */
export const ticketRemindMinutes = z.coerce
  .number({ error: "must be a number of minutes" })
  .int("must be a whole number of minutes")
  .min(1, "must be at least 1 minute")
  .max(10_080, "must be at most 10080 minutes (a week)");
