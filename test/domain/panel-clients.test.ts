import type { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Customers, SubscriptionOwners, Subscriptions } from "../../src/domain/books/index.js";
import type { Catalog } from "../../src/domain/catalog/index.js";
import {
  type LocationOutcome,
  PANEL_PLAN_PREFIX,
  PanelClients,
  type PanelClientsDeps,
  PanelNotConfiguredError,
  PanelUuidConflictError,
} from "../../src/domain/fleet/index.js";
import { HostingApiError } from "../../src/hosting/errors.js";
import { PanelApi, PanelUnknownNodeError } from "../../src/hosting/panel/index.js";
import { ManualClock } from "../../src/runtime/clock.js";
import { createLogger } from "../../src/runtime/logger.js";
import { fail, ok } from "../fakes/http-fake.js";
import { FakePanelApi } from "../fakes/panel-api.js";
import { FAST_HTTP } from "../helpers/fake-hosting.js";
import { testRedis } from "../helpers/redis.js";

/** The admin's panel client operations across locations, against the fake panel and real Redis. */

const DAY = 86_400;
const clock = new ManualClock(Date.now());
const fake = new FakePanelApi({ now: () => clock.now(), nodes: [{ id: "2", name: "Amsterdam" }] });
const CATALOG: Catalog = {
  currency: "XTR",
  trial: undefined,
  plans: [
    {
      id: "multi",
      title: { en: "Multi", ru: "Мульти" },
      days: 30,
      traffic_gb: 0,
      devices: 3,
      price: 300,
      backend: {
        kind: "panel",
        locations: [
          { node: "main", inbound_ids: ["1"] },
          { node: "2", inbound_ids: ["201", "202"] },
        ],
      },
    },
  ],
};
let redis: Redis;
let subscriptions: Subscriptions;
let owners: SubscriptionOwners;
let panel: PanelClients;
let n = 0;

function build(overrides: Partial<PanelClientsDeps> = {}): PanelClients {
  return new PanelClients({
    hosting: {
      panel: new PanelApi({
        baseUrl: fake.url,
        token: () => fake.token,
        now: () => clock.now(),
        retry: FAST_HTTP,
      }),
    },
    redis,
    clock,
    catalog: () => CATALOG,
    owners,
    logger: createLogger("silent"),
    ...overrides,
  });
}

beforeAll(async () => {
  await fake.start();
  redis = await testRedis();
  subscriptions = new Subscriptions(redis, clock);
  owners = new SubscriptionOwners({
    redis,
    subscriptions,
    customers: new Customers(redis, clock),
    logger: createLogger("silent"),
  });
  panel = build();
});
afterAll(async () => {
  await redis.quit();
  await fake.stop();
});
beforeEach(() => {
  clock.set(Date.now());
  fake.reset();
});

const nowS = () => Math.floor(clock.now() / 1000);
const bodies = (method: string, path: string) =>
  fake.seen.filter((r) => r.method === method && r.path === path).map((r) => r.body);
const states = (rows: LocationOutcome[]) => rows.map((r) => `${r.location.id}:${r.state}`);

/** A shop subscription on panel client `name`. */
function subscriptionOn(name: string, expiresAt = clock.now() + 10 * DAY * 1000) {
  n += 1;
  return subscriptions.create(`opanel${n}`, {
    customerId: 9100 + n,
    planId: "multi",
    ref: { kind: "panel", name, uuid: "u", locations: ["main"] },
    links: { links: [], subscriptionUrl: undefined },
    expiresAt,
    trafficGb: 0,
    devices: 0,
    trial: false,
  });
}

/** The same client (one UUID) on the main panel and on location 2. */
function onBoth(name: string, main: Partial<{ expiresAt: number }> = {}, node = main) {
  const uuid = fake.putClient("main", { name, ...main }).uuid;
  fake.putClient("2", { name, uuid, ...node });
  return uuid;
}

describe("locations and reads", () => {
  it("lists the main panel and the connected ones; without federation (404) only the main one", async () => {
    expect(await panel.locations()).toEqual([
      { id: "main", online: true },
      { id: "2", name: "Amsterdam", online: true },
    ]);
    fake.failNext("GET", "/api/fed/lagg", fail(404, "not found"));
    expect(await panel.locations()).toEqual([{ id: "main", online: true }]);
  });

  it("reads the overview as far as it can: a failed federation read does not hide the clients", async () => {
    fake.putClient("main", { name: "alice" });
    fake.failNext("GET", "/api/fed/lagg", fail(500, "boom"));
    const overview = await panel.overview();
    expect(overview.clients.ok && overview.clients.value.map((c) => c.name)).toEqual(["alice"]);
    expect(overview.nodes.ok).toBe(false);
    expect(overview.inbounds.ok && overview.inbounds.value.map((i) => i.id)).toEqual(["1", "2"]);
  });

  it("without the panel's settings says so instead of calling anything", async () => {
    const none = build({ hosting: { panel: undefined } });
    expect(none.configured).toBe(false);
    await expect(none.list()).rejects.toBeInstanceOf(PanelNotConfiguredError);
    const set = await none.setTerm("alice", 3);
    expect(set.ok === false && set.error).toBeInstanceOf(PanelNotConfiguredError);
    expect(fake.seen).toEqual([]);
  });
});

