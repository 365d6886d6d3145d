import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";

/** One request as the fake saw it, for assertions. */
export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  body: unknown;
}

export interface FakeReply {
  status: number;
  body: unknown;
  /** The body already serialized, sent as it is (a long listing served many times). */
  raw?: Buffer;
}

export interface RouteContext {
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  headers: IncomingMessage["headers"];
}

export type RouteHandler = (ctx: RouteContext) => FakeReply | Promise<FakeReply>;

interface Route {
  method: string;
  pattern: RegExp;
  names: string[];
  handler: RouteHandler;
}

interface Injected {
  match: (method: string, path: string) => boolean;
  times: number;
  reply?: FakeReply;
  delayMs?: number;
  /** Held until released (a gate: the test decides when the request goes on). */
  gate?: { reached: () => void; released: Promise<void> };
  /** Handle the request (the write happens), then answer this instead, or cut the connection. */
  lostAnswer?: FakeReply | "drop";
}

export const ok = (body: Record<string, unknown> = {}): FakeReply => ({
  status: 200,
  body: { ok: true, ...body },
});
export const fail = (status: number, error: string, extra: Record<string, unknown> = {}): FakeReply => ({
  status,
  body: { ok: false, error, ...extra },
});

/**
 * A small real HTTP(S) server with a route table, a request log and fault injection,
 * the common base of the fake hosting APIs. Listens on 127.0.0.1 only.
 */
export class HttpFake {
  readonly seen: SeenRequest[] = [];
  private readonly routes: Route[] = [];
  private readonly injected: Injected[] = [];
  private server: Server | undefined;
  private scheme = "http";
  /** Requests being handled (a delayed one counts until it is answered), and who waits for none. */
  private busy = 0;
  private idleWaiters: (() => void)[] = [];
  port = 0;
  /** Every request is held this long before it is handled (benchmarks: a distant hosting API). */
  latencyMs = 0;

  /** `:name` segments capture one decoded path segment. */
  route(method: string, path: string, handler: RouteHandler): this {
    const names: string[] = [];
    const source = path.replace(/:([a-zA-Z_]+)/g, (_m, name: string) => {
      names.push(name);
      return "([^/]+)";
    });
    this.routes.push({ method, pattern: new RegExp(`^${source}$`), names, handler });
    return this;
  }

  /** The next `times` requests matching `method path` (path as a regexp source) get `reply`. */
  failNext(method: string, pathPattern: string, reply: FakeReply, times = 1): void {
    const re = new RegExp(`^${pathPattern}$`);
    this.injected.push({ match: (m, p) => m === method && re.test(p), times, reply });
  }

  /** The next `times` matching requests are held for `delayMs` before being handled. */
  delayNext(method: string, pathPattern: string, delayMs: number, times = 1): void {
    const re = new RegExp(`^${pathPattern}$`);
    this.injected.push({ match: (m, p) => m === method && re.test(p), times, delayMs });
  }

  /**
   * The next matching request is held until `release()`; `reached` resolves once it arrives. For
   * overlaps that must not depend on timing ("the second call comes while the first is inside").
   */
  holdNext(method: string, pathPattern: string): { reached: Promise<void>; release: () => void } {
    const re = new RegExp(`^${pathPattern}$`);
    let reached = (): void => {};
    let release = (): void => {};
    const arrived = new Promise<void>((r) => {
      reached = r;
    });
    const released = new Promise<void>((r) => {
      release = r;
    });
    this.injected.push({
      match: (m, p) => m === method && re.test(p),
      times: 1,
      gate: { reached, released },
    });
    return { reached: arrived, release };
  }

  /**
   * The next `times` matching requests are applied as usual, but their answer is lost: the
   * client gets `answer` (default a 503) or, with `"drop"`, the connection is cut. For "the
   * write happened, the reply did not arrive". For "slow, then applied" use `delayNext` with a
   * delay longer than the client's timeout.
   */
  loseAnswerNext(
    method: string,
    pathPattern: string,
    answer: FakeReply | "drop" = fail(503, "Service Unavailable"),
    times = 1,
  ): void {
    const re = new RegExp(`^${pathPattern}$`);
    this.injected.push({ match: (m, p) => m === method && re.test(p), times, lostAnswer: answer });
  }

