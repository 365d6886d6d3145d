/**
 * One small error family for the three hosting APIs, kept apart by cause as grammY does
 * (GrammyError vs HttpError): the API said no, the network failed, the call timed out,
 * the response did not match its schema, or we refused to send a bad input.
 */

export type HostingApiName = "account" | "panel" | "node";

/** What a caller branches on, derived from the HTTP status (spec "Errors" tables). */
export type HostingErrorKind =
  | "bad_request" // 400: invalid request, e.g. insufficient balance for an extension
  | "unauthorized" // 401: key/token missing, invalid or revoked
  | "lte_required" // 402: LTE access not bought for the server
  | "forbidden" // 403: account requirements unmet (e-mail and nickname), or 2FA kind unsupported
  | "not_found" // 404
  | "conflict" // 409: name/UUID taken, or no core-pin block
  | "internal" // 500
  | "unavailable" // 502/503: temporarily unavailable, retry later
  | "other";

export function kindOfStatus(status: number): HostingErrorKind {
  switch (status) {
    case 400:
      return "bad_request";
    case 401:
      return "unauthorized";
    case 402:
      return "lte_required";
    case 403:
      return "forbidden";
    case 404:
      return "not_found";
    case 409:
      return "conflict";
    case 500:
      return "internal";
    case 502:
    case 503:
      return "unavailable";
    default:
      return "other";
  }
}

export interface RequestInfo {
  api: HostingApiName;
  method: string;
  /** The endpoint template, e.g. `GET /servers/{id}`: safe to log, no ids or names. */
  endpoint: string;
}

export abstract class HostingError extends Error {
  readonly api: HostingApiName;
  readonly method: string;
  readonly endpoint: string;

  constructor(message: string, info: RequestInfo, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
    this.api = info.api;
    this.method = info.method;
    this.endpoint = info.endpoint;
  }
}

/** The API answered with a non-2xx status or `ok: false`. */
export class HostingApiError extends HostingError {
  readonly status: number;
  readonly kind: HostingErrorKind;
  /** Machine-readable code where the API gives one (node: `user_already_exists`, `bad_days`, ...). */
  readonly code: string | undefined;
  /** Human-readable text from the API's `error` / `message` field. */
  readonly detail: string;

  constructor(info: RequestInfo, status: number, detail: string, code: string | undefined) {
    super(`${info.api} ${info.endpoint} -> ${status}${code ? ` ${code}` : ""}: ${detail}`, info);
    this.status = status;
    this.kind = kindOfStatus(status);
    this.code = code;
    this.detail = detail;
  }
}

/** Certificate problems do not heal by retrying. */
const PERMANENT_NETWORK_CODES = new Set([
  "ERR_NODE_CERT_PIN_MISMATCH",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "CERT_HAS_EXPIRED",
  "CERT_NOT_YET_VALID",
  "CERT_UNTRUSTED",
  "CERT_REJECTED",
  "CERT_REVOKED",
  "UNABLE_TO_GET_ISSUER_CERT",
  "ERR_TLS_CERT_ALTNAME_INVALID",
]);

/** The connection failed (refused, reset, TLS refused, DNS). */
export class HostingNetworkError extends HostingError {
  /** True for certificate failures, which another attempt would only repeat. */
  readonly permanent: boolean;
  constructor(info: RequestInfo, cause: unknown) {
    super(`${info.api} ${info.endpoint}: network error: ${describeCause(cause)}`, info, { cause });
    this.permanent = causeCodes(cause).some((code) => PERMANENT_NETWORK_CODES.has(code));
  }
}

export class HostingTimeoutError extends HostingError {
  readonly timeoutMs: number;
  constructor(info: RequestInfo, timeoutMs: number) {
    super(`${info.api} ${info.endpoint}: no answer within ${timeoutMs} ms`, info);
    this.timeoutMs = timeoutMs;
  }
}

/** The API answered 2xx but the body was not what the contract says. */
export class HostingSchemaError extends HostingError {
  readonly issues: string;
  constructor(info: RequestInfo, issues: string) {
    super(`${info.api} ${info.endpoint}: unexpected response: ${issues}`, info);
    this.issues = issues;
  }
}

/** We refused to send: the input breaks a rule of the spec. Nothing reached the API. */
export class HostingInputError extends Error {
  readonly field: string;
  constructor(field: string, problem: string) {
    super(`${field}: ${problem}`);
    this.name = "HostingInputError";
    this.field = field;
  }
}

/** Errors worth another try of an idempotent call. */
export function isTransient(err: unknown): boolean {
  if (err instanceof HostingTimeoutError) return true;
  if (err instanceof HostingNetworkError) return !err.permanent;
  return err instanceof HostingApiError && err.kind === "unavailable";
}

export function isHostingError(err: unknown, kind?: HostingErrorKind): err is HostingApiError {
  return err instanceof HostingApiError && (kind === undefined || err.kind === kind);
}

function causeCodes(cause: unknown): string[] {
  const codes: string[] = [];
  for (let e = cause, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") codes.push(code);
  }
  return codes;
}

function describeCause(cause: unknown): string {
  if (cause instanceof Error) {
    const inner = (cause as Error & { cause?: unknown }).cause;
    const code = (inner as { code?: unknown } | undefined)?.code;
    return typeof code === "string" ? `${cause.message} (${code})` : cause.message;
  }
  return String(cause);
}
