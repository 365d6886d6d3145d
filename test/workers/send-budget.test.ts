import { Api } from "grammy";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { retryOnFlood } from "../../src/runtime/telegram-retry.js";
import { SendBudget, takeSends } from "../../src/workers/send-budget.js";
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

  it("makes a direct notice wait for its place in the second, and its retry after a 429 take one too", async () => {
    const sent: number[] = [];
    let refuseNext = true;
    // A Bot API answering at once: the first sendPhoto is refused with 429 for a second.
    const fetch = async (_url: string | URL | Request, init?: RequestInit) => {
      const method = String(_url).split("/").pop() ?? "";
      sent.push(Date.now());
      if (method === "sendPhoto" && refuseNext) {
        refuseNext = false;
        const body = {
          ok: false,
          error_code: 429,
          description: "Too Many Requests",
          parameters: { retry_after: 1 },
        };
        return new Response(JSON.stringify(body), { status: 429 });
      }
      void init;
      const message = { message_id: sent.length, date: 0, chat: { id: 5, type: "private" } };
      return new Response(JSON.stringify({ ok: true, result: message }), { status: 200 });
    };
    const budget = new SendBudget(redis, 2);
    const api = new Api("1:notice", { fetch: fetch as unknown as typeof globalThis.fetch });
    takeSends(api, budget);
    retryOnFlood(api);
    const started = Date.now();
    await api.sendMessage(5, "one");
    await api.sendMessage(5, "two");
    // The second's two places are taken: the third waits for the next second.
    await api.sendMessage(5, "three");
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000 - (started % 1_000) - 5);
    const counted = async () => {
      const keys = await redis.keys("tg:sends:1*");
      const values = await Promise.all(keys.map((k) => redis.get(k)));
      return values.reduce((a, v) => a + Number(v ?? 0), 0);
    };
    expect(await counted()).toBe(3);
    // Refused once, sent again after retry_after: both attempts took a place.
    await api.sendPhoto(5, "https://example.invalid/qr.png");
    expect(await counted()).toBe(5);
    expect(sent).toHaveLength(5);
  });

  it("fails a direct notice before Telegram when Redis cannot give its place, and sends it when asked again", async () => {
    let sent = 0;
    const fetch = async () => {
      sent++;
      const message = { message_id: sent, date: 0, chat: { id: 5, type: "private" } };
      return new Response(JSON.stringify({ ok: true, result: message }), { status: 200 });
    };
    const conn = new Redis(redis.options.port ?? 6379, redis.options.host ?? "127.0.0.1", {
      db: redis.options.db ?? 0,
      enableOfflineQueue: false,
    });
    try {
      await new Promise((resolve) => conn.once("ready", resolve));
      // Down: every command is refused at once (no offline queue, no reconnecting by itself).
      const ended = new Promise((resolve) => conn.once("end", resolve));
      conn.disconnect();
      await ended;
      const api = new Api("1:notice", { fetch: fetch as unknown as typeof globalThis.fetch });
      takeSends(api, new SendBudget(conn, 2));
      await expect(api.sendMessage(5, "your link")).rejects.toThrow();
      expect(sent).toBe(0);
      // Redis back: the same notice, sent again by its job's retry, goes once.
      await conn.connect();
      await api.sendMessage(5, "your link");
      expect(sent).toBe(1);
    } finally {
      conn.disconnect();
    }
  });
});
