import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Plan } from "../../src/domain/catalog/index.js";
import { ShopSettings } from "../../src/domain/catalog/index.js";
import {
  dateOfDay,
  dayNumber,
  Forecasts,
  HostingServers,
  RunwaySales,
  runwayKeys,
  TrafficPackages,
} from "../../src/domain/fleet/index.js";
import {
  type PlacementRunway,
  type ShortRunwaySale,
  XuiProvisioner,
} from "../../src/domain/provisioning/index.js";
import { AccountApi } from "../../src/hosting/account/index.js";
import { DAY, ManualClock } from "../../src/runtime/clock.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import { testRedis } from "../helpers/redis.js";

// Issue 31, point 1: new sales avoid a server whose traffic runway is shorter than the plan's term.

const FAST = { attempts: 2, baseDelayMs: 1, maxDelayMs: 2 };
const GB = 1024 ** 3;
const fake = new FakeAccountApi();
const clock = new ManualClock();
let redis: Redis;
let seq = 0;

beforeAll(async () => {
  await fake.start();
  redis = await testRedis();
});
afterAll(async () => {
  await redis.quit();
  await fake.stop();
});

function freshAccount() {
  clock.set(Date.now());
  const login = `rwp${++seq}`;
  fake.addAccount({ login, password: "pw", balance: 1000 });
  const key = fake.addKey(login);
  return { login, account: new AccountApi({ baseUrl: fake.url, apiKey: () => key, retry: FAST }) };
}

const plan = (servers: number[], days = 30): Plan => ({
  id: "lte",
  title: { en: "LTE", ru: "LTE" },
  days,
  traffic_gb: 50,
  devices: 0,
  price: 100,
  backend: { kind: "xui", servers },
});

const request = (name: string) => ({
  name,
  uuid: "0f8fad5b-d9cb-469f-a165-70867728950e",
  expiresAt: clock.now() + 30 * DAY,
  trafficGb: 50,
  devices: 0,
});

/** A runway port answering fixed days, recording the short sales it is told of. */
function port(days: Record<number, number | undefined>, shorts: ShortRunwaySale[] = []): PlacementRunway {
  return {
    days: async () => new Map(Object.entries(days).map(([id, d]) => [Number(id), d])),
    short: async (sale) => {
      shorts.push(sale);
    },
  };
}

describe("the xui placement with the runway", () => {
  it("skips the least loaded server when its traffic will not last the term", async () => {
    const { login, account } = freshAccount();
    const light = fake.addServer(login, { daysLeft: 90 });
    const busy = fake.addServer(login, { daysLeft: 90 });
    for (const n of ["a", "b", "c"]) fake.addClient(busy.id, { email: n });
    const shorts: ShortRunwaySale[] = [];
    const xui = new XuiProvisioner({
      account,
      clock,
      runway: port({ [light.id]: 12, [busy.id]: 45 }, shorts),
    });
    expect(await xui.place(plan([light.id, busy.id]), request("o1"))).toMatchObject({ serverId: busy.id });
    expect(shorts).toEqual([]);
  });

  it("among servers with enough runway (or untracked) the least loaded, as before", async () => {
    const { login, account } = freshAccount();
    const a = fake.addServer(login, { daysLeft: 90 });
    const b = fake.addServer(login, { daysLeft: 90 });
    const c = fake.addServer(login, { daysLeft: 90 });
    fake.addClient(a.id, { email: "x" });
    fake.addClient(b.id, { email: "y" });
    const xui = new XuiProvisioner({
      account,
      clock,
      runway: port({ [a.id]: 40, [b.id]: undefined, [c.id]: 3 }),
    });
    // c is the least loaded but runs out in 3 days; a and b tie (b: beyond the horizon): a is listed first.
    expect(await xui.place(plan([a.id, b.id, c.id]), request("o2"))).toMatchObject({ serverId: a.id });
  });

  it("none has enough: the longest runway, the sale goes on and the staff's alert path hears of it", async () => {
    const { login, account } = freshAccount();
    const a = fake.addServer(login, { daysLeft: 90 });
    const b = fake.addServer(login, { daysLeft: 90 });
    const shorts: ShortRunwaySale[] = [];
    const xui = new XuiProvisioner({ account, clock, runway: port({ [a.id]: 4, [b.id]: 9 }, shorts) });
    expect(await xui.place(plan([a.id, b.id]), request("o3"))).toMatchObject({ serverId: b.id });
    expect(shorts).toEqual([{ planId: "lte", serverId: b.id, termDays: 30, runwayDays: 9 }]);
  });

  it("a runway that cannot be read never stops a sale: the least loaded", async () => {
    const { login, account } = freshAccount();
    const a = fake.addServer(login, { daysLeft: 90 });
    const b = fake.addServer(login, { daysLeft: 90 });
    fake.addClient(a.id, { email: "x" });
    const broken: PlacementRunway = {
      days: async () => {
        throw new Error("redis down");
      },
    };
    const xui = new XuiProvisioner({ account, clock, runway: broken });
    expect(await xui.place(plan([a.id, b.id]), request("o4"))).toMatchObject({ serverId: b.id });
  });

  it("on the fleet's forecast: a tracked server whose package runs out is avoided; the short sale is recorded", async () => {
    const { login, account } = freshAccount();
    await redis.flushdb();
    const tight = fake.addServer(login, { daysLeft: 31 });
    const roomy = fake.addServer(login, { daysLeft: 31 });
    fake.addClient(roomy.id, { email: "x" });
    const packages = new TrafficPackages(redis);
    const forecasts = new Forecasts({
      ...{ redis, clock, packages },
      account: { account: () => account.account() },
      servers: new HostingServers({ hosting: { account }, redis }),
      settings: new ShopSettings(redis),
      catalog: () => ({ currency: "XTR", trial: undefined, plans: [] }) as never,
    });
    const today = dayNumber(clock.now());
    const use = Array.from({ length: 14 }, (_, i) => ({ date: dateOfDay(today - 14 + i), bytes: 10 * GB }));
    const tally = (id: number) =>
      redis.set(runwayKeys.days(id), JSON.stringify({ at: clock.now(), subscriptions: 5, days: use }));
    await Promise.all([tally(tight.id), tally(roomy.id)]);
    await packages.set(tight.id, 100); // 10 days at 10 GB a day
    const sales = new RunwaySales(redis, clock);
    const runway: PlacementRunway = {
      days: (servers) => forecasts.trafficDays(servers),
      short: (sale) => sales.short(sale),
    };
    const xui = new XuiProvisioner({ account, clock, runway });
    expect(await xui.place(plan([tight.id, roomy.id]), request("o5"))).toMatchObject({ serverId: roomy.id });
    await packages.set(roomy.id, 50);
    expect(await xui.place(plan([tight.id, roomy.id]), request("o6"))).toMatchObject({ serverId: tight.id });
    const pending = await sales.pending();
    expect(pending.map((p) => p.sale)).toEqual([
      expect.objectContaining({ planId: "lte", serverId: tight.id, termDays: 30, runwayDays: 10 }),
    ]);
  });
});
