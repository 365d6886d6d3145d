import type { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { NO_EXPIRY_SCORE, Subscriptions, subscriptionKeys } from "../../src/domain/books/index.js";
import { ManualClock } from "../../src/runtime/clock.js";
import { type ExpiryEntry, scanExpiries } from "../../src/workers/reminders.js";
import { testRedis } from "../helpers/redis.js";

let redis: Redis;
let subscriptions: Subscriptions;

beforeAll(async () => {
  redis = await testRedis();
  subscriptions = new Subscriptions(redis, new ManualClock(Date.UTC(2030, 0, 1)));
});
beforeEach(async () => {
  await redis.del(subscriptionKeys.byExpiry);
});
afterAll(async () => {
  await redis.quit();
});

const id = (i: number) => `s${String(i).padStart(4, "0")}`;

async function seed(entries: [string, number][]): Promise<void> {
  await redis.zadd(subscriptionKeys.byExpiry, ...entries.flatMap(([member, score]) => [score, member]));
}

async function collect(pages: AsyncGenerator<ExpiryEntry[]>, each?: (page: ExpiryEntry[]) => Promise<void>) {
  const sizes: number[] = [];
  const ids: string[] = [];
  for await (const page of pages) {
    sizes.push(page.length);
    ids.push(...page.map((e) => e.id));
    await each?.(page);
  }
  return { sizes, ids };
}

describe("scanExpiries: the expiry index a page at a time", () => {
  it("pages of at most `page` however many share one expiry (those without one all do), each read once", async () => {
    const entries: [string, number][] = [];
    for (let i = 0; i < 250; i++) entries.push([id(i), NO_EXPIRY_SCORE]);
    for (let i = 250; i < 300; i++) entries.push([id(i), 1_000 + (i % 3)]);
    await seed(entries);
    const { sizes, ids } = await collect(scanExpiries(subscriptions, 1, NO_EXPIRY_SCORE, 40));
    expect(Math.max(...sizes)).toBe(40);
    expect(ids).toHaveLength(300);
    expect(new Set(ids).size).toBe(300);
  });

  it("stops at the window's end and starts at its beginning", async () => {
    await seed([
      ["a", 5],
      ["b", 10],
      ["c", 10],
      ["d", 20],
      ["e", 21],
    ]);
    const { ids } = await collect(scanExpiries(subscriptions, 10, 20, 2));
    expect(ids).toEqual(["b", "c", "d"]);
  });

  it("an entry renewed or removed between pages (the page's last one among them) skips and repeats nothing else", async () => {
    const entries: [string, number][] = [];
    for (let i = 0; i < 100; i++) entries.push([id(i), 500]);
    await seed(entries);
    let turn = 0;
    const { ids } = await collect(scanExpiries(subscriptions, 1, 1_000, 10), async (page) => {
      turn++;
      const last = page.at(-1)?.id ?? "";
      // Alternately the last one read is renewed past the window or removed, and one not yet read is removed.
      if (turn % 2) await redis.zadd(subscriptionKeys.byExpiry, 5_000, last);
      else await redis.zrem(subscriptionKeys.byExpiry, last);
      if (turn === 3) await redis.zrem(subscriptionKeys.byExpiry, id(99));
    });
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(entries.map(([m]) => m).filter((m) => m !== id(99)));
  });
});
