import type { Redis } from "ioredis";
import type { Locale } from "../config.js";
import type { Plan } from "../domain/catalog.js";
import { type Clock, HOUR, MINUTE } from "../domain/clock.js";
import type { Customers } from "../domain/customers.js";
import {
  type ExtensionOutcome,
  learnedExtendPrice,
  type ServerExtension,
} from "../domain/server-extension.js";
import { DEFAULT_OUTAGE_GRACE_MINUTES, type ShopSettings } from "../domain/settings.js";
import type { SubscriptionOwners } from "../domain/subscription-owners.js";
import { subscriptionKeys } from "../domain/subscriptions.js";
import type { AccountApi, Server, ServerStats } from "../hosting/account/index.js";
import { isHostingError } from "../hosting/errors.js";
import type { Logger } from "../logger.js";
import { planTitle } from "../render/access.js";
import { formatDateTime, formatDuration, formatNumber, html } from "../render/format.js";
import { hostingErrorText, isExplainable } from "../render/hosting-error.js";
import type { I18nLike } from "../render/i18n-like.js";
import type { PeriodicTask } from "./maintenance.js";
import type { Outbox, OutboxMessage } from "./outbox.js";

export const SERVER_WATCH_TASK = "server-watch";
export const SERVER_WATCH_EVERY_MS = 60_000;
export const DEFAULT_OFFLINE_GRACE_MS = DEFAULT_OUTAGE_GRACE_MINUTES * MINUTE;
/** The affected-customers index is rebuilt at most this often (and only when an outage needs it). */
export const INDEX_MAX_AGE_MS = 10 * MINUTE;
/** A hosting API outage is reported at most this often. */
export const API_ALERT_EVERY_MS = HOUR;
/** Admins hear of an outage at this many consecutive offline checks (about 2 minutes). */
export const ADMIN_ALERT_CHECKS = 2;
/** Days-left thresholds that alert the admins, highest first. */
export const DAYS_LEFT_THRESHOLDS = [3, 1] as const;

const MARK_TTL_SECONDS = 90 * 24 * 3600;
const INDEX_BATCH = 1_000;
const SEND_BATCH = 500;

export interface ServerWatchDeps {
  account: Pick<AccountApi, "servers" | "stats" | "account">;
  /** The one path that extends a server (shared with the admin's button). */
  extension: Pick<ServerExtension, "auto">;
  /** Watch state, marks, claims and the affected-customers index. */
  redis: Redis;
  /** With `owners` and `shop`, the customers' outage notice names their subscriptions. */
  services: {
    customers: Pick<Customers, "get">;
    owners?: Pick<SubscriptionOwners, "onServer">;
    shop?: { plan(id: string): Plan | undefined };
  };
  outbox: Pick<Outbox, "sendMany">;
  settings: ShopSettings;
  i18n: I18nLike;
  clock: Clock;
  logger: Logger;
  adminIds: readonly number[];
  defaultLocale: Locale;
  /** Stats requests in flight at most (default 4). */
  concurrency?: number;
  /**
   * How long a server stays offline before its customers are told (default 5 min; the admin
   * setting wins). Admins are told earlier, at the second consecutive offline check.
   */
  offlineGraceMs?: number;
  everyMs?: number;
}

/** Redis keys of the server watch (all under `watch:`). */
export const watchKeys = {
  state: (id: number) => `watch:state:${id}`,
  /** Customers told of one outage, so the same ones hear it is over. */
  told: (id: number, since: string) => `watch:told:${id}:${since}`,
  index: (id: number) => `watch:index:${id}`,
  indexNext: (id: number) => `watch:index:${id}:next`,
  indexServers: "watch:index:servers",
  indexBuiltAt: "watch:index:built-at",
  indexLock: "watch:index:lock",
  apiAlertAt: "watch:api-alert-at",
  mark: (what: string) => `watch:mark:${what}`,
};

