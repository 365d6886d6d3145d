/**
 * The parts of undici and BullMQ the bot uses, imported from their own files instead of the
 * packages' indexes (issue 29, RSS). undici's index loads every part it has (fetch and the WHATWG
 * classes, WebSocket, EventSource, the HTTP cache, the mocks) and BullMQ's its PostgreSQL backend:
 * about 3.5 MB of code and source text that stayed resident in every process and was never run
 * (the bot's RSS under the bench's load: 204 -> 197 MB for undici's alone). Types still come from
 * the packages (`library-files.d.ts` maps these paths to them); `import type` from "undici" or
 * "bullmq" elsewhere is fine, a value import is not (library-parts.test.ts checks what is loaded).
 */
import { pipeline, type Transform } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import type { Dispatcher } from "undici";
import dispatchRequest from "undici/lib/api/api-request.js";
import Agent from "undici/lib/dispatcher/agent.js";

export { DelayedError, Queue, UnrecoverableError, Worker } from "bullmq/dist/cjs/classes/index.js";
export { default as buildConnector } from "undici/lib/core/connect.js";
export { Agent };

export interface HttpCall {
  method: Dispatcher.HttpMethod;
  headers: Record<string, string>;
  body?: string;
  signal: AbortSignal;
  /** A pool of its own (the node's pinned certificate); one shared pool when absent. */
  dispatcher?: Dispatcher;
}

/** An answer: its status, and its body as it comes (inflated when it came compressed). */
export interface HttpAnswer {
  status: number;
  body: AsyncIterable<Buffer>;
}

let shared: Dispatcher | undefined;

/** The pool of the calls that bring none: made on the first, as undici's global one was. */
function sharedPool(): Dispatcher {
  shared ??= new Agent();
  return shared;
}

const INFLATE: Record<string, () => Transform> = {
  gzip: createGunzip,
  "x-gzip": createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

/**
 * One HTTP exchange over undici's request API, doing what its fetch did for the hosting and
 * payment calls: compressed answers are asked for and inflated. An abort (the signal's reason: a
 * TimeoutError for AbortSignal.timeout) rejects the call, or the body's reading once it came.
 */
export async function httpRequest(url: URL, call: HttpCall): Promise<HttpAnswer> {
  const answer = await dispatchRequest.call(call.dispatcher ?? sharedPool(), {
    origin: url.origin,
    path: `${url.pathname}${url.search}`,
    method: call.method,
    headers: { "accept-encoding": "gzip, deflate, br", ...call.headers },
    body: call.body,
    signal: call.signal,
  });
  const encoding = String(answer.headers["content-encoding"] ?? "")
    .trim()
    .toLowerCase();
  const inflate = INFLATE[encoding];
  // pipeline passes an error of the body (the abort) on to what is read.
  const body = inflate ? pipeline(answer.body, inflate(), () => undefined) : answer.body;
  return { status: answer.statusCode, body };
}

/** Did the call end because its signal aborted it (a timeout, or a caller giving up)? */
export function isAbort(err: unknown): boolean {
  return err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
}

/** A body's bytes as they came (read within the call's timeout; parsing them need not be). */
export async function chunksOf(body: AsyncIterable<Uint8Array>): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return chunks;
}

/** A body read whole as UTF-8 text. */
export async function textOf(body: AsyncIterable<Uint8Array>): Promise<string> {
  return Buffer.concat(await chunksOf(body)).toString("utf8");
}
