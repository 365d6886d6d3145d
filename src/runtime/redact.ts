/**
 * What may reach a log: secrets are censored by key at any depth, bot tokens are masked inside
 * every string (an unreachable Telegram puts `.../bot<TOKEN>/<method>` into error messages and
 * stacks), and the payloads of failed Bot API calls (customers' message texts, links) are dropped.
 * Used by the logger on every logged object; cheap for the small objects logged on hot paths.
 */

export const CENSOR = "[redacted]";

/**
 * Keys whose values never reach a log, compared without case, `-` and `_` (so `x-api-key`,
 * `apiKey` and `api_key` are one rule). `text` and `caption` are the texts of messages.
 */
const SECRET_KEYS = new Set(
  [
    "token",
    "botToken",
    "secretToken",
    "accessToken",
    "refreshToken",
    "key",
    "apiKey",
    "xApiKey",
    "secretKey",
    "privateKey",
    "password",
    "passwd",
    "secret",
    "authorization",
    "proxyAuthorization",
    "cookie",
    "setCookie",
    "totp",
    "otp",
    "text",
    "caption",
  ].map(normalizeKey),
);

/** Error properties that are requests, not facts about the failure (grammY keeps the sent payload). */
const DROPPED_ERROR_KEYS = new Set(["payload", "request", "requestBody", "body", "config"]);

/** Written by {@link Masker.serializeError} itself. */
const OWN_ERROR_KEYS = new Set(["type", "message", "stack", "cause", "errors"]);

const MAX_DEPTH = 12;

function normalizeKey(key: string): string {
  return key.replace(/[-_]/g, "").toLowerCase();
}

/** `code` is censored only when it holds digits (a TOTP or login code); `ECONNREFUSED` stays. */
function isSecretKey(key: string, value: unknown): boolean {
  const k = normalizeKey(key);
  if (k === "code") return typeof value === "number" || (typeof value === "string" && /^\d+$/.test(value));
  return SECRET_KEYS.has(k);
}

// A token in a Bot API URL (`/bot123:abc/`), and a bare one (`123456:AA...`, 20+ characters after the colon).
const URL_TOKEN = /bot\d+:[A-Za-z0-9_-]+/g;
const BARE_TOKEN = /\b\d{3,}:[A-Za-z0-9_-]{20,}/g;

/** Masks bot tokens (and the given exact secrets) anywhere in a string. */
export class Masker {
  private readonly secrets: readonly string[];

  constructor(secrets: readonly (string | undefined)[] = []) {
    // Short values would mask ordinary words; real secrets are long.
    this.secrets = secrets.filter((s): s is string => typeof s === "string" && s.length >= 8);
  }

  mask(text: string): string {
    let out = text;
    for (const secret of this.secrets) if (out.includes(secret)) out = out.split(secret).join(CENSOR);
    if (out.includes(":")) out = out.replace(URL_TOKEN, `bot${CENSOR}`).replace(BARE_TOKEN, CENSOR);
    return out;
  }

  /** A copy of `value` safe to log: secret keys censored, strings masked, errors serialized. */
  sanitize(value: unknown): unknown {
    return this.walk(value, 0, new WeakSet());
  }

  /** An error as a plain object: type, message, stack, cause chain, aggregated errors and own fields. */
  serializeError(err: unknown): unknown {
    return err instanceof Error ? this.error(err, 0, new WeakSet()) : this.sanitize(err);
  }

  private walk(value: unknown, depth: number, seen: WeakSet<object>): unknown {
    if (typeof value === "string") return this.mask(value);
    if (typeof value === "bigint") return value.toString();
    if (typeof value !== "object" || value === null) return value;
    if (seen.has(value)) return "[circular]";
    if (depth >= MAX_DEPTH) return "[too deep]";
    if (value instanceof Error) return this.error(value, depth, seen);
    if (value instanceof Date) return value;
    if (ArrayBuffer.isView(value)) return `[${value.byteLength} bytes]`;
    if (value instanceof URL) return this.mask(value.href);
    seen.add(value);
    try {
      if (Array.isArray(value)) return value.map((v) => this.walk(v, depth + 1, seen));
      if (value instanceof Map) return this.entries([...value.entries()], depth, seen);
      if (value instanceof Set) return [...value].map((v) => this.walk(v, depth + 1, seen));
      return this.entries(Object.entries(value), depth, seen);
    } finally {
      seen.delete(value);
    }
  }

  private entries(entries: [unknown, unknown][], depth: number, seen: WeakSet<object>) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of entries) {
      const key = String(k);
      out[key] = isSecretKey(key, v) ? CENSOR : this.walk(v, depth + 1, seen);
    }
    return out;
  }

  private error(err: Error, depth: number, seen: WeakSet<object>): Record<string, unknown> {
    if (seen.has(err)) return { type: err.name, message: "[circular]" };
    seen.add(err);
    try {
      const out: Record<string, unknown> = {
        type: err.constructor?.name ?? err.name,
        message: this.mask(err.message),
      };
      if (err.stack) out.stack = this.mask(err.stack);
      for (const [key, v] of Object.entries(err)) {
        if (DROPPED_ERROR_KEYS.has(key) || OWN_ERROR_KEYS.has(key) || key in out) continue;
        out[key] = isSecretKey(key, v) ? CENSOR : this.walk(v, depth + 1, seen);
      }
      if (err.cause !== undefined) out.cause = this.walk(err.cause, depth + 1, seen);
      if (err instanceof AggregateError) out.errors = this.walk(err.errors, depth + 1, seen);
      return out;
    } finally {
      seen.delete(err);
    }
  }
}
