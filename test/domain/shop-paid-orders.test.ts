import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OrderStatus } from "../../src/domain/books/index.js";
import { createWorkerHarness, HARNESS_OWNER, type WorkerHarness } from "../helpers/worker-harness.js";

/**
 * The shop hands every order it moves to `paid` to the worker itself (one home for "paid, now
 * enqueue"): paying from the balance, the trial, a Telegram charge, an admin's retry.
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

async function purchase(customerId: number): Promise<string> {
  const started = await h.rooms.sales.shop.startPurchase(customerId, "de-xui", "en");
  if (!started.ok) throw new Error(started.reason);
  return started.order.id;
}

/** A paid order walked through `path` (as the worker would). */
async function orderThrough(customerId: number, path: OrderStatus[]): Promise<string> {
  const id = await purchase(customerId);
  let from: OrderStatus = "awaiting_payment";
  for (const to of path) {
    if (!(await h.rooms.books.orders.transition(id, [from], to))) throw new Error(`${from} -> ${to}`);
    from = to;
  }
  return id;
}

describe("the shop queues its own paid orders", () => {
  it("pays from the balance and queues once, however many pay at once", async () => {
    await h.rooms.books.wallet.credit(1101, 300, "seed:1101", { kind: "topup" });
    const id = await purchase(1101);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => h.rooms.sales.cashier.payFromBalance(1101, id)),
    );
    expect(results.filter((r) => r.status === "paid")).toHaveLength(1);
    expect(enqueued).toEqual([id]);
    expect((await h.rooms.books.orders.get(id))?.status).toBe("paid");
  });

  it("queues nothing when the balance is short or the order is someone else's", async () => {
    const id = await purchase(1102);
    expect(await h.rooms.sales.cashier.payFromBalance(1102, id)).toEqual({
      status: "insufficient",
      balance: 0,
    });
    expect(await h.rooms.sales.cashier.payFromBalance(1199, id)).toEqual({ status: "order-gone" });
    expect(enqueued).toEqual([]);
  });

  it("queues the trial it starts", async () => {
    const started = await h.rooms.sales.shop.startTrial(1103, "en");
    if (!started.ok) throw new Error(started.reason);
    expect(started.order.status).toBe("paid");
    expect(enqueued).toEqual([started.order.id]);
    expect(await h.rooms.sales.shop.startTrial(1103, "en")).toEqual({ ok: false, reason: "trial-used" });
    expect(enqueued).toEqual([started.order.id]);
  });

  it("queues the order a Telegram charge paid, again when the charge is seen again", async () => {
    const id = await purchase(1104);
    const first = await h.rooms.sales.cashier.recordPayment(1104, `o:${id}`, "shop-q-1", 150);
    expect(first).toMatchObject({ credited: true, paid: true, orderId: id });
    expect(enqueued).toEqual([id]);
    // A repeat (after a crash before the enqueue) queues again: the job id makes it harmless.
    const again = await h.rooms.sales.cashier.recordPayment(1104, `o:${id}`, "shop-q-1", 150);
    expect(again).toMatchObject({ credited: false, paid: true, orderId: id });
    expect(enqueued).toEqual([id, id]);

    // A top-up, or a charge for someone else's order, queues nothing.
    const top = await h.rooms.sales.cashier.recordPayment(1105, `o:${id}`, "shop-q-2", 150);
    expect(top).toMatchObject({ credited: true, paid: false, orderId: undefined });
    expect(enqueued).toEqual([id, id]);
  });

  it("lets a failed enqueue fail the step: the order stays paid for the sweep", async () => {
    await h.rooms.books.wallet.credit(1106, 150, "seed:1106", { kind: "topup" });
    const id = await purchase(1106);
    const original = h.rooms.settlement.jobs.enqueueOrder;
    h.rooms.settlement.jobs.enqueueOrder = async () => {
      throw new Error("Redis blip while queuing");
    };
    try {
      await expect(h.rooms.sales.cashier.payFromBalance(1106, id)).rejects.toThrow("Redis blip");
    } finally {
      h.rooms.settlement.jobs.enqueueOrder = original;
    }
    expect((await h.rooms.books.orders.get(id))?.status).toBe("paid");
    expect(await h.rooms.books.orders.openIds()).toContain(id);
  });
});

describe("an admin's retry of a failed order", () => {
  it("moves it back to paid and queues it once", async () => {
    const id = await orderThrough(1201, ["paid", "provisioning", "failed"]);
    const results = await Promise.all(
      [1, 2, 3].map(() => h.rooms.sales.cashier.retryFailed(HARNESS_OWNER, id)),
    );
    expect(results.filter((r) => r.status === "queued")).toHaveLength(1);
    expect(results.filter((r) => r.status === "not-failed")).toEqual([
      { status: "not-failed", orderStatus: "paid" },
      { status: "not-failed", orderStatus: "paid" },
    ]);
    expect(enqueued).toEqual([id]);
    expect((await h.rooms.books.orders.get(id))?.status).toBe("paid");
  });

  it("closes an order whose money went back instead of queuing it", async () => {
    const closed = await orderThrough(1202, ["paid", "failed", "refunded"]);
    expect(await h.rooms.sales.cashier.retryFailed(HARNESS_OWNER, closed)).toEqual({ status: "refunded" });

    const half = await orderThrough(1202, ["paid", "failed"]);
    await h.rooms.books.wallet.credit(1202, 150, `refund:${half}`, { kind: "refund", ref: half });
    expect(await h.rooms.sales.cashier.retryFailed(HARNESS_OWNER, half)).toEqual({ status: "refunded" });
    expect((await h.rooms.books.orders.get(half))?.status).toBe("refunded");

    const active = await orderThrough(1202, ["paid", "provisioning", "active"]);
    expect(await h.rooms.sales.cashier.retryFailed(HARNESS_OWNER, active)).toEqual({
      status: "not-failed",
      orderStatus: "active",
    });
    expect(await h.rooms.sales.cashier.retryFailed(HARNESS_OWNER, "nosuchorder")).toEqual({ status: "gone" });
    expect(enqueued).toEqual([]);
  });
});
