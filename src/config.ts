import { z } from "zod";
import {
  archiveAfterDays,
  auditKeepDays,
  driftSyncMinutes,
  heapGrowthPercent,
  initDataMaxAge,
  nodeEditDoubtSeconds,
  pollingLeaseMs,
  requestCount,
  sessionSeconds,
  shopTimeZone,
  ticketRemindMinutes,
} from "./config-fields.js";
import { railPollSecondsOf, railsOf } from "./config-rails.js";
import { type RedisSentinel, redisSentinelOf, redisTlsCaFileOf } from "./config-redis.js";
import { type Throughput, throughputOf } from "./config-throughput.js";
import type { ConfiguredRail } from "./rails/index.js";

/** A setting is wrong: the message names the variable and the problem, on one line. */
export type { RedisSentinel };

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

export const optional = (value: string | undefined): string | undefined =>
  value === undefined || value.trim() === "" ? undefined : value.trim();

const url = (protocols: RegExp) =>
  z.url({ protocol: protocols, error: "must be an absolute URL" }).transform((u) => u.replace(/\/+$/, ""));

const httpUrl = url(/^https?$/);

const idList = z
  .string()
  .transform((raw, ctx) => {
    const ids = raw
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    if (ids.length === 0)
      ctx.addIssue({ code: "custom", message: "must list at least one Telegram user id" });
    for (const id of ids) {
      if (!/^\d{1,20}$/.test(id))
        ctx.addIssue({ code: "custom", message: `"${id}" is not a Telegram user id` });
    }
    return ids.map(Number);
  })
  .pipe(z.array(z.number().int().positive()));

const secretKey = z.string().transform((raw, ctx) => {
  const bytes = Buffer.from(raw, "base64");
  if (bytes.length !== 32 || bytes.toString("base64").replace(/=+$/, "") !== raw.replace(/=+$/, "")) {
    ctx.addIssue({ code: "custom", message: "must be 32 bytes encoded in base64 (openssl rand -base64 32)" });
  }
  return bytes;
});

const sha256Fingerprint = z
  .string()
  .transform((s) => s.replace(/[:\s]/g, "").toUpperCase())
  .refine((s) => /^[0-9A-F]{64}$/.test(s), "must be a SHA-256 fingerprint (64 hex digits, colons allowed)");

/**
 * Where customers reach the shop's people: a Telegram @username or an https URL. Characters that
 * mean something in Telegram's HTML (<, >, &, quotes) are refused, so it is shown as it is.
 */
