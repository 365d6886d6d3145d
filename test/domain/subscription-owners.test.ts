import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Customers,
  ownerKeys,
  SubscriptionOwners,
  Subscriptions,
  subscriptionKeys,
} from "../../src/domain/books/index.js";
import { ManualClock } from "../../src/runtime/clock.js";
import { createLogger } from "../../src/runtime/logger.js";
import { testRedis } from "../helpers/redis.js";

const DAY = 86_400_000;
let redis: Redis;
let clock: ManualClock;
let subscriptions: Subscriptions;
let owners: SubscriptionOwners;

beforeAll(async () => {
  redis = await testRedis();
  clock = new ManualClock(Date.UTC(2030, 0, 1));
  subscriptions = new Subscriptions(redis, clock);
  owners = new SubscriptionOwners({
    redis,
    subscriptions,
    customers: new Customers(redis, clock),
    logger: createLogger("silent"),
  });
});
afterAll(async () => {
  await redis.quit();
});

const sub = (order: string, customerId: number, ref: Parameters<Subscriptions["create"]>[1]["ref"]) =>
  subscriptions.create(order, {
    customerId,
    planId: "p",
    ref,
    links: { links: [], subscriptionUrl: undefined },
    expiresAt: clock.now() + 10 * DAY,
    trafficGb: 0,
    devices: 0,
    trial: false,
  });

describe("the hosting client -> subscription index", () => {
  it("indexes subscriptions made before it existed, once, on the first look-up", async () => {
    const a = await sub("oown1", 1, { kind: "xui", serverId: 5, name: "a" });
    // As if stored by a version without the index.
    await redis.del(ownerKeys.byRef("xui:5:a"), ownerKeys.byServer(5), ownerKeys.built);
    expect(await redis.exists(ownerKeys.byRef("xui:5:a"))).toBe(0);
    const found = await owners.of({ kind: "xui", serverId: 5, name: "a" });
    expect(found.map((o) => o.subscription.id)).toEqual([a.id]);
    expect((await owners.onServer(5)).map((o) => o.subscription.id)).toEqual([a.id]);
    expect(await redis.exists(ownerKeys.built)).toBe(1);
  });

  it("a server holding more than a page is read a page at a time: every live one, oldest first, the stale dropped", async () => {
    const live = [];
    for (let i = 0; i < 3; i++) {
      clock.set(clock.now() + 1_000);
      live.push(await sub(`oownp${i}`, 40 + i, { kind: "xui", serverId: 9, name: `p${i}` }));
    }
    const gone = Array.from({ length: 1_500 }, (_, i) => `sgone${i}`);
    await redis.sadd(ownerKeys.byServer(9), ...gone);
    const found = await owners.onServer(9);
    expect(found.map((o) => o.subscription.id)).toEqual(live.map((s) => s.id));
    expect((await redis.smembers(ownerKeys.byServer(9))).sort()).toEqual(live.map((s) => s.id).sort());
  });

  it("a stale entry (the record points elsewhere) is dropped, not trusted", async () => {
    const b = await sub("oown2", 2, { kind: "node", name: "b" });
    await redis.sadd(ownerKeys.byRef("node:other"), b.id);
    expect(await owners.of({ kind: "node", name: "other" })).toEqual([]);
    expect(await redis.smembers(ownerKeys.byRef("node:other"))).toEqual([]);
  });

  it("rename moves the ref and the index; remove takes it out of the index and the expiry index", async () => {
    const c = await sub("oown3", 3, { kind: "node", name: "c" });
    await owners.renamed({ kind: "node", name: "c" }, "c2");
    expect((await subscriptions.get(c.id))?.ref).toEqual({ kind: "node", name: "c2" });
    expect(await owners.of({ kind: "node", name: "c" })).toEqual([]);
    expect((await owners.removed({ kind: "node", name: "c2" })).map((o) => o.subscription.id)).toEqual([
      c.id,
    ]);
    expect(await redis.zscore(subscriptionKeys.byExpiry, c.id)).toBeNull();
    expect(await owners.of({ kind: "node", name: "c2" })).toEqual([]);
    // A removed subscription no longer follows a term.
    expect(await subscriptions.followHostingTerm(c.id, clock.now() + 40 * DAY)).toBe(false);
  });

  it("followTerm moves the expiry index (what the reminders read) and is a no-op for the same term", async () => {
    const d = await sub("oown4", 4, { kind: "panel", name: "d", uuid: "u", locations: ["main"] });
    const to = clock.now() + 45 * DAY;
    expect(await owners.followTerm({ kind: "panel", name: "d" }, to)).toHaveLength(1);
    expect(Number(await redis.zscore(subscriptionKeys.byExpiry, d.id))).toBe(to);
    expect(await owners.followTerm({ kind: "panel", name: "d" }, to)).toEqual([]);
  });
});

describe("a server's subscriptions a page at a time (the runway's tally)", () => {
  it("gives every live one on the server, none removed or elsewhere, in pages", async () => {
    const on = await Promise.all(
      [1, 2, 3, 4, 5].map((i) => sub(`opage${i}`, 900 + i, { kind: "xui", serverId: 77, name: `pg${i}` })),
    );
    await sub("opage-other", 911, { kind: "xui", serverId: 78, name: "pg-other" });
    await subscriptions.markRemoved(on[0]?.id as string);
    const pages: string[][] = [];
    for await (const page of owners.pagesOnServer(77, 2)) pages.push(page.map((s) => s.id));
    expect(new Set(pages.flat())).toEqual(new Set(on.slice(1).map((s) => s.id)));
  });
});
