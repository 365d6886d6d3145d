import { Queue } from "bullmq";
import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Metrics } from "../../src/http/metrics.js";
import { testRedis } from "../helpers/redis.js";

let redis: Redis;
const queues: Queue[] = [];
beforeAll(async () => {
  redis = await testRedis();
});
afterAll(async () => {
  for (const q of queues) await q.close();
  await redis.quit();
});

function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("scrape-time metrics read from Redis", () => {
  it("reports each queue's depth by state and the age of its oldest waiting job, and the orders in flight", async () => {
    const now = Date.now();
    const q = new Queue("mq-a", { connection: redis, prefix: "mt" });
    const p = new Queue("mq-b", { connection: redis, prefix: "mt" });
    queues.push(q, p);
    await q.add("x", {}, { timestamp: now - 120_000 });
    await q.add("x", {}, { timestamp: now - 30_000 });
    await q.add("x", {}, { delay: 3_600_000 });
    // A low priority waits behind the others: the last one of the prioritized set is the oldest.
    await p.add("y", {}, { priority: 1, timestamp: now - 5_000 });
    await p.add("y", {}, { priority: 9, timestamp: now - 600_000 });
    await redis.zadd("orders:open", now - 900_000, "o1", now - 60_000, "o2");
    await redis.zadd("orders:failed", now, "o3");

    const metrics = new Metrics();
    const watched = metrics.watch({ redis, queues: ["mq-a", "mq-b", "mq-empty"], prefix: "mt" }, 0);
    const text = await metrics.registry.metrics();
    await watched.close();

    expect(sample(text, 'queue_jobs{queue="mq-a",state="waiting"}')).toBe(2);
    expect(sample(text, 'queue_jobs{queue="mq-a",state="delayed"}')).toBe(1);
    expect(sample(text, 'queue_jobs{queue="mq-b",state="prioritized"}')).toBe(2);
    expect(sample(text, 'queue_jobs{queue="mq-empty",state="waiting"}')).toBe(0);
    const oldestA = sample(text, 'queue_oldest_waiting_seconds{queue="mq-a"}') ?? 0;
    expect(oldestA).toBeGreaterThanOrEqual(120);
    expect(oldestA).toBeLessThan(300);
    expect(sample(text, 'queue_oldest_waiting_seconds{queue="mq-b"}')).toBeGreaterThanOrEqual(600);
    expect(sample(text, 'queue_oldest_waiting_seconds{queue="mq-empty"}')).toBe(0);
    expect(sample(text, 'shop_orders{state="in_flight"}')).toBe(2);
    expect(sample(text, 'shop_orders{state="failed"}')).toBe(1);
    expect(sample(text, "shop_order_oldest_in_flight_seconds")).toBeGreaterThanOrEqual(900);
    expect(sample(text, "redis_up")).toBe(1);
  });

  it("reads Redis once per cache period however often it is scraped", async () => {
    const q = new Queue("mq-c", { connection: redis, prefix: "mt" });
    queues.push(q);
    await q.add("x", {});
    const metrics = new Metrics();
    const watched = metrics.watch({ redis, queues: ["mq-c"], prefix: "mt" }, 60_000);
    const first = await metrics.registry.metrics();
    await q.add("x", {});
    const second = await metrics.registry.metrics();
    await watched.close();
    expect(sample(first, 'queue_jobs{queue="mq-c",state="waiting"}')).toBe(1);
    expect(sample(second, 'queue_jobs{queue="mq-c",state="waiting"}')).toBe(1);
  });

  it("says Redis is down, and shows no stale queue figures, when the connection is gone", async () => {
    const gone = redis.duplicate();
    await gone.quit();
    const metrics = new Metrics();
    const watched = metrics.watch({ redis: gone, queues: ["mq-a"], prefix: "mt" }, 0);
    const text = await metrics.registry.metrics();
    await watched.close().catch(() => undefined);
    expect(sample(text, "redis_up")).toBe(0);
    expect(text).not.toMatch(/^queue_jobs\{/m);
  });
});