describe("extend to an absolute term", () => {
  it("fixes the target from the latest expiry once, then sets it everywhere; a repeat adds nothing", async () => {
    fake.addNode({ id: "3", name: "Tokyo" });
    onBoth("alice", { expiresAt: nowS() + 10 * DAY }, { expiresAt: nowS() + 5 * DAY });
    const plan = await panel.planExtend("alice", 30);
    const target = nowS() + 40 * DAY;
    expect(plan).toMatchObject({ kind: "ready", target });
    expect(plan.kind === "ready" && states(plan.rows)).toEqual(["main:done", "2:done", "3:absent"]);
    expect(fake.seen.filter((r) => r.method === "PATCH")).toEqual([]);

    for (let i = 0; i < 2; i++) {
      const done = await panel.extendTo("alice", target);
      expect(done.kind === "done" && done.rows.map((r) => r.termOff ?? null)).toEqual([false, false, null]);
    }
    expect(bodies("PATCH", "/api/clients/alice")).toEqual([{ expires_at: target }, { expires_at: target }]);
    expect(fake.clientAt("2", "alice")?.expiresAt).toBe(target);
  });

  it("counts from today when the term is over, and says 'nowhere' for a client on no location", async () => {
    onBoth("bob", { expiresAt: nowS() - 3 * DAY });
    expect(await panel.planExtend("bob", 7)).toMatchObject({ kind: "ready", target: nowS() + 7 * DAY });
    expect(await panel.planExtend("nobody", 7)).toEqual({ kind: "nowhere" });
  });

  it("refuses a target already past (an old confirmation) without sending anything", async () => {
    onBoth("carol", { expiresAt: nowS() + DAY });
    fake.seen.length = 0;
    expect(await panel.extendTo("carol", nowS() - 1)).toEqual({ kind: "stale" });
    expect(fake.seen).toEqual([]);
  });

  it("flags a location whose final term is off the target, and one that could not be reached", async () => {
    fake.addNode({ id: "3", name: "Tokyo" });
    const before = nowS() + DAY;
    const uuid = onBoth("dan", { expiresAt: before });
    fake.putClient("3", { name: "dan", uuid, expiresAt: before });
    fake.setUnreachable("3", true);
    // Location 2 answers the PATCH without applying it: the read-back shows the old term.
    const unchanged = { name: "dan", uuid, expires_at: before, traffic_limit_gb: 0, device_limit: 0 };
    fake.failNext("PATCH", "/api/fed/lproxy/2/clients/dan", ok({ client: unchanged }));
    const target = nowS() + 20 * DAY;
    const done = await panel.extendTo("dan", target);
    if (done.kind !== "done") throw new Error(done.kind);
    expect(states(done.rows)).toEqual(["main:done", "2:done", "3:failed"]);
    expect(done.rows.map((r) => r.termOff ?? null)).toEqual([false, true, null]);
    const unreachable = done.rows[2]?.error;
    expect(unreachable instanceof HostingApiError && unreachable.status).toBe(502);
  });

  it("the shop's subscriptions on the client take the main panel's new term", async () => {
    onBoth("erin", { expiresAt: nowS() + DAY });
    const sub = await subscriptionOn("erin");
    const target = nowS() + 31 * DAY;
    const done = await panel.extendTo("erin", target);
    expect(done.kind === "done" && done.followed?.map((o) => o.subscription.id)).toEqual([sub.id]);
    expect((await subscriptions.get(sub.id))?.expiresAt).toBe(target * 1000);
  });

  it("a failure to follow is reported as not followed; the hosting change stands", async () => {
    onBoth("fay", { expiresAt: nowS() + DAY });
    const broken = build({
      owners: {
        followTerm: () => Promise.reject(new Error("index down")),
        removed: () => Promise.reject(new Error("index down")),
      },
    });
    const target = nowS() + 5 * DAY;
    const done = await broken.extendTo("fay", target);
    expect(done).toMatchObject({ kind: "done", followed: undefined });
    expect(fake.clientAt("main", "fay")?.expiresAt).toBe(target);
  });
});

