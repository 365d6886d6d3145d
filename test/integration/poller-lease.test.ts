import { Writable } from "node:stream";
import { Bot } from "grammy";
import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../src/runtime/logger.js";
import { PollerLease, pollingLeaseKey, startLeasedPolling } from "../../src/runtime/poller-lease.js";
import type { Polling } from "../../src/runtime/polling.js";
import { FakeTelegram } from "../fakes/telegram-api.js";
import { testRedis } from "../helpers/redis.js";
import { sleep, until } from "../helpers/wait.js";

const TOKEN = "515151:LEASE-token-for-the-fake-bot-api-xx";

let redis: Redis;
beforeAll(async () => {
  redis = await testRedis();
});
afterAll(async () => {
  await redis.quit();
});

describe("PollerLease", () => {
  it("is held by one token at a time: renewed and released only by its holder", async () => {
    const a = new PollerLease(redis, "lease:t1", 5_000);
    const b = new PollerLease(redis, "lease:t1", 5_000);
    expect(await a.tryAcquire()).toBe(true);
    const waitB = await b.tryAcquire();
    expect(waitB).toBeGreaterThan(0);
    expect(waitB).toBeLessThanOrEqual(5_000);
    expect(await b.renew()).toBe(false);
    await b.release();
    expect(await redis.get("lease:t1")).toBe(a.token);
    expect(await a.renew()).toBe(true);
    // Holding it already counts as holding it (a retried acquire after a lost answer).
    expect(await a.tryAcquire()).toBe(true);
    await a.release();
    expect(await redis.exists("lease:t1")).toBe(0);
    expect(await b.tryAcquire()).toBe(true);
    expect(await redis.get("lease:t1")).toBe(b.token);
  });

  it("expires when its holder stops renewing, and a renewal takes back a lease that vanished", async () => {
    const a = new PollerLease(redis, "lease:t2", 5_000);
    expect(await a.tryAcquire()).toBe(true);
    const ttl = await redis.pttl("lease:t2");
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(5_000);
    await redis.del("lease:t2"); // as after a Redis restart without persistence
    expect(await a.renew()).toBe(true);
    expect(await redis.get("lease:t2")).toBe(a.token);
  });
});

describe("startLeasedPolling", () => {
  let telegram: FakeTelegram;
  beforeAll(async () => {
    telegram = await new FakeTelegram({ token: TOKEN }).start();
  });
  afterAll(async () => {
    await telegram.stop();
  });

  function capture(): { logger: ReturnType<typeof createLogger>; messages: () => string[] } {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(...chunk.toString().split("\n").filter(Boolean));
        done();
      },
    });
    const logger = createLogger("info", sink);
    return { logger, messages: () => lines.map((l) => (JSON.parse(l) as { msg: string }).msg) };
  }

  async function leased(bot: Bot, logger: ReturnType<typeof createLogger>): Promise<Polling> {
    return startLeasedPolling(bot, {
      redis,
      leaseMs: 1_500,
      beforePolling: async () => {
        await bot.api.deleteWebhook();
      },
      allowedUpdates: ["message"],
      logger,
      onFatal: () => {
        throw new Error("not fatal here");
      },
    });
  }

  it("waits while another process holds the lease, polls once it is free, stops polling when it is taken", async () => {
    const bot = new Bot(TOKEN, { client: { apiRoot: telegram.apiRoot } });
    await bot.init();
    const key = pollingLeaseKey(bot.botInfo.id);
    await redis.set(key, "another-process", "PX", 60_000);
    const { logger, messages } = capture();
    const mark = telegram.calls.length;
    const polls = () => telegram.calls.slice(mark).filter((c) => c.method === "getUpdates").length;

    const polling = await leased(bot, logger);
    try {
      expect(messages()).toEqual(["another process holds the polling lease; waiting"]);
      expect(polls()).toBe(0);

      await redis.del(key); // the other process released it
      await until(() => polls() >= 1);
      expect(messages()).toContain("took over the polling lease");
      const mine = await redis.get(key);
      expect(mine).not.toBe("another-process");

      // Another process took the lease (ours expired during a long pause, say): we stop polling.
      await redis.set(key, "another-process", "PX", 60_000);
      await until(() => messages().includes("lost the polling lease; stopped polling"));
      const after = polls();
      expect(polling.handlers()).toBe(0);
      await sleep(1_000); // two renewal periods: a poller that kept polling would call again
      expect(polls()).toBe(after);
      expect(messages().filter((m) => m.includes("holds the polling lease; waiting"))).toHaveLength(2);
      await redis.del(key);
      await until(() => polls() > after);
    } finally {
      await polling.stop();
    }
    expect(await redis.exists(key)).toBe(0);
  });
});
