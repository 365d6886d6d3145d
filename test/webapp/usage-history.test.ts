import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { USAGE_HISTORY_DAYS, UsageHistory, usageHistoryKeys } from "../../src/domain/provisioning/index.js";
import { DAY } from "../../src/runtime/clock.js";
import { createTrafficTask } from "../../src/workers/traffic.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import { FakeNodeApi } from "../fakes/node-api.js";
import { FakePanelApi } from "../fakes/panel-api.js";
import { type FakeHostingClients, hostingClientsFor } from "../helpers/fake-hosting.js";
import { seedCustomer, seedSubscription } from "../helpers/shop-seed.js";
import { createWorkerHarness, type WorkerHarness } from "../helpers/worker-harness.js";

const GB = 1024 ** 3;
const T0 = Date.UTC(2026, 2, 10, 12, 0);

const accountFake = new FakeAccountApi();
const panelFake = new FakePanelApi({ token: "panel-token", nodes: [] });
const nodeFake = new FakeNodeApi();
let h: WorkerHarness;
let hosting: FakeHostingClients;
let server = 0;

beforeAll(async () => {
  await Promise.all([accountFake.start(), panelFake.start(), nodeFake.start()]);
  accountFake.addAccount({ login: "shop", password: "pw" });
  const key = accountFake.addKey("shop");
  server = accountFake.addServer("shop", { type: "xui" }).id;
  hosting = hostingClientsFor({ account: accountFake, accountKey: key, panel: panelFake, node: nodeFake });
  h = await createWorkerHarness({ now: T0, hosting });
});
afterAll(async () => {
  await h.close();
  await hosting.node.close();
  await Promise.all([accountFake.stop(), panelFake.stop(), nodeFake.stop()]);
});

describe("usage history (daily points per subscription)", () => {
  it("turns the last reading of each day into that day's usage, a reset counting from zero", async () => {
    const history = h.rooms.provisioning.usage.history;
    const start = T0 - 3 * DAY;
    await history.record("s-h1", 1 * GB, start);
    await history.record("s-h1", 2 * GB, start + 3_600_000); // the day's last reading wins
    await history.record("s-h1", 5 * GB, start + DAY);
    await history.record("s-h1", 1 * GB, start + 2 * DAY); // renewed: the counter started again
    const days = await history.daily("s-h1", T0, 5, start);
    expect(days).toEqual([
      { date: "2026-03-06", bytes: null },
      { date: "2026-03-07", bytes: 2 * GB },
      { date: "2026-03-08", bytes: 3 * GB },
      { date: "2026-03-09", bytes: 1 * GB },
      { date: "2026-03-10", bytes: null },
    ]);
    // A first reading of a subscription older than that day has nothing to count from.
    expect((await history.daily("s-h1", T0, 5, start - 10 * DAY))[1]).toEqual({
      date: "2026-03-07",
      bytes: null,
    });
  });

  it("keeps a bounded window: readings older than the window are dropped, and the key expires", async () => {
    const history = h.rooms.provisioning.usage.history;
    for (let d = 0; d < USAGE_HISTORY_DAYS + 10; d++) await history.record("s-h2", d * GB, T0 + d * DAY);
    const readings = await history.readings("s-h2");
    expect(readings.size).toBe(USAGE_HISTORY_DAYS);
    expect(await h.redis.zcard(usageHistoryKeys.of("s-h2"))).toBe(USAGE_HISTORY_DAYS);
    expect(await h.redis.ttl(usageHistoryKeys.of("s-h2"))).toBeGreaterThan(30 * 86_400);
  });

  it("records a page in one step, as one at a time would; a reading the day already holds writes nothing", async () => {
    const history = h.rooms.provisioning.usage.history;
    const ids = ["s-p1", "s-p2", "s-p3"];
    await history.recordMany(
      ids.map((id, i) => ({ subscriptionId: id, usedBytes: (i + 1) * GB })),
      T0,
    );
    await history.recordMany([{ subscriptionId: "s-p1", usedBytes: 7 * GB }], T0 + 60_000);
    const day = Math.floor(T0 / DAY);
    expect(await history.readings("s-p1")).toEqual(new Map([[day, 7 * GB]]));
    expect(await history.readings("s-p3")).toEqual(new Map([[day, 3 * GB]]));
    // The same reading again leaves the key as it is (its expiry, set by that reading, too).
    await h.redis.expire(usageHistoryKeys.of("s-p2"), 1_000);
    await history.recordMany([{ subscriptionId: "s-p2", usedBytes: 2 * GB }], T0 + 120_000);
    expect(await h.redis.ttl(usageHistoryKeys.of("s-p2"))).toBeLessThanOrEqual(1_000);
    await history.recordMany([{ subscriptionId: "s-p2", usedBytes: 3 * GB }], T0 + 180_000);
    expect(await h.redis.ttl(usageHistoryKeys.of("s-p2"))).toBeGreaterThan(30 * 86_400);
    expect(await history.readings("s-p2")).toEqual(new Map([[day, 3 * GB]]));
  });

  it("two processes recording the same page at once leave one reading per day", async () => {
    const other = h.redis.duplicate();
    try {
      const mine = h.rooms.provisioning.usage.history;
      const theirs = new UsageHistory(other);
      const page = (gb: number) => ["s-c1", "s-c2"].map((id) => ({ subscriptionId: id, usedBytes: gb * GB }));
      await Promise.all([mine.recordMany(page(1), T0), theirs.recordMany(page(2), T0 + 1)]);
      for (const id of ["s-c1", "s-c2"]) {
        const readings = await mine.readings(id);
        expect(readings.size).toBe(1);
        expect([1 * GB, 2 * GB]).toContain(readings.get(Math.floor(T0 / DAY)));
      }
    } finally {
      other.disconnect();
    }
  });

  it("is recorded by the traffic worker's round for every active subscription, limited or not", async () => {
    await seedCustomer(h.rooms, 91_001);
    accountFake.addClient(server, { email: "hist-a", totalGb: 10 });
    accountFake.addClient(server, { email: "hist-b", totalGb: 0 });
    accountFake.setUsage(server, "hist-a", GB, 2 * GB);
    accountFake.setUsage(server, "hist-b", 4 * GB, 0);
    const limited = await seedSubscription(h.rooms, "o-hist-a", {
      customerId: 91_001,
      ref: { kind: "xui", serverId: server, name: "hist-a" },
      expiresAt: T0 + 20 * DAY,
      trafficGb: 10,
    });
    const unlimited = await seedSubscription(h.rooms, "o-hist-b", {
      customerId: 91_001,
      ref: { kind: "xui", serverId: server, name: "hist-b" },
      expiresAt: T0 + 20 * DAY,
      trafficGb: 0,
    });
    const task = createTrafficTask({
      ...h.rooms,
      redis: h.redis,
      outbox: h.outbox,
      i18n: h.i18n,
      clock: h.clock,
      logger: h.logger,
    });
    const result = await task.run();
    expect(result.measured).toBe(1); // warnings still look at limited subscriptions only
    const day = Math.floor(T0 / DAY);
    expect(await h.rooms.provisioning.usage.history.readings(limited.id)).toEqual(new Map([[day, 3 * GB]]));
    expect(await h.rooms.provisioning.usage.history.readings(unlimited.id)).toEqual(new Map([[day, 4 * GB]]));
  });
});
