import type { IncomingMessage, ServerResponse } from "node:http";
import type { z } from "zod";
import { supportedLocale } from "../config.js";
import { topUpPresets } from "../domain/sales/index.js";
import { createOrder, topUp } from "./actions.js";
import { authenticate } from "./auth.js";
import { card, connect, me, orderStatus, plans, usage, walletPage } from "./cabinet.js";
import { type Caller, callerOf, Refusal, type WebappDeps } from "./context.js";
import {
  cardResponse,
  connectResponse,
  createdOrderResponse,
  createOrderRequest,
  errorResponse,
  invoiceResponse,
  meResponse,
  orderResponse,
  plansResponse,
  topUpRequest,
  usageResponse,
  walletResponse,
} from "./schemas.js";

/** A request body larger than this is refused (the API takes a few small fields). */
const MAX_BODY_BYTES = 4_096;

interface Request {
  caller: Caller;
  /** The path's captured id, if the route has one. */
  id: string;
  query: URLSearchParams;
  body: () => Promise<unknown>;
}

interface Route {
  method: "GET" | "POST";
  path: RegExp;
  schema: z.ZodType;
  run: (deps: WebappDeps, r: Request) => unknown;
}

const ID = "([A-Za-z0-9_-]{1,64})";

const ROUTES: Route[] = [
  { method: "GET", path: /^me$/, schema: meResponse, run: (d, r) => me(d, r.caller) },
  { method: "GET", path: /^plans$/, schema: plansResponse, run: (d, r) => plans(d, r.caller) },
  {
    method: "GET",
    path: new RegExp(`^subscriptions/${ID}$`),
    schema: cardResponse,
    run: (d, r) => card(d, r.caller, r.id),
  },
  {
    method: "GET",
    path: new RegExp(`^subscriptions/${ID}/usage$`),
    schema: usageResponse,
    run: (d, r) => usage(d, r.caller, r.id),
  },
  {
    method: "GET",
    path: new RegExp(`^subscriptions/${ID}/connect$`),
    schema: connectResponse,
    run: (d, r) => connect(d, r.caller, r.id),
  },
  {
    method: "POST",
    path: /^orders$/,
    schema: createdOrderResponse,
    run: async (d, r) => createOrder(d, r.caller, parseBody(createOrderRequest, await r.body())),
  },
  {
    method: "GET",
    path: new RegExp(`^orders/${ID}$`),
    schema: orderResponse,
    run: (d, r) => orderStatus(d, r.caller, r.id),
  },
  {
    method: "GET",
    path: /^wallet$/,
    schema: walletResponse,
    run: (d, r) => {
      const page = Number.parseInt(r.query.get("page") ?? "0", 10);
      const presets = topUpPresets(d.sales.shop.currency);
      return walletPage(d, r.caller, Number.isSafeInteger(page) ? page : 0, presets);
    },
  },
  {
    method: "POST",
    path: /^topups$/,
    schema: invoiceResponse,
    run: async (d, r) => topUp(d, r.caller, parseBody(topUpRequest, await r.body()).amount),
  },
];

function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new Refusal(400, "bad-request");
  return parsed.data;
}

/** Reads a small JSON body; anything else is a 400. */
async function readJson(req: IncomingMessage): Promise<unknown> {
  if (!/^application\/json\b/.test(req.headers["content-type"] ?? "")) throw new Refusal(415, "json-only");
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Refusal(413, "too-large");
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

/**
 * Who is asking: the user of a valid initData who is not blocked, in the customer's language (or
 * Telegram's for someone the shop does not know yet). Undefined after it has answered 401/403.
 */
async function callerFor(
  deps: WebappDeps,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<Caller | undefined> {
  const user = authenticate(req.headers.authorization, {
    botToken: deps.botToken,
    maxAgeSeconds: deps.initDataMaxAge,
    now: deps.clock.now(),
  });
  if (!user) {
    // Forged, expired or missing: nothing but the status.
    sendJson(res, 401, errorResponse.parse({ ok: false }));
    return undefined;
  }
  const customer = await deps.books.customers.get(user.id);
  if (customer?.blocked) {
    sendJson(res, 403, errorResponse.parse({ ok: false, error: "blocked" }));
    return undefined;
  }
  const locale = customer?.locale ?? supportedLocale(user.languageCode) ?? deps.defaultLocale;
  return callerOf(deps, user, locale);
}

/** `/app/api/<rest>`: authenticates, routes, runs, and answers the zod-checked result. */
export async function handleApi(
  deps: WebappDeps,
  req: IncomingMessage,
  res: ServerResponse,
  rest: string,
  query: URLSearchParams,
): Promise<void> {
  const caller = await callerFor(deps, req, res);
  if (!caller) return;
  const matches = ROUTES.map((route) => ({ route, m: route.path.exec(rest) })).filter((x) => x.m !== null);
  const found = matches.find((x) => x.route.method === req.method);
  if (!found) {
    sendJson(res, matches.length > 0 ? 405 : 404, errorResponse.parse({ ok: false, error: "not-found" }));
    return;
  }
  try {
    const result = await found.route.run(deps, {
      caller,
      id: found.m?.[1] ?? "",
      query,
      body: () => readJson(req),
    });
    sendJson(res, 200, found.route.schema.parse(result));
  } catch (err) {
    if (!(err instanceof Refusal)) throw err;
    sendJson(res, err.status, errorResponse.parse({ ok: false, error: err.error }));
  }
}
