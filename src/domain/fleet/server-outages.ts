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
 * What the watch last saw of a server that is not known to be up: `down`, a confirmed outage;
 * `offline`, seen offline at the last check but not (yet) confirmed.
 */
export interface ServerTrouble extends ServerOutage {
  state: "down" | "offline";
}

/** What the watch knows of one server: its last check (ms; none before this field was kept), and its fresh trouble. */
export interface ServerSeen {
  checkedAt: number | undefined;
  trouble: ServerTrouble | undefined;
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
    const found = new Map<number, ServerOutage>();
    for (const [id, { serverId, since, state }] of await this.troubleOf(serverIds))
      if (state === "down") found.set(id, { serverId, since });
    return found;
  }

  /**
   * The servers among `serverIds` the watch saw offline at its last (fresh) check: confirmed
   * (`down`) or not yet (`offline`, a blip maybe). One round trip.
   */
  async troubleOf(serverIds: readonly number[]): Promise<Map<number, ServerTrouble>> {
    const found = new Map<number, ServerTrouble>();
    for (const [id, seen] of await this.seenOf(serverIds)) if (seen.trouble) found.set(id, seen.trouble);
    return found;
  }

  /**
   * What the watch last saw of each of `serverIds` it ever checked: when it last checked it, and
   * its trouble at that check when it is fresh (see troubleOf). One round trip.
   */
  async seenOf(serverIds: readonly number[]): Promise<Map<number, ServerSeen>> {
    const ids = [...new Set(serverIds)];
    const found = new Map<number, ServerSeen>();
    if (ids.length === 0) return found;
    const pipe = this.deps.redis.pipeline();
    for (const id of ids) pipe.hmget(outageKeys.state(id), "state", "since", "checks", "lastAt", "checkedAt");
    const rows = (await pipe.exec()) ?? [];
    const now = this.deps.clock.now();
    rows.forEach(([err, value], i) => {
      const serverId = ids[i];
      if (err || serverId === undefined) return;
      const [state, since, checks, lastAt, checkedAt] = value as (string | null)[];
      const checked = checkedAt === null ? undefined : Number(checkedAt);
      const fresh = state === "offline" && now - Number(lastAt) <= OUTAGE_FRESH_MS;
      const confirmed = Number(checks) >= OUTAGE_CONFIRM_CHECKS;
      const trouble: ServerTrouble | undefined = fresh
        ? { serverId, since: Number(since), state: confirmed ? "down" : "offline" }
        : undefined;
      if (state !== null || checked !== undefined)
        found.set(serverId, { checkedAt: Number.isFinite(checked) ? checked : undefined, trouble });
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
