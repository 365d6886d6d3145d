import type { Redis } from "ioredis";
import type { Locale } from "../../config.js";
import type { Customers, SubscriptionOwners } from "../../domain/books/index.js";
import type { Plan, ShopMaintenance } from "../../domain/catalog/index.js";
import {
  DEFAULT_OUTAGE_GRACE_MINUTES,
  type ShopSettings,
  type ShopSettingsValues,
} from "../../domain/catalog/index.js";
import type { ServerExtension, ServiceNotices } from "../../domain/fleet/index.js";
import type { AccountApi, Server, ServerStats } from "../../hosting/account/index.js";
import type { I18nLike } from "../../render/i18n-like.js";
import { type Clock, MINUTE } from "../../runtime/clock.js";
import type { Logger } from "../../runtime/logger.js";
import { mapLimit } from "../../runtime/map-limit.js";
import type { PeriodicTask } from "../maintenance.js";
import type { Outbox } from "../outbox.js";
import type { StaffNoticeSender } from "../staff-notices.js";
import { AffectedCustomers } from "./affected.js";
import { WatchAlerts } from "./alerts.js";
import { type AutoExtendDeps, autoExtend } from "./auto-extend.js";
import { AutoMaintenance, type AutoMaintenanceChange } from "./auto-maintenance.js";
import { WatchNotices } from "./notices.js";
import { OutageWatch } from "./outage.js";

export const SERVER_WATCH_TASK = "server-watch";
export const SERVER_WATCH_EVERY_MS = 60_000;
export const DEFAULT_OFFLINE_GRACE_MS = DEFAULT_OUTAGE_GRACE_MINUTES * MINUTE;

export interface ServerWatchDeps {
  account: Pick<AccountApi, "servers" | "stats" | "account">;
  /** The one path that extends a server (shared with the admin's button). */
  extension: Pick<ServerExtension, "auto">;
  /** Watch state, marks, claims and the affected-customers index. */
  redis: Redis;
  /** With `owners` and the sales' `shop`, the customers' outage notice names their subscriptions. */
  books: {
    customers: Pick<Customers, "get">;
    owners?: Pick<SubscriptionOwners, "onServer">;
  };
  sales?: { shop: { plan(id: string): Plan | undefined } };
  outbox: Pick<Outbox, "sendMany">;
  /** Where each customer's outage notices are kept for their cabinet (none: not kept). */
  noticeLog?: Pick<ServiceNotices, "record">;
  settings: ShopSettings;
  /**
   * Where each round's look at the hosting account goes, for the automatic maintenance (the shop
   * closed to customers while the account does not answer; none: not watched).
   */
  maintenance?: Pick<ShopMaintenance, "observeAccount" | "noticeQueued">;
  i18n: I18nLike;
  clock: Clock;
  logger: Logger;
  /** Who hears of the alerts when no `staffNotices` is given. */
  adminIds: readonly number[];
  /** Where the staff's alerts go (the staff group's alerts topic and the staff by role). */
  staffNotices?: StaffNoticeSender;
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

type Observed = ServerStats["state"] | "unknown";

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
  /** The shop closed to customers by itself in this round, or opened again. */
  autoMaintenance?: AutoMaintenanceChange;
}

export interface ServerWatchTask extends PeriodicTask {
  /** One round; what it saw and did. */
  run(): Promise<ServerWatchReport>;
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
  private readonly outage: OutageWatch;
  private readonly alerts: WatchAlerts;
  private readonly extending: AutoExtendDeps;
  private readonly autoMaintenance: AutoMaintenance | undefined;

