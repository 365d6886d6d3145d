import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ManualClock } from "../../src/runtime/clock.js";
import { AffectedCustomers } from "../../src/workers/server-watch/affected.js";
import { watchKeys } from "../../src/workers/server-watch/keys.js";
import { testRedis } from "../helpers/redis.js";

let redis: Redis;
const clock = new ManualClock(Date.UTC(2030, 0, 1));

beforeAll(async () => {
  redis = await testRedis();
});
afterAll(async () => {
  await redis.quit();
});

describe("an outage's customers", () => {
  it("a server holding thousands is read a page at a time: every active one, the expired left out", async () => {
    const now = clock.now();
    const args: (number | string)[] = [];
    for (let c = 1; c <= 2_500; c++) args.push(c <= 300 ? now - c : now + c, String(c));
    await redis.zadd(watchKeys.index(7), ...args);
    await redis.set(watchKeys.indexBuiltAt, String(now));
    const zrange = vi.spyOn(redis, "zrange");
    const ids = await new AffectedCustomers({ redis, clock }).on(7);
    expect(ids).toHaveLength(2_200);
    expect(new Set(ids)).toEqual(new Set(Array.from({ length: 2_200 }, (_, i) => 301 + i)));
    // Three reads of at most 1 000, none of everything.
    const spans = zrange.mock.calls.map(([, start, stop]) => Number(stop) - Number(start) + 1);
    expect(spans).toEqual([1_000, 1_000, 1_000]);
    zrange.mockRestore();
  });
});
