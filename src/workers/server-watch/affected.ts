import type { Redis } from "ioredis";
import type { Subscription, SubscriptionOwners } from "../../domain/books/index.js";
import { subscriptionKeys } from "../../domain/books/index.js";
import { type Clock, MINUTE } from "../../runtime/clock.js";
import { withLease } from "../../store/lease.js";
import { watchKeys } from "./keys.js";

/** The affected-customers index is rebuilt at most this often (and only when an outage needs it). */
export const INDEX_MAX_AGE_MS = 10 * MINUTE;
const INDEX_BATCH = 1_000;
/** Longer than a rebuild takes; a builder that died leaves the lease to expire. */
const INDEX_LEASE_MS = 2 * MINUTE;

/** Per xui server: customer id (as stored) -> the latest expiry of their subscriptions there. */
type Groups = Map<number, Map<string, number>>;

export interface AffectedCustomersDeps {
  redis: Redis;
  clock: Clock;
  /** Without it, no customer's notice names their subscriptions. */
  owners?: Pick<SubscriptionOwners, "onServer"> | undefined;
}

/** Who an outage of a server concerns: its customers, and the plans they have there. */
export class AffectedCustomers {
  constructor(private readonly deps: AffectedCustomersDeps) {}

  /** Customers with an active xui subscription on the server, from the (lazily rebuilt) index. */
  async on(serverId: number): Promise<number[]> {
    await this.ensureIndex();
    // A page at a time by rank from the first active one: a server holding most of the shop
    // never makes one read of every customer on it.
    const { redis, clock } = this.deps;
    const key = watchKeys.index(serverId);
    const out: number[] = [];
    for (let rank = await redis.zcount(key, "-inf", clock.now()); ; rank += INDEX_BATCH) {
      const ids = await redis.zrange(key, String(rank), String(rank + INDEX_BATCH - 1));
      out.push(...ids.map(Number));
      if (ids.length < INDEX_BATCH) return out;
    }
  }

  /**
   * Each customer's live subscriptions on xui server `serverId` (empty without owners): what
   * their notice names (plan and catalog location, never the server itself).
   */
  async subscriptionsOn(serverId: number): Promise<Map<number, Subscription[]>> {
    const byCustomer = new Map<number, Subscription[]>();
    const owners = (await this.deps.owners?.onServer(serverId)) ?? [];
    for (const { subscription: s } of owners) {
      byCustomer.set(s.customerId, [...(byCustomer.get(s.customerId) ?? []), s]);
    }
    return byCustomer;
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
    // One builder at a time (store/lease.ts, released by its holder only); the others use what is there.
    await withLease(redis, watchKeys.indexLock, INDEX_LEASE_MS, async () => {
      const groups = await this.readGroups(now);
      await this.writeNext(groups);
      await this.swapIn(groups, now);
    });
  }

  /** The active subscriptions (expiry after `now`) grouped by xui server, a batch at a time. */
  private async readGroups(now: number): Promise<Groups> {
    const { redis } = this.deps;
    const groups: Groups = new Map();
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
      await this.addBatch(raw, groups);
    }
    return groups;
  }

  /** Adds one `[subscription id, expiry, ...]` batch to `groups` (its owner and server read at once). */
  private async addBatch(raw: string[], groups: Groups): Promise<void> {
    const pipe = this.deps.redis.pipeline();
    // The ref is in its own key (a record written before holds it among its fields).
    for (let i = 0; i < raw.length; i += 2) {
      pipe.hmget(subscriptionKeys.sub(raw[i] ?? ""), "ref", "customerId");
      pipe.get(subscriptionKeys.ref(raw[i] ?? ""));
    }
    const rows = (await pipe.exec()) ?? [];
    rows.forEach(([err, value], at) => {
      const refRow = rows[at + 1];
      if (err || at % 2 === 1 || !refRow || refRow[0]) return;
      const j = at / 2;
      const [oldRef, customerId] = value as [string | null, string | null];
      const serverId = xuiServerOf((refRow[1] as string | null) ?? oldRef);
      if (serverId === undefined || !customerId) return;
      const expiry = Number(raw[j * 2 + 1]);
      const group = groups.get(serverId) ?? new Map<string, number>();
      group.set(customerId, Math.max(group.get(customerId) ?? 0, expiry));
      groups.set(serverId, group);
    });
  }

  /** Writes each server's new index beside the live one. */
  private async writeNext(groups: Groups): Promise<void> {
    const { redis } = this.deps;
    for (const [serverId, group] of groups) {
      const next = watchKeys.indexNext(serverId);
      await redis.del(next);
      const entries = [...group.entries()];
      for (let i = 0; i < entries.length; i += INDEX_BATCH) {
        const args = entries.slice(i, i + INDEX_BATCH).flatMap(([customer, expiry]) => [expiry, customer]);
        await redis.zadd(next, ...args);
      }
    }
  }

  /** Puts the new indexes in place at once; servers with no customers left lose theirs. */
  private async swapIn(groups: Groups, now: number): Promise<void> {
    const { redis } = this.deps;
    const before = (await redis.smembers(watchKeys.indexServers)).map(Number);
    const tx = redis.multi();
    for (const serverId of before) if (!groups.has(serverId)) tx.del(watchKeys.index(serverId));
    for (const serverId of groups.keys()) tx.rename(watchKeys.indexNext(serverId), watchKeys.index(serverId));
    tx.del(watchKeys.indexServers);
    if (groups.size > 0) tx.sadd(watchKeys.indexServers, ...[...groups.keys()].map(String));
    tx.set(watchKeys.indexBuiltAt, String(now));
    await tx.exec();
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