/**
 * One atomic step of a server's watch state from an observed live state. Fields: state
 * (running|offline), since (ms, as text), checks (consecutive offline checks), lastAt (ms of the
 * last counted check; runs closer than ARGV[4] ms are the same check, e.g. a manual refresh),
 * admins / customers ("1" once told of this outage), back (the `since` of a told outage whose
 * recovery notices are not all queued yet) and backAdmins ("1" when the admins were told of it).
 * ARGV: observed, now, grace (customers), min gap, admin checks. Returns {action, since, flags}:
 * "offline" with flags "<admins><customers>" (1 = tell now, until `MARK_TOLD`), "back" with
 * flags "<admins>" (until `CLEAR_BACK`), or "none".
 */
const OBSERVE = `
local k = KEYS[1]
local observed, nowText = ARGV[1], ARGV[2]
local now, grace, gap, need = tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
local h = redis.call('HMGET', k, 'state', 'since', 'checks', 'lastAt', 'admins', 'customers', 'announced')
local st, since = h[1], h[2]
-- 'announced' is the field of older versions: both were told.
local admins, customers = h[5] == '1' or h[7] == '1', h[6] == '1' or h[7] == '1'
if observed == 'running' then
  if st ~= 'running' then
    if st == 'offline' and (admins or customers) then
      redis.call('HSET', k, 'back', since, 'backAdmins', admins and '1' or '0')
    end
    redis.call('HDEL', k, 'checks', 'lastAt', 'admins', 'customers', 'announced')
    redis.call('HSET', k, 'state', 'running', 'since', nowText)
  end
  local back = redis.call('HMGET', k, 'back', 'backAdmins')
  if back[1] then return {'back', back[1], back[2] or '0'} end
  return {'none', '', ''}
end
local checks = tonumber(h[3] or '0')
if st ~= 'offline' then
  redis.call('HDEL', k, 'admins', 'customers', 'announced')
  redis.call('HSET', k, 'state', 'offline', 'since', nowText, 'checks', 1, 'lastAt', nowText)
  since, checks, admins, customers = nowText, 1, false, false
elseif now - tonumber(h[4] or '0') >= gap then
  checks = checks + 1
  redis.call('HSET', k, 'checks', checks, 'lastAt', nowText)
end
local tellAdmins = not admins and checks >= need
local tellCustomers = not customers and now - tonumber(since) >= grace
if tellAdmins or tellCustomers then
  return {'offline', since, (tellAdmins and '1' or '0') .. (tellCustomers and '1' or '0')}
end
return {'none', '', ''}`;

/** Records that ARGV[2] (admins|customers) were told of the outage that began at ARGV[1]. */
const MARK_TOLD = `
if redis.call('HGET', KEYS[1], 'state') == 'offline' and redis.call('HGET', KEYS[1], 'since') == ARGV[1] then
  redis.call('HSET', KEYS[1], ARGV[2], '1')
end
return 1`;

const CLEAR_BACK = `
if redis.call('HGET', KEYS[1], 'back') == ARGV[1] then redis.call('HDEL', KEYS[1], 'back', 'backAdmins') end
return 1`;

/** Sets the key to ARGV[1] (ms) when it is missing or at least ARGV[2] ms old; 1 when it did. */
const THROTTLE = `
local last = tonumber(redis.call('GET', KEYS[1]) or '')
if last and tonumber(ARGV[1]) - last < tonumber(ARGV[2]) then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[3])
return 1`;

type Observed = ServerStats["state"] | "unknown";

/** Who was told what in one step of one server. */
interface StepOutcome {
  admins: boolean;
  customers: boolean;
  back: boolean;
}

export interface ServerWatchReport {
  /** False when the server list could not be read (the round was skipped). */
  listed: boolean;
  polled: number;
  unknown: number;
  /** Servers whose outage the admins were told of in this round. */
  wentOffline: number[];
  /** Servers whose customers were told of an outage in this round (after the grace). */
  customersWarned: number[];
  cameBack: number[];
  extended: number[];
}

export interface ServerWatchTask extends PeriodicTask {
  /** One round; what it saw and did. */
  run(): Promise<ServerWatchReport>;
}

