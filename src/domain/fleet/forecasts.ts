import type { Redis } from "ioredis";
import { z } from "zod";
import type { Server } from "../../hosting/account/index.js";
import type { Clock } from "../../runtime/clock.js";
import { GB_BYTES } from "../books/index.js";
import type { Catalog, ShopSettings } from "../catalog/index.js";
import { boardOf, locationsOf, type RunwayBoard, type ServerFacts, type ServerRunway } from "./forecast.js";
import { runOutOf, usedThisTerm, worseOf } from "./forecast-math.js";
import type { HostingAccount } from "./hosting-account.js";
import type { HostingServers } from "./hosting-servers.js";
import { runwayKeys } from "./keys.js";
import { runwayOf } from "./runway.js";
import { readTallies } from "./runway-tally.js";
import { HostingActs, type StaffActor, serverSubject } from "./staff-acts.js";

/** The largest package an admin may set (a typo guard), in GB. */
export const TRAFFIC_PACKAGE_MAX_GB = 1_000_000;

/** A stored package: a positive number of GB (anything else reads as not tracked). */
const packageGb = z.coerce.number().positive().max(TRAFFIC_PACKAGE_MAX_GB);

/**
 * The servers' traffic packages, as the admins set them on the server card (the Account API does
 * not say a server's package): GB per server; none = not tracked.
 */
export class TrafficPackages {
  private readonly acts: HostingActs;

  constructor(
    private readonly redis: Redis,
    acts?: HostingActs,
  ) {
    this.acts = acts ?? new HostingActs(undefined);
  }

  /** server id -> GB, every package set (a malformed entry is left out). */
  async all(): Promise<Map<number, number>> {
    const raw = await this.redis.hgetall(runwayKeys.packages);
    const out = new Map<number, number>();
    for (const [id, gb] of Object.entries(raw)) {
      const parsed = packageGb.safeParse(gb);
      if (parsed.success && /^\d+$/.test(id)) out.set(Number(id), parsed.data);
    }
    return out;
  }

  async of(serverId: number): Promise<number | undefined> {
    const parsed = packageGb.safeParse(await this.redis.hget(runwayKeys.packages, String(serverId)));
    return parsed.success ? parsed.data : undefined;
  }

  /**
   * Sets (or, with undefined, clears) a server's package; `by` is checked (`hosting`) and
   * recorded. RangeError for a size out of bounds.
   */
  async set(serverId: number, gb: number | undefined, by?: StaffActor): Promise<void> {
    if (gb !== undefined && !packageGb.safeParse(gb).success)
      throw new RangeError(`a traffic package is above 0 and at most ${TRAFFIC_PACKAGE_MAX_GB} GB`);
    const before = await this.of(serverId);
    await this.acts.run(
      by,
      { action: "server.package", subject: serverSubject(serverId), before: shown(before) },
      async () => {
        if (gb === undefined) await this.redis.hdel(runwayKeys.packages, String(serverId));
        else await this.redis.hset(runwayKeys.packages, String(serverId), String(gb));
      },
      () => ({ after: shown(gb) }),
    );
  }
}

const shown = (gb: number | undefined) => (gb === undefined ? "not tracked" : `${gb} GB`);

export interface ForecastsDeps {
  redis: Redis;
  clock: Clock;
  account: Pick<HostingAccount, "account">;
  servers: Pick<HostingServers, "list" | "extendPrice">;
  settings: Pick<ShopSettings, "autoExtend" | "runwayAlertDays">;
  catalog: () => Catalog;
  packages: TrafficPackages;
}

/**
 * The runway of each server, location and the hosting balance: days until a server's traffic
 * package runs out (at the last 7 days' average and at the trend), until its paid term ends, and
 * until the balance cannot pay the next extension; and what would fix each. Read from the Account
 * API (one listing, the balance), the learned prices, the packages and the hourly tally: a few
 * keys, whatever the number of customers.
 */
export class Forecasts {
  constructor(private readonly deps: ForecastsDeps) {}

  async board(now: number = this.deps.clock.now()): Promise<RunwayBoard> {
    const { deps } = this;
    const [listed, account, autoExtend, alertDays, packages] = await Promise.all([
      deps.servers.list(),
      deps.account.account(),
      deps.settings.autoExtend(),
      deps.settings.runwayAlertDays(),
      deps.packages.all(),
    ]);
    const servers = await this.factsOf(listed, packages);
    const active = servers.filter((s) => s.status === "active");
    return boardOf({
      now,
      balance: account.balance,
      runway: runwayOf(account.balance, active, now),
      autoExtend,
      windowDays: Math.max(...alertDays),
      servers,
      locations: locationsOf(deps.catalog().plans),
    });
  }

  /**
   * How many whole days each tracked server's traffic lasts, at the worse of average and trend
   * (undefined: beyond the horizon); untracked servers are left out. Reads no hosting API: the
   * caller gives the expiries (the sale's placement has just listed the servers).
   */
  async trafficDays(
    servers: readonly { id: number; expiresAt: number }[],
    now: number = this.deps.clock.now(),
  ): Promise<Map<number, number | undefined>> {
    const [packages, tallies] = await Promise.all([
      this.deps.packages.all(),
      readTallies(
        this.deps.redis,
        servers.map((s) => s.id),
      ),
    ]);
    const out = new Map<number, number | undefined>();
    servers.forEach((s, i) => {
      const gb = packages.get(s.id);
      if (gb === undefined) return;
      const days = tallies[i]?.days ?? [];
      const pkg = {
        limitBytes: Math.round(gb * GB_BYTES),
        usedBytes: usedThisTerm(days, s.expiresAt),
        renewsAt: s.expiresAt,
      };
      out.set(s.id, worseOf(runOutOf(pkg, days, now)));
    });
    return out;
  }

  /** One server's runway (the board's line of it: the balance's runway needs every server). */
  async ofServer(serverId: number, now: number = this.deps.clock.now()): Promise<ServerRunway | undefined> {
    return (await this.board(now)).servers.find((s) => s.serverId === serverId);
  }

  private async factsOf(listed: Server[], packages: Map<number, number>): Promise<ServerFacts[]> {
    const tallies = await readTallies(
      this.deps.redis,
      listed.map((s) => s.id),
    );
    return Promise.all(
      listed.map(async (s, i) => {
        // Only an active server is extended (and priced): the balance's runway counts those.
        const price = s.status === "active" ? await this.deps.servers.extendPrice(s) : undefined;
        const gb = packages.get(s.id);
        const tally = tallies[i];
        return {
          id: s.id,
          name: s.name,
          status: s.status,
          expiresAt: s.expiresAt.getTime(),
          price: price === undefined || price.kind === "unknown" ? undefined : price.amount,
          packageBytes: gb === undefined ? undefined : Math.round(gb * GB_BYTES),
          days: tally?.days ?? [],
          subscriptions: tally?.subscriptions ?? 0,
        };
      }),
    );
  }
}
