import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Logger } from "../runtime/logger.js";
import type { Metrics } from "./metrics.js";

export type WebhookHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export interface HttpServerDeps {
  metrics: Metrics;
  logger: Logger;
  /** True when Redis answers and the bot is running. */
  healthy: () => Promise<boolean>;
  webhook?: { path: string; handler: WebhookHandler };
  /** The customer cabinet (Mini App): its page under `/app/`, its API under `/app/api/`. */
  webapp?: WebhookHandler;
}

/**
 * The bot's own HTTP server: `/healthz`, `/metrics`, the customer cabinet under `/app/` and, in
 * webhook mode, the update endpoint.
 */
export function createHttpServer(deps: HttpServerDeps): Server {
  return createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    const route = async () => {
      if (req.method === "GET" && path === "/healthz") {
        const up = await deps.healthy().catch(() => false);
        return reply(res, up ? 200 : 503, { ok: up });
      }
      if (req.method === "GET" && path === "/metrics") {
        const body = await deps.metrics.registry.metrics();
        res.writeHead(200, { "content-type": deps.metrics.registry.contentType });
        return res.end(body);
      }
      if (deps.webapp && /^\/app(\/|$)/.test(path ?? "")) return deps.webapp(req, res);
      if (deps.webhook && path === deps.webhook.path) {
        if (req.method !== "POST") return reply(res, 405, { ok: false });
        return deps.webhook.handler(req, res);
      }
      return reply(res, 404, { ok: false });
    };
    route().catch((err: unknown) => {
      deps.logger.error({ err, path }, "http handler failed");
      if (!res.headersSent) reply(res, 500, { ok: false });
      else res.end();
    });
  });
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