/** Runs `fn` over `items` with at most `limit` calls in flight. `fn` must not throw. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>) {
  const out = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  return out;
}

/**
 * Watches the hosting servers every minute: live state with bounded concurrency (admins and
 * affected customers hear of an outage once, after a grace period, and of its end), days left
 * (3 and 1), a balance below the next extension's cost, and the optional auto-extension.
 * Every message goes through the outbox with a once key, so a repeated or concurrent round
 * sends nothing twice.
 */
export function createServerWatchTask(deps: ServerWatchDeps): ServerWatchTask {
  const watch = new ServerWatch(deps);
  return { name: SERVER_WATCH_TASK, everyMs: deps.everyMs ?? SERVER_WATCH_EVERY_MS, run: () => watch.run() };
}

class ServerWatch {
  private readonly concurrency: number;

  constructor(private readonly deps: ServerWatchDeps) {
    this.concurrency = Math.max(1, deps.concurrency ?? 4);
  }

  async run(): Promise<ServerWatchReport> {
    const report: ServerWatchReport = {
      listed: false,
      polled: 0,
      unknown: 0,
      wentOffline: [],
      customersWarned: [],
      cameBack: [],
      extended: [],
    };
    let servers: Server[];
    try {
      servers = await this.deps.account.servers();
    } catch (err) {
      await this.apiDown(err);
      return report;
    }
    report.listed = true;
    const active = servers.filter((s) => s.status === "active");
    const settings = await this.deps.settings.get();
    const graceMs =
      settings.outageGraceMinutes !== undefined
        ? settings.outageGraceMinutes * MINUTE
        : (this.deps.offlineGraceMs ?? DEFAULT_OFFLINE_GRACE_MS);

    // Live state, at most `concurrency` stats calls at a time.
    const observed = await mapLimit(active, this.concurrency, (s) => this.observe(s));
    report.polled = active.length;
    for (const [i, server] of active.entries()) {
      const state = observed[i] ?? "unknown";
      if (state === "unknown") {
        report.unknown++;
        continue;
      }
      try {
        const outcome = await this.step(server, state, graceMs);
        if (outcome.admins) report.wentOffline.push(server.id);
        if (outcome.customers) report.customersWarned.push(server.id);
        if (outcome.back) report.cameBack.push(server.id);
      } catch (err) {
        this.deps.logger.error({ err, serverId: server.id }, "server watch step failed");
      }
    }

    // Expiry: auto-extend first (it changes days left and the balance), then the alerts.
    let balance: number | undefined;
    const current = new Map(active.map((s) => [s.id, s]));
    /** Extended (or being extended) by this or another run: no "expires in 1 day" alert. */
    const handled = new Set<number>();
    if (settings.autoExtend) {
      for (const server of active) {
        if (server.daysLeft > 1) continue;
        const outcome = await this.autoExtend(server, balance);
        if (outcome.kind === "already" || outcome.kind === "busy") handled.add(server.id);
        if (outcome.kind === "extended") {
          current.set(server.id, outcome.server);
          balance = outcome.balance;
          report.extended.push(server.id);
        }
      }
    }
    for (const server of current.values()) if (!handled.has(server.id)) await this.daysLeft(server);
    await this.lowBalance([...current.values()], balance, settings.extendCostHint);
    return report;
  }

  // -- live state ------------------------------------------------------------------------------

  private async observe(server: Server): Promise<Observed> {
    try {
      return (await this.deps.account.stats(server.id)).state;
    } catch (err) {
      // A failed stats call says nothing about the server: not offline.
      this.deps.logger.warn({ err, serverId: server.id }, "server stats unavailable");
      return "unknown";
    }
  }

