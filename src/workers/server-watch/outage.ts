import type { Redis } from "ioredis";
import type { Subscription } from "../../domain/books/index.js";
import type { Plan } from "../../domain/catalog/index.js";
import { OUTAGE_CONFIRM_CHECKS, type ServiceNotices } from "../../domain/fleet/index.js";
import type { Server, ServerStats } from "../../hosting/account/index.js";
import { formatDateTime, formatDuration, html } from "../../render/format.js";
import { outageOfflineNotice } from "../../render/outage-notice.js";
import type { Clock } from "../../runtime/clock.js";
import type { Logger } from "../../runtime/logger.js";
import { LuaScript } from "../../store/lua.js";
import type { AffectedCustomers } from "./affected.js";
import { MARK_TTL_SECONDS, watchKeys } from "./keys.js";
import { type OwnNotice, SEND_BATCH, type WatchNotices } from "./notices.js";

/** Admins hear of an outage at this many consecutive offline checks (about 2 minutes). */
export const ADMIN_ALERT_CHECKS = OUTAGE_CONFIRM_CHECKS;

const script = (name: string) => LuaScript.load(new URL(`./lua/${name}.lua`, import.meta.url));
/** One step of a server's watch state from what was observed (lua/outage-observe.lua). */
const OBSERVE = script("outage-observe");
/** Admins or customers were told of an outage (lua/outage-mark-told.lua). */
const MARK_TOLD = script("outage-mark-told");
/** The recovery notices of an outage are queued (lua/outage-clear-back.lua). */
const CLEAR_BACK = script("outage-clear-back");

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
  /** Where each customer's notices are kept for their cabinet (none: not kept). */
  log?: Pick<ServiceNotices, "record"> | undefined;
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
    const [action, since, flags] = (await OBSERVE.run(
      this.deps.redis,
      [key],
      [state, String(now), String(graceMs), String(this.deps.minGapMs), String(ADMIN_ALERT_CHECKS)],
    )) as [string, string, string];
    const outcome: StepOutcome = { admins: false, customers: false, back: false };
    if (action === "offline") {
      outcome.admins = flags[0] === "1";
      outcome.customers = flags[1] === "1";
      await this.tellOffline(server, since, now, outcome, graceMs);
    }
    if (action === "back") {
      await this.announceRecovery(server, since, now, flags === "1");
      await CLEAR_BACK.run(this.deps.redis, [key], [since]);
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
      await MARK_TOLD.run(this.deps.redis, [key], [since, "customers"]);
    }
    if (outcome.admins) {
      await this.alertAdmins(server, since, now, told, graceMs);
      await MARK_TOLD.run(this.deps.redis, [key], [since, "admins"]);
    }
  }

  /** Tells the affected customers once; returns how many were told of this outage. */
  private async warnCustomers(server: Server, since: string): Promise<number> {
    const id = server.id;
    const recipients = await this.recordTold(server, since);
    const subs = await this.deps.affected.subscriptionsOn(id);
    const once = `outage:off:${id}:${since}`;
    await this.deps.notices.toCustomers(recipients, "outage-offline", once, this.namingPlans(subs));
    // Kept once sent (a round run again keeps it once): what it named, not its words.
    await this.deps.log?.record(
      once,
      "outage-offline",
      recipients.map((c) => ({ customerId: c, subscriptions: (subs.get(c) ?? []).map((s) => s.id) })),
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
  private namingPlans(subs: Map<number, Subscription[]>): OwnNotice {
    const plan = (id: string) => this.deps.shop?.plan(id);
    return (customerId, locale, t) => outageOfflineNotice(t, locale, subs.get(customerId) ?? [], plan);
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
      id,
    );
  }

  /** The end of a told outage: to the customers who were told, and to the admins if they were. */
  private async announceRecovery(server: Server, since: string, now: number, admins: boolean) {
    const id = server.id;
    const recipients = (await this.deps.redis.smembers(watchKeys.told(id, since))).map(Number);
    const once = `outage:back:${id}:${since}`;
    await this.deps.notices.toCustomers(recipients, "outage-back", once);
    await this.deps.log?.record(
      once,
      "outage-back",
      recipients.map((c) => ({ customerId: c, subscriptions: [] })),
    );
    this.deps.logger.info({ serverId: id, since: Number(since) }, "server back online");
    if (!admins) return;
    await this.deps.notices.toAdmins(
      `watch:back:${id}:${since}`,
      "watch-back",
      (locale) => ({
        name: html(server.name),
        id,
        duration: formatDuration(locale, Math.max(0, now - Number(since)) / 1_000),
        customers: recipients.length,
      }),
      id,
    );
  }
}