  constructor(private readonly deps: ServerWatchDeps) {
    this.concurrency = Math.max(1, deps.concurrency ?? 4);
    const { redis, clock, logger, books } = deps;
    const notices = new WatchNotices({ ...deps, customers: books.customers });
    const affected = new AffectedCustomers({ redis, clock, owners: books.owners });
    // Runs closer than half a poll apart are one check (a manual refresh, an overlapping run).
    const minGapMs = (deps.everyMs ?? SERVER_WATCH_EVERY_MS) / 2;
    this.outage = new OutageWatch({
      redis,
      clock,
      logger,
      shop: deps.sales?.shop,
      notices,
      log: deps.noticeLog,
      affected,
      minGapMs,
    });
    this.alerts = new WatchAlerts({ account: deps.account, redis, clock, logger, notices });
    this.extending = { extension: deps.extension, notices, logger };
    const { maintenance, settings } = deps;
    this.autoMaintenance =
      maintenance && new AutoMaintenance({ maintenance, settings, notices, clock, logger });
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
      report.autoMaintenance = await this.lookAtAccount(err);
      await this.alerts.apiDown(err);
      return report;
    }
    report.autoMaintenance = await this.lookAtAccount(undefined);
    report.listed = true;
    const active = servers.filter((s) => s.status === "active");
    const settings = await this.deps.settings.get();
    await this.liveState(active, this.graceMs(settings), report);
    await this.expiry(active, settings, report);
    return report;
  }

  /** The automatic maintenance's look at the account; a failure of it never stops the round. */
  private async lookAtAccount(failure: unknown): Promise<AutoMaintenanceChange> {
    try {
      return await this.autoMaintenance?.look(failure);
    } catch (err) {
      this.deps.logger.error({ err }, "automatic maintenance step failed");
      return undefined;
    }
  }

  /** How long an outage lasts before the customers are told: the admins' setting wins. */
  private graceMs(settings: ShopSettingsValues): number {
    return settings.outageGraceMinutes !== undefined
      ? settings.outageGraceMinutes * MINUTE
      : (this.deps.offlineGraceMs ?? DEFAULT_OFFLINE_GRACE_MS);
  }

  /** Live state, at most `concurrency` stats calls at a time, then one outage step per server. */
  private async liveState(active: Server[], graceMs: number, report: ServerWatchReport): Promise<void> {
    const observed = await mapLimit(active, this.concurrency, (s) => this.observe(s));
    report.polled = active.length;
    for (const [i, server] of active.entries()) {
      const state = observed[i] ?? "unknown";
      if (state === "unknown") {
        report.unknown++;
        continue;
      }
      try {
        const outcome = await this.outage.step(server, state, graceMs);
        if (outcome.admins) report.wentOffline.push(server.id);
        if (outcome.customers) report.customersWarned.push(server.id);
        if (outcome.back) report.cameBack.push(server.id);
      } catch (err) {
        this.deps.logger.error({ err, serverId: server.id }, "server watch step failed");
      }
    }
  }

  private async observe(server: Server): Promise<Observed> {
    try {
      return (await this.deps.account.stats(server.id)).state;
    } catch (err) {
      // A failed stats call says nothing about the server: not offline.
      this.deps.logger.warn({ err, serverId: server.id }, "server stats unavailable");
      return "unknown";
    }
  }

  /** Expiry: auto-extend first (it changes days left and the balance), then the alerts. */
  private async expiry(active: Server[], settings: ShopSettingsValues, report: ServerWatchReport) {
    let balance: number | undefined;
    const current = new Map(active.map((s) => [s.id, s]));
    /** Extended (or being extended) by this or another run: no "expires in 1 day" alert. */
    const handled = new Set<number>();
    if (settings.autoExtend) {
      for (const server of active) {
        if (server.daysLeft > 1) continue;
        const outcome = await autoExtend(this.extending, server, balance);
        if (outcome.kind === "already" || outcome.kind === "busy") handled.add(server.id);
        if (outcome.kind === "extended") {
          current.set(server.id, outcome.server);
          balance = outcome.balance;
          report.extended.push(server.id);
        }
      }
    }
    for (const server of current.values()) if (!handled.has(server.id)) await this.alerts.daysLeft(server);
    await this.alerts.lowBalance([...current.values()], balance, settings.extendCostHint);
  }
}