  private async step(server: Server, state: ServerStats["state"], graceMs: number): Promise<StepOutcome> {
    const now = this.deps.clock.now();
    const key = watchKeys.state(server.id);
    // Runs closer than half a poll apart are one check (a manual refresh, an overlapping run).
    const minGapMs = (this.deps.everyMs ?? SERVER_WATCH_EVERY_MS) / 2;
    const [action, since, flags] = (await this.deps.redis.eval(
      OBSERVE,
      1,
      key,
      state,
      String(now),
      String(graceMs),
      String(minGapMs),
      String(ADMIN_ALERT_CHECKS),
    )) as [string, string, string];
    const outcome: StepOutcome = { admins: false, customers: false, back: false };
    if (action === "offline") {
      outcome.admins = flags[0] === "1";
      outcome.customers = flags[1] === "1";
      // Customers first, so an admin alert in the same round can say how many were told.
      let told: number | undefined;
      if (outcome.customers) {
        told = await this.warnCustomers(server, since);
        await this.deps.redis.eval(MARK_TOLD, 1, key, since, "customers");
      }
      if (outcome.admins) {
        await this.alertAdmins(server, since, now, told, graceMs);
        await this.deps.redis.eval(MARK_TOLD, 1, key, since, "admins");
      }
    }
    if (action === "back") {
      await this.announceRecovery(server, since, now, flags === "1");
      await this.deps.redis.eval(CLEAR_BACK, 1, key, since);
      outcome.back = true;
    }
    return outcome;
  }

  /** Tells the affected customers once; returns how many were told of this outage. */
  private async warnCustomers(server: Server, since: string): Promise<number> {
    const id = server.id;
    const told = watchKeys.told(id, since);
    const customers = server.kind === "xui" ? await this.customersOn(id) : [];
    for (let i = 0; i < customers.length; i += SEND_BATCH) {
      await this.deps.redis.sadd(told, ...customers.slice(i, i + SEND_BATCH).map(String));
    }
    await this.deps.redis.expire(told, MARK_TTL_SECONDS);
    // The list as recorded (a retried notice keeps the first list's customers too).
    const recipients = (await this.deps.redis.smembers(told)).map(Number);
    const plans = await this.plansOn(id);
    await this.toCustomers(
      recipients,
      "outage-offline",
      `outage:off:${id}:${since}`,
      (customerId, locale) => {
        const ids = plans.get(customerId);
        if (!ids?.length) return undefined;
        const titles = ids.map((p) => `«${html(planTitle(this.deps.services.shop?.plan(p), locale, p))}»`);
        return {
          key: "outage-offline-named",
          vars: { plans: titles.join(", "), count: titles.length, location: html(server.name) },
        };
      },
    );
    this.deps.logger.warn(
      { serverId: id, since: Number(since), customers: recipients.length },
      "outage told",
    );
    return recipients.length;
  }

  /** The admins' outage alert: with the customers told, or how many will be after the grace. */
  private async alertAdmins(
    server: Server,
    since: string,
    now: number,
    told: number | undefined,
    graceMs: number,
  ) {
    const id = server.id;
    const pending = told === undefined && server.kind === "xui" ? (await this.customersOn(id)).length : 0;
    this.deps.logger.warn({ serverId: id, since: Number(since) }, "server offline");
    await this.toAdmins(
      `watch:off:${id}:${since}`,
      told === undefined ? "watch-offline-early" : "watch-offline",
      (locale) => ({
        name: html(server.name),
        id,
        since: formatDateTime(locale, Number(since)),
        duration: formatDuration(locale, Math.max(0, now - Number(since)) / 1_000),
        customers: told ?? pending,
        grace: formatDuration(locale, graceMs / 1_000),
      }),
    );
  }

  /** The end of a told outage: to the customers who were told, and to the admins if they were. */
  private async announceRecovery(server: Server, since: string, now: number, admins: boolean) {
    const id = server.id;
    const recipients = (await this.deps.redis.smembers(watchKeys.told(id, since))).map(Number);
    await this.toCustomers(recipients, "outage-back", `outage:back:${id}:${since}`);
    this.deps.logger.info({ serverId: id, since: Number(since) }, "server back online");
    if (!admins) return;
    await this.toAdmins(`watch:back:${id}:${since}`, "watch-back", (locale) => ({
      name: html(server.name),
      id,
      duration: formatDuration(locale, Math.max(0, now - Number(since)) / 1_000),
      customers: recipients.length,
    }));
  }

