import type { IncomingMessage, ServerResponse } from "node:http";
import type { RailPayments } from "../domain/settlement/index.js";
import { clientAddress } from "../runtime/client-address.js";
import type { Logger } from "../runtime/logger.js";
import type { Budget, RateBudgets } from "../store/rate-budget.js";

/** A provider's notification larger than this is refused (theirs are a few kilobytes). */
const MAX_NOTIFICATION_BYTES = 64 * 1024;

/** `/payments/<rail id>`: the rail a notification is for. */
export const PAYMENTS_PATH = /^\/payments\/([a-z][a-z0-9]{1,20})$/;

/**
 * Notifications one client address may send: 120 a minute. A provider sends one or two per
 * payment and sends again what was refused; each notification costs a read-back from the rail's
 * API, so a flood of forged ones would spend the shop's API quota and the bot's time.
 */
export const NOTIFICATION_BUDGET: Budget = { capacity: 120, refillMs: 60_000 };

/** Counts each address's notifications in Redis (one budget across processes). */
export interface NotificationFlood {
  budgets: RateBudgets;
  /** WEBAPP_TRUST_PROXY: proxies in front of the bot whose X-Forwarded-For is believed. */
  trustedProxies: number;
  /** Default NOTIFICATION_BUDGET. */
  budget?: Budget;
}

export type PaymentsHandler = (req: IncomingMessage, res: ServerResponse, railId: string) => Promise<void>;

/**
 * The rails' notifications (`POST /payments/cryptopay`, `POST /payments/yookassa`). Each is
 * vouched for by its rail (a signature) and every payment it names is read back from the rail,
 * stored in the payment inbox and credited once, before the provider hears 200. A notification
 * the rail cannot vouch for is refused (401) and nothing is looked up; one that could not be
 * stored (Redis down) answers 500, so the provider sends it again.
 */
export function railNotifications(
  railPayments: RailPayments,
  logger: Logger,
  flood?: NotificationFlood,
): PaymentsHandler {
  return async (req, res, railId) => {
    if (!railPayments.rail(railId)) return answer(res, 404);
    if (req.method !== "POST") return answer(res, 405);
    if (flood && !(await withinBudget(flood, req, res, logger))) return;
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

/**
 * Takes one notification from the client address's budget; past it the request is answered 429
 * with Retry-After (the provider sends it again; the rail's poll finds the payment meanwhile) and
 * its body is not read. Redis down: 500, as a notification that could not be stored.
 */
async function withinBudget(
  flood: NotificationFlood,
  req: IncomingMessage,
  res: ServerResponse,
  logger: Logger,
): Promise<boolean> {
  const address = clientAddress(req, flood.trustedProxies);
  let take: Awaited<ReturnType<RateBudgets["take"]>>;
  try {
    take = await flood.budgets.take(`a:${address}`, flood.budget ?? NOTIFICATION_BUDGET);
  } catch (err) {
    logger.error({ err }, "a rail notification's budget could not be read; not acknowledging it");
    answer(res, 500);
    return false;
  }
  if (take.ok) return true;
  logger.warn({ address }, "rail notifications past their budget from one address: answered 429");
  res.setHeader("retry-after", String(Math.ceil(take.retryAfterMs / 1000)));
  res.setHeader("connection", "close");
  answer(res, 429);
  return false;
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
