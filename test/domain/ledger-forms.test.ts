import type { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Wallet } from "../../src/domain/books/index.js";
import { ManualClock } from "../../src/runtime/clock.js";
import { testRedis } from "../helpers/redis.js";

let redis: Redis;
const clock = new ManualClock(Date.UTC(2026, 10, 1));
let wallet: Wallet;

beforeAll(async () => {
  redis = await testRedis();
  wallet = new Wallet(redis, clock, "XTR");
});
afterAll(() => redis.quit());
beforeEach(() => redis.flushdb());

/** An entry as written before the compact form (long names, its customer id inside). */
const oldEntry = (customerId: number, n: number, balance: number) =>
  JSON.stringify({
    id: `old-${n}`,
    at: Date.UTC(2026, 0, 1) + n,
    customerId,
    kind: "topup",
    amount: 100,
    currency: "XTR",
    ref: `charge-${n}`,
    balance,
  });

describe("ledger entries in the compact and the old stored form", () => {
  it("stores a new entry in the short form, without the customer id the key names", async () => {
    await wallet.credit(42, 150, "charge:c1", { kind: "topup", ref: "c1", order: "o1" });
    const raw = await redis.lindex("ledger:42", 0);
    expect(JSON.parse(raw ?? "{}")).toMatchObject({ k: "topup", a: 150, b: 150, c: "XTR", r: "c1", o: "o1" });
    expect(raw).not.toContain("customerId");
    const [entry] = (await wallet.history(42, 0, 1)).entries;
    expect(entry).toMatchObject({
      customerId: 42,
      kind: "topup",
      amount: 150,
      balance: 150,
      ref: "c1",
      order: "o1",
    });
  });

  it("reads old entries beside new ones: history, the journal and an idempotency key that names an old one", async () => {
    // Production data: two entries in the old form, referenced from the journal and the idempotency hash.
    await redis.lpush("ledger:42", oldEntry(42, 0, 100), oldEntry(42, 1, 200));
    await redis.set("wallet:42", "200");
    await redis.rpush("ledger:journal", "42:0", "42:1");
    await redis.hset("ledger:applied", "charge:charge-1", "42:1");
    // A repeat of the old charge moves nothing and answers the old entry.
    const again = await wallet.credit(42, 100, "charge:charge-1", { kind: "topup", ref: "charge-1" });
    expect(again).toMatchObject({ applied: false, entry: { id: "old-1", customerId: 42, balance: 200 } });
    await wallet.debit(42, 50, "d1", { kind: "admin-debit", note: "fix" });
    const { entries, total } = await wallet.history(42, 0, 10);
    expect(total).toBe(3);
    expect(entries.map((e) => [e.customerId, e.kind, e.amount, e.balance])).toEqual([
      [42, "admin-debit", -50, 150],
      [42, "topup", 100, 200],
      [42, "topup", 100, 100],
    ]);
    expect((await wallet.journal()).map((e) => e.id).slice(0, 2)).toEqual(["old-0", "old-1"]);
    expect(await wallet.balance(42)).toBe(150);
  });
});