  // -- affected customers ----------------------------------------------------------------------

  /** Customers with an active xui subscription on the server, from the (lazily rebuilt) index. */
  private async customersOn(serverId: number): Promise<number[]> {
    await this.ensureIndex();
    const ids = await this.deps.redis.zrangebyscore(
      watchKeys.index(serverId),
      `(${this.deps.clock.now()}`,
      "+inf",
    );
    return ids.map(Number);
  }

  /**
   * Rebuilds `watch:index:<server>` (customer -> latest expiry there) from the active part of
   * `subs:expiry` when it is older than INDEX_MAX_AGE_MS, in batches. Only an outage needs it,
   * so a quiet fleet never pays for it.
   */
  private async ensureIndex(): Promise<void> {
    const { redis, clock } = this.deps;
    const now = clock.now();
    const builtAt = Number(await redis.get(watchKeys.indexBuiltAt));
    if (builtAt && now - builtAt < INDEX_MAX_AGE_MS) return;
    // One builder at a time; the others use what is there.
    if (!(await redis.set(watchKeys.indexLock, "1", "PX", 120_000, "NX"))) return;
    try {
      const groups = new Map<number, Map<string, number>>();
      let rank = await redis.zcount(subscriptionKeys.byExpiry, "-inf", now);
      for (;;) {
        const raw = await redis.zrange(
          subscriptionKeys.byExpiry,
          String(rank),
          String(rank + INDEX_BATCH - 1),
          "WITHSCORES",
        );
        if (raw.length === 0) break;
        rank += raw.length / 2;
        const pipe = redis.pipeline();
        for (let i = 0; i < raw.length; i += 2)
          pipe.hmget(subscriptionKeys.sub(raw[i] ?? ""), "ref", "customerId");
        const rows = (await pipe.exec()) ?? [];
        rows.forEach(([err, value], j) => {
          if (err) return;
          const [ref, customerId] = value as [string | null, string | null];
          const serverId = xuiServerOf(ref);
          if (serverId === undefined || !customerId) return;
          const expiry = Number(raw[j * 2 + 1]);
          const group = groups.get(serverId) ?? new Map<string, number>();
          group.set(customerId, Math.max(group.get(customerId) ?? 0, expiry));
          groups.set(serverId, group);
        });
      }
      for (const [serverId, group] of groups) {
        const next = watchKeys.indexNext(serverId);
        await redis.del(next);
        const entries = [...group.entries()];
        for (let i = 0; i < entries.length; i += INDEX_BATCH) {
          const args = entries.slice(i, i + INDEX_BATCH).flatMap(([customer, expiry]) => [expiry, customer]);
          await redis.zadd(next, ...args);
        }
      }
      const before = (await redis.smembers(watchKeys.indexServers)).map(Number);
      const tx = redis.multi();
      for (const serverId of before) if (!groups.has(serverId)) tx.del(watchKeys.index(serverId));
      for (const serverId of groups.keys())
        tx.rename(watchKeys.indexNext(serverId), watchKeys.index(serverId));
      tx.del(watchKeys.indexServers);
      if (groups.size > 0) tx.sadd(watchKeys.indexServers, ...[...groups.keys()].map(String));
      tx.set(watchKeys.indexBuiltAt, String(now));
      await tx.exec();
    } finally {
      await redis.del(watchKeys.indexLock);
    }
  }

  // -- expiry, balance, auto-extend ------------------------------------------------------------

