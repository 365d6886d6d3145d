import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { readBody } from "../test/fakes/http-fake.js";
import { parseMultipart } from "../test/fakes/telegram-api.js";

/** One Bot API call with the answer the stand-in gave. */
export interface BotCall {
  method: string;
  params: Record<string, unknown>;
  ok: boolean;
  /** The answer's `result` (e.g. the sent Message) when ok. */
  result: unknown;
  /** The error description when not ok. */
  description: string | undefined;
}

/**
 * A pass-through HTTP server in front of the Telegram stand-in: the bot's `BOT_API_ROOT` points here.
 * It forwards every request unchanged and reports each call together with its answer, so the chat sees
 * the message ids the stand-in assigned. It also tells when the bot is quiet and which updates it fetched.
 */
export class TelegramTap {
  /** The highest update_id the bot has fetched so far. */
  fetchedUpTo = 0;
  private server: Server | undefined;
  private port = 0;
  /** Bot API calls (other than the long poll) answered so far. */
  callsDone = 0;
  private busy = 0;
  private lastActivity = Date.now();

  constructor(
    private readonly upstream: string,
    private readonly onCall: (call: BotCall) => void,
  ) {}

  async start(): Promise<this> {
    const server = createServer((req, res) => {
      const abort = new AbortController();
      res.on("close", () => {
        if (!res.writableFinished) abort.abort();
      });
      this.forward(req, abort.signal).then(
        ({ status, body }) => {
          if (res.destroyed) return;
          res.writeHead(status, { "content-type": "application/json", "content-length": body.length });
          res.end(body);
        },
        () => res.destroy(),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
    return this;
  }

  get apiRoot(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /**
   * Resolves once no call (other than the long poll) has been in flight for `quietMs`, or after
   * `maxMs` in any case.
   */
  async quiet(quietMs: number, maxMs: number): Promise<void> {
    const until = Date.now() + maxMs;
    while (Date.now() < until) {
      if (this.busy === 0 && Date.now() - this.lastActivity >= quietMs) return;
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  /**
   * Resolves once a Bot API call made after `since` (a `callsDone` count) was answered, or after
   * `maxMs`: a busy machine may take longer than the quiet interval to answer an update, and a
   * pause with no call is not yet the answer.
   */
  async answered(since: number, maxMs: number): Promise<void> {
    const until = Date.now() + maxMs;
    while (this.callsDone <= since && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  }

  /** Resolves once the bot has fetched the update `updateId` (or after `maxMs`). */
  async fetched(updateId: number, maxMs: number): Promise<boolean> {
    const until = Date.now() + maxMs;
    while (this.fetchedUpTo < updateId) {
      if (Date.now() > until) return false;
      await new Promise((r) => setTimeout(r, 20));
    }
    return true;
  }

  private async forward(
    req: IncomingMessage,
    signal: AbortSignal,
  ): Promise<{ status: number; body: Buffer }> {
    const url = new URL(req.url ?? "/", this.apiRoot);
    const method = /\/([A-Za-z0-9_]+)\/?$/.exec(url.pathname)?.[1] ?? "";
    const polling = method.toLowerCase() === "getupdates";
    const raw = await readBody(req);
    if (!polling) this.activity(+1);
    try {
      const contentType = req.headers["content-type"] ?? "";
      const headers: Record<string, string> = contentType ? { "content-type": contentType } : {};
      let status: number;
      let body: Buffer;
      try {
        const res = await fetch(`${this.upstream}${url.pathname}${url.search}`, {
          method: req.method ?? "POST",
          headers,
          ...(raw.length > 0 ? { body: raw } : {}),
          signal,
        });
        status = res.status;
        body = Buffer.from(await res.arrayBuffer());
      } catch (err) {
        if (signal.aborted) throw err;
        status = 502;
        body = Buffer.from(
          JSON.stringify({ ok: false, error_code: 502, description: "Bad Gateway: stand-in unreachable" }),
        );
      }
      const answer = parseJson(body);
      if (polling) {
        for (const u of Array.isArray(answer?.result) ? answer.result : []) {
          const id = (u as { update_id?: unknown }).update_id;
          if (typeof id === "number" && id > this.fetchedUpTo) this.fetchedUpTo = id;
        }
      } else {
        this.report(method, url, contentType, raw, answer);
      }
      return { status, body };
    } finally {
      if (!polling) {
        this.callsDone++;
        this.activity(-1);
      }
    }
  }

  private report(
    method: string,
    url: URL,
    contentType: string,
    raw: Buffer,
    answer: Record<string, unknown> | undefined,
  ): void {
    let params: Record<string, unknown>;
    try {
      params = { ...Object.fromEntries(url.searchParams), ...parseParams(contentType, raw) };
    } catch {
      params = {};
    }
    try {
      this.onCall({
        method,
        params,
        ok: answer?.ok === true,
        result: answer?.result,
        description: typeof answer?.description === "string" ? answer.description : undefined,
      });
    } catch {
      // The chat's rendering must never break the bot's calls.
    }
  }

  private activity(delta: number): void {
    this.busy += delta;
    this.lastActivity = Date.now();
  }
}

function parseParams(contentType: string, raw: Buffer): Record<string, unknown> {
  if (raw.length === 0) return {};
  const type = contentType.toLowerCase();
  if (type.startsWith("multipart/form-data")) return parseMultipart(contentType, raw);
  if (type.startsWith("application/x-www-form-urlencoded")) {
    return Object.fromEntries(new URLSearchParams(raw.toString("utf8")));
  }
  return parseJson(raw) ?? {};
}

function parseJson(raw: Buffer): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(raw.toString("utf8"));
    return typeof v === "object" && v !== null && !Array.isArray(v)
      ? (v as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
