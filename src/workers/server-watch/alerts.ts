import type { Redis } from "ioredis";
import { learnedExtendPrice } from "../../domain/fleet/index.js";
import type { AccountApi, Server } from "../../hosting/account/index.js";
import { isHostingError } from "../../hosting/errors.js";
import { formatDateTime, formatNumber, html } from "../../render/format.js";
import type { Clock } from "../../runtime/clock.js";
import { HOUR } from "../../runtime/clock.js";
import type { Logger } from "../../runtime/logger.js";
import { LuaScript } from "../../store/lua.js";
import { MARK_TTL_SECONDS, watchKeys } from "./keys.js";
import type { WatchNotices } from "./notices.js";

/** A hosting API outage is reported at most this often. */
export const API_ALERT_EVERY_MS = HOUR;
/** Days-left thresholds that alert the admins, highest first. */
export const DAYS_LEFT_THRESHOLDS = [3, 1] as const;

/** At most one API alert per interval, across processes (lua/api-alert-throttle.lua). */
const THROTTLE = LuaScript.load(new URL("./lua/api-alert-throttle.lua", import.meta.url));

export interface WatchAlertsDeps {
  account: Pick<AccountApi, "account">;
  redis: Redis;
  clock: Clock;
  logger: Logger;
  notices: WatchNotices;
}

/** The admins' alerts about the hosting account: days left, a low balance, the API down. */
export class WatchAlerts {
  constructor(private readonly deps: WatchAlertsDeps) {}

  /** Alerts once per expiry when days left fall to 3, and again at 1. */
  async daysLeft(server: Server): Promise<void> {
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
    const once = `watch:days:${server.id}:${expiry}:${threshold}`;
    await this.deps.notices.toAdmins(
      once,
      "watch-days-left",
      (locale) => ({
        name: html(server.name),
        id: server.id,
        days: server.daysLeft,
        date: formatDateTime(locale, expiry),
      }),
      server.id,
    );
  }

  /** Alerts when the balance is below the cost of the next extension (once a day per balance). */
  async lowBalance(servers: Server[], known: number | undefined, hint: number | undefined) {
    const next = servers
      .filter((s) => s.status === "active")
      .sort((a, b) => a.expiresAt.getTime() - b.expiresAt.getTime())[0];
    if (!next) return;
    const cost = (await learnedExtendPrice(this.deps.redis, next)) ?? hint;
    if (cost === undefined) return;
    const balance = known ?? (await this.balance());
    if (balance === undefined || balance >= cost) return;
    const day = new Date(this.deps.clock.now()).toISOString().slice(0, 10);
    const level = `lowbal:${day}:${balance}`;
    const marked = await this.deps.redis.set(watchKeys.mark(level), "1", "EX", 2 * 24 * 3600, "NX");
    if (!marked) return;
    await this.deps.notices.toAdmins(
      `watch:${level}`,
      "watch-low-balance",
      (locale) => ({
        balance: formatNumber(locale, balance),
        cost: formatNumber(locale, cost),
        name: html(next.name),
        id: next.id,
        days: next.daysLeft,
      }),
      next.id,
    );
  }

  /** The server list could not be read: the admins hear of it at most once an hour. */
  async apiDown(err: unknown): Promise<void> {
    const now = this.deps.clock.now();
    this.deps.logger.warn({ err }, "server watch skipped: hosting API unavailable");
    const due = (await THROTTLE.run(
      this.deps.redis,
      [watchKeys.apiAlertAt],
      [String(now), String(API_ALERT_EVERY_MS), String(Math.ceil((2 * API_ALERT_EVERY_MS) / 1_000))],
    )) as number;
    if (due !== 1) return;
    const { notices } = this.deps;
    if (isHostingError(err, "unauthorized")) {
      await notices.toAdmins(`watch:api:${now}`, "watch-api-unauthorized", () => ({}));
      return;
    }
    await notices.toAdmins(`watch:api:${now}`, "watch-api-unreachable", (locale) => ({
      reason: notices.reason(locale, err),
    }));
  }

  /** The hosting balance now, or none when it cannot be read (the alert waits for the next round). */
  private async balance(): Promise<number | undefined> {
    try {
      return (await this.deps.account.account()).balance;
    } catch (err) {
      this.deps.logger.warn({ err }, "hosting balance unavailable");
      return undefined;
    }
  }
}