const supportContact = z
  .string()
  .refine(
    (s) => /^@[A-Za-z0-9_]{5,32}$/.test(s) || (/^https:\/\/[^\s<>&"']+$/.test(s) && URL.canParse(s)),
    "must be a Telegram @username (5-32 letters, digits, _) or an https:// URL without <, >, & or quotes",
  );

/** The Mini App's public base: Telegram opens web apps over https only. */
const webappUrl = url(/^https$/).refine((u) => !/[?#]/.test(u), "must be an https base URL without ? or #");

/** `host:port,host:port` (IPv6 in brackets): the Sentinels that know where the Redis master is. */
const sentinelList = z.string().transform((raw, ctx) => {
  const nodes: { host: string; port: number }[] = [];
  const items = raw.split(",").map((s) => s.trim());
  for (const item of items.filter(Boolean)) {
    const m = /^(?:\[([^\]]+)\]|([^:[\]\s]+)):(\d{1,5})$/.exec(item);
    const port = Number(m?.[3]);
    if (!m || port < 1 || port > 65535) {
      ctx.addIssue({ code: "custom", message: `"${item}" is not host:port` });
      continue;
    }
    nodes.push({ host: m[1] ?? m[2] ?? "", port });
  }
  if (nodes.length === 0) ctx.addIssue({ code: "custom", message: "must list at least one host:port" });
  return nodes;
});

const port = z.coerce
  .number({ error: "must be a port number" })
  .int()
  .min(0, "must be a port number")
  .max(65535, "must be a port number");

const envSchema = z.object({
  BOT_TOKEN: z
    .string({ error: "is required (the token from @BotFather)" })
    .regex(/^\d+:[A-Za-z0-9_-]{20,}$/, "does not look like a bot token (123456:ABC...)"),
  BOT_API_ROOT: httpUrl.default("https://api.telegram.org"),
  REDIS_URL: url(/^rediss?$/).default("redis://127.0.0.1:6379"),
  REDIS_SENTINELS: sentinelList.optional(),
  REDIS_MASTER_NAME: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, "may hold only A-Z, a-z, 0-9, ., _ and - (1-64 characters)")
    .optional(),
  REDIS_SENTINEL_PASSWORD: z.string().optional(),
  REDIS_TLS_CA_FILE: z.string().optional(),
  ADMIN_IDS: z.string({ error: "is required (comma-separated Telegram user ids)" }).pipe(idList),
  SECRET_KEY: z.string({ error: "is required (32 random bytes in base64)" }).pipe(secretKey),
  ACCOUNT_API_URL: z.string({ error: "is required (the Account API base URL)" }).pipe(httpUrl),
  ACCOUNT_API_KEY: z.string().optional(),
  PANEL_API_URL: httpUrl.optional(),
  PANEL_API_TOKEN: z.string().optional(),
  NODE_API_URL: httpUrl.optional(),
  NODE_API_TOKEN: z.string().optional(),
  NODE_SUB_URL: httpUrl.optional(),
  NODE_API_CERT_SHA256: sha256Fingerprint.optional(),
  CATALOG_FILE: z.string().default("catalog.yaml"),
  BOT_MODE: z.enum(["polling", "webhook"], { error: "must be polling or webhook" }).default("polling"),
  WEBHOOK_URL: httpUrl.optional(),
  WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,256}$/, "may hold only A-Z, a-z, 0-9, _ and - (1-256 characters)")
    .optional(),
  HTTP_HOST: z.string().default("127.0.0.1"),
  HTTP_PORT: port.default(8080),
  METRICS_HOST: z.string().default("127.0.0.1"),
  METRICS_PORT: port.default(9091),
  PAYMENT_PROVIDER_TOKEN: z.string().optional(),
  SUPPORT_CONTACT: supportContact.optional(),
  WEBAPP_URL: webappUrl.optional(),
  WEBAPP_INIT_DATA_MAX_AGE: initDataMaxAge.default(300),
  WEBAPP_SESSION_SECONDS: sessionSeconds.default(900),
  WEBAPP_RATE_LIMIT: requestCount(20).default(20),
  WEBAPP_ORDER_RATE_LIMIT: requestCount(60).default(6),
  WEBAPP_ADDRESS_RATE_LIMIT: requestCount(10_000).default(60),
  WEBAPP_TRUST_PROXY: z.coerce
    .number({ error: "must be the number of proxies in front of the bot (0 to 5)" })
    .int("must be the number of proxies in front of the bot (0 to 5)")
    .min(0, "must be the number of proxies in front of the bot (0 to 5)")
    .max(5, "must be the number of proxies in front of the bot (0 to 5)")
    .default(0),
  DEFAULT_LOCALE: z.enum(["en", "ru", "uk", "fa"], { error: "must be en, ru, uk or fa" }).default("en"),
  SHOP_TIME_ZONE: shopTimeZone.default("UTC"),
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      error: "must be one of fatal, error, warn, info, debug, trace, silent",
    })
    .default("info"),
  ROLE: z
    .enum(["all", "bot", "worker"], { error: "must be bot or worker (or unset for both)" })
    .default("all"),
  POLLING_LEASE_MS: pollingLeaseMs.default(30_000),
  DRIFT_SYNC_MINUTES: driftSyncMinutes.default(15),
  NODE_EDIT_DOUBT_SECONDS: nodeEditDoubtSeconds.default(30),
  HEAP_GROWTH_PERCENT: heapGrowthPercent.default(50),
  AUDIT_KEEP_DAYS: auditKeepDays.default(365),
  ARCHIVE_AFTER_DAYS: archiveAfterDays.default(90),
  ARCHIVE_DIR: z.string().min(1, "must be a folder path").optional(),
  TICKET_REMIND_MINUTES: ticketRemindMinutes.default(60),
});

