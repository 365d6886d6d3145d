import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { RETRY_PREFIX } from "../../src/domain/backoffice/index.js";
import { type Order, paidMarkKey } from "../../src/domain/books/index.js";
import type { NewPromo } from "../../src/domain/sales/index.js";
import { makePromo } from "../helpers/promo.js";
import { createWorkerHarness, HARNESS_OWNER, type WorkerHarness } from "../helpers/worker-harness.js";

/**
 * Issue 22, finding 5: charging a refunded order again charges what was refunded. An order that had
 * a promo code is charged again at its price and bonus days, and its use of the code moves to the
 * new order in the step that pays it (counted once, never lost to a crash or to an overlap); the
 * customer's own next order with the code may take that use over instead.
 */
let h: WorkerHarness;
let enqueued: string[] = [];

beforeAll(async () => {
  h = await createWorkerHarness();
  enqueued = h.enqueued;
});
beforeEach(() => {
  enqueued.length = 0;
});
afterAll(() => h.close());

const s = () => h.rooms;
const promos = () => s().sales.promos;

function makeCode(code: string, fields: Partial<NewPromo> = {}): Promise<void> {
  return makePromo(promos(), code, fields);
}

/** The code's uses as [order, state], newest first. */
const usesOf = async (code: string) => (await promos().uses(code)).map((u) => [u.key, u.state]);

/** A purchase with `code`, paid from the wallet, whose provisioning failed and was refunded to it. */
async function refundedWithCode(customerId: number, code: string, plan = "de-xui"): Promise<Order> {
  await s().books.customers.seen({ id: customerId, firstName: `C${customerId}`, locale: "en" });
  const started = await s().sales.shop.startPurchase(customerId, plan, "en", code);
  if (!started.ok || started.order.promoCode !== code) throw new Error(`no order with ${code}`);
  const { wallet, orders } = s().books;
  await wallet.credit(customerId, started.order.price, `seed:${customerId}`, { kind: "topup" });
  expect((await s().sales.cashier.payFromBalance(customerId, started.order.id)).status).toBe("paid");
  await orders.transition(started.order.id, ["paid"], "provisioning");
  await s().settlement.fulfilment.fail(started.order.id, "xui server 1 answered 503");
  const refunded = await orders.get(started.order.id);
  expect(refunded?.status).toBe("refunded");
  enqueued.length = 0;
  return refunded as Order;
}

async function offeredToken(customerId: number, orderId: string): Promise<string> {
  const offer = await s().backoffice.chargeAgain.offer(customerId, orderId);
  if (offer.status !== "offer") throw new Error(offer.status);
  return offer.token;
}

async function chargedAgain(customerId: number, orderId: string): Promise<Order> {
  const outcome = await s().backoffice.chargeAgain.confirm(
    HARNESS_OWNER,
    customerId,
    orderId,
    await offeredToken(customerId, orderId),
  );
  if (outcome.status !== "queued") throw new Error(outcome.status);
  return (await s().books.orders.get(outcome.order.id)) as Order;
}

