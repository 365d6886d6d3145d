import type { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Subscriptions, subscriptionKeys } from "../../src/domain/books/index.js";
import { ManualClock } from "../../src/runtime/clock.js";
import { testRedis } from "../helpers/redis.js";

let redis: Redis;
const clock = new ManualClock(Date.UTC(2026, 10, 1));
let subs: Subscriptions;

beforeAll(async () => {
  redis = await testRedis();
  subs = new Subscriptions(redis, clock);
});
afterAll(() => redis.quit());
beforeEach(() => redis.flushdb());

const ref = {
  kind: "xui",
  serverId: 101,
  name: "c42-abcdef12",
  uuid: "04c2ae01-b9b5-4359-8ad5-8edaa6630084",
  subId: "4025cce3a903acba",
} as const;
const link = `vless://${ref.uuid}@de1.vpn.example.net:443?type=tcp&security=reality&pbk=${"k".repeat(43)}#${ref.name}`;

describe("a subscription's record stays a small hash; records written before still read", () => {
  it("keeps the record in Redis's listpack form, the ref and links beside it", async () => {
    const sub = await subs.create("o1", {
      ...{
        customerId: 42,
        planId: "de",
        ref,
        links: { links: [link], subscriptionUrl: "https://sub.example/x" },
      },
      ...{ expiresAt: clock.now() + 1e9, trafficGb: 100, devices: 0, trial: false },
    });
    expect(await redis.object("ENCODING", subscriptionKeys.sub(sub.id))).toBe("listpack");
    expect(await subs.get(sub.id)).toEqual(sub);
    expect(sub).toMatchObject({ ref, links: [link], subscriptionUrl: "https://sub.example/x" });
    // New links without a URL keep the record's URL; a replaced access drops it.
    await subs.setTerm(sub.id, clock.now() + 2e9, {
      links: { links: [`${link}2`], subscriptionUrl: undefined },
    });
    expect(await subs.get(sub.id)).toMatchObject({
      links: [`${link}2`],
      subscriptionUrl: "https://sub.example/x",
    });
    await subs.replaceAccess(
      sub.id,
      { ...ref, name: "c42-moved" },
      { links: [link], subscriptionUrl: undefined },
    );
    const moved = await subs.get(sub.id);
    expect(moved).toMatchObject({ ref: { name: "c42-moved" }, links: [link] });
    expect(moved?.subscriptionUrl).toBeUndefined();
  });

  it("reads a record written before (ref and links among its fields), and moves them out on the next write", async () => {
    await redis.hset(subscriptionKeys.sub("sold"), {
      ...{
        id: "sold",
        customerId: "42",
        planId: "de",
        ref: JSON.stringify(ref),
        links: JSON.stringify([link]),
      },
      ...{ subscriptionUrl: "https://sub.example/old", expiresAt: "5", trafficGb: "100", devices: "0" },
      ...{ trial: "0", createdAt: "1", updatedAt: "1" },
    });
    expect(await subs.get("sold")).toMatchObject({
      ref,
      links: [link],
      subscriptionUrl: "https://sub.example/old",
    });
    await subs.setRef("sold", { ...ref, name: "c42-renamed" });
    expect(await subs.get("sold")).toMatchObject({ ref: { name: "c42-renamed" }, links: [link] });
    await subs.setTerm("sold", 10, { links: { links: [link], subscriptionUrl: undefined } });
    expect(await subs.get("sold")).toMatchObject({
      links: [link],
      subscriptionUrl: "https://sub.example/old",
    });
    expect(await redis.hmget(subscriptionKeys.sub("sold"), "ref", "links")).toEqual([null, null]);
    expect(await redis.object("ENCODING", subscriptionKeys.sub("sold"))).toBe("hashtable"); // Redis never shrinks one back
  });

  it("reads a page of both forms in one pipeline as get reads each (the periodic passes' page read)", async () => {
    const sub = await subs.create("o2", {
      ...{ customerId: 42, planId: "de", ref, links: { links: [link], subscriptionUrl: undefined } },
      ...{ expiresAt: clock.now() + 1e9, trafficGb: 100, devices: 0, trial: false },
    });
    await redis.hset(subscriptionKeys.sub("old"), {
      ...{
        id: "old",
        customerId: "43",
        planId: "de",
        ref: JSON.stringify(ref),
        links: JSON.stringify([link]),
      },
      ...{ expiresAt: "5", trafficGb: "0", devices: "0", trial: "0", createdAt: "1", updatedAt: "1" },
    });
    const page = await subs.getMany([sub.id, "none", "old"]);
    expect(page).toEqual([await subs.get(sub.id), undefined, await subs.get("old")]);
    expect(page[0]).toMatchObject({ ref, links: [link] });
    expect(page[2]).toMatchObject({ ref, links: [link] });
  });
});
