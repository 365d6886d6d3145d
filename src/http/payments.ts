import type { IncomingMessage, ServerResponse } from "node:http";
import type { RailPayments } from "../domain/settlement/index.js";
import type { Logger } from "../runtime/logger.js";

/** A provider's notification larger than this is refused (theirs are a few kilobytes). */
const MAX_NOTIFICATION_BYTES = 64 * 1024;

/** `/payments/<rail id>`: the rail a notification is for. */
export const PAYMENTS_PATH = /^\/payments\/([a-z][a-z0-9]{1,20})$/;

export type PaymentsHandler = (req: IncomingMessage, res: ServerResponse, railId: string) => Promise<void>;

/**
 * The rails' notifications (`POST /payments/cryptopay`, `POST /payments/yookassa`). Each is
 * vouched for by its rail (a signature) and every payment it names is read back from the rail,
 * stored in the payment inbox and credited once, before the provider hears 200. A notification
 * the rail cannot vouch for is refused (401) and nothing is looked up; one that could not be
 * stored (Redis down) answers 500, so the provider sends it again.
 */
export function railNotifications(railPayments: RailPayments, logger: Logger): PaymentsHandler {
  return async (req, res, railId) => {
    if (!railPayments.rail(railId)) return answer(res, 404);
    if (req.method !== "POST") return answer(res, 405);
    const body = await readBody(req);
    if (body === undefined) {
      // The rest of the body is not read: this connection is not reused.
      res.setHeader("connection", "close");
      return answer(res, 413);
    }
    const headers: Record<string, string | undefined> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
    }
    let verdict: "refused" | "accepted";
    try {
      verdict = await railPayments.notify(railId, { headers, body });
    } catch (err) {
      logger.error({ err, rail: railId }, "a rail notification could not be settled; not acknowledging it");
      return answer(res, 500);
    }
    if (verdict === "refused") {
      logger.warn({ rail: railId }, "a rail notification was refused (not vouched for by the rail)");
      return answer(res, 401);
    }
    answer(res, 200);
  };
}

/** The body as text, or undefined when it is too large. */
async function readBody(req: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_NOTIFICATION_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function answer(res: ServerResponse, status: number): void {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
  res.end(JSON.stringify({ ok: status === 200 }));
}