/** The bot's languages: English, Russian, Ukrainian and Persian (written right to left). */
export const LOCALES = ["en", "ru", "uk", "fa"] as const;
export type Locale = (typeof LOCALES)[number];
/** Each language's name in itself (the chat's picker and the cabinet's). */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: "English",
  ru: "Русский",
  uk: "Українська",
  fa: "فارسی",
};
/** Languages written right to left (the cabinet turns its layout around for them). */
export const RTL_LOCALES: readonly Locale[] = ["fa"];

/** The supported locale matching a Telegram `language_code` (`ru-RU` -> ru), if any. */
export function supportedLocale(code: string | undefined): Locale | undefined {
  const base = code?.toLowerCase().split(/[-_]/)[0];
  return LOCALES.find((l) => l === base);
}

/** Where the cabinet opens: `<WEBAPP_URL>/app/`, or undefined when WEBAPP_URL is not set (no buttons). */
export function cabinetUrl(config: Pick<Config, "webappUrl">): string | undefined {
  return config.webappUrl ? `${config.webappUrl}/app/` : undefined;
}

/** How the cabinet's API guards itself (see src/webapp/guard.ts). */
export interface WebappGuardConfig {
  /** Seconds a session lives after its last use (never past 12 hours after it was made). */
  sessionSeconds: number;
  /** Requests per customer per 10 s. */
  perUser: number;
  /** Orders and top-ups (invoice links) per customer per minute. */
  ordersPerUser: number;
  /** Requests per client address per 10 s, counted before authentication. */
  perAddress: number;
  /**
   * Proxies we trust in front of the bot (0: none, the socket's address is the client's); with n,
   * the client is the n-th X-Forwarded-For hop from the right (the one our nearest proxy saw).
   */
  trustProxy: number;
}

export interface Config {
  botToken: string;
  botApiRoot: string;
  redisUrl: string;
  /** REDIS_SENTINELS + REDIS_MASTER_NAME: the master is found through Sentinel (REDIS_URL's password and db apply). */
  redisSentinel?: RedisSentinel | undefined;
  /** REDIS_TLS_CA_FILE: the CA file Redis's TLS certificates are checked against (a `rediss:` URL only). */
  redisTlsCaFile?: string | undefined;
  adminIds: readonly number[];
  secretKey: Buffer;
  account: { url: string; apiKey: string | undefined };
  panel: { url: string; token: string } | undefined;
  node:
    | { url: string; token: string; subUrl: string | undefined; certSha256: string | undefined }
    | undefined;
  catalogFile: string;
  delivery: { mode: "polling" } | { mode: "webhook"; url: string; path: string; secret: string };
  /** The public server: /healthz, the cabinet under /app/, the webhook. */
  http: { host: string; port: number };
  /** The operators' listener: /metrics and /healthz, never the public one (METRICS_HOST, METRICS_PORT). */
  metrics: { host: string; port: number };
  paymentProviderToken: string | undefined;
  /** Shown in /help and wherever a customer is told to contact support. */
  supportContact?: string | undefined;
  /** WEBAPP_URL: the public https base of this server; the customer cabinet is `<base>/app/`. */
  webappUrl?: string | undefined;
  /** Seconds a Mini App's initData is accepted after its auth_date. */
  webappInitDataMaxAge: number;
  /** The cabinet's sessions and request budgets (WEBAPP_SESSION_SECONDS, WEBAPP_*_RATE_LIMIT, WEBAPP_TRUST_PROXY). */
  webappGuard: WebappGuardConfig;
  defaultLocale: Locale;
  /** SHOP_TIME_ZONE: the IANA zone every date customers and admins read is shown in (UTC). */
  shopTimeZone: string;
  logLevel: string;
  role: "all" | "bot" | "worker";
  /** How long the polling lease lasts without renewal (one poller per bot across processes). */
  pollingLeaseMs: number;
  /** DRIFT_SYNC_MINUTES: minutes between two reconciliations of the shop with the hosting side (15). */
  driftSyncMinutes?: number | undefined;
  /** HEAP_GROWTH_PERCENT: how far the old generation may grow past its live size while busy (50); 0: V8's own. */
  heapGrowthPercent: number;
  /** NODE_EDIT_DOUBT_SECONDS: how long a node edit the bot gave up on may still land (30). */
  nodeEditDoubtSeconds: number;
  /** The outside payment rails whose settings are set (CRYPTOPAY_*, YOOKASSA_*), in the registry's order. */
  rails?: readonly ConfiguredRail[] | undefined;
  /** AUDIT_KEEP_DAYS: days the audit log keeps an entry (365). */
  auditKeepDays?: number | undefined;
  /** ARCHIVE_AFTER_DAYS: finished history older than this leaves Redis for the archive (90). */
  archiveAfterDays?: number | undefined;
  /** ARCHIVE_DIR: the archive's folder (`data/archive` in the project folder). */
  archiveDir?: string | undefined;
  /** RAIL_POLL_SECONDS: how often the rails are asked for payments whose notification was lost (60). */
  railPollSeconds?: number | undefined;
  /** TICKET_REMIND_MINUTES: staff are reminded of a support ticket waiting longer than this (60). */
  ticketRemindMinutes?: number | undefined;
  /** ORDER_CONCURRENCY (32) and TELEGRAM_SEND_LIMIT (29); absent in tests: the defaults. */
  throughput?: Throughput | undefined;
}