  /** Alerts once per expiry when days left fall to 3, and again at 1. */
  private async daysLeft(server: Server): Promise<void> {
    if (server.status !== "active") return;
    const threshold = DAYS_LEFT_THRESHOLDS.filter((t) => server.daysLeft <= t).at(-1);
    if (threshold === undefined) return;
    const expiry = server.expiresAt.getTime();
    const marked = await this.deps.redis.set(
      watchKeys.mark(`days:${server.id}:${expiry}:${threshold}`),
      "1",
      "EX",
      MARK_TTL_SECONDS,
      "NX",
    );
    if (!marked) return;
    await this.toAdmins(`watch:days:${server.id}:${expiry}:${threshold}`, "watch-days-left", (locale) => ({
      name: html(server.name),
      id: server.id,
      days: server.daysLeft,
      date: formatDateTime(locale, expiry),
    }));
  }

  /** Alerts when the balance is below the cost of the next extension (once a day per balance). */
  private async lowBalance(servers: Server[], known: number | undefined, hint: number | undefined) {
    const next = servers
      .filter((s) => s.status === "active")
      .sort((a, b) => a.expiresAt.getTime() - b.expiresAt.getTime())[0];
    if (!next) return;
    const cost = (await learnedExtendPrice(this.deps.redis, next)) ?? hint;
    if (cost === undefined) return;
    let balance = known;
    if (balance === undefined) {
      try {
        balance = (await this.deps.account.account()).balance;
      } catch (err) {
        this.deps.logger.warn({ err }, "hosting balance unavailable");
        return;
      }
    }
    if (balance >= cost) return;
    const day = new Date(this.deps.clock.now()).toISOString().slice(0, 10);
    const level = `lowbal:${day}:${balance}`;
    const marked = await this.deps.redis.set(watchKeys.mark(level), "1", "EX", 2 * 24 * 3600, "NX");
    if (!marked) return;
    const shownBalance = balance;
    await this.toAdmins(`watch:${level}`, "watch-low-balance", (locale) => ({
      balance: formatNumber(locale, shownBalance),
      cost: formatNumber(locale, cost),
      name: html(next.name),
      id: next.id,
      days: next.daysLeft,
    }));
  }

  /**
   * Extends a server about to expire through the shared ServerExtension (one claim per server
   * and expiry, so another process, a retried job or an admin's tap never extends twice) and
   * tells the admins each outcome once.
   */
  private async autoExtend(server: Server, known: number | undefined): Promise<ExtensionOutcome> {
    const outcome = await this.deps.extension.auto(server, known);
    const once = `watch:extend:${server.id}:${server.expiresAt.getTime()}`;
    const named = { name: html(server.name), id: server.id };
    switch (outcome.kind) {
      case "extended": {
        const { server: extended, balance } = outcome;
        await this.toAdmins(`${once}:done`, "watch-extended", (locale) => ({
          ...named,
          date: formatDateTime(locale, extended.expiresAt.getTime()),
          days: extended.daysLeft,
          balance:
            balance === undefined ? this.t(locale, "servers-balance-unknown") : formatNumber(locale, balance),
        }));
        break;
      }
      case "no-balance":
        await this.toAdmins(`${once}:no-balance`, "watch-extend-no-balance", (locale) => ({
          ...named,
          balance: formatNumber(locale, outcome.balance),
        }));
        break;
      case "refused":
        await this.toAdmins(`${once}:refused`, "watch-extend-refused", (locale) => ({
          ...named,
          reason: this.reason(locale, outcome.error),
        }));
        break;
      case "not-charged":
        await this.toAdmins(`${once}:not-charged`, "watch-extend-not-charged", (locale) => ({
          ...named,
          reason: this.reason(locale, outcome.error),
        }));
        break;
      case "unknown":
        // It may have been charged: the worker never retries it by itself.
        await this.toAdmins(`${once}:unknown`, "watch-extend-unknown", (locale) => ({
          ...named,
          reason: this.reason(locale, outcome.error),
        }));
        break;
      case "unavailable":
        this.deps.logger.warn({ err: outcome.error, serverId: server.id }, "auto-extend postponed");
        break;
      default:
        // already, changed, busy, blocked, waiting: someone else has it, or it waits its turn.
        break;
    }
    return outcome;
  }

  // -- hosting API down ------------------------------------------------------------------------

