import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { RETRY_PREFIX } from "../../src/domain/backoffice/index.js";
import type { OrderStatus } from "../../src/domain/books/index.js";
import { createWorkerHarness, HARNESS_OWNER, type WorkerHarness } from "../helpers/worker-harness.js";

/**
 * "Charge again" of a refunded order: a new order paid from the wallet and queued by the shop,
 * offered behind a one-time confirmation and done at most once per refunded order.
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

async function customer(id: number) {
  await s().books.customers.seen({ id, firstName: `C${id}`, locale: "en" });
}

/** A purchase paid from the wallet whose provisioning failed and was refunded to the wallet. */
async function refundedPurchase(customerId: number): Promise<string> {
  await customer(customerId);
  await s().books.wallet.credit(customerId, 150, `seed:${customerId}`, { kind: "topup" });
  const started = await s().sales.shop.startPurchase(customerId, "de-xui", "en");
  if (!started.ok) throw new Error(started.reason);
  expect((await s().sales.cashier.payFromBalance(customerId, started.order.id)).status).toBe("paid");
  await s().books.orders.transition(started.order.id, ["paid"], "provisioning");
  await s().settlement.fulfilment.fail(started.order.id, "xui server 1 answered 503");
  expect((await s().books.orders.get(started.order.id))?.status).toBe("refunded");
  enqueued.length = 0;
  return started.order.id;
}

async function offeredToken(customerId: number, orderId: string): Promise<string> {
  const offer = await s().backoffice.chargeAgain.offer(customerId, orderId);
  if (offer.status !== "offer") throw new Error(offer.status);
  return offer.token;
}

describe("charging a refunded order again", () => {
  it("offers it with the price and the balance, and nothing else", async () => {
    const old = await refundedPurchase(3001);
    const offer = await s().backoffice.chargeAgain.offer(3001, old);
    expect(offer).toMatchObject({ status: "offer", price: 150, balance: 150, plan: { id: "de-xui" } });
    expect(await s().backoffice.chargeAgain.offer(3002, old)).toEqual({ status: "outdated" });
    expect(await s().backoffice.chargeAgain.offer(3001, "nosuchorder")).toEqual({ status: "outdated" });

    const open = await s().sales.shop.startPurchase(3001, "de-xui", "en");
    if (!open.ok) throw new Error(open.reason);
    expect(await s().backoffice.chargeAgain.offer(3001, open.order.id)).toMatchObject({
      status: "not-refunded",
    });
    expect(await s().books.wallet.balance(3001)).toBe(150);
  });

  it("charges once and queues the new order, however many confirm at once", async () => {
    const old = await refundedPurchase(3003);
    const token = await offeredToken(3003, old);
    const outcomes = await Promise.all(
      [1, 2, 3].map(() => s().backoffice.chargeAgain.confirm(HARNESS_OWNER, 3003, old, token)),
    );
    const queued = outcomes.filter((o) => o.status === "queued");
    expect(queued).toHaveLength(1);
    expect(outcomes.filter((o) => o.status === "used")).toHaveLength(2);
    const next = queued[0]?.status === "queued" ? queued[0].order : undefined;
    expect(next).toMatchObject({ kind: "purchase", planId: "de-xui", price: 150 });
    expect(enqueued).toEqual([next?.id]);
    expect(await s().books.wallet.balance(3003)).toBe(0);
    expect(await h.redis.get(RETRY_PREFIX + old)).toBe(next?.id);

    // A fresh confirmation of the same refunded order does not charge it a second time.
    await s().books.wallet.credit(3003, 150, "seed:3003:more", { kind: "topup" });
    const again = await offeredToken(3003, old);
    expect(await s().backoffice.chargeAgain.confirm(HARNESS_OWNER, 3003, old, again)).toEqual({
      status: "already",
      next: next?.id,
    });
    expect(await s().books.wallet.balance(3003)).toBe(150);
    expect(enqueued).toHaveLength(1);
  });

  it("refuses when the balance is short, cancels its own order and can be charged after a top-up", async () => {
    const old = await refundedPurchase(3004);
    await s().books.wallet.debit(3004, 100, "seed:3004:spent", { kind: "purchase" });
    const short = await s().backoffice.chargeAgain.confirm(
      HARNESS_OWNER,
      3004,
      old,
      await offeredToken(3004, old),
    );
    expect(short).toEqual({ status: "insufficient", price: 150, balance: 50, currency: "XTR" });
    const others = (await s().books.orders.ofCustomer(3004)).filter((o) => o.id !== old);
    expect(others.map((o) => o.status)).toEqual<OrderStatus[]>(["cancelled"]);
    expect(await h.redis.exists(RETRY_PREFIX + old)).toBe(0);
    expect(enqueued).toEqual([]);

    await s().books.wallet.credit(3004, 100, "seed:3004:topup", { kind: "topup" });
    const paid = await s().backoffice.chargeAgain.confirm(
      HARNESS_OWNER,
      3004,
      old,
      await offeredToken(3004, old),
    );
    expect(paid.status).toBe("queued");
    expect(await s().books.wallet.balance(3004)).toBe(0);
  });

  it("leaves the customer's own order awaiting payment alone when the balance is short", async () => {
    const old = await refundedPurchase(3005);
    await s().books.wallet.debit(3005, 100, "seed:3005:spent", { kind: "purchase" });
    const own = await s().sales.shop.startPurchase(3005, "de-xui", "en");
    if (!own.ok) throw new Error(own.reason);
    const outcome = await s().backoffice.chargeAgain.confirm(
      HARNESS_OWNER,
      3005,
      old,
      await offeredToken(3005, old),
    );
    expect(outcome.status).toBe("insufficient");
    expect((await s().books.orders.get(own.order.id))?.status).toBe("awaiting_payment");
  });

  it("refuses for a blocked customer, a forged token or a busy charge", async () => {
    const old = await refundedPurchase(3006);
    const token = await offeredToken(3006, old);
    expect(await s().backoffice.chargeAgain.confirm(HARNESS_OWNER, 3006, old, "forged99")).toEqual({
      status: "expired",
    });
    expect(await s().backoffice.chargeAgain.confirm(HARNESS_OWNER, 3007, old, token)).toEqual({
      status: "outdated",
    });

    await h.redis.set(RETRY_PREFIX + old, "pending");
    expect(await s().backoffice.chargeAgain.confirm(HARNESS_OWNER, 3006, old, token)).toEqual({
      status: "busy",
    });
    await h.redis.del(RETRY_PREFIX + old);

    await s().books.customers.setBlocked(3006, true);
    const blocked = await s().backoffice.chargeAgain.confirm(
      HARNESS_OWNER,
      3006,
      old,
      await offeredToken(3006, old),
    );
    expect(blocked).toEqual({ status: "refused", reason: "blocked", planId: "de-xui" });
    expect(await s().books.wallet.balance(3006)).toBe(150);
    expect(await s().books.orders.ofCustomer(3006)).toHaveLength(1);
    expect(enqueued).toEqual([]);
  });
});
