import type { Redis } from "ioredis";
import type { Plan } from "../../domain/catalog/index.js";
import type { Server, ServerStats } from "../../hosting/account/index.js";
import { planTitle } from "../../render/access.js";
import { formatDateTime, formatDuration, html } from "../../render/format.js";
import type { Clock } from "../../runtime/clock.js";
import type { Logger } from "../../runtime/logger.js";
import type { AffectedCustomers } from "./affected.js";
import { MARK_TTL_SECONDS, watchKeys } from "./keys.js";
import { type OwnNotice, SEND_BATCH, type WatchNotices } from "./notices.js";

/** Admins hear of an outage at this many consecutive offline checks (about 2 minutes). */
export const ADMIN_ALERT_CHECKS = 2;

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

/** Who was told what in one step of one server. */
export interface StepOutcome {
  admins: boolean;
  customers: boolean;
  back: boolean;
}

export interface OutageWatchDeps {
  redis: Redis;
  clock: Clock;
  logger: Logger;
  shop?: { plan(id: string): Plan | undefined } | undefined;
  notices: WatchNotices;
  affected: AffectedCustomers;
  /** Runs closer than this are one check (a manual refresh, an overlapping run). */
  minGapMs: number;
}

/**
 * A server's outage from its observed live state: the admins hear of it at the second offline
 * check, its customers after the grace, and both (those who were told) of its end.
 */
export class OutageWatch {
  constructor(private readonly deps: OutageWatchDeps) {}

  async step(server: Server, state: ServerStats["state"], graceMs: number): Promise<StepOutcome> {
    const now = this.deps.clock.now();
    const key = watchKeys.state(server.id);
    const [action, since, flags] = (await this.deps.redis.eval(
      OBSERVE,
      1,
      key,
      state,
      String(now),
      String(graceMs),
      String(this.deps.minGapMs),
      String(ADMIN_ALERT_CHECKS),
    )) as [string, string, string];
    const outcome: StepOutcome = { admins: false, customers: false, back: false };
    if (action === "offline") {
      outcome.admins = flags[0] === "1";
      outcome.customers = flags[1] === "1";
      await this.tellOffline(server, since, now, outcome, graceMs);
    }
    if (action === "back") {
      await this.announceRecovery(server, since, now, flags === "1");
      await this.deps.redis.eval(CLEAR_BACK, 1, key, since);
      outcome.back = true;
    }
    return outcome;
  }

  /** Tells whom `outcome` says of the outage that began at `since`, and records it. */
  private async tellOffline(
    server: Server,
    since: string,
    now: number,
    outcome: StepOutcome,
    graceMs: number,
  ) {
    const key = watchKeys.state(server.id);
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

  /** Tells the affected customers once; returns how many were told of this outage. */
  private async warnCustomers(server: Server, since: string): Promise<number> {
    const id = server.id;
    const recipients = await this.recordTold(server, since);
    const plans = await this.deps.affected.plansOn(id);
    await this.deps.notices.toCustomers(
      recipients,
      "outage-offline",
      `outage:off:${id}:${since}`,
      this.namingPlans(server, plans),
    );
    this.deps.logger.warn(
      { serverId: id, since: Number(since), customers: recipients.length },
      "outage told",
    );
    return recipients.length;
  }

  /** Adds the server's customers to this outage's told list; the list as recorded (a retried notice keeps the first list's customers too). */
  private async recordTold(server: Server, since: string): Promise<number[]> {
    const { redis } = this.deps;
    const told = watchKeys.told(server.id, since);
    const customers = server.kind === "xui" ? await this.deps.affected.on(server.id) : [];
    for (let i = 0; i < customers.length; i += SEND_BATCH) {
      await redis.sadd(told, ...customers.slice(i, i + SEND_BATCH).map(String));
    }
    await redis.expire(told, MARK_TTL_SECONDS);
    return (await redis.smembers(told)).map(Number);
  }

  /** The notice that names a customer's subscriptions on the server, for those who have any. */
  private namingPlans(server: Server, plans: Map<number, string[]>): OwnNotice {
    return (customerId, locale) => {
      const ids = plans.get(customerId);
      if (!ids?.length) return undefined;
      const titles = ids.map((p) => `«${html(planTitle(this.deps.shop?.plan(p), locale, p))}»`);
      return {
        key: "outage-offline-named",
        vars: { plans: titles.join(", "), count: titles.length, location: html(server.name) },
      };
    };
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
    const pending =
      told === undefined && server.kind === "xui" ? (await this.deps.affected.on(id)).length : 0;
    this.deps.logger.warn({ serverId: id, since: Number(since) }, "server offline");
    await this.deps.notices.toAdmins(
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
    await this.deps.notices.toCustomers(recipients, "outage-back", `outage:back:${id}:${since}`);
    this.deps.logger.info({ serverId: id, since: Number(since) }, "server back online");
    if (!admins) return;
    await this.deps.notices.toAdmins(`watch:back:${id}:${since}`, "watch-back", (locale) => ({
      name: html(server.name),
      id,
      duration: formatDuration(locale, Math.max(0, now - Number(since)) / 1_000),
      customers: recipients.length,
    }));
  }
}
