import type { Redis } from "ioredis";
import { type Clock, MINUTE } from "../../runtime/clock.js";
import type { Subscription } from "../books/index.js";
import { outageKeys } from "./keys.js";

/** An outage is confirmed (admins alerted, customers' cards say so) at this many offline checks. */
export const OUTAGE_CONFIRM_CHECKS = 2;
/**
 * The watch checks an offline server about every minute; a state whose last check is older than
 * this is no longer known (the watch stopped, or the server left the watched ones), so not shown.
 */
export const OUTAGE_FRESH_MS = 5 * MINUTE;

/** A confirmed outage of a server: offline since `since` (ms), as the server watch last saw it. */
export interface ServerOutage {
  serverId: number;
  since: number;
}

/**
 * What the server watch knows of the servers' outages, for the screens (a customer's /my card,
 * the admins' server card). The watch's outage step is the only writer of the state; this only
 * reads it, and never trusts a stale or unconfirmed one.
 */
export class ServerOutages {
  constructor(private readonly deps: { redis: Redis; clock: Clock }) {}

  /** The confirmed outage of `serverId`, or undefined when it is up or not known to be down. */
  async of(serverId: number): Promise<ServerOutage | undefined> {
    return (await this.ofMany([serverId])).get(serverId);
  }

  /** The confirmed outages among `serverIds` (one round trip). */
  async ofMany(serverIds: readonly number[]): Promise<Map<number, ServerOutage>> {
    const ids = [...new Set(serverIds)];
    const found = new Map<number, ServerOutage>();
    if (ids.length === 0) return found;
    const pipe = this.deps.redis.pipeline();
    for (const id of ids) pipe.hmget(outageKeys.state(id), "state", "since", "checks", "lastAt");
    const rows = (await pipe.exec()) ?? [];
    const now = this.deps.clock.now();
    rows.forEach(([err, value], i) => {
      const serverId = ids[i];
      if (err || serverId === undefined) return;
      const [state, since, checks, lastAt] = value as (string | null)[];
      if (state !== "offline" || Number(checks) < OUTAGE_CONFIRM_CHECKS) return;
      if (!(now - Number(lastAt) <= OUTAGE_FRESH_MS)) return;
      found.set(serverId, { serverId, since: Number(since) });
    });
    return found;
  }

  /**
   * The confirmed outages of the servers `subs` live on, by subscription id: what a customer's
   * card shows instead of "active" (the chat's /my and the cabinet alike). Only a live access on
   * an xui server has one: panel and node clients are not watched.
   */
  async ofSubscriptions(subs: readonly Subscription[]): Promise<Map<string, ServerOutage>> {
    const watched = subs.filter((s) => s.removedAt === undefined && s.ref.kind === "xui");
    const byServer = await this.ofMany(watched.map((s) => (s.ref.kind === "xui" ? s.ref.serverId : 0)));
    const found = new Map<string, ServerOutage>();
    for (const s of watched) {
      const outage = s.ref.kind === "xui" ? byServer.get(s.ref.serverId) : undefined;
      if (outage) found.set(s.id, outage);
    }
    return found;
  }
}
