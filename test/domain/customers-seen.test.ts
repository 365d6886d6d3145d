import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Customers } from "../../src/domain/books/index.js";
import { CUSTOMERS_ALL, CUSTOMERS_REACH, customerKeys } from "../../src/domain/books/keys.js";
import { ManualClock } from "../../src/runtime/clock.js";
import { testRedis } from "../helpers/redis.js";

/** Customers.seen: one Lua step records first contact, fields, reach and the @username index. */
let redis: Redis;
const clock = new ManualClock(Date.UTC(2026, 2, 1));
let customers: Customers;

beforeAll(async () => {
  redis = await testRedis();
  customers = new Customers(redis, clock);
});
afterAll(() => redis.quit());

const owner = (name: string) => redis.hget(customerKeys.byUsername, name);

describe("recording a customer (seen)", () => {
  it("is new once: joined at first contact, createdAt kept, name and language updated later", async () => {
    const joined = clock.now();
    expect(await customers.seen({ id: 501, firstName: "Ann", username: "Ann_X", locale: "en" })).toBe(true);
    clock.advance(60_000);
    expect(await customers.seen({ id: 501, firstName: "Anna", username: "Ann_X", locale: "ru" })).toBe(false);
    expect(await redis.zscore(CUSTOMERS_ALL, "501")).toBe(String(joined));
    const got = await customers.get(501);
    expect(got).toMatchObject({ firstName: "Anna", username: "Ann_X", locale: "ru", createdAt: joined });
    expect(await owner("ann_x")).toBe("501");
    expect(await redis.zscore(CUSTOMERS_REACH, "501")).toBe("0");
  });

  it("a new name frees the old one; no name removes it from the record and the index", async () => {
    await customers.seen({ id: 502, firstName: "Bo", username: "bo_one", locale: "en" });
    await customers.seen({ id: 502, firstName: "Bo", username: "Bo_Two", locale: "en" });
    expect(await owner("bo_one")).toBeNull();
    expect(await owner("bo_two")).toBe("502");
    await customers.seen({ id: 502, firstName: "Bo", locale: "en" });
    expect(await owner("bo_two")).toBeNull();
    expect((await customers.get(502))?.username).toBeUndefined();
  });

  it("a name another customer had moves to the new holder and leaves the old holder's record", async () => {
    await customers.seen({ id: 503, firstName: "Cy", username: "shared", locale: "en" });
    await customers.seen({ id: 504, firstName: "Di", username: "Shared", locale: "en" });
    expect(await owner("shared")).toBe("504");
    expect((await customers.get(503))?.username).toBeUndefined();
    expect((await customers.get(504))?.username).toBe("Shared");
    expect(await customers.find("@shared")).toMatchObject({ id: 504 });
  });

  it("writing again lifts a bot block and puts the customer back in reach", async () => {
    await customers.seen({ id: 505, firstName: "Ed", locale: "en" });
    await customers.markBotBlocked(505);
    expect(await redis.zscore(CUSTOMERS_REACH, "505")).toBeNull();
    await customers.seen({ id: 505, firstName: "Ed", locale: "en" });
    expect((await customers.get(505))?.botBlocked).toBe(false);
    expect(await redis.zscore(CUSTOMERS_REACH, "505")).toBe("0");
  });
});