describe("term, limits and delete on every location", () => {
  it("sets a term from today with set_days; the subscriptions follow the main panel's", async () => {
    onBoth("gus", { expiresAt: nowS() + 100 * DAY });
    const sub = await subscriptionOn("gus");
    const set = await panel.setTerm("gus", 45);
    expect(bodies("PATCH", "/api/clients/gus")).toEqual([{ set_days: 45 }]);
    expect(bodies("PATCH", "/api/fed/lproxy/2/clients/gus")).toEqual([{ set_days: 45 }]);
    const main = fake.clientAt("main", "gus")?.expiresAt ?? 0;
    expect(set.ok && set.rows.map((r) => r.expiresAt)).toEqual([main, fake.clientAt("2", "gus")?.expiresAt]);
    expect((await subscriptions.get(sub.id))?.expiresAt).toBe(main * 1000);
  });

  it("sets traffic and device limits, read back from every location", async () => {
    onBoth("hal");
    const set = await panel.setLimits("hal", { trafficLimitGb: 2.5, deviceLimit: 0 });
    expect(bodies("PATCH", "/api/fed/lproxy/2/clients/hal")).toEqual([
      { traffic_limit_gb: 2.5, device_limit: 0 },
    ]);
    expect(set.ok && set.rows.map((r) => [r.trafficLimitGb, r.deviceLimit])).toEqual([
      [2.5, 0],
      [2.5, 0],
    ]);
  });

  it("deletes everywhere and marks the subscriptions removed; nowhere removes nothing", async () => {
    onBoth("ivy");
    const sub = await subscriptionOn("ivy");
    const deleted = await panel.delete("ivy");
    expect(deleted.ok && states(deleted.rows)).toEqual(["main:done", "2:done"]);
    expect(deleted.ok && deleted.followed?.map((o) => o.subscription.id)).toEqual([sub.id]);
    expect((await subscriptions.get(sub.id))?.removedAt).toBeDefined();
    expect(fake.clientAt("2", "ivy")).toBeUndefined();

    const again = await panel.delete("ivy");
    expect(again.ok && states(again.rows)).toEqual(["main:absent", "2:absent"]);
    expect(again.ok && again.followed).toEqual([]);
  });

  it("never reads a location the main panel does not know as 'not there'", async () => {
    fake.putClient("main", { name: "jo" });
    fake.failNext("GET", "/api/fed/lagg", ok({ nodes: [{ node_id: "9", name: "Ghost", online: true }] }));
    const deleted = await panel.delete("jo");
    expect(deleted.ok && states(deleted.rows)).toEqual(["main:done", "9:failed"]);
    expect(deleted.ok && deleted.rows[1]?.error).toBeInstanceOf(PanelUnknownNodeError);
  });
});

describe("create on several locations", () => {
  const input = (name: string) => ({
    name,
    locations: [
      { id: "main", inboundIds: ["1", "2"] },
      { id: "2", name: "Amsterdam", inboundIds: ["201"] },
    ],
    expiresAt: nowS() + 30 * DAY,
    trafficGb: 10,
    devices: 2,
  });

  it("creates one UUID everywhere with each location's inbounds; the plan is kept a week", async () => {
    const { plan, outcome } = await panel.create(input("multi"));
    expect(plan.id).toMatch(/^[A-Za-z0-9_-]{8}$/);
    expect(outcome.rows.map((r) => r.state)).toEqual(["created", "created"]);
    expect(fake.clientAt("main", "multi")).toMatchObject({ uuid: plan.uuid, inboundIds: ["1", "2"] });
    expect(fake.clientAt("2", "multi")).toMatchObject({ uuid: plan.uuid, inboundIds: ["201"] });
    expect(outcome.subscriptionUrl).toBe(fake.combinedSubUrl(plan.uuid));
    const ttl = await redis.ttl(PANEL_PLAN_PREFIX + plan.id);
    expect(ttl).toBeGreaterThan(6 * DAY);
  });

  it("completes only the missing locations after a partial failure, without duplicates", async () => {
    fake.setUnreachable("2", true);
    const { plan, outcome } = await panel.create(input("part"));
    expect(outcome.rows.map((r) => r.state)).toEqual(["created", "failed"]);
    fake.setUnreachable("2", false);
    const again = await panel.completeCreate(plan.id);
    expect(again?.outcome.rows.map((r) => r.state)).toEqual(["exists", "created"]);
    expect(fake.count("POST", "/api/create")).toBe(1);
    expect(fake.clientAt("2", "part")?.uuid).toBe(plan.uuid);
  });

  it("never takes over a name held by another client (another UUID)", async () => {
    const other = fake.putClient("2", { name: "taken" });
    const { outcome } = await panel.create(input("taken"));
    expect(outcome.rows.map((r) => r.state)).toEqual(["created", "failed"]);
    expect(outcome.rows[1]?.error).toBeInstanceOf(PanelUuidConflictError);
    expect(fake.clientAt("2", "taken")?.uuid).toBe(other.uuid);
    expect(fake.count("POST", "/api/fed/lproxy/2/create")).toBe(0);
  });

  it("a plan gone or malformed in Redis is none", async () => {
    expect(await panel.completeCreate("AAAAAAAA")).toBeUndefined();
    await redis.set(`${PANEL_PLAN_PREFIX}BBBBBBBB`, JSON.stringify({ id: "BBBBBBBB", name: "x" }));
    expect(await panel.completeCreate("BBBBBBBB")).toBeUndefined();
  });

  it("offers the main panel's inbounds from its API and a connected panel's from the catalog", async () => {
    const main = await panel.inboundChoices("main");
    expect(main.source === "api" && main.inbounds.map((i) => i.id)).toEqual(["1", "2"]);
    expect(await panel.inboundChoices("2")).toEqual({ source: "catalog", ids: ["201", "202"] });
    expect(await panel.inboundChoices("7")).toEqual({ source: "none" });
    fake.failNext("GET", "/api/inbounds", fail(500, "boom"));
    expect((await panel.inboundChoices("main")).source).toBe("unread");
  });
});