/** Polling, or a webhook with its URL, its own path and its secret. */
function deliveryOf(e: z.infer<typeof envSchema>): Config["delivery"] {
  if (e.BOT_MODE !== "webhook") return { mode: "polling" };
  if (!e.WEBHOOK_URL) throw new ConfigError("WEBHOOK_URL is required when BOT_MODE=webhook");
  if (!e.WEBHOOK_SECRET) throw new ConfigError("WEBHOOK_SECRET is required when BOT_MODE=webhook");
  const path = new URL(e.WEBHOOK_URL).pathname;
  if (path === "/" || path === "/healthz" || path === "/metrics" || /^\/app(\/|$)/.test(path)) {
    throw new ConfigError("WEBHOOK_URL needs a path of its own, e.g. https://bot.example/telegram/<random>");
  }
  return { mode: "webhook", url: e.WEBHOOK_URL, path, secret: e.WEBHOOK_SECRET };
}

/** Addresses that take a port on every interface (a listener there overlaps any other host's). */
const WILDCARD_HOSTS = new Set(["", "0.0.0.0", "::", "[::]", "*"]);

/**
 * The operators' listener (/metrics) is never the public one: the same port on the same host (or
 * on a wildcard address, which covers every host) is refused. Port 0 (any free port) never clashes.
 */
function refuseSharedListener(e: z.infer<typeof envSchema>): void {
  if (e.METRICS_PORT === 0 || e.METRICS_PORT !== e.HTTP_PORT) return;
  const [a, b] = [e.HTTP_HOST.toLowerCase(), e.METRICS_HOST.toLowerCase()];
  if (a === b || WILDCARD_HOSTS.has(a) || WILDCARD_HOSTS.has(b)) {
    throw new ConfigError(
      `METRICS_PORT must differ from HTTP_PORT (${e.HTTP_PORT}): /metrics is for operators and is never served on the public listener`,
    );
  }
}