  private async apiDown(err: unknown): Promise<void> {
    const now = this.deps.clock.now();
    this.deps.logger.warn({ err }, "server watch skipped: hosting API unavailable");
    const due = (await this.deps.redis.eval(
      THROTTLE,
      1,
      watchKeys.apiAlertAt,
      String(now),
      String(API_ALERT_EVERY_MS),
      String(Math.ceil((2 * API_ALERT_EVERY_MS) / 1_000)),
    )) as number;
    if (due !== 1) return;
    if (isHostingError(err, "unauthorized")) {
      await this.toAdmins(`watch:api:${now}`, "watch-api-unauthorized", () => ({}));
      return;
    }
    await this.toAdmins(`watch:api:${now}`, "watch-api-unreachable", (locale) => ({
      reason: this.reason(locale, err),
    }));
  }

  // -- sending ---------------------------------------------------------------------------------

  private t(locale: Locale, key: string, vars?: Record<string, string | number>): string {
    return this.deps.i18n.t(locale, key, vars);
  }

  private reason(locale: Locale, err: unknown): string {
    const text = isExplainable(err)
      ? hostingErrorText((k, v) => this.t(locale, k, v), err)
      : err instanceof Error
        ? err.message
        : String(err);
    return html(text.slice(0, 300));
  }

  private async localeOf(userId: number): Promise<Locale> {
    return (await this.deps.services.customers.get(userId))?.locale ?? this.deps.defaultLocale;
  }

  /** One message to every admin in their language, once per `once` key. */
  private async toAdmins(
    once: string,
    key: string,
    vars: (locale: Locale) => Record<string, string | number>,
  ): Promise<void> {
    const messages: OutboxMessage[] = [];
    for (const adminId of this.deps.adminIds) {
      const locale = await this.localeOf(adminId);
      messages.push({ chatId: adminId, text: this.t(locale, key, vars(locale)), once: `${once}:${adminId}` });
    }
    if (messages.length > 0) await this.deps.outbox.sendMany(messages);
  }

  /** Plan ids of each customer's live subscriptions on xui server `serverId` (empty without owners). */
  private async plansOn(serverId: number): Promise<Map<number, string[]>> {
    const byCustomer = new Map<number, string[]>();
    const owners = (await this.deps.services.owners?.onServer(serverId)) ?? [];
    for (const { subscription: s } of owners) {
      const ids = byCustomer.get(s.customerId) ?? [];
      if (!ids.includes(s.planId)) ids.push(s.planId);
      byCustomer.set(s.customerId, ids);
    }
    return byCustomer;
  }

  /**
   * One short notice to each customer in their language, once per `once` key and customer;
   * `named` may give a customer their own text (e.g. naming their subscriptions).
   */
  private async toCustomers(
    customerIds: number[],
    key: string,
    once: string,
    named?: (
      customerId: number,
      locale: Locale,
    ) => { key: string; vars: Record<string, string | number> } | undefined,
  ): Promise<void> {
    for (let i = 0; i < customerIds.length; i += SEND_BATCH) {
      const batch = customerIds.slice(i, i + SEND_BATCH);
      const locales = await mapLimit(batch, 50, (id) => this.localeOf(id));
      await this.deps.outbox.sendMany(
        batch.map((chatId, j) => {
          const locale = locales[j] ?? this.deps.defaultLocale;
          const own = named?.(chatId, locale);
          return {
            chatId,
            text: own ? this.t(locale, own.key, own.vars) : this.t(locale, key),
            once: `${once}:${chatId}`,
          };
        }),
      );
    }
  }
}

/** The server id of an xui access reference (stored JSON), if it is one. */
function xuiServerOf(ref: string | null): number | undefined {
  if (!ref) return undefined;
  try {
    const parsed = JSON.parse(ref) as { kind?: unknown; serverId?: unknown };
    return parsed.kind === "xui" && typeof parsed.serverId === "number" ? parsed.serverId : undefined;
  } catch {
    return undefined;
  }
}
