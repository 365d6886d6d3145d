import type { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Customers, SubscriptionOwners, Subscriptions } from "../../src/domain/books/index.js";
import { XuiClients, type XuiClientsDeps } from "../../src/domain/fleet/index.js";
import { AccountApi } from "../../src/hosting/account/index.js";
import { isHostingError } from "../../src/hosting/errors.js";
import { DAY, ManualClock } from "../../src/runtime/clock.js";
import { createLogger } from "../../src/runtime/logger.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import { fail, ok } from "../fakes/http-fake.js";
import { FAST_HTTP } from "../helpers/fake-hosting.js";
import { testRedis } from "../helpers/redis.js";

const GiB = 1024 ** 3;
const fake = new FakeAccountApi();
const clock = new ManualClock(Date.now());
let redis: Redis;
let account: AccountApi;
let subscriptions: Subscriptions;
let owners: SubscriptionOwners;
let xui: XuiClients;
let serverId: number;
let n = 0;

beforeAll(async () => {
  await fake.start();
  redis = await testRedis();
  fake.addAccount({ login: "shop", password: "pw" });
  const key = fake.addKey("shop");
  account = new AccountApi({ baseUrl: fake.url, apiKey: () => key, retry: FAST_HTTP });
  subscriptions = new Subscriptions(redis, clock);
  owners = new SubscriptionOwners({
    redis,
    subscriptions,
    customers: new Customers(redis, clock),
    logger: createLogger("silent"),
  });
  xui = build(owners);
});
afterAll(async () => {
  await redis.quit();
  await fake.stop();
});
beforeEach(() => {
  clock.set(Date.now());
  serverId = fake.addServer("shop", { type: "xui" }).id;
});

function build(withOwners: XuiClientsDeps["owners"]): XuiClients {
  return new XuiClients({ hosting: { account }, owners: withOwners, clock, logger: createLogger("silent") });
}

/** A shop subscription on xui user `name` of the test's server. */
function subscriptionOn(name: string, expiresAt = clock.now() + 10 * DAY) {
  n += 1;
  return subscriptions.create(`oxui${n}`, {
    customerId: 9000 + n,
    planId: "p",
    ref: { kind: "xui", serverId, name },
    links: { links: [], subscriptionUrl: undefined },
    expiresAt,
    trafficGb: 0,
    devices: 0,
    trial: false,
  });
}

const clientPath = (email: string) => `/api/v1/servers/${serverId}/clients/${email}`;

describe("xui users of a server", () => {
  it("lists the users with their traffic, limit, expiry and whether they are enabled", async () => {
    fake.addClient(serverId, { email: "alice", totalGb: 10, expiryMs: clock.now() + DAY });
    fake.addClient(serverId, { email: "bob", enable: false });
    fake.setUsage(serverId, "alice", GiB, 2 * GiB);
    const list = await xui.list(serverId);
    expect(list.inboundId).toBe(1);
    expect(list.users).toEqual([
      {
        email: "alice",
        enable: true,
        totalGb: 10,
        expiryMs: fake.client(serverId, "alice")?.expiryMs,
        usage: { usedBytes: 3 * GiB, limitBytes: 10 * GiB, upBytes: GiB, downBytes: 2 * GiB },
      },
      {
        email: "bob",
        enable: false,
        totalGb: 0,
        expiryMs: 0,
        usage: { usedBytes: 0, limitBytes: 0, upBytes: 0, downBytes: 0 },
      },
    ]);
  });

  it("throws what the hosting side refused (a server of another type has no users)", async () => {
    const other = fake.addServer("shop", { type: "remnanode" }).id;
    const err = await xui.list(other).catch((e: unknown) => e);
    expect(isHostingError(err, "bad_request")).toBe(true);
  });

  it("creates a user with its link and subscription links; a taken name is renamed by the service", async () => {
    fake.addClient(serverId, { email: "carol" });
    const created = await xui.create(serverId, { name: "carol", gb: 5, days: 30 });
    expect(created.email).toMatch(/^carol-[0-9a-f]{6}$/);
    expect(created.link).toContain(`vless://${fake.client(serverId, created.email)?.uuid}@`);
    expect(created.subLinks.length).toBeGreaterThan(0);
    expect(fake.client(serverId, created.email)?.totalGb).toBe(5);
    expect(fake.count("POST", `/api/v1/servers/${serverId}/clients`)).toBe(1);
  });

  it("sets the limit and bans / unbans", async () => {
    fake.addClient(serverId, { email: "dan", totalGb: 1 });
    await xui.setLimit(serverId, "dan", 25);
    expect(fake.client(serverId, "dan")?.totalGb).toBe(25);
    await xui.setEnabled(serverId, "dan", false);
    expect(fake.client(serverId, "dan")?.enable).toBe(false);
    await xui.setEnabled(serverId, "dan", true);
    expect(fake.client(serverId, "dan")?.enable).toBe(true);
  });
});