  /** Drops every fault armed by failNext, delayNext or loseAnswerNext and not used yet. */
  disarm(): void {
    this.injected.length = 0;
  }

  /** Requests being handled now (a delayed one counts until it is answered). */
  get held(): number {
    return this.busy;
  }

  /** Resolves once no request is being handled (a delayed write has been applied and answered). */
  idle(): Promise<void> {
    if (this.busy === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Requests seen for a method and exact path. */
  count(method: string, path: string): number {
    return this.seen.filter((r) => r.method === method && r.path === path).length;
  }

  get url(): string {
    return `${this.scheme}://127.0.0.1:${this.port}`;
  }

  async start(tls?: { key: string; cert: string }): Promise<this> {
    const listener = (req: IncomingMessage, res: ServerResponse) => {
      void this.handle(req, res);
    };
    this.scheme = tls ? "https" : "http";
    this.server = tls ? createHttpsServer(tls, listener) : createHttpServer(listener);
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections?.();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    this.server = undefined;
  }

  /** Hook for subclasses: answer before routing (auth checks). */
  protected guard(
    _method: string,
    _path: string,
    _headers: IncomingMessage["headers"],
  ): FakeReply | undefined {
    return undefined;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.busy++;
    try {
      await this.handleCounted(req, res);
    } finally {
      this.busy--;
      if (this.busy === 0) for (const wake of this.idleWaiters.splice(0)) wake();
    }
  }

  private async handleCounted(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://fake");
    const method = req.method ?? "GET";
    const path = url.pathname;
    const raw = (await readBody(req)).toString("utf8");
    let body: unknown;
    try {
      body = raw.length ? JSON.parse(raw) : undefined;
    } catch {
      return send(res, fail(400, "body is not JSON"));
    }
    this.seen.push({ method, path, query: url.searchParams, headers: req.headers, body });
    if (this.latencyMs > 0) await new Promise((r) => setTimeout(r, this.latencyMs));

    const injection = this.injected.find((i) => i.times > 0 && i.match(method, path));
    if (injection) {
      injection.times -= 1;
      if (injection.delayMs) await new Promise((r) => setTimeout(r, injection.delayMs));
      if (injection.gate) {
        injection.gate.reached();
        await injection.gate.released;
      }
      if (injection.reply) return send(res, injection.reply);
    }
    const lost = injection?.lostAnswer;
    const answer = (reply: FakeReply): void => {
      if (lost === "drop") res.destroy();
      else send(res, lost ?? reply);
    };

    const denied = this.guard(method, path, req.headers);
    if (denied) return answer(denied);

    for (const route of this.routes) {
      if (route.method !== method) continue;
      const m = route.pattern.exec(path);
      if (!m) continue;
      const params: Record<string, string> = {};
      route.names.forEach((name, i) => {
        params[name] = decodeURIComponent(m[i + 1] ?? "");
      });
      try {
        return answer(await route.handler({ params, query: url.searchParams, body, headers: req.headers }));
      } catch (err) {
        return answer(fail(500, err instanceof Error ? err.message : String(err)));
      }
    }
    return answer(fail(404, "not_found"));
  }
}

/** Reads the bearer token or X-API-Key value of a request. */
export function presentedToken(headers: IncomingMessage["headers"]): string | undefined {
  const auth = headers.authorization;
  if (typeof auth === "string" && auth.startsWith("Bearer ")) return auth.slice(7);
  const key = headers["x-api-key"];
  return typeof key === "string" ? key : undefined;
}

function send(res: ServerResponse, reply: FakeReply): void {
  if (res.destroyed) return;
  const text = reply.raw ?? JSON.stringify(reply.body);
  res.writeHead(reply.status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
  });
  res.end(text);
}

/** Reads a whole request body. */
export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}
