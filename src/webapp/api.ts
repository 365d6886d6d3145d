import type { IncomingMessage, ServerResponse } from "node:http";
import { supportedLocale } from "../config.js";
import { type Caller, callerOf, Refusal, type WebappDeps } from "./context.js";
import type { Authenticated, WebappGuard } from "./guard.js";
import { maintenanceRefusal } from "./maintenance.js";
import { ROUTES } from "./routes.js";
import { errorResponse, sessionResponse } from "./schemas.js";

/** A request body larger than this is refused (the API takes a few small fields). */
const MAX_BODY_BYTES = 4_096;

/** Reads a small JSON body (at most `max` bytes: 413 past it); anything else is a 400. */
async function readJson(req: IncomingMessage, max = MAX_BODY_BYTES): Promise<unknown> {
  if (!/^application\/json\b/.test(req.headers["content-type"] ?? "")) throw new Refusal(415, "json-only");
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > max) throw new Refusal(413, "too-large");
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw new Refusal(400, "bad-request");
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
  });
  res.end(JSON.stringify(body));
}

/** 429 with `Retry-After` (whole seconds, at least 1): the budget is spent for now. */
function sendTooMany(res: ServerResponse, retryAfterMs: number): void {
  res.setHeader("retry-after", String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
  sendJson(res, 429, errorResponse.parse({ ok: false, error: "rate-limited" }));
}

/**
 * Who is asking: the user of a fresh initData or of a session who is not blocked (read on every
 * request: a block takes effect at the next one), in the customer's language (or Telegram's for
 * someone the shop does not know yet). Undefined after it has answered 401, 403 or 429. The
 * address budget is spent before anything is verified, the customer's right after.
 */
async function callerFor(
  deps: WebappDeps,
  guard: WebappGuard,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<{ caller: Caller; auth: Authenticated } | undefined> {
  const address = await guard.takeAddress(req);
  if (!address.ok) return void sendTooMany(res, address.retryAfterMs);
  const auth = await guard.authenticate(req.headers.authorization, {
    botToken: deps.botToken,
    maxAgeSeconds: deps.initDataMaxAge,
    now: deps.clock.now(),
  });
  // Forged, expired or missing: nothing but the status.
  if (!auth) return void sendJson(res, 401, errorResponse.parse({ ok: false }));
  const spent = await guard.takeUser(auth.user.id);
  if (!spent.ok) return void sendTooMany(res, spent.retryAfterMs);
  const customer = await deps.books.customers.get(auth.user.id);
  if (customer?.blocked) return void sendJson(res, 403, errorResponse.parse({ ok: false, error: "blocked" }));
  const locale = customer?.locale ?? supportedLocale(auth.user.languageCode) ?? deps.defaultLocale;
  return { caller: callerOf(deps, auth.user, locale), auth };
}

/**
 * POST /app/api/session: a fresh initData exchanged for a session of its customer, so the page
 * need not carry the initData (accepted only minutes after Telegram signed it) for longer.
 */
async function openSession(
  deps: WebappDeps,
  guard: WebappGuard,
  res: ServerResponse,
  who: { caller: Caller; auth: Authenticated },
): Promise<void> {
  if (who.auth.via !== "init-data") return sendJson(res, 401, errorResponse.parse({ ok: false }));
  const { token, seconds } = await guard.openSession(who.auth.user, deps.clock.now());
  sendJson(res, 200, sessionResponse.parse({ ok: true, session: token, expires_in: seconds }));
}

/** `/app/api/<rest>`: guards, authenticates, routes, runs, and answers the zod-checked result. */
export async function handleApi(
  deps: WebappDeps,
  guard: WebappGuard,
  req: IncomingMessage,
  res: ServerResponse,
  rest: string,
  query: URLSearchParams,
): Promise<void> {
  const who = await callerFor(deps, guard, req, res);
  if (!who) return;
  const { caller } = who;
  if (rest === "session" && req.method === "POST") return openSession(deps, guard, res, who);
  const matches = ROUTES.map((route) => ({ route, m: route.path.exec(rest) })).filter((x) => x.m !== null);
  const found = matches.find((x) => x.route.method === req.method);
  if (!found) {
    sendJson(res, matches.length > 0 ? 405 : 404, errorResponse.parse({ ok: false, error: "not-found" }));
    return;
  }
  // The shop closed for maintenance: what sells or moves money waits (before any budget is spent).
  if (found.route.shop) {
    const refusal = await maintenanceRefusal(deps, caller);
    if (refusal) {
      if (refusal.retryAfterSeconds !== undefined)
        res.setHeader("retry-after", String(refusal.retryAfterSeconds));
      return sendJson(res, 503, refusal.body);
    }
  }
  if (found.route.costly) {
    const spent = await guard.takeOrder(caller.id);
    if (!spent.ok) return sendTooMany(res, spent.retryAfterMs);
  }
  try {
    const result = await found.route.run(deps, {
      caller,
      id: found.m?.[1] ?? "",
      query,
      body: () => readJson(req, found.route.maxBody),
    });
    sendJson(res, 200, found.route.schema.parse(result));
  } catch (err) {
    if (!(err instanceof Refusal)) throw err;
    const channels = err.channels ? { channels: err.channels } : {};
    sendJson(res, err.status, errorResponse.parse({ ok: false, error: err.error, ...channels }));
  }
}
