import type { User } from "grammy/types";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Order, Orders } from "../../src/domain/books/index.js";
import { paidMarkKey } from "../../src/domain/books/index.js";
import { Checkout, INVOICE_TTL_MS, type NewPromo, PromoCodes } from "../../src/domain/sales/index.js";
import { callback, command } from "../fakes/telegram-api.js";
import { createTestBot, newUsers, type TestBot } from "../helpers/bot-harness.js";
import { makePromo } from "../helpers/promo.js";
import { telegramViews } from "../helpers/telegram-views.js";

/**
 * Issue 14, promo codes against paid orders: an unclaimed gift (`awaiting_claim`) is a paid order
 * for the "new customers only" rule and for settling a code's use; the rule reads a per-customer
 * "has paid" mark set in the payment's own Lua step, so it is exact (not the latest 100 orders)
 * and holds against an order paid while another order's code is being reserved.
 */

let t: TestBot;
const person = newUsers(9_950);
const { lastShown } = telegramViews(() => t);
const NOT_NEW = "Promo code <b>NEWBIE</b> is for new customers only (before their first paid order).";

beforeAll(async () => {
  t = await createTestBot({ rateLimit: false });
});
afterAll(() => t.close());
beforeEach(() => t.telegram.clear());

function makeCode(code: string, fields: Partial<NewPromo> = {}): Promise<void> {
  return makePromo(t.deps.sales.promos, code, fields);
}

async function credit(who: User, amount: number): Promise<void> {
  await t.deps.books.wallet.credit(who.id, amount, `seed:${who.id}:${amount}`, { kind: "admin-credit" });
}

/** The customer's newest order awaiting payment (after a Buy or Buy as a gift press). */
async function openOrder(who: User): Promise<Order> {
  const open = (await t.deps.books.orders.ofCustomer(who.id)).find((o) => o.status === "awaiting_payment");
  if (!open) throw new Error(`no open order: ${lastShown().text}`);
  return open;
}

/** Buys `plan` as a gift through the bot, paid from the balance, and parks it as fulfilment does. */
async function giftBought(who: User, plan = "de-xui"): Promise<Order> {
  await t.send(callback(who, `buy:gift:${plan}`));
  const order = await openOrder(who);
  await t.send(callback(who, `ord:bal:${order.id}`));
  expect(await t.deps.sales.gifts.park(order)).toMatch(/^[A-Za-z0-9]{12}$/);
  expect((await t.deps.books.orders.get(order.id))?.status).toBe("awaiting_claim");
  return order;
}

beforeAll(async () => {
  await makeCode("NEWBIE", { newCustomersOnly: true });
});

describe("an unclaimed gift is a paid order", () => {
  it("makes its buyer no longer a new customer", async () => {
    const ann = person();
    await credit(ann, 500);
    await giftBought(ann);
    await t.send(command(ann, "/promo NEWBIE"));
    expect(lastShown().text).toBe(NOT_NEW);
    expect(await t.deps.sales.promos.isNewCustomer(ann.id)).toBe(false);
    // Paid before the mark existed: found among the orders (the gift counts), and marked.
    await t.redis.del(paidMarkKey(ann.id));
    expect(await t.deps.sales.promos.isNewCustomer(ann.id)).toBe(false);
    expect(await t.redis.exists(paidMarkKey(ann.id))).toBe(1);
  });

  it("leaves a customer with only a free trial new", async () => {
    const eve = person();
    expect((await t.deps.sales.shop.startTrial(eve.id, "en")).ok).toBe(true);
    await t.send(command(eve, "/promo NEWBIE"));
    expect(lastShown().text).toContain("accepted");
    expect(await t.redis.exists(paidMarkKey(eve.id))).toBe(0);
  });

  it("settles the use of a code on it as used when the settle step after the payment was cut off", async () => {
    await makeCode("GIFT20");
    const bob = person();
    await credit(bob, 500);
    await t.send(command(bob, "/promo GIFT20"));
    await t.send(callback(bob, "buy:gift:de-xui"));
    const order = await openOrder(bob);
    expect(order).toMatchObject({ promoCode: "GIFT20", price: 120, gift: "1" });
    // Paid by the money step alone (the process died before the shop settled the use)...
    const checkout = new Checkout(t.redis, t.deps.books.wallet, t.deps.clock);
    expect((await checkout.payFromWallet(order)).status).toBe("paid");
    // ...then the worker parked the gift: nobody claims it for weeks.
    await t.deps.sales.gifts.park(order);
    const uses = await t.deps.sales.promos.uses("GIFT20");
    expect(uses.map((u) => [u.key, u.state])).toEqual([[order.id, "used"]]);
    expect(await t.deps.sales.promos.get("GIFT20")).toMatchObject({ used: 1, held: 1 });
  });
});

describe("new customers only, exactly", () => {
  it("refuses a customer whose paid order is older than their latest hundred orders", async () => {
    const cid = person();
    await credit(cid, 500);
    await t.send(callback(cid, "buy:go:de-xui"));
    await t.send(callback(cid, `ord:bal:${(await openOrder(cid)).id}`));
    const { orders } = t.deps.books;
    for (let i = 0; i < 101; i++) {
      const o = await orders.create({
        kind: "purchase",
        customerId: cid.id,
        planId: "node",
        price: 120,
        currency: "XTR",
        locale: "en",
      });
      await orders.transition(o.id, ["awaiting_payment"], "cancelled");
    }
    await t.send(command(cid, "/promo NEWBIE"));
    expect(lastShown().text).toBe(NOT_NEW);
  });

  it("refuses the code on one order when the customer's other order is paid while it is reserved", async () => {
    const dan = person();
    await credit(dan, 500);
    const { orders, wallet } = t.deps.books;
    const { cashier } = t.deps.sales;
    await t.send(callback(dan, "buy:go:node"));
    const first = await openOrder(dan);
    const second = await orders.create({
      kind: "purchase",
      customerId: dan.id,
      planId: "de-xui",
      price: 120,
      currency: "XTR",
      locale: "en",
      promo: { code: "NEWBIE", listPrice: 150, bonusDays: 0 },
    });
    // The first order is paid right after the reservation has read the customer's orders, before
    // its own step in Redis: the two orders at the same moment, made deterministic.
    let paidBetween = false;
    const racing = new Proxy(orders, {
      get(target, name, receiver) {
        const value: unknown = Reflect.get(target, name, receiver);
        if (typeof value !== "function") return value;
        return async (...args: unknown[]) => {
          const result: unknown = await value.apply(target, args);
          if (!paidBetween) {
            paidBetween = true;
            expect((await cashier.payFromBalance(dan.id, first.id)).status).toBe("paid");
          }
          return result;
        };
      },
    }) as Orders;
    const promos = new PromoCodes({
      redis: t.redis,
      clock: t.deps.clock,
      orders: racing,
      wallet,
      unpaidTtlMs: INVOICE_TTL_MS,
    });
    expect(await promos.reserve(second)).toEqual({ ok: false, reason: "not-new" });
    expect(paidBetween).toBe(true);
    expect((await t.deps.sales.promos.uses("NEWBIE")).map((u) => u.key)).not.toContain(second.id);
  });
});
