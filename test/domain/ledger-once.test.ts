import type { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Orders, Wallet, walletKeys } from "../../src/domain/books/index.js";
import { Checkout } from "../../src/domain/sales/index.js";
import { ManualClock } from "../../src/runtime/clock.js";
import { testRedis } from "../helpers/redis.js";

let redis: Redis;
const clock = new ManualClock(Date.UTC(2026, 10, 1));
let wallet: Wallet;
let checkout: Checkout;
let orders: Orders;

beforeAll(async () => {
  redis = await testRedis();
  wallet = new Wallet(redis, clock, "XTR");
  orders = new Orders(redis, clock);
  checkout = new Checkout(redis, wallet, clock);
});
afterAll(() => redis.quit());
beforeEach(() => redis.flushdb());

/** Every string Redis holds (keys' elements and values), to count copies of an entry. */
async function everything(): Promise<string[]> {
  const out: string[] = [];
  for (const key of await redis.keys("*")) {
    const type = await redis.type(key);
    if (type === "string") out.push((await redis.get(key)) ?? "");
    if (type === "list") out.push(...(await redis.lrange(key, 0, -1)));
    if (type === "hash") out.push(...Object.values(await redis.hgetall(key)));
    if (type === "zset") out.push(...(await redis.zrange(key, "0", "-1")));
  }
  return out;
}

describe("a ledger entry is stored once", () => {
  it("the customer's ledger holds it; the journal and the idempotency record point at it", async () => {
    const credit = await wallet.credit(41, 150, "charge:once-a", { kind: "topup", ref: "once-a" });
    const order = await orders.create({
      kind: "purchase",
      customerId: 41,
      planId: "de-xui",
      price: 100,
      currency: "XTR",
      locale: "en",
    });
    const paid = await checkout.payFromWallet(order);
    if (paid.status !== "paid" || !paid.entry) throw new Error(paid.status);
    for (const entry of [credit.entry, paid.entry]) {
      const copies = (await everything()).filter((s) => s.includes(entry.id));
      expect(copies).toHaveLength(1);
    }
    // Every reader still sees the entries.
    expect((await wallet.history(41, 0, 10)).entries.map((e) => e.amount)).toEqual([-100, 150]);
    expect((await wallet.journal()).map((e) => [e.customerId, e.amount, e.balance])).toEqual([
      [41, 150, 150],
      [41, -100, 50],
    ]);
    expect(await wallet.applied("charge:once-a")).toEqual(credit.entry);
    expect((await wallet.applied(`order:${order.id}`))?.id).toBe(paid.entry.id);
    // A repeat is still refused by its key, and answers with the entry it made.
    const again = await wallet.credit(41, 150, "charge:once-a", { kind: "topup", ref: "once-a" });
    expect(again).toEqual({ applied: false, entry: credit.entry });
    expect(await wallet.balance(41)).toBe(50);
  });

  it("records written before, the whole entry in the journal and the idempotency hash, still count", async () => {
    const old = JSON.stringify({
      id: "old-entry",
      at: clock.now(),
      customerId: 42,
      kind: "topup",
      amount: 70,
      currency: "XTR",
      ref: "old",
      balance: 70,
    });
    await redis
      .multi()
      .set(walletKeys.wallet(42), "70")
      .lpush(walletKeys.ledger(42), old)
      .rpush(walletKeys.journal, old)
      .hset(walletKeys.applied, "charge:old", old)
      .exec();
    const again = await wallet.credit(42, 70, "charge:old", { kind: "topup", ref: "old" });
    expect(again.applied).toBe(false);
    expect(again.entry.id).toBe("old-entry");
    expect(await wallet.balance(42)).toBe(70);
    await wallet.credit(42, 5, "charge:new", { kind: "topup", ref: "new" });
    expect((await wallet.journal()).map((e) => [e.id === "old-entry", e.amount, e.balance])).toEqual([
      [true, 70, 70],
      [false, 5, 75],
    ]);
    expect((await wallet.applied("charge:new"))?.amount).toBe(5);
  });
});