describe("the shop's subscriptions follow an admin's term and delete", () => {
  it("a new term: the subscriptions on the user take the hosting side's expiry", async () => {
    fake.addClient(serverId, { email: "erin", expiryMs: clock.now() + DAY });
    const sub = await subscriptionOn("erin");
    const set = await xui.setTerm(serverId, "erin", 20);
    const hosting = fake.client(serverId, "erin")?.expiryMs;
    expect(set.expiryMs).toBe(hosting);
    expect(set.followed?.map((o) => o.subscription.id)).toEqual([sub.id]);
    expect((await subscriptions.get(sub.id))?.expiresAt).toBe(hosting);

    const none = await xui.setTerm(serverId, "erin", 0);
    expect(none.followed).toHaveLength(1);
    expect((await subscriptions.get(sub.id))?.expiresAt).toBe(0);
  });

  it("no subscription on the user: nothing follows and nothing is read back", async () => {
    fake.addClient(serverId, { email: "fay" });
    fake.loseAnswerNext("PATCH", clientPath("fay"), ok({}));
    const set = await xui.setTerm(serverId, "fay", 3);
    expect(set).toEqual({ expiryMs: undefined, followed: [] });
    expect(fake.count("GET", clientPath("fay"))).toBe(0);
  });

  it("an answer without the user: its expiry is read back; if that fails, now + days", async () => {
    fake.addClient(serverId, { email: "gus" });
    const sub = await subscriptionOn("gus");
    fake.loseAnswerNext("PATCH", clientPath("gus"), ok({}));
    const set = await xui.setTerm(serverId, "gus", 7);
    expect(set.expiryMs).toBeUndefined();
    expect(fake.count("GET", clientPath("gus"))).toBe(1);
    expect((await subscriptions.get(sub.id))?.expiresAt).toBe(fake.client(serverId, "gus")?.expiryMs);

    fake.loseAnswerNext("PATCH", clientPath("gus"), ok({}));
    fake.failNext("GET", clientPath("gus"), fail(503, "Service Unavailable"));
    clock.advance(DAY);
    await xui.setTerm(serverId, "gus", 9);
    expect((await subscriptions.get(sub.id))?.expiresAt).toBe(clock.now() + 9 * DAY);
  });

  it("a delete marks the subscriptions on the user removed", async () => {
    fake.addClient(serverId, { email: "hal" });
    const sub = await subscriptionOn("hal");
    const removed = await xui.delete(serverId, "hal");
    expect(fake.client(serverId, "hal")).toBeUndefined();
    expect(removed?.map((o) => o.subscription.id)).toEqual([sub.id]);
    expect((await subscriptions.get(sub.id))?.removedAt).toBeDefined();
  });

  it("when the subscriptions cannot follow, the hosting change still stands (undefined, not thrown)", async () => {
    const broken = build({
      of: (c) => owners.of(c),
      followTerm: () => Promise.reject(new Error("index down")),
      removed: () => Promise.reject(new Error("index down")),
    });
    fake.addClient(serverId, { email: "ivy" });
    const sub = await subscriptionOn("ivy");
    const set = await broken.setTerm(serverId, "ivy", 4);
    expect(set.followed).toBeUndefined();
    expect(fake.client(serverId, "ivy")?.expiryMs).toBe(set.expiryMs);
    expect(await broken.delete(serverId, "ivy")).toBeUndefined();
    expect(fake.client(serverId, "ivy")).toBeUndefined();
    expect((await subscriptions.get(sub.id))?.removedAt).toBeUndefined();
  });

  it("an unreadable index does not block a term: nothing follows", async () => {
    const blind = build({
      of: () => Promise.reject(new Error("index down")),
      followTerm: (c, at) => owners.followTerm(c, at),
      removed: (c) => owners.removed(c),
    });
    fake.addClient(serverId, { email: "jo" });
    const set = await blind.setTerm(serverId, "jo", 2);
    expect(set.followed).toEqual([]);
    expect(fake.client(serverId, "jo")?.expiryMs).toBe(set.expiryMs);
  });
});
