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
  it("lets a burst of half a second's worth go at once, then one place per share of a second", async () => {
    let now = 5_000_250;
    // 10 a second: a place every 100 ms, a burst reaching 500 ms ahead.
    const budget = new SendBudget(redis, 10, () => now);
    const burst: number[] = [];
    for (let i = 0; i < 6; i++) burst.push(await budget.take());
    expect(burst).toEqual([0, 0, 0, 0, 0, 0]);
    expect(await budget.take()).toBe(100);
    now += 100;
    expect(await budget.take()).toBe(0);
    expect(await budget.take()).toBe(100);
    await redis.del("tg:sends:next");
  });

  it("never lets more through at a second's turn than inside one (29 and 29 again went to Telegram at once)", async () => {
    let now = 6_000_900;
    const budget = new SendBudget(redis, 29, () => now);
    const taken: number[] = [];
    // Taking as fast as it allows from 100 ms before a second's turn to 1 s after it.
    for (const end = now + 1_100; now <= end; now += 5) {
      while ((await budget.take()) === 0) taken.push(now);
    }
    // Telegram's bucket: 30 at once, refilled at 30 a second; no window of the run exceeds it.
    for (const start of taken) {
      const within = (ms: number) => taken.filter((t) => t >= start && t < start + ms).length;
      expect(within(100)).toBeLessThanOrEqual(30 + 3);
      expect(within(1_000)).toBeLessThanOrEqual(30 + 30);
    }
    expect(taken.filter((t) => t >= 6_000_900 && t < 6_001_100).length).toBeLessThanOrEqual(15 + 6);
    await redis.del("tg:sends:next");
  });

  it("takes the replies counted off what the outbox may send, and counts replies past the limit too", async () => {
    const now = 7_000_100;
    const replies = new SendBudget(redis, 10, () => now);
    const outbox = new SendBudget(redis, 10, () => now);
    for (let i = 0; i < 5; i++) replies.count();
    await until(async () => Number(await redis.get("tg:sends:next")) === now + 500);
    expect(await outbox.take()).toBe(0);
    expect(await outbox.take()).toBe(100);
    // A reply is never held back: it is counted past the limit too, and the outbox waits longer.
    for (let i = 0; i < 10; i++) replies.count();
    await until(async () => Number(await redis.get("tg:sends:next")) === now + 1_600);
    expect(await outbox.take()).toBe(1_100);
    await redis.del("tg:sends:next");
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
      // No place was taken by the refused take.
      expect(await redis.get("tg:sends:next")).toBeNull();
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

  it("makes a direct notice wait for its place, and its retry after a 429 take one too", async () => {
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
    // Two a second: a place every 500 ms, one more at once.
    const budget = new SendBudget(redis, 2);
    const api = new Api("1:notice", { fetch: fetch as unknown as typeof globalThis.fetch });
    takeSends(api, budget);
    retryOnFlood(api);
    const started = Date.now();
    await api.sendMessage(5, "one");
    await api.sendMessage(5, "two");
    // The burst's two places are taken: the third waits for the next place.
    await api.sendMessage(5, "three");
    expect(Date.now() - started).toBeGreaterThanOrEqual(495);
    // Places taken so far, read from when the next one comes.
    const places = async () => Math.round((Number(await redis.get("tg:sends:next")) - started) / 500);
    expect(await places()).toBe(3);
    // Refused once, sent again after retry_after: both attempts took a place.
    await api.sendPhoto(5, "https://example.invalid/qr.png");
    expect(await places()).toBe(5);
    expect(sent).toHaveLength(5);
    await redis.del("tg:sends:next");
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
