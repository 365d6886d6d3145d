import type { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Orders, Wallet } from "../../src/domain/books/index.js";
import { Checkout } from "../../src/domain/sales/index.js";
import { ManualClock } from "../../src/runtime/clock.js";
import { testRedis } from "../helpers/redis.js";

/** Telegram user ids go up to 52 significant bits; JS holds them exactly, Lua's cjson printed 14 digits. */
const BIG_ID = 2 ** 52 - 1; // 4503599627370495
const BIGGER_ID = Number.MAX_SAFE_INTEGER - 2; // 9007199254740989

let redis: Redis;
const clock = new ManualClock(Date.UTC(2026, 10, 1));
let wallet: Wallet;
let orders: Orders;
let checkout: Checkout;

beforeAll(async () => {
  redis = await testRedis();
  wallet = new Wallet(redis, clock, "XTR");
  orders = new Orders(redis, clock);
  checkout = new Checkout(redis, wallet, clock);
});
afterAll(() => redis.quit());
beforeEach(() => redis.flushdb());

describe("ledger entries keep big numbers exactly", () => {
  it("a customer id of 2^52-1 is stored exactly in the entry, the history, the journal and the idempotency record", async () => {
    for (const id of [BIG_ID, BIGGER_ID]) {
      const credit = await wallet.credit(id, 150, `charge:c-${id}`, { kind: "topup", ref: `c-${id}` });
      expect(credit.entry.customerId).toBe(id);
      const debit = await wallet.debit(id, 50, `d-${id}`, { kind: "admin-debit" });
      expect(debit.ok && debit.entry.customerId).toBe(id);
      expect((await wallet.history(id, 0, 10)).entries.map((e) => e.customerId)).toEqual([id, id]);
      expect((await wallet.applied(`charge:c-${id}`))?.customerId).toBe(id);
      // The raw JSON holds the digits, not an exponent form.
      expect(await redis.lindex(`ledger:${id}`, 0)).toMatch(/"b":\d+}$/);
    }
    expect((await wallet.journal()).map((e) => e.customerId)).toEqual([BIG_ID, BIG_ID, BIGGER_ID, BIGGER_ID]);
  });

  it("a balance beyond 14 digits is recorded exactly", async () => {
    const big = 2 ** 50 + 1; // 1125899906842625
    const credit = await wallet.credit(7, big, "charge:big", { kind: "topup" });
    expect(credit.entry.balance).toBe(big);
    expect(credit.entry.amount).toBe(big);
    const again = await wallet.credit(7, big, "charge:big2", { kind: "topup" });
    expect(again.entry.balance).toBe(2 * big);
    expect(await wallet.balance(7)).toBe(2 * big);
    const refused = await wallet.debit(7, 2 * big + 1, "too-much", { kind: "admin-debit" });
    expect(refused).toEqual({ ok: false, reason: "insufficient", balance: 2 * big });
  });

  it("a Telegram charge and an order paid by a customer with a 2^52-1 id keep the id exactly", async () => {
    const o = await orders.create({
      kind: "purchase",
      customerId: BIG_ID,
      planId: "de-xui",
      price: 150,
      currency: "XTR",
      locale: "en",
    });
    const result = await checkout.creditCharge(BIG_ID, "tg-big", 150, o);
    expect(result.entry.customerId).toBe(BIG_ID);
    expect(result.order?.status === "paid" && result.order.entry?.customerId).toBe(BIG_ID);
    expect((await orders.get(o.id))?.customerId).toBe(BIG_ID);
    await wallet.credit(BIG_ID, 150, "charge:more", { kind: "topup" });
    const o2 = await orders.create({
      kind: "purchase",
      customerId: BIG_ID,
      planId: "de-xui",
      price: 150,
      currency: "XTR",
      locale: "en",
    });
    const paid = await checkout.payFromWallet(o2);
    expect(paid.status === "paid" && paid.entry?.customerId).toBe(BIG_ID);
    expect((await wallet.history(BIG_ID, 0, 10)).entries.map((e) => e.customerId)).toEqual(
      Array(4).fill(BIG_ID),
    );
  });
});
