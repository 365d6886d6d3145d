import { setTimeout as sleep } from "node:timers/promises";
import type { Dispatcher } from "undici";
import { z } from "zod";
import { chunksOf, httpRequest, isAbort } from "../runtime/library-parts.js";
import {
  HostingApiError,
  type HostingApiName,
  HostingNetworkError,
  HostingSchemaError,
  HostingTimeoutError,
  isTransient,
  type RequestInfo,
} from "./errors.js";
import { parseHostingBody } from "./read-body.js";

export interface RetryPolicy {
  /** Total attempts including the first one. */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 300, maxDelayMs: 3_000 };
export const DEFAULT_TIMEOUT_MS = 15_000;

/** Reported once per HTTP attempt; feeds metrics. `status` is 0 for network errors and timeouts. */
export interface CallObservation {
  api: HostingApiName;
  endpoint: string;
  status: number;
  durationMs: number;
}

export interface HostingHttpOptions {
  api: HostingApiName;
  /** Base address including the path prefix, e.g. `https://host/api/v1`. */
  baseUrl: string;
  /** Returns the secret for `Authorization: Bearer`; read per call so a re-linked key takes effect. */
  credential: () => string | undefined | Promise<string | undefined>;
  timeoutMs?: number;
  retry?: RetryPolicy;
  /** Custom connection pool, e.g. the node's certificate-pinning agent. */
  dispatcher?: Dispatcher;
  observe?: (call: CallObservation) => void;
}

export interface CallSpec<S extends z.ZodType> {
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  /** Path below the base, already encoded, e.g. `/servers/5/clients/a%20b`. */
  path: string;
  /** Endpoint template for logs and metrics, e.g. `GET /servers/{id}/clients/{email}`. */
  endpoint: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  schema: S;
  /** Only idempotent calls are retried (GETs and calls the spec calls idempotent). */
  idempotent?: boolean;
  /** False for endpoints that take no token (token issue, node health). */
  auth?: boolean;
  timeoutMs?: number;
}

/** The failure envelope shared by the three APIs: `{ ok: false, error, message?, code? }`. */
const failureEnvelope = z.looseObject({
  ok: z.boolean().optional(),
  error: z.string().optional(),
  message: z.string().optional(),
  code: z.string().optional(),
});

/** Node error codes are snake_case words (`user_not_found`); account errors are sentences. */
const CODE_LIKE = /^[a-z][a-z0-9_]*$/;

/** Percent-encodes one path segment (names may hold `@`, spaces, slashes). */
export function seg(value: string | number): string {
  return encodeURIComponent(String(value));
}

/**
 * The one HTTP seam of the adapter layer: timeout, auth header, `ok`/`error` envelope,
 * typed errors by status, zod-parsed responses and retries of idempotent calls.
 */
export class HostingHttp {
  readonly api: HostingApiName;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly retry: RetryPolicy;

  constructor(private readonly options: HostingHttpOptions) {
    this.api = options.api;
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.retry = options.retry ?? DEFAULT_RETRY;
  }

  async call<S extends z.ZodType>(spec: CallSpec<S>): Promise<z.output<S>> {
    const info: RequestInfo = { api: this.api, method: spec.method, endpoint: spec.endpoint };
    const attempts = spec.idempotent || spec.method === "GET" ? Math.max(1, this.retry.attempts) : 1;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.once(spec, info);
      } catch (err) {
        if (attempt >= attempts || !isTransient(err)) throw err;
        await sleep(this.backoff(attempt));
      }
    }
  }

  private backoff(attempt: number): number {
    const exp = Math.min(this.retry.maxDelayMs, this.retry.baseDelayMs * 2 ** (attempt - 1));
    // Full jitter keeps many clients from retrying in lock-step.
    return Math.round(exp / 2 + Math.random() * (exp / 2));
  }

  private async once<S extends z.ZodType>(spec: CallSpec<S>, info: RequestInfo): Promise<z.output<S>> {
    const url = new URL(this.baseUrl + spec.path);
    for (const [k, v] of Object.entries(spec.query ?? {})) {
      if (v !== undefined) url.searchParams.set(k, String(v));
    }
    const headers: Record<string, string> = { accept: "application/json" };
    if (spec.auth !== false) {
      const secret = await this.options.credential();
      if (secret) headers.authorization = `Bearer ${secret}`;
    }
    if (spec.body !== undefined) headers["content-type"] = "application/json";
    const { status, chunks } = await this.exchange(spec, info, url, headers);
    return await decode(spec, info, status, chunks);
  }

  /** The HTTP exchange itself, timed and observed; a timeout or a network failure as its error. */
  private async exchange(
    spec: CallSpec<z.ZodType>,
    info: RequestInfo,
    url: URL,
    headers: Record<string, string>,
  ): Promise<{ status: number; chunks: Uint8Array[] }> {
    const timeoutMs = spec.timeoutMs ?? this.timeoutMs;
    const started = performance.now();
    const observe = (status: number) =>
      this.options.observe?.({
        api: this.api,
        endpoint: spec.endpoint,
        status,
        durationMs: performance.now() - started,
      });

    let status: number;
    let chunks: Uint8Array[];
    try {
      const answer = await httpRequest(url, {
        method: spec.method,
        headers,
        body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
        signal: AbortSignal.timeout(timeoutMs),
        dispatcher: this.options.dispatcher,
      });
      status = answer.status;
      chunks = await chunksOf(answer.body);
    } catch (err) {
      observe(0);
      if (isAbort(err)) throw new HostingTimeoutError(info, timeoutMs);
      throw new HostingNetworkError(info, err);
    }
    observe(status);
    return { status, chunks };
  }
}

/** An answer read: JSON, not a refusal (a non-2xx, or `ok: false`), in the shape `spec` expects. */
async function decode<S extends z.ZodType>(
  spec: CallSpec<S>,
  info: RequestInfo,
  status: number,
  chunks: readonly Uint8Array[],
): Promise<z.output<S>> {
  const ok = status >= 200 && status < 300;
  // Parsed outside the request's timeout: a long listing parsed at a periodic task's pace takes a while.
  const body = await parseHostingBody(chunks);
  if ("notJson" in body) {
    if (!ok) throw new HostingApiError(info, status, body.notJson, undefined);
    throw new HostingSchemaError(info, "body is not JSON");
  }
  const { json } = body;

  const envelope = failureEnvelope.safeParse(json);
  const failed = !ok || (envelope.success && envelope.data.ok === false);
  if (failed) {
    const e = envelope.success ? envelope.data : {};
    const codeFromError = e.error && CODE_LIKE.test(e.error) ? e.error : undefined;
    const code = e.code ?? codeFromError;
    const detail = e.message ?? e.error ?? `HTTP ${status}`;
    // A 2xx with `ok: false` is still a refusal; treat it as a bad request.
    throw new HostingApiError(info, ok ? 400 : status, detail, code);
  }

  // Async: long lists are validated in slices (sliced-list.ts).
  const parsed = await spec.schema.safeParseAsync(json);
  if (!parsed.success) throw new HostingSchemaError(info, z.prettifyError(parsed.error));
  return parsed.data;
}
