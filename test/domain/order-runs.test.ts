import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fulfilmentKeys, oneRun } from "../../src/domain/settlement/index.js";
import { createLogger } from "../../src/runtime/logger.js";
import { fenceKey, Lease } from "../../src/store/lease.js";
import { testRedis } from "../helpers/redis.js";

describe("oneRun (the one run of an order)", () => {
  let redis: Redis;
  const logger = createLogger("silent");
  beforeAll(async () => {
    redis = await testRedis();
  });
  afterAll(async () => {
    await redis.quit();
  });

  it("drops the run's fence counter after it; a run meanwhile is refused and a later take's fence still grows", async () => {
    const key = fulfilmentKeys.run("o-fence-1");
    const deps = { redis, logger };
    let during: unknown;
    let fenceDuring = 0;
    const first = await oneRun(deps, "o-fence-1", async () => {
      fenceDuring = Number(await redis.get(fenceKey(key)));
      during = await oneRun(deps, "o-fence-1", async () => "second");
      return "first";
    });
    expect(first).toBe("first");
    expect(during).toBe("busy");
    expect(fenceDuring).toBeGreaterThan(0);
    expect(await redis.exists(fenceKey(key), key)).toBe(0);
    // A late run takes the lease again with a fence above the finished run's.
    const late = await Lease.take(redis, key, { ms: 1_000 });
    expect(late?.fence).toBeGreaterThan(fenceDuring);
    await late?.release();
  });

  it("keeps the fence counter of a run it found busy (another holder's)", async () => {
    const key = fulfilmentKeys.run("o-fence-2");
    const holder = await Lease.take(redis, key, { ms: 5_000 });
    expect(await oneRun({ redis, logger }, "o-fence-2", async () => "x")).toBe("busy");
    expect(await redis.exists(fenceKey(key))).toBe(1);
    await holder?.release();
  });
});
