import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Customers, SubscriptionOwners, Subscriptions } from "../../src/domain/books/index.js";
import { parseCatalog, ShopSettings } from "../../src/domain/catalog/index.js";
import {
  Forecasts,
  HostingServers,
  RunwayTally,
  runwayKeys,
  TrafficPackages,
} from "../../src/domain/fleet/index.js";
import { UsageHistory } from "../../src/domain/provisioning/index.js";
import { AccountApi } from "../../src/hosting/account/index.js";
import { ManualClock } from "../../src/runtime/clock.js";
import { createLogger } from "../../src/runtime/logger.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import { germanyCatalog } from "../helpers/catalogs.js";
import { FAST_HTTP } from "../helpers/fake-hosting.js";
import { testRedis } from "../helpers/redis.js";

const DAY = 86_400_000;
const GB = 1024 ** 3;
const START = Date.UTC(2030, 2, 1, 12);

const fake = new FakeAccountApi();
let redis: Redis;
let clock: ManualClock;
let subscriptions: Subscriptions;
let owners: SubscriptionOwners;
let history: UsageHistory;
let tally: RunwayTally;
let forecasts: Forecasts;
let packages: TrafficPackages;

beforeAll(async () => {
  await fake.start();
  redis = await testRedis();
  clock = new ManualClock(START);
  fake.now = () => clock.now();
  fake.addAccount({ login: "rw", password: "pw", balance: 1000 });
  const key = fake.addKey("rw");
  const account = new AccountApi({ baseUrl: fake.url, apiKey: () => key, retry: FAST_HTTP });
  const servers = new HostingServers({ hosting: { account }, redis });
  subscriptions = new Subscriptions(redis, clock);
  const logger = createLogger("silent");
  owners = new SubscriptionOwners({ redis, subscriptions, customers: new Customers(redis, clock), logger });
  history = new UsageHistory(redis);
  tally = new RunwayTally({ redis, clock, logger, servers, owners, usage: history });
  packages = new TrafficPackages(redis);
  forecasts = new Forecasts({
    ...{ redis, clock, servers, packages },
    account: { account: () => account.account() },
    settings: new ShopSettings(redis),
    catalog: () => parseCatalog(germanyCatalog(1)),
  });
});
afterAll(async () => {
  await redis.quit();
  await fake.stop();
});

const subOn = (order: string, serverId: number) =>
  subscriptions.create(order, {
    customerId: 1,
    planId: "p",
    ref: { kind: "xui", serverId, name: order },
    links: { links: [], subscriptionUrl: undefined },
    expiresAt: clock.now() + 60 * DAY,
    trafficGb: 0,
    devices: 0,
    trial: false,
  });

describe("the forecast read from the tally", () => {
  it("adds the subscriptions' daily use per server (a counter reset counts from zero) and forecasts from it", async () => {
    const server = fake.addServer("rw", { name: "lte-1", daysLeft: 30 });
    const other = fake.addServer("rw", { name: "lte-2", daysLeft: 30 });
    const subs = await Promise.all([subOn("rw-a", server.id), subOn("rw-b", server.id)]);
    const elsewhere = await subOn("rw-c", other.id);
    // 15 days of readings: each subscription 1 GB a day (b's counter reset on day 7), c 3 GB a day.
    for (let d = 0; d < 15; d++) {
      const at = START + d * DAY;
      await history.recordMany(
        [
          { subscriptionId: subs[0].id, usedBytes: (d + 1) * GB },
          { subscriptionId: subs[1].id, usedBytes: (d < 7 ? d + 1 : d - 6) * GB },
          { subscriptionId: elsewhere.id, usedBytes: 3 * (d + 1) * GB },
        ],
        at,
      );
    }
    clock.set(START + 14 * DAY);
    const result = await tally.run();
    expect(result).toMatchObject({ servers: 2, subscriptions: 3 });

    await packages.set(server.id, 100);
    const runway = await forecasts.ofServer(server.id);
    // 2 GB a day on lte-1 (the first day counts as a whole reading: each started that day).
    expect(runway?.traffic?.days.at(-1)?.bytes).toBe(2 * GB);
    expect(runway?.traffic?.averageBytes).toBe(2 * GB);
    expect(runway?.traffic?.subscriptions).toBe(2);
    // The term began at the first reading (16 days left): 30 GB used of 100; 70 left at 2 a day
    // outlasts the term, and a whole term (60) fits the renewed package: never at this rate.
    expect(runway?.term.days).toBe(16);
    expect(runway?.traffic?.usedBytes).toBe(30 * GB);
    expect(runway?.traffic?.runOut).toEqual({ days: undefined, trendDays: undefined });

    // A smaller package: 40 GB, 10 left at 2 a day: 5 days (today's 2 GB already counted).
    await packages.set(server.id, 40);
    const tight = await forecasts.ofServer(server.id);
    expect(tight?.traffic?.runOut).toEqual({ days: 5, trendDays: 5 });
    expect(tight?.urgentDays).toBe(5);

    // Not tracked: no traffic line; the board still lists it.
    const board = await forecasts.board();
    expect(board.servers.find((s) => s.serverId === other.id)?.traffic).toBeUndefined();
    expect(board.balance.amount).toBe(1000);
  });

  it("a package is zod-checked when read and bounded when set", async () => {
    await redis.hset(runwayKeys.packages, "77", "lots");
    expect(await packages.of(77)).toBeUndefined();
    await expect(packages.set(77, 0)).rejects.toBeInstanceOf(RangeError);
    await packages.set(77, 12.5);
    expect((await packages.all()).get(77)).toBe(12.5);
    await packages.set(77, undefined);
    expect(await packages.of(77)).toBeUndefined();
  });

  it("two tallies at once: one works, the other steps aside", async () => {
    const [a, b] = await Promise.all([tally.run(), tally.run()]);
    expect([a.elsewhere, b.elsewhere].filter(Boolean)).toHaveLength(1);
  });
});