/**
 * Reads every setting of the runtime contract from `env` (pure: no import-time reads).
 * Throws ConfigError with one line naming the first bad variable.
 */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const cleaned = Object.fromEntries(Object.keys(envSchema.shape).map((k) => [k, optional(env[k])]));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? "environment");
    throw new ConfigError(`${name} ${issue?.message ?? "is invalid"}`);
  }
  const e = parsed.data;

  const delivery = deliveryOf(e);
  refuseSharedListener(e);

  return {
    botToken: e.BOT_TOKEN,
    botApiRoot: e.BOT_API_ROOT,
    redisUrl: e.REDIS_URL,
    redisSentinel: redisSentinelOf(e),
    redisTlsCaFile: redisTlsCaFileOf(e),
    adminIds: e.ADMIN_IDS,
    secretKey: e.SECRET_KEY,
    ...hostingOf(e),
    catalogFile: e.CATALOG_FILE,
    delivery,
    http: { host: e.HTTP_HOST, port: e.HTTP_PORT },
    metrics: { host: e.METRICS_HOST, port: e.METRICS_PORT },
    paymentProviderToken: e.PAYMENT_PROVIDER_TOKEN,
    supportContact: e.SUPPORT_CONTACT,
    webappUrl: e.WEBAPP_URL,
    webappInitDataMaxAge: e.WEBAPP_INIT_DATA_MAX_AGE,
    webappGuard: webappGuardOf(e),
    defaultLocale: e.DEFAULT_LOCALE,
    shopTimeZone: e.SHOP_TIME_ZONE,
    logLevel: e.LOG_LEVEL,
    role: e.ROLE,
    pollingLeaseMs: e.POLLING_LEASE_MS,
    driftSyncMinutes: e.DRIFT_SYNC_MINUTES,
    heapGrowthPercent: e.HEAP_GROWTH_PERCENT,
    nodeEditDoubtSeconds: e.NODE_EDIT_DOUBT_SECONDS,
    auditKeepDays: e.AUDIT_KEEP_DAYS,
    ...{ archiveAfterDays: e.ARCHIVE_AFTER_DAYS, archiveDir: e.ARCHIVE_DIR },
    rails: railsOf(env),
    railPollSeconds: railPollSecondsOf(env),
    ticketRemindMinutes: e.TICKET_REMIND_MINUTES,
    throughput: throughputOf(env),
  };
}

/** The three hosting APIs: the account's always, a panel and a node when both their URL and token are set. */
function hostingOf(e: z.output<typeof envSchema>): Pick<Config, "account" | "panel" | "node"> {
  pair("PANEL_API_URL", e.PANEL_API_URL, "PANEL_API_TOKEN", e.PANEL_API_TOKEN);
  pair("NODE_API_URL", e.NODE_API_URL, "NODE_API_TOKEN", e.NODE_API_TOKEN);
  const { NODE_API_URL: url, NODE_API_TOKEN: token } = e;
  return {
    account: { url: e.ACCOUNT_API_URL, apiKey: e.ACCOUNT_API_KEY },
    panel:
      e.PANEL_API_URL && e.PANEL_API_TOKEN ? { url: e.PANEL_API_URL, token: e.PANEL_API_TOKEN } : undefined,
    node:
      url && token ? { url, token, subUrl: e.NODE_SUB_URL, certSha256: e.NODE_API_CERT_SHA256 } : undefined,
  };
}

/** Two settings that go together: one without the other is refused, naming the missing one. */
function pair(a: string, av: string | undefined, b: string, bv: string | undefined): void {
  if (av && !bv) throw new ConfigError(`${b} is required when ${a} is set`);
  if (bv && !av) throw new ConfigError(`${a} is required when ${b} is set`);
}

function webappGuardOf(e: z.output<typeof envSchema>): WebappGuardConfig {
  return {
    sessionSeconds: e.WEBAPP_SESSION_SECONDS,
    perUser: e.WEBAPP_RATE_LIMIT,
    ordersPerUser: e.WEBAPP_ORDER_RATE_LIMIT,
    perAddress: e.WEBAPP_ADDRESS_RATE_LIMIT,
    trustProxy: e.WEBAPP_TRUST_PROXY,
  };
}
