import type { Readable } from "node:stream";
import type { ApiClientOptions } from "grammy";
import { Agent, request } from "undici";

/** What grammY's client hands its `fetch`: a JSON string or a multipart stream, and its signal. */
interface FetchInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Readable;
  signal?: AbortSignal;
}

/** What grammY reads of the answer: only its JSON body. */
interface FetchAnswer {
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}

/**
 * The Bot API over undici's `request` on a keep-alive pool, instead of grammY's default
 * node-fetch: node-fetch builds a WHATWG Request, Headers and body streams for every call, which
 * was the largest single share of what the bot allocated per update (and of its garbage
 * collection). grammY only sends a JSON string or a multipart stream and reads the JSON answer,
 * so a plain request does the same job. Errors surface as grammY's HttpError as before.
 */
export const telegramFetch = ((url: string | URL, init: FetchInit = {}) =>
  call(url, init)) as unknown as NonNullable<ApiClientOptions["fetch"]>;

/** Connections stay open between calls (one pool for the process). */
const pool = new Agent({ keepAliveTimeout: 30_000 });

async function call(url: string | URL, init: FetchInit): Promise<FetchAnswer> {
  const answer = await request(url, {
    method: (init.method ?? "GET") as "GET" | "POST",
    headers: init.headers,
    body: init.body,
    signal: init.signal,
    dispatcher: pool,
  });
  return {
    ok: answer.statusCode >= 200 && answer.statusCode < 300,
    status: answer.statusCode,
    json: () => answer.body.json(),
  };
}
