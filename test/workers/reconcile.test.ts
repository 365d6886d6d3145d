import type { StarTransaction } from "grammy/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reconcileStars } from "../../src/workers/reconcile.js";
import { createWorkerHarness, type WorkerHarness } from "../helpers/worker-harness.js";

let h: WorkerHarness;
let enqueued: string[] = [];

beforeAll(async () => {
  h = await createWorkerHarness();
  enqueued = h.enqueued;
  h.startOutbox({ perChatGapMs: 10 });
});
afterAll(() => h.close());

function payment(id: string, userId: number, amount: number, payload: string): StarTransaction {
  return {
    id,
    amount,
    date: Math.floor(Date.now() / 1000),
    source: {
      type: "user",
      transaction_type: "invoice_payment",
      user: { id: userId, is_bot: false, first_name: "P" },
      invoice_payload: payload,
    },
  };
}

const deps = () => ({
  api: h.api,
  redis: h.redis,
  ...h.rooms,
  outbox: h.outbox,
  i18n: h.i18n,
  logger: h.logger,
});

describe("Stars reconciliation", () => {
  it("credits a missing charge exactly once, pays its order and tells the customer", async () => {
    const { shop, cashier } = h.rooms.sales;
    const { customers, wallet, orders } = h.rooms.books;
    await customers.seen({ id: 301, firstName: "A", locale: "en" });
    await customers.seen({ id: 302, firstName: "B", locale: "ru" });
    // 301 paid an order invoice, but the update was lost.
    const started = await shop.startPurchase(301, "de-xui", "en");
    if (!started.ok) throw new Error(started.reason);
    const due = await cashier.invoiceAmount(started.order);
    // 302 paid a top-up that was recorded live.
    const topup = await cashier.startTopUp(302, 100);
    if (!topup.ok) throw new Error("top-up refused");
    await cashier.recordPayment(302, `t:${topup.id}`, "charge-live", 100);

    h.telegram.starTransactions = [
      payment("charge-live", 302, 100, `t:${topup.id}`),
      payment("charge-lost", 301, due, `o:${started.order.id}`),
      {
        id: "refund-x",
        amount: 5,
        date: 0,
        receiver: {
          type: "user",
          transaction_type: "invoice_payment",
          user: { id: 9, is_bot: false, first_name: "R" },
        },
      },
    ];

    expect(await reconcileStars(deps())).toEqual({ checked: 3, recovered: 1 });
    expect(await wallet.balance(301)).toBe(0);
    expect((await orders.get(started.order.id))?.status).toBe("paid");
    expect(enqueued).toEqual([started.order.id]);
    expect(await wallet.balance(302)).toBe(100);
    const told = await h.telegram.waitFor((c) => c.method === "sendMessage" && c.chatId === 301);
    expect(String(told.params.text)).toContain("We found your payment of 150 ⭐");

    // Running again, or from the start, recovers nothing more.
    expect(await reconcileStars(deps())).toEqual({ checked: 0, recovered: 0 });
    await h.redis.del("reconcile:stars:offset");
    expect(await reconcileStars(deps())).toEqual({ checked: 3, recovered: 0 });
    expect((await wallet.history(301, 0, 10)).entries.filter((e) => e.kind === "topup")).toHaveLength(1);
    expect(enqueued).toHaveLength(1);
  });

  it("pages through long histories", async () => {
    await h.redis.del("reconcile:stars:offset");
    const many = Array.from({ length: 250 }, (_, i) =>
      payment(`bulk-${i}`, 400 + (i % 3), 1, "t:unknownpayload"),
    );
    h.telegram.starTransactions = many;
    const result = await reconcileStars(deps());
    expect(result).toEqual({ checked: 250, recovered: 250 });
    expect(await h.rooms.books.wallet.balance(400)).toBe(84);
    expect(await reconcileStars(deps())).toEqual({ checked: 0, recovered: 0 });
  });
});
