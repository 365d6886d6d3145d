import type { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type NewOrder, Orders, orderKeys, Wallet } from "../../src/domain/books/index.js";
import { Checkout } from "../../src/domain/sales/index.js";
import { HOUR, ManualClock } from "../../src/runtime/clock.js";
import { testRedis } from "../helpers/redis.js";

let redis: Redis;
const clock = new ManualClock(Date.UTC(2026, 10, 1));
const policy = { reuseMs: HOUR, keepMs: 25 * HOUR };
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

const purchase = (customerId: number): NewOrder => ({
  kind: "purchase",
  customerId,
  planId: "de-xui",
  price: 100,
  currency: "XTR",
  locale: "en",
});

describe("the unpaid orders' index", () => {
  it("a paid order leaves it in the step that pays it (from the wallet or by a charge)", async () => {
    await wallet.credit(51, 100, "charge:unpaid-a", { kind: "topup", ref: "unpaid-a" });
    const fromWallet = (await orders.openFor(purchase(51), policy)).order;
    const byCharge = (await orders.openFor({ ...purchase(52), price: 50 }, policy)).order;
    const left = (await orders.openFor(purchase(53), policy)).order;
    expect(await redis.zcard(orderKeys.unpaid)).toBe(3);
    expect((await checkout.payFromWallet(fromWallet)).status).toBe("paid");
    expect((await checkout.creditCharge(52, "unpaid-b", 50, byCharge)).order?.status).toBe("paid");
    expect(await redis.zrange(orderKeys.unpaid, "0", "-1")).toEqual([`53:${left.id}`]);
    // The one left unpaid still goes when it expires; the paid ones stay.
    clock.advance(26 * HOUR);
    expect(await orders.removeExpiredUnpaid(policy.keepMs)).toBe(1);
    expect((await orders.get(fromWallet.id))?.status).toBe("paid");
    expect((await orders.get(byCharge.id))?.status).toBe("paid");
    expect(await orders.get(left.id)).toBeUndefined();
  });
});
