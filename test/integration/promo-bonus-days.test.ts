import { describe, expect, it } from "vitest";
import { DAY } from "../../src/runtime/clock.js";
import { ordersHarness } from "../helpers/orders-harness.js";
import { untilValue } from "../helpers/wait.js";

/** Issue 14: a bonus-days promo code adds its days to that order's term once, in the term computation. */

const h = ordersHarness();
const { clock, nodeFake, startWorker, untilStatus } = h;

describe("bonus days of a promo code", () => {
  it("are added once to the term of the order that carries the code", async () => {
    const { promos, shop, cashier } = h.rooms.sales;
    const { customers, wallet, subscriptions } = h.rooms.books;
    const { fulfilment } = h.rooms.settlement;
    await promos.create({
      code: "PLUS7",
      kind: "days",
      value: 7,
      plans: [],
      perCustomer: 1,
      newCustomersOnly: false,
      createdBy: 1,
    });
    const customerId = 9701;
    await customers.seen({ id: customerId, firstName: "C", locale: "en" });
    await wallet.credit(customerId, 1000, `seed:${customerId}`, { kind: "admin-credit" });
    const started = await shop.startPurchase(customerId, "node", "en", "PLUS7");
    if (!started.ok) throw new Error(started.reason);
    expect(started.order).toMatchObject({ bonusDays: 7, price: 120, promoCode: "PLUS7" });
    expect((await cashier.payFromBalance(customerId, started.order.id)).status).toBe("paid");

    startWorker();
    // Queued twice (a repeated job): the term is fixed once.
    await h.queue.enqueue(started.order.id);
    await h.queue.enqueue(started.order.id);
    await untilStatus(started.order.id, "active");
    // Once the worker's run has let go of the order (it holds it a moment after "active").
    const again = await untilValue(
      async () => (await fulfilment.fulfil(started.order.id)).outcome,
      (outcome) => outcome !== "waiting",
    );
    expect(again).toBe("skipped");
    const [sub] = await subscriptions.ofCustomer(customerId);
    expect(sub?.expiresAt).toBe(clock.now() + 37 * DAY);
    const client = nodeFake.clients.get(sub?.ref.name ?? "");
    expect(client).toBeDefined();
    expect(await promos.get("PLUS7")).toMatchObject({ used: 1, held: 1 });

    // The next purchase of the same customer has no bonus: the code was used once.
    const next = await shop.startPurchase(customerId, "node", "en", "PLUS7");
    expect(next.ok && next.promo).toBe("already-used");
    expect(next.ok && next.order.bonusDays).toBeUndefined();
  });
});
