import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Logger } from "../runtime/logger.js";
import type { Metrics } from "./metrics.js";
import { PAYMENTS_PATH, type PaymentsHandler } from "./payments.js";

export type WebhookHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export interface HttpServerDeps {
  logger: Logger;
  /** True when Redis answers and the bot is running. */
  healthy: () => Promise<boolean>;
  webhook?: { path: string; handler: WebhookHandler };
  /** The customer cabinet (Mini App): its page under `/app/`, its API under `/app/api/`. */
  webapp?: WebhookHandler;
  /** The payment rails' notifications, `POST /payments/<rail>` (see railNotifications). */
  payments?: PaymentsHandler;
}

/**
 * The bot's public server, the one a reverse proxy exposes: `/healthz`, the customer cabinet under
 * `/app/`, the payment rails' notifications under `/payments/` and, in webhook mode, the update
 * endpoint; every other path (`/metrics` too) is 404.
 */
export function createHttpServer(deps: HttpServerDeps): Server {
  return serve(deps.logger, async (req, res, path) => {
    if (req.method === "GET" && path === "/healthz") return health(res, deps.healthy);
    if (deps.webapp && /^\/app(\/|$)/.test(path)) return deps.webapp(req, res);
    const rail = deps.payments && PAYMENTS_PATH.exec(path)?.[1];
    if (deps.payments && rail) return deps.payments(req, res, rail);
    if (deps.webhook && path === deps.webhook.path) {
      if (req.method !== "POST") return reply(res, 405, { ok: false });
      return deps.webhook.handler(req, res);
    }
    return reply(res, 404, { ok: false });
  });
}

export interface OperatorsServerDeps {
  metrics: Metrics;
  logger: Logger;
  /** True when Redis answers and the process is running. */
  healthy: () => Promise<boolean>;
}

/**
 * The operators' listener (METRICS_HOST:METRICS_PORT, loopback by default): `/metrics` for
 * Prometheus (the shop's revenue counters among them) and `/healthz`; nothing else.
 */
export function createOperatorsServer(deps: OperatorsServerDeps): Server {
  return serve(deps.logger, async (req, res, path) => {
    if (req.method === "GET" && path === "/healthz") return health(res, deps.healthy);
    if (req.method === "GET" && path === "/metrics") {
      const body = await deps.metrics.registry.metrics();
      res.writeHead(200, { "content-type": deps.metrics.registry.contentType });
      res.end(body);
      return;
    }
    return reply(res, 404, { ok: false });
  });
}

type Route = (req: IncomingMessage, res: ServerResponse, path: string) => Promise<void>;

/** A server whose requests go to `route` with their path (no query); a throw answers 500. */
function serve(logger: Logger, route: Route): Server {
  return createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    route(req, res, path).catch((err: unknown) => {
      logger.error({ err, path }, "http handler failed");
      if (!res.headersSent) reply(res, 500, { ok: false });
      else res.end();
    });
  });
}

async function health(res: ServerResponse, healthy: () => Promise<boolean>): Promise<void> {
  const up = await healthy().catch(() => false);
  reply(res, up ? 200 : 503, { ok: up });
}

export async function listen(server: Server, host: string, port: number): Promise<AddressInfo> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return server.address() as AddressInfo;
}

/**
 * Stops accepting connections and resolves once the open ones are done; requests still running
 * after `forceAfterMs` (a webhook update whose handler hangs) have their connections cut.
 */
export function closeServer(server: Server, forceAfterMs = 2_000): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => server.closeAllConnections?.(), forceAfterMs);
    force.unref();
    server.closeIdleConnections?.();
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
  });
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}
