import type { Readable } from "node:stream";
import type { ApiClientOptions } from "grammy";
import type { Dispatcher } from "undici";
import { Agent } from "./library-parts.js";

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
 * The Bot API over undici's dispatcher on a keep-alive pool, instead of grammY's default
 * node-fetch: node-fetch builds a WHATWG Request, Headers and body streams for every call, which
 * was the largest single share of what the bot allocated per update (and of its garbage
 * collection). grammY only sends a JSON string or a multipart stream and reads the JSON answer,
 * so the call is dispatched as is and the answer's bytes are collected straight from the socket
 * (undici's `request` wraps each answer in a Readable stream: a fifth of the bot's CPU went to
 * undici). Errors surface as grammY's HttpError as before.
 */
export const telegramFetch = ((url: string | URL, init: FetchInit = {}) =>
  call(url, init)) as unknown as NonNullable<ApiClientOptions["fetch"]>;

/** Connections stay open between calls (one pool for the process). */
const pool = new Agent({ keepAliveTimeout: 30_000 });

/**
 * Origin and path of a call's URL by slicing the string grammY built (`<apiRoot>/bot<token>/<method>`):
 * parsing a URL, or even looking the string up in a map, was a few per cent of the bot's CPU.
 */
export function targetOf(url: string | URL): { origin: string; path: string } {
  if (typeof url !== "string") return { origin: url.origin, path: `${url.pathname}${url.search}` };
  const scheme = url.indexOf("://");
  const slash = scheme < 0 ? -1 : url.indexOf("/", scheme + 3);
  if (slash < 0) return targetOf(new URL(url));
  return { origin: url.slice(0, slash), path: url.slice(slash) };
}

function call(url: string | URL, init: FetchInit): Promise<FetchAnswer> {
  const { origin, path } = targetOf(url);
  const signal = init.signal;
  return new Promise<FetchAnswer>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const chunks: Buffer[] = [];
    let status = 0;
    let controller: Dispatcher.DispatchController | undefined;
    const onAbort = () => controller?.abort(signal?.reason);
    const settle = () => signal?.removeEventListener("abort", onAbort);
    signal?.addEventListener("abort", onAbort, { once: true });
    pool.dispatch(
      {
        origin,
        path,
        method: (init.method ?? "GET") as Dispatcher.HttpMethod,
        headers: init.headers,
        body: init.body,
      },
      {
        onRequestStart(c) {
          controller = c;
          if (signal?.aborted) c.abort(signal.reason);
        },
        onResponseStart(_c, statusCode) {
          status = statusCode;
        },
        onResponseData(_c, chunk) {
          chunks.push(chunk);
        },
        onResponseEnd() {
          settle();
          // Parsed at once: the text dies here instead of waiting in a closure for grammY's
          // json() (held that way, the answers' text was a tenth of what outlived a scavenge).
          const parsed = parseAnswer(
            chunks.length === 1 ? String(chunks[0]) : Buffer.concat(chunks).toString(),
          );
          resolve({
            ok: status >= 200 && status < 300,
            status,
            json: async () => {
              if ("failure" in parsed) throw parsed.failure;
              return parsed.value;
            },
          });
        },
        onResponseError(_c, err) {
          settle();
          reject(err);
        },
      },
    );
  });
}

/** An answer's JSON, or why it is not JSON (thrown when grammY asks for it, as before). */
function parseAnswer(text: string): { value: unknown } | { failure: unknown } {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (failure) {
    return { failure };
  }
}
