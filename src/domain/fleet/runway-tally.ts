import type { Redis } from "ioredis";
import { z } from "zod";
import type { Server } from "../../hosting/account/index.js";
import type { Clock } from "../../runtime/clock.js";
import type { Logger } from "../../runtime/logger.js";
import { Lease } from "../../store/lease.js";
import { parseJsonRecord } from "../../store/records.js";
import type { SubscriptionOwners } from "../books/index.js";
import { dailyUsage, USAGE_HISTORY_DAYS, type UsageHistory } from "../provisioning/index.js";
import type { DayUse } from "./forecast-math.js";
import { runwayKeys } from "./keys.js";

/** A server's tallied daily use as stored (runwayKeys.days). */
const tallySchema = z.object({
  at: z.number().int().nonnegative(),
  subscriptions: z.number().int().nonnegative(),
  days: z.array(z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), bytes: z.number().nonnegative() })),
});
export type ServerTally = z.output<typeof tallySchema>;

/** A tally outlives a few missed runs (then the screens show no use rather than an old one). */
const TALLY_TTL_SECONDS = 3 * 24 * 3600;
/** The tally's lease: renewed while it runs, left to expire by a holder that died. */
const TALLY_LEASE_MS = 2 * 60_000;

/** The stored tallies of `ids`, in their order (one MGET); undefined where none or unreadable. */
export async function readTallies(
  redis: Redis,
  ids: readonly number[],
): Promise<(ServerTally | undefined)[]> {
  if (ids.length === 0) return [];
  const raw = await redis.mget(...ids.map((id) => runwayKeys.days(id)));
  return raw.map((r) => parseJsonRecord(r, tallySchema));
}

export interface RunwayTallyDeps {
  redis: Redis;
  clock: Clock;
  logger: Logger;
  /** The account's servers (one listing a run). */
  servers: { list(): Promise<Server[]> };
  owners: Pick<SubscriptionOwners, "pagesOnServer">;
  usage: Pick<UsageHistory, "readingsMany">;
}

/** `between`: awaited after each page (the worker paces the pass so the bot's updates go first). */
export interface TallyPacing {
  between?: () => Promise<void>;
}

export interface TallyResult {
  servers: number;
  subscriptions: number;
  /** Another process's tally held the lease: this one did nothing. */
  elsewhere?: true;
}

/**
 * The per-server daily totals the runway reads: for each xui server, the sum over its live
 * subscriptions of their daily usage (UsageHistory, 35 days), stored as one small record per
 * server so the screens read a few keys. A page of subscriptions costs one SSCAN, one pipelined
 * read of the records and one of the readings: the pass costs the same per subscription at 100
 * or 100 000 customers. A server's record is written whole at the end of its pass (a crash
 * leaves the last one standing).
 */
export class RunwayTally {
  constructor(private readonly deps: RunwayTallyDeps) {}

  async run(pacing: TallyPacing = {}): Promise<TallyResult> {
    const { redis, logger } = this.deps;
    const lease = await Lease.take(redis, runwayKeys.tallyLease, { ms: TALLY_LEASE_MS });
    if (!lease) return { servers: 0, subscriptions: 0, elsewhere: true };
    lease.keepRenewed({ failed: (err) => logger.warn({ err, lease: lease.key }, "lease renewal failed") });
    try {
      const now = this.deps.clock.now();
      const servers = (await this.deps.servers.list()).filter((s) => s.kind === "xui");
      let subscriptions = 0;
      for (const server of servers) {
        await lease.hold();
        const tally = await this.tallyServer(server.id, now, pacing);
        await redis.set(runwayKeys.days(server.id), JSON.stringify(tally), "EX", TALLY_TTL_SECONDS);
        subscriptions += tally.subscriptions;
      }
      return { servers: servers.length, subscriptions };
    } finally {
      await lease.release();
    }
  }

  /** One server's daily totals now: days no subscription has a figure for are left out. */
  async tallyServer(serverId: number, now: number, pacing: TallyPacing = {}): Promise<ServerTally> {
    const byDate = new Map<string, number>();
    const seen = new Set<string>();
    for await (const page of this.deps.owners.pagesOnServer(serverId)) {
      const fresh = page.filter((s) => !seen.has(s.id));
      for (const s of fresh) seen.add(s.id);
      const readings = await this.deps.usage.readingsMany(fresh.map((s) => s.id));
      fresh.forEach((sub, i) => {
        const days = dailyUsage(readings[i] ?? new Map(), now, USAGE_HISTORY_DAYS, sub.createdAt);
        for (const d of days) if (d.bytes !== null) byDate.set(d.date, (byDate.get(d.date) ?? 0) + d.bytes);
      });
      await pacing.between?.();
    }
    const days: DayUse[] = [...byDate.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([date, bytes]) => ({ date, bytes }));
    return { at: now, subscriptions: seen.size, days };
  }
}
