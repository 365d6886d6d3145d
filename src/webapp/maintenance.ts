import { z } from "zod";
import { maintenanceWords } from "../render/maintenance.js";
import type { Caller, WebappDeps } from "./context.js";
import { unixSeconds } from "./schemas.js";

/**
 * While the shop is closed, what sells or moves money answers 503 with this: the page shows the
 * words (the title among its own labels, `webapp-maintenance`), the admins' message (or why the
 * shop closed by itself) and when it is expected back. The rest of the cabinet stays open: the
 * caller's subscriptions, their links and QR codes (the access keeps working, and setting it up
 * on a new device needs them), usage, wallet, gifts, invitations, status, the language, and
 * cancelling an order not paid (nothing is charged).
 */
export const maintenanceResponse = z.strictObject({
  ok: z.literal(false),
  error: z.literal("maintenance"),
  title: z.string(),
  /** The admins' message, or why the shop closed by itself; null: none. */
  message: z.string().nullable(),
  /** When the shop is expected back (the admins' end time); null: not said. */
  ends_at: unixSeconds.nullable(),
  ends_at_text: z.string().nullable(),
});

export type MaintenanceRefusal = z.output<typeof maintenanceResponse>;

/**
 * The 503 answer while the shop is closed now (with the seconds to its end time for
 * `Retry-After`, when one is set), or undefined while it is open.
 */
export async function maintenanceRefusal(
  deps: WebappDeps,
  caller: Caller,
): Promise<{ body: MaintenanceRefusal; retryAfterSeconds: number | undefined } | undefined> {
  const closed = await deps.catalog.maintenance.closed();
  if (!closed) return undefined;
  const words = maintenanceWords(caller.t, caller.locale, closed);
  const endsAt = closed.kind === "manual" ? closed.endsAt : undefined;
  const body = maintenanceResponse.parse({
    ok: false,
    error: "maintenance",
    title: words.title,
    message: words.message ?? words.reason ?? null,
    ends_at: endsAt === undefined ? null : Math.floor(endsAt / 1000),
    ends_at_text: words.until ?? null,
  });
  const retryAfterSeconds =
    endsAt === undefined ? undefined : Math.max(1, Math.ceil((endsAt - deps.clock.now()) / 1000));
  return { body, retryAfterSeconds };
}