describe("charging again an order that had a promo code", () => {
  it("charges the refunded price and moves the code's use to the new order", async () => {
    await makeCode("AGAIN20");
    const old = await refundedWithCode(5101, "AGAIN20");
    expect(await s().books.wallet.balance(5101)).toBe(120);
    const offer = await s().backoffice.chargeAgain.offer(5101, old.id);
    expect(offer).toMatchObject({
      status: "offer",
      price: 120,
      promo: { code: "AGAIN20", listPrice: 150, bonusDays: 0 },
    });

    const next = await chargedAgain(5101, old.id);
    expect(next).toMatchObject({ price: 120, listPrice: 150, promoCode: "AGAIN20", status: "paid" });
    expect(enqueued).toEqual([next.id]);
    expect(await s().books.wallet.balance(5101)).toBe(0);
    const [entry] = (await s().books.wallet.history(5101, 0, 1)).entries;
    expect(entry).toMatchObject({ kind: "purchase", amount: -120, note: "promo AGAIN20: 150 -> 120" });
    // One use, held by the new order and used; counted once.
    expect(await usesOf("AGAIN20")).toEqual([[next.id, "used"]]);
    expect(await promos().get("AGAIN20")).toMatchObject({ used: 1, held: 1 });

    // Refunded once more, it is charged again on the same terms (the use follows again).
    await s().books.orders.transition(next.id, ["paid"], "provisioning");
    await s().settlement.fulfilment.fail(next.id, "xui server 1 answered 503");
    const third = await chargedAgain(5101, next.id);
    expect(third).toMatchObject({ price: 120, promoCode: "AGAIN20" });
    expect(await usesOf("AGAIN20")).toEqual([[third.id, "used"]]);
  });

  it("keeps a bonus-days code's days on the new order", async () => {
    await makeCode("AGAIN7", { kind: "days", value: 7 });
    const old = await refundedWithCode(5102, "AGAIN7", "node");
    const next = await chargedAgain(5102, old.id);
    expect(next).toMatchObject({ price: 120, bonusDays: 7, promoCode: "AGAIN7" });
    expect(await usesOf("AGAIN7")).toEqual([[next.id, "used"]]);
    expect(await promos().get("AGAIN7")).toMatchObject({ used: 1, held: 1 });
  });

  it("charges a new-customers-only code again though the refunded order made the customer not new", async () => {
    await makeCode("AGAINNEW", { newCustomersOnly: true });
    const old = await refundedWithCode(5103, "AGAINNEW");
    expect(await h.redis.exists(paidMarkKey(5103))).toBe(1);
    // The customer is not new any more (a paid order refunded later counts) ...
    expect(await promos().enter(5103, "AGAINNEW")).toEqual({ status: "refused", reason: "not-new" });
    // ... but the deal they were given as a new customer is done again as it was.
    const next = await chargedAgain(5103, old.id);
    expect(next).toMatchObject({ price: 120, promoCode: "AGAINNEW", status: "paid" });
    expect(await usesOf("AGAINNEW")).toEqual([[next.id, "used"]]);
  });

  it("keeps the terms when the balance is short, so the charge after a top-up is the same", async () => {
    await makeCode("AGAINSHORT");
    const old = await refundedWithCode(5104, "AGAINSHORT");
    await s().books.wallet.debit(5104, 100, "seed:5104:spent", { kind: "purchase" });
    const short = await s().backoffice.chargeAgain.confirm(
      HARNESS_OWNER,
      5104,
      old.id,
      await offeredToken(5104, old.id),
    );
    expect(short).toEqual({ status: "insufficient", price: 120, balance: 20, currency: "XTR" });
    // The cancelled attempt took nothing: the use is still the refunded order's.
    expect(await usesOf("AGAINSHORT")).toEqual([[old.id, "used"]]);

    await s().books.wallet.credit(5104, 100, "seed:5104:topup", { kind: "topup" });
    const next = await chargedAgain(5104, old.id);
    expect(next).toMatchObject({ price: 120, promoCode: "AGAINSHORT" });
    expect(await s().books.wallet.balance(5104)).toBe(0);
    expect(await usesOf("AGAINSHORT")).toEqual([[next.id, "used"]]);
  });

  it("after a crash between opening the new order and paying it, charges once with the use moved once", async () => {
    await makeCode("AGAINCRASH");
    const old = await refundedWithCode(5105, "AGAINCRASH");
    const cashier = s().sales.cashier;
    const pay = cashier.payFromBalance.bind(cashier);
    cashier.payFromBalance = async () => {
      throw new Error("the process died here");
    };
    const token = await offeredToken(5105, old.id);
    await expect(s().backoffice.chargeAgain.confirm(HARNESS_OWNER, 5105, old.id, token)).rejects.toThrow(
      "died",
    );
    cashier.payFromBalance = pay;
    const [left] = (await s().books.orders.ofCustomer(5105)).filter((o) => o.id !== old.id);
    expect(left).toMatchObject({ status: "awaiting_payment", price: 120, promoFrom: old.id });
    expect(await usesOf("AGAINCRASH")).toEqual([[old.id, "used"]]);

    // The lock of the dead attempt runs out; the admin confirms again.
    await h.redis.del(RETRY_PREFIX + old.id);
    const next = await chargedAgain(5105, old.id);
    expect(next.id).toBe(left?.id);
    expect(next).toMatchObject({ price: 120, status: "paid" });
    expect(await s().books.wallet.balance(5105)).toBe(0);
    expect(await usesOf("AGAINCRASH")).toEqual([[next.id, "used"]]);
    expect(await promos().get("AGAINCRASH")).toMatchObject({ used: 1, held: 1 });
  });
});

