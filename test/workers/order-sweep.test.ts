import { Api } from "grammy";
import { describe, expect, it } from "vitest";
import { createI18n } from "../../src/bot/i18n.js";
import { MINUTE } from "../../src/runtime/clock.js";
import { createLogger } from "../../src/runtime/logger.js";
import { Notifier } from "../../src/workers/notifier.js";
import { sweepOrders } from "../../src/workers/order-sweep.js";
import { ORDERS_ADMIN, ORDERS_TOKEN, ordersHarness } from "../helpers/orders-harness.js";
import { untilValue } from "../helpers/wait.js";

const h = ordersHarness();
const { telegram, clock, startWorker, paidOrder, untilStatus } = h;

function sweep() {
  const notifier = new Notifier({
    api: new Api(ORDERS_TOKEN, { fetch: telegram.fetch as never }),
    i18n: createI18n("en"),
    ...h.rooms,
    adminIds: [ORDERS_ADMIN],
    defaultLocale: "en",
    logger: createLogger("silent"),
  });
  return sweepOrders({
    redis: h.redis,
    orders: h.rooms.books.orders,
    queue: h.queue,
    fulfilment: h.rooms.settlement.fulfilment,
    afterActive: h.rooms.settlement.afterActive,
    termChanges: h.rooms.terms.changes,
    notifier,
    clock,
    logger: createLogger("silent"),
  });
}

describe("the order sweep", () => {
  it("re-queues a paid order that lost its job (enqueue failed after the payment), once", async () => {
    // Paid from the wallet, but the enqueue after it never happened.
    const { orderId } = await paidOrder("node");
    expect(await h.queue.queue.getJob(orderId)).toBeUndefined();
    // Just paid: the payment step may still be about to queue it.
    expect((await sweep()).requeued).toBe(0);

    clock.advance(2 * MINUTE);
    expect((await sweep()).requeued).toBe(1);
    expect(await (await h.queue.queue.getJob(orderId))?.getState()).toBe("waiting");
    // A live job is left alone (a second sweep, or another process, adds nothing).
    expect((await sweep()).requeued).toBe(0);

    startWorker();
    await untilStatus(orderId, "active");
    clock.advance(2 * MINUTE);
    expect((await sweep()).requeued).toBe(0);
  });

  it("re-queues an open order whose job finished before the order was paid", async () => {
    const customerId = 777;
    await h.rooms.books.customers.seen({ id: customerId, firstName: "C", locale: "en" });
    await h.rooms.books.wallet.credit(customerId, 500, "seed:sweep-777", { kind: "admin-credit" });
    const started = await h.rooms.sales.shop.startPurchase(customerId, "node", "en");
    if (!started.ok) throw new Error(started.reason);
    const orderId = started.order.id;
    // A job that ran too early: nothing to do for an unpaid order, so it completed.
    startWorker();
    await h.queue.enqueue(orderId);
    await untilValue(
      async () => (await h.queue.queue.getJob(orderId))?.getState(),
      (s) => s === "completed",
    );
    expect((await h.rooms.sales.cashier.payFromBalance(customerId, orderId)).status).toBe("paid");

    clock.advance(2 * MINUTE);
    expect((await sweep()).requeued).toBe(1);
    await untilStatus(orderId, "active");
  });

  it("finishes a refund that a crash cut off between 'failed' and the money going back, once", async () => {
    const { customerId, orderId } = await paidOrder("node");
    expect(await h.rooms.books.wallet.balance(customerId)).toBe(880);
    // The first step of giving up on an order happened, then the process died.
    await h.rooms.books.orders.transition(orderId, ["paid"], "failed", { error: "node answered 502" });

    expect((await sweep()).refunded).toBe(0);
    clock.advance(2 * MINUTE);
    expect((await sweep()).refunded).toBe(1);
    expect((await h.rooms.books.orders.get(orderId))?.status).toBe("refunded");
    expect(await h.rooms.books.wallet.balance(customerId)).toBe(1000);
    const told = await telegram.waitFor((c) => c.method === "sendMessage" && c.chatId === customerId);
    expect(String(told.params.text)).toContain("120 ⭐ went back to your wallet");
    const alert = await telegram.waitFor((c) => c.method === "sendMessage" && c.chatId === ORDERS_ADMIN);
    expect(String(alert.params.text)).toContain(`Order ${orderId} failed`);

    // Nothing more on later runs, nor from a late retry of the failing job.
    expect((await sweep()).refunded).toBe(0);
    expect(await h.rooms.settlement.fulfilment.fail(orderId, "late")).toBeUndefined();
    const refunds = (await h.rooms.books.wallet.history(customerId, 0, 20)).entries.filter(
      (e) => e.kind === "refund",
    );
    expect(refunds).toHaveLength(1);
    expect(await h.rooms.books.wallet.balance(customerId)).toBe(1000);
    expect(telegram.callsOf("sendMessage").filter((c) => c.chatId === customerId)).toHaveLength(1);
  });
});
