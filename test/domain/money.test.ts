import type { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Orders, Wallet } from "../../src/domain/books/index.js";
import { formatMoney, toMinor } from "../../src/domain/catalog/index.js";
import { Checkout } from "../../src/domain/sales/index.js";
import { ManualClock } from "../../src/runtime/clock.js";
import { testRedis } from "../helpers/redis.js";

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

const order = (customerId: number, price: number) =>
  orders.create({ kind: "purchase", customerId, planId: "de-xui", price, currency: "XTR", locale: "en" });

describe("money", () => {
  it("converts and formats amounts", () => {
    expect(toMinor("XTR", 150)).toBe(150);
    expect(toMinor("USD", 4.99)).toBe(499);
    expect(formatMoney("XTR", 150)).toBe("150 ⭐");
    expect(formatMoney("USD", 499)).toBe("$4.99");
  });

  it("credits once per idempotency key and keeps an append-only ledger", async () => {
    const first = await wallet.credit(1, 100, "charge:a", { kind: "topup", ref: "a" });
    const again = await wallet.credit(1, 100, "charge:a", { kind: "topup", ref: "a" });
    expect(first.applied).toBe(true);
    expect(again.applied).toBe(false);
    expect(again.entry.id).toBe(first.entry.id);
    expect(await wallet.balance(1)).toBe(100);
    await wallet.credit(1, 50, "admin:1", { kind: "admin-credit", note: "bonus" });
    const { entries, total } = await wallet.history(1, 0, 10);
    expect(total).toBe(2);
    expect(entries.map((e) => [e.kind, e.amount, e.balance])).toEqual([
      ["admin-credit", 50, 150],
      ["topup", 100, 100],
    ]);
    expect((await wallet.journal()).map((e) => e.amount)).toEqual([100, 50]);
  });

  it("never debits below zero", async () => {
    await wallet.credit(2, 40, "c1", { kind: "topup" });
    const refused = await wallet.debit(2, 50, "d1", { kind: "admin-debit" });
    expect(refused).toEqual({ ok: false, reason: "insufficient", balance: 40 });
    expect(await wallet.balance(2)).toBe(40);
    expect((await wallet.history(2, 0, 10)).total).toBe(1);
    const ok = await wallet.debit(2, 40, "d2", { kind: "admin-debit" });
    expect(ok.ok && ok.entry.balance).toBe(0);
  });

  it("ten concurrent payments of one order debit once", async () => {
    await wallet.credit(3, 1_000, "c", { kind: "topup" });
    const o = await order(3, 150);
    const results = await Promise.all(Array.from({ length: 10 }, () => checkout.payFromWallet(o)));
    expect(results.filter((r) => r.status === "paid")).toHaveLength(1);
    expect(results.filter((r) => r.status === "already-paid")).toHaveLength(9);
    expect(await wallet.balance(3)).toBe(850);
    expect((await orders.get(o.id))?.status).toBe("paid");
    expect(await orders.openIds()).toEqual([o.id]);
  });

  it("a short balance leaves the order unpaid and the wallet untouched", async () => {
    await wallet.credit(4, 100, "c", { kind: "topup" });
    const o = await order(4, 150);
    expect(await checkout.payFromWallet(o)).toEqual({ status: "insufficient", balance: 100 });
    expect(await wallet.balance(4)).toBe(100);
    expect((await orders.get(o.id))?.status).toBe("awaiting_payment");
  });

  it("a charge delivered twice, or concurrently, is credited and spent once", async () => {
    await wallet.credit(5, 30, "c", { kind: "topup" });
    const o = await order(5, 150);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => checkout.creditCharge(5, "tg-charge-1", 120, o)),
    );
    expect(results.filter((r) => r.credited)).toHaveLength(1);
    expect(results.filter((r) => r.order?.status === "paid")).toHaveLength(1);
    expect(await wallet.balance(5)).toBe(0);
    const stored = await orders.get(o.id);
    expect(stored?.status).toBe("paid");
    expect(stored?.chargeId).toBe("tg-charge-1");
    const kinds = (await wallet.history(5, 0, 10)).entries.map((e) => [e.kind, e.amount]);
    expect(kinds).toEqual([
      ["purchase", -150],
      ["topup", 120],
      ["topup", 30],
    ]);
    const later = await checkout.creditCharge(5, "tg-charge-1", 120, o);
    expect(later.credited).toBe(false);
    expect(later.order?.status).toBe("already-paid");
  });

  it("a charge for an order that can no longer be paid stays in the wallet", async () => {
    const o = await order(6, 150);
    await orders.transition(o.id, ["awaiting_payment"], "cancelled");
    const result = await checkout.creditCharge(6, "tg-charge-2", 150, o);
    expect(result.credited).toBe(true);
    expect(result.order).toEqual({ status: "not-payable", orderStatus: "cancelled" });
    expect(await wallet.balance(6)).toBe(150);
  });

  it("orders move only along allowed transitions", async () => {
    const o = await order(7, 0);
    expect(await checkout.payFromWallet(o)).toEqual({ status: "paid", entry: undefined });
    expect(await orders.transition(o.id, ["paid"], "provisioning")).toBe(true);
    expect(await orders.transition(o.id, ["paid"], "provisioning")).toBe(false);
    expect(await orders.transition(o.id, ["provisioning"], "failed", { error: "boom" })).toBe(true);
    expect(await orders.failedIds()).toEqual([o.id]);
    expect(await orders.openIds()).toEqual([]);
    expect(await orders.transition(o.id, ["failed"], "refunded")).toBe(true);
    const stored = await orders.get(o.id);
    expect(stored?.status).toBe("refunded");
    expect(stored?.error).toBe("boom");
    expect(stored?.finishedAt).toBe(clock.now());
    expect(await orders.failedIds()).toEqual([]);
  });
});