describe("the customer's own next order after a refund", () => {
  it("takes the refunded order's use over: a one-use code can be entered again, never past its total", async () => {
    await makeCode("AGAINONCE", { totalUses: 1 });
    const old = await refundedWithCode(5111, "AGAINONCE");
    // The code's one use is still the refunded order's: nobody else gets it.
    await s().books.customers.seen({ id: 5112, firstName: "Other", locale: "en" });
    expect(await promos().enter(5112, "AGAINONCE")).toEqual({ status: "refused", reason: "used-up" });

    expect(await promos().enter(5111, "AGAINONCE")).toMatchObject({ status: "remembered" });
    const own = await s().sales.shop.startPurchase(5111, "de-xui", "en", "AGAINONCE");
    expect(own.ok && own.promo).toBeUndefined();
    expect(own.ok && own.order).toMatchObject({ price: 120, promoCode: "AGAINONCE" });
    const ownId = own.ok ? own.order.id : "";
    expect(await usesOf("AGAINONCE")).toEqual([[ownId, "reserved"]]);
    expect(await promos().get("AGAINONCE")).toMatchObject({ used: 0, held: 1 });

    // The refunded order's use went with it: charging it again is at the plan's price.
    const offer = await s().backoffice.chargeAgain.offer(5111, old.id);
    expect(offer).toMatchObject({ status: "offer", price: 150, promo: undefined });
    expect((await s().sales.cashier.payFromBalance(5111, ownId)).status).toBe("paid");
    expect(await usesOf("AGAINONCE")).toEqual([[ownId, "used"]]);
    expect(await promos().get("AGAINONCE")).toMatchObject({ used: 1, held: 1 });
  });

  it("takes it over too when the code is used up though the customer may use it more than once", async () => {
    await makeCode("AGAINTWICE", { totalUses: 1, perCustomer: 2 });
    await refundedWithCode(5114, "AGAINTWICE");
    expect(await promos().enter(5114, "AGAINTWICE")).toMatchObject({ status: "remembered" });
    const own = await s().sales.shop.startPurchase(5114, "de-xui", "en", "AGAINTWICE");
    expect(own.ok && own.order).toMatchObject({ price: 120, promoCode: "AGAINTWICE" });
    expect(await usesOf("AGAINTWICE")).toEqual([[own.ok ? own.order.id : "", "reserved"]]);
    expect(await promos().get("AGAINTWICE")).toMatchObject({ used: 0, held: 1 });
  });

  it("and an admin's charge at the same moment: one of them gets the use, the other does not", async () => {
    await makeCode("AGAINRACE", { totalUses: 1 });
    const old = await refundedWithCode(5113, "AGAINRACE");
    const token = await offeredToken(5113, old.id);
    const [charged, own] = await Promise.all([
      s().backoffice.chargeAgain.confirm(HARNESS_OWNER, 5113, old.id, token),
      s().sales.shop.startPurchase(5113, "de-xui", "en", "AGAINRACE"),
    ]);
    if (!own.ok) throw new Error(own.reason);
    const uses = await usesOf("AGAINRACE");
    expect(uses).toHaveLength(1);
    expect(await promos().get("AGAINRACE")).toMatchObject({ held: 1 });
    const holder = uses[0]?.[0];
    expect(holder).not.toBe(old.id);
    if (charged.status === "queued") {
      // Charged first; the customer's order (unless it is the same one) is at the plan's price.
      expect(holder).toBe(charged.order.id);
      expect(await s().books.wallet.balance(5113)).toBe(0);
      if (own.order.id !== holder) expect(own.order.price).toBe(150);
    } else {
      // The customer's order took the use first: nothing was charged.
      expect(["promo-gone", "expired"]).toContain(charged.status);
      expect(holder).toBe(own.order.id);
      expect(await s().books.wallet.balance(5113)).toBe(120);
    }
  });
});
