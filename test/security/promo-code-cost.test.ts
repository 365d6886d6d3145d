import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { promoWorld, seedOldUses } from "../../bench/promo-world.js";
import { redisCost } from "../../bench/redis-cost.js";
import type { Order } from "../../src/domain/books/index.js";
import type { ShopRooms } from "../../src/domain/index.js";
import { INVOICE_TTL_MS, promoKeys } from "../../src/domain/sales/index.js";
import { HOUR, ManualClock } from "../../src/runtime/clock.js";
import { type LocalRedis, startRedis } from "../helpers/local-redis.js";
import { makePromo } from "../helpers/promo.js";

/**
 * Issue 23, finding 4: checking a popular promo code read its whole use list (never trimmed): with
 * 100 000 uses one check took 1.5-1.9 s and blocked Redis 71-99 ms per read. A check and a
 * redemption now cost the same few commands at 100 000 uses as at 10. Counted on a redis-server of
 * this file's own (INFO commandstats and the bytes Redis sent), never by time.
 */

let server: LocalRedis;
let dir: string;
let redis: Redis;
let rooms: ShopRooms;
const clock = new ManualClock(Date.UTC(2026, 3, 1, 12));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "promo-cost-"));
  server = await startRedis(dir);
  redis = new Redis(server.url, { maxRetriesPerRequest: 3 });
  rooms = promoWorld(redis, clock, "promo-cost");
}, 60_000);
afterAll(async () => {
  await redis?.quit();
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const FIRST_CUSTOMER = 5_000_000;

const seedOld = (code: string, n: number) => seedOldUses(redis, code, n, clock.now(), FIRST_CUSTOMER);

let nextCustomer = 6_000_000;

/** The cost of a check by a new customer, one by a customer who used it, and a redemption. */
async function costsAt(code: string) {
  const promos = rooms.sales.promos;
  await promos.check(code, nextCustomer++); // the first look (indexes a code stored before)
  const fresh = nextCustomer++;
  const check = await redisCost(redis, async () => {
    expect(await promos.check(code, fresh)).toMatchObject({ ok: true });
  });
  const again = await redisCost(redis, async () => {
    expect(await promos.check(code, FIRST_CUSTOMER + 3)).toEqual({ ok: false, reason: "already-used" });
  });
  const buyer = nextCustomer++;
  const redeem = await redisCost(redis, async () => {
    const started = await rooms.sales.shop.startPurchase(buyer, "p", "en", code);
    expect(started).toMatchObject({ ok: true, order: { promoCode: code, price: 120 } });
  });
  return { check, again, redeem };
}

/** The indexes of `code` say what its uses hash says (every use, the reserved ones, by customer). */
async function expectIndexesAgree(code: string): Promise<void> {
  const k = promoKeys(code);
  const all = await redis.hgetall(k.uses);
  const reserved = Object.keys(all).filter((key) => all[key]?.split("|")[1] === "r");
  const own = Object.entries(all).map(([key, value]) => `${value.split("|")[0]}|${key}`);
  expect((await redis.zrange(k.recent, "0", "-1")).sort()).toEqual(Object.keys(all).sort());
  expect((await redis.zrange(k.reserved, "0", "-1")).sort()).toEqual(reserved.sort());
  expect((await redis.zrange(k.own, "0", "-1")).sort()).toEqual(own.sort());
}

describe("the cost of a promo code's uses", () => {
  it("a check and a redemption at 100 000 uses issue as few commands as at 10, reading no more", async () => {
    await makePromo(rooms.sales.promos, "FEW");
    await seedOld("FEW", 10);
    await makePromo(rooms.sales.promos, "POPULAR");
    await seedOld("POPULAR", 100_000);
    const few = await costsAt("FEW");
    const many = await costsAt("POPULAR");
    for (const op of ["check", "again", "redeem"] as const) {
      expect(many[op].commands, `${op}: ${JSON.stringify(many[op].byName)}`).toBeLessThanOrEqual(
        few[op].commands,
      );
      expect(few[op].commands).toBeLessThan(op === "redeem" ? 100 : 25);
      // What Redis sent back: a few records, never the use list (100 000 uses are megabytes).
      expect(many[op].bytesOut, op).toBeLessThan(16 * 1024);
    }
    expect(await rooms.sales.promos.get("POPULAR")).toMatchObject({ held: 100_001, used: 100_000 });
  }, 120_000);

  it("a code stored before the indexes keeps every rule once indexed", async () => {
    const { promos, shop } = rooms.sales;
    const orders = rooms.books.orders;
    await makePromo(promos, "OLDTWO", { totalUses: 3 });
    const k = promoKeys("OLDTWO");
    const open = (customerId: number): Promise<Order> =>
      orders.create({ kind: "purchase", customerId, planId: "p", price: 120, currency: "XTR", locale: "en" });
    // Before the upgrade: ann used it, bob's order holds it unpaid (left past its invoice life),
    // cid's younger unpaid order holds the last use.
    const bob = await open(7_001);
    clock.advance(INVOICE_TTL_MS + HOUR);
    const cid = await open(7_002);
    await redis.hset(k.uses, {
      "w:7000": `7000|u|${clock.now() - 3 * INVOICE_TTL_MS}`,
      [bob.id]: `7001|r|${bob.createdAt}`,
      [cid.id]: `7002|r|${cid.createdAt}`,
    });
    await redis.hset(k.by, { 7000: 1, 7001: 1, 7002: 1 });
    await redis.hset(k.code, "used", "1");
    await redis.hdel(k.code, "indexed");

    // Per customer: ann used it; cid's own unpaid order holds hers, so her next order may take it.
    expect(await promos.check("OLDTWO", 7_000)).toEqual({ ok: false, reason: "already-used" });
    expect(await promos.check("OLDTWO", 7_002)).toMatchObject({ ok: true });
    // The abandoned reservation was freed by the look: a new customer gets the freed use.
    expect((await orders.get(bob.id))?.status).toBe("cancelled");
    expect(await promos.get("OLDTWO")).toMatchObject({ held: 2, used: 1, indexed: true });
    // cid's new order takes her reservation over (her unpaid old order is cancelled).
    const again = await shop.startPurchase(7_002, "p", "en", "OLDTWO");
    expect(again).toMatchObject({ ok: true, order: { promoCode: "OLDTWO" } });
    expect((await orders.get(cid.id))?.status).toBe("cancelled");
    clock.advance(1000);
    const dan = await shop.startPurchase(7_003, "p", "en", "OLDTWO");
    expect(dan).toMatchObject({ ok: true, order: { promoCode: "OLDTWO" } });
    // Total uses: the code is used up for the next customer.
    expect(await promos.check("OLDTWO", 7_004)).toEqual({ ok: false, reason: "used-up" });
    // The admin's card: newest first, from the index.
    const uses = await promos.uses("OLDTWO");
    expect(uses.map((u) => [u.customerId, u.state])).toEqual([
      [7_003, "reserved"],
      [7_002, "reserved"],
      [7_000, "used"],
    ]);
    expect(await promos.get("OLDTWO")).toMatchObject({ held: 3, used: 1 });
    await expectIndexesAgree("OLDTWO");
  });

  it("indexes a code stored before while customers redeem it, missing and keeping nothing", async () => {
    await makePromo(rooms.sales.promos, "BUSY", { perCustomer: 2 });
    await seedOld("BUSY", 20_000);
    const buyers = Array.from({ length: 30 }, (_, i) => (i % 2 ? nextCustomer++ : FIRST_CUSTOMER + i));
    // Redemptions (a new use, or a second one of a customer of before) race the first looks.
    await Promise.all([
      rooms.sales.promos.settleCode("BUSY"),
      ...buyers.map((c) => rooms.sales.shop.startPurchase(c, "p", "en", "BUSY")),
      rooms.sales.promos.settleCode("BUSY"),
    ]);
    expect(await rooms.sales.promos.get("BUSY")).toMatchObject({ held: 20_030, indexed: true });
    await expectIndexesAgree("BUSY");
  }, 60_000);
});
