import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SendBudget } from "../../src/workers/send-budget.js";
import { testRedis } from "../helpers/redis.js";
import { until } from "../helpers/wait.js";

let redis: Redis;
beforeAll(async () => {
  redis = await testRedis();
});
afterAll(async () => {
  await redis.quit();
});

describe("the send budget (Telegram's overall limit shared in Redis)", () => {
  it("lets a second's worth go, then says how long until the next second", async () => {
    let now = 5_000_250;
    const budget = new SendBudget(redis, 3, () => now);
    expect([await budget.take(), await budget.take(), await budget.take()]).toEqual([0, 0, 0]);
    expect(await budget.take()).toBe(750);
    now = 5_001_000;
    expect(await budget.take()).toBe(0);
  });

  it("takes the replies counted in the same second off what the outbox may send", async () => {
    const now = 7_000_100;
    const replies = new SendBudget(redis, 3, () => now);
    const outbox = new SendBudget(redis, 3, () => now);
    replies.count();
    replies.count();
    await until(async () => (await redis.get("tg:sends:7000")) === "2");
    expect(await outbox.take()).toBe(0);
    expect(await outbox.take()).toBe(900);
    // A reply is never held back: it is counted past the limit too.
    replies.count();
    await until(async () => (await redis.get("tg:sends:7000")) === "4");
  });

  it("holds every send while a 429's retry_after runs, here at once and in another process's outbox", async () => {
    let now = 9_000_100;
    const db = redis.options.db ?? 0;
    const other = new Redis(redis.options.port ?? 6379, redis.options.host ?? "127.0.0.1", { db });
    try {
      const here = new SendBudget(redis, 30, () => now);
      const there = new SendBudget(other, 30, () => now);
      here.hold(2);
      const wait = await there.take();
      expect(wait).toBeGreaterThan(1_000);
      expect(wait).toBeLessThanOrEqual(2_000);
      // Nothing was counted for the refused take.
      expect(await redis.get("tg:sends:9000")).toBeNull();
      let passed = false;
      const gated = here.gate().then(() => {
        passed = true;
      });
      await new Promise((r) => setTimeout(r, 50));
      expect(passed).toBe(false);
      now += 2_000;
      await gated;
      await redis.del("tg:sends:hold");
      expect(await there.take()).toBe(0);
    } finally {
      other.disconnect();
    }
  });
});
