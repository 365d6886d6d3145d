import { describe, expect, it } from "vitest";
import type { Subscription } from "../../src/domain/books/index.js";
import { GB_BYTES } from "../../src/domain/books/index.js";
import type { Catalog } from "../../src/domain/catalog/index.js";
import { switchCreditKey } from "../../src/domain/settlement/index.js";
import { DAY } from "../../src/runtime/clock.js";
import { ORDERS_ADMIN, ordersHarness } from "../helpers/orders-harness.js";

/**
 * Plan switches through the real fulfilment and BullMQ order workers against the hosting fakes
 * over HTTP: the credit of the term left fixed on the order, the same client kept where the
 * backend allows, a new client made first (once) and the old one removed after, the surplus to
 * the wallet once, and the term chain shared with renewals.
 */

/** The harness's plans, and two more on the same xui server: a bigger one and a days-only one. */
function withSwitches(base: Catalog): Catalog {
  const xui = base.plans.find((p) => p.id === "de-xui");
  if (!xui) throw new Error("no de-xui plan");
  return {
    ...base,
    plans: [
      ...base.plans,
      { ...xui, id: "de-xui-big", traffic_gb: 300, devices: 3, price: 300 },
      { ...xui, id: "de-xui-days", traffic_gb: 0, price: 90 },
    ],
  };
}

const h = ordersHarness(withSwitches);
const { accountFake, panelFake, telegram, startWorker, paidOrder, paidRenewal, untilStatus } = h;

/** A customer with an active subscription of `planId` (fulfilled here, no worker). */
async function activeSubscription(planId: string): Promise<{ customerId: number; sub: Subscription }> {
  const { customerId, orderId } = await paidOrder(planId);
  await h.rooms.settlement.fulfilment.fulfil(orderId);
  await untilStatus(orderId, "active");
  const [sub] = await h.rooms.books.subscriptions.ofCustomer(customerId);
  if (!sub) throw new Error("no subscription");
  return { customerId, sub };
}

function useXuiTraffic(sub: Subscription, gb: number): void {
  if (sub.ref.kind !== "xui") throw new Error("not xui");
  accountFake.setUsage(sub.ref.serverId, sub.ref.name, 0, Math.round(gb * GB_BYTES));
}

/** Switch of `sub` to `planId`, started and paid from the wallet (not queued). */
async function paidSwitch(customerId: number, sub: Subscription, planId: string): Promise<string> {
  const started = await h.rooms.sales.shop.switches.start(customerId, sub.id, planId, "en");
  if (!started.ok) throw new Error(started.reason);
  expect(started.order.kind).toBe("switch");
  expect((await h.rooms.sales.cashier.payFromBalance(customerId, started.order.id)).status).toBe("paid");
  return started.order.id;
}

async function quoteOf(sub: Subscription, planId: string) {
  const quoted = await h.rooms.sales.shop.switches.quote(sub, planId);
  if (!quoted.ok) throw new Error(quoted.reason);
  return quoted.quote;
}

const balance = (customerId: number) => h.rooms.books.wallet.balance(customerId);

describe("plan switch: the quote", () => {
  it("a days plan: the whole days left at the price per day of the term", async () => {
    const { sub } = await activeSubscription("de-xui-days");
    h.clock.advance(10 * DAY + 1000);
    const quote = await quoteOf(sub, "de-xui-big");
    expect(quote.value).toMatchObject({ daysLeft: 19, limitedBy: "days", gbLeft: undefined });
    expect(quote.value.perDay).toBe(3);
    expect(quote).toMatchObject({ termPrice: 90, credit: 57, price: 300, toPay: 243, surplus: 0 });
  });

  it("a traffic plan: the GB left limit the credit when fewer than the days", async () => {
    const { sub } = await activeSubscription("de-xui");
    useXuiTraffic(sub, 80);
    const quote = await quoteOf(sub, "de-xui-big");
    expect(quote.value).toMatchObject({ daysLeft: 30, limitedBy: "traffic" });
    expect(quote.value.gbLeft).toBeCloseTo(20, 5);
    expect(quote).toMatchObject({ credit: 30, toPay: 270 });
  });

  it("the plan's own, a trial's and an unswitchable plan's switches are not offered", async () => {
    const { customerId, sub } = await activeSubscription("de-xui");
    expect((await h.rooms.sales.shop.switches.quote(sub, "de-xui")).ok).toBe(false);
    expect((await h.rooms.sales.shop.switches.targets(sub)).map((p) => p.id)).toEqual(
      expect.arrayContaining(["multi", "node", "de-xui-big", "de-xui-days"]),
    );
    const started = await h.rooms.sales.shop.switches.start(customerId, sub.id, "nope", "en");
    expect(started).toMatchObject({ ok: false, reason: "switch-not-offered" });
  });

  it("two presses at once open one order", async () => {
    const { customerId, sub } = await activeSubscription("de-xui");
    const [a, b] = await Promise.all([
      h.rooms.sales.shop.switches.start(customerId, sub.id, "de-xui-big", "en"),
      h.rooms.sales.shop.switches.start(customerId, sub.id, "de-xui-big", "en"),
    ]);
    if (!a.ok || !b.ok) throw new Error("not started");
    expect(a.order.id).toBe(b.order.id);
  });
});

describe("plan switch: fulfilment", () => {
  it("to a plan on the same xui server keeps the client, with the new term, traffic and devices", async () => {
    startWorker({ chainWaitMs: 50 });
    const { customerId, sub } = await activeSubscription("de-xui");
    useXuiTraffic(sub, 10);
    const order = await paidSwitch(customerId, sub, "de-xui-big");
    await h.queue.enqueue(order);
    await untilStatus(order, "active");
    const now = await h.rooms.books.subscriptions.get(sub.id);
    expect(now).toMatchObject({ planId: "de-xui-big", trafficGb: 300, devices: 3, ref: sub.ref });
    expect(now?.expiresAt).toBeGreaterThanOrEqual(h.clock.now() + 30 * DAY - 1000);
    const limits = await h.rooms.provisioning.provisioner("xui").trafficLimits(sub.ref);
    expect(limits[""]).toBeCloseTo(310, 1);
    // 150 paid; 90 GB of 100 left limit the credit (30 days would be 150): 135, so 300 costs 165.
    expect(await balance(customerId)).toBe(1000 - 150 - 165);
    if (sub.ref.kind !== "xui") throw new Error("not xui");
    expect(accountFake.client(sub.ref.serverId, sub.ref.name)).toBeDefined();
  });

  it("to another location makes a new client first, removes the old one after, sends the new link", async () => {
    startWorker({ chainWaitMs: 50 });
    const { customerId, sub } = await activeSubscription("de-xui");
    const order = await paidSwitch(customerId, sub, "multi");
    await h.queue.enqueue(order);
    await untilStatus(order, "active");
    const now = await h.rooms.books.subscriptions.get(sub.id);
    expect(now?.ref.kind).toBe("panel");
    expect(now?.planId).toBe("multi");
    if (sub.ref.kind !== "xui" || now?.ref.kind !== "panel") throw new Error("unexpected refs");
    expect(accountFake.client(sub.ref.serverId, sub.ref.name)).toBeUndefined();
    expect(panelFake.clientAt("main", now.ref.name)).toBeDefined();
    expect(await balance(customerId)).toBe(1000 - 150 - (300 - 150));
    await telegram.waitFor((c) => c.method === "sendPhoto" && c.chatId === customerId);
    await telegram.waitFor(
      (c) =>
        c.method === "sendMessage" && c.chatId === customerId && String(c.params.text).includes("Switched"),
    );
  });

  it("a new client created with its answer lost is found, not made twice; charged once", async () => {
    startWorker({ chainWaitMs: 50 });
    const { customerId, sub } = await activeSubscription("de-xui");
    panelFake.loseAnswerNext("POST", "/api/(clients|create)");
    const order = await paidSwitch(customerId, sub, "multi");
    await h.queue.enqueue(order);
    await untilStatus(order, "active", 15_000);
    const now = await h.rooms.books.subscriptions.get(sub.id);
    if (now?.ref.kind !== "panel") throw new Error("not switched");
    expect(panelFake.clientsAt("main").filter((c) => c.name === now.ref.name)).toHaveLength(1);
    expect(
      panelFake.clientsAt("main").filter((c) => c.name.startsWith(now.ref.name.slice(0, 8))),
    ).toHaveLength(1);
    expect(await balance(customerId)).toBe(1000 - 150 - 150);
  });

  it("a credit above the new price goes to the wallet once, even after a crash before the order went active", async () => {
    const { customerId, sub } = await activeSubscription("de-xui-big");
    const quote = await quoteOf(sub, "de-xui");
    expect(quote).toMatchObject({ credit: 300, price: 150, toPay: 0, surplus: 150 });
    const order = await paidSwitch(customerId, sub, "de-xui");
    const { orders } = h.rooms.books;
    const transition = orders.transition.bind(orders);
    orders.transition = async (id, from, to, ...rest) => {
      if (to === "active") throw new Error("the process died here");
      return transition(id, from, to, ...rest);
    };
    try {
      await expect(h.rooms.settlement.fulfilment.fulfil(order)).rejects.toThrow("died");
    } finally {
      orders.transition = transition;
    }
    expect((await h.rooms.settlement.fulfilment.fulfil(order)).outcome).toBe("active");
    expect((await h.rooms.settlement.fulfilment.fulfil(order)).outcome).toBe("skipped");
    expect(await balance(customerId)).toBe(1000 - 300 + 150);
    expect(await h.rooms.books.wallet.applied(switchCreditKey(order))).toMatchObject({ amount: 150 });
    const history = await h.rooms.books.wallet.history(customerId, 0, 20);
    expect(history.entries.filter((e) => e.kind === "switch-credit")).toHaveLength(1);
  });

  it("while a renewal is pending: the renewal first, its days credited, the new term from then (not lost, not doubled)", async () => {
    startWorker({ chainWaitMs: 50 });
    const { customerId, sub } = await activeSubscription("de-xui");
    const renewal = await paidRenewal(customerId, sub.id);
    const quote = await quoteOf(sub, "de-xui-big");
    expect(quote).toMatchObject({ pendingRenewals: 1, credit: 300, toPay: 0, surplus: 0 });
    expect(quote.value.daysAhead).toBe(30);
    const order = await paidSwitch(customerId, sub, "de-xui-big");
    await h.queue.enqueue(order);
    await h.queue.enqueue(renewal);
    await untilStatus(order, "active");
    expect(await h.orderStatus(renewal)).toBe("active");
    const now = await h.rooms.books.subscriptions.get(sub.id);
    expect(now?.planId).toBe("de-xui-big");
    expect(now?.expiresAt).toBeLessThan(h.clock.now() + 31 * DAY);
    expect(now?.expiresAt).toBeGreaterThanOrEqual(h.clock.now() + 30 * DAY - 1000);
    expect(await balance(customerId)).toBe(1000 - 150 - 150);
  });

  it("a renewal paid after the switch was opened: the switch is refunded, the access as it was", async () => {
    startWorker({ chainWaitMs: 50 });
    const { customerId, sub } = await activeSubscription("de-xui");
    const started = await h.rooms.sales.shop.switches.start(customerId, sub.id, "multi", "en");
    if (!started.ok) throw new Error(started.reason);
    const renewal = await paidRenewal(customerId, sub.id);
    await h.queue.enqueue(renewal);
    await untilStatus(renewal, "active");
    expect((await h.rooms.sales.cashier.payFromBalance(customerId, started.order.id)).status).toBe("paid");
    await h.queue.enqueue(started.order.id);
    await untilStatus(started.order.id, "refunded");
    const now = await h.rooms.books.subscriptions.get(sub.id);
    expect(now).toMatchObject({ planId: "de-xui", ref: sub.ref });
    expect(await balance(customerId)).toBe(1000 - 150 - 150);
    expect(panelFake.clientsAt("main").some((c) => c.name === started.order.clientName)).toBe(false);
  });
});

describe("the admin's fair refund", () => {
  const stars = async () => undefined;

  it("refunds the unused days to the balance once under two taps at once, audited, and ends the term now", async () => {
    const { customerId, sub } = await activeSubscription("de-xui-days");
    h.clock.advance(10 * DAY + 1000);
    const { fairRefunds } = h.rooms.backoffice;
    const quote = await fairRefunds.quote(sub.id);
    if ("refused" in quote) throw new Error(quote.refused);
    expect(quote).toMatchObject({ amount: 57, route: { to: "balance", why: "not-stars" } });
    const before = await balance(customerId);
    const [a, b] = await Promise.all([
      fairRefunds.refund(ORDERS_ADMIN, sub.id, stars),
      fairRefunds.refund(ORDERS_ADMIN, sub.id, stars),
    ]);
    expect([a.status, b.status].sort()).toEqual(["already", "refunded"]);
    expect(await balance(customerId)).toBe(before + 57);
    const history = await h.rooms.books.wallet.history(customerId, 0, 20);
    expect(history.entries.filter((e) => e.kind === "fair-refund")).toHaveLength(1);
    const ended = await h.rooms.books.subscriptions.get(sub.id);
    expect(ended?.expiresAt).toBeLessThanOrEqual(h.clock.now());
    // A third tap later: the term is over, nothing is left to refund.
    expect((await fairRefunds.refund(ORDERS_ADMIN, sub.id, stars)).status).toBe("nothing");
    expect(await balance(customerId)).toBe(before + 57);
    const audit = await h.rooms.staff.audit.page({ subject: `subscription:${sub.id}` }, 0, 10);
    const refunds = audit.entries.filter((e) => e.action === "subscription.fair-refund");
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      actorId: ORDERS_ADMIN,
      outcome: "done",
      note: "19 days left (days); to balance",
    });
  });

  it("sends the whole of one Stars payment back as Stars when the term is unused, once under two taps", async () => {
    const customerId = 880_001;
    await h.rooms.books.customers.seen({ id: customerId, firstName: "S", locale: "en" });
    const started = await h.rooms.sales.shop.startPurchase(customerId, "de-xui-days", "en");
    if (!started.ok) throw new Error(started.reason);
    // The invoice asks the whole price (the wallet is empty): one Stars payment pays the term.
    expect(await h.rooms.sales.cashier.invoiceAmount(started.order)).toBe(started.order.price);
    const inbox = h.rooms.settlement.paymentInbox;
    const payment = {
      ...{ chargeId: "stars-fair-1", payerId: customerId, payload: `o:${started.order.id}` },
      ...{ amount: started.order.price, currency: "XTR", updateId: 1, raw: "{}" },
    };
    await inbox.record(payment);
    expect((await inbox.settle(payment)).paid).toBe(true);
    await h.rooms.settlement.fulfilment.fulfil(started.order.id);
    const [sub] = await h.rooms.books.subscriptions.ofCustomer(customerId);
    if (!sub) throw new Error("no subscription");
    const { fairRefunds } = h.rooms.backoffice;
    const quote = await fairRefunds.quote(sub.id);
    if ("refused" in quote) throw new Error(quote.refused);
    expect(quote).toMatchObject({ amount: started.order.price, route: { to: "stars" } });
    const sent: string[] = [];
    const sendStars = async (_user: number, charge: string) => {
      sent.push(charge);
      return true;
    };
    const outcomes = await Promise.all([
      fairRefunds.refund(ORDERS_ADMIN, sub.id, sendStars),
      fairRefunds.refund(ORDERS_ADMIN, sub.id, sendStars),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(["already", "refunded"]);
    expect(outcomes.find((o) => o.status === "refunded")).toMatchObject({ to: "stars" });
    // Telegram is asked once; the Stars leave the wallet they were credited to: nothing stays there.
    expect(sent).toEqual(["stars-fair-1"]);
    expect(await balance(customerId)).toBe(0);
    // The term is set to now; xui counts whole days up, so its client may keep up to one more day.
    const ended = await h.rooms.books.subscriptions.get(sub.id);
    expect(ended?.expiresAt).toBeLessThan(h.clock.now() + DAY + 60_000);
  });

  it("sends Stars back only for Telegram's own Stars payment, never for a rail's payment", async () => {
    const { customerId, orderId } = await paidOrder("de-xui-days");
    await h.rooms.settlement.fulfilment.fulfil(orderId);
    const [sub] = await h.rooms.books.subscriptions.ofCustomer(customerId);
    if (!sub) throw new Error("no subscription");
    const price = (await h.rooms.books.orders.get(orderId))?.price ?? 0;
    const { fairRefunds } = h.rooms.backoffice;
    const routeWith = async (chargeId: string) => {
      await h.rooms.books.orders.update(orderId, { chargeId, invoiceAmount: price });
      const quote = await fairRefunds.quote(sub.id);
      if ("refused" in quote) throw new Error(quote.refused);
      return quote.route;
    };
    expect(await routeWith("stars-route-1")).toMatchObject({ to: "stars" });
    // Before: a rail's payment in the shop's XTR was sent to Telegram's refundStarPayment.
    expect(await routeWith("memrail:0b1c2d3e")).toEqual({ to: "balance", why: "not-stars" });
  });
});
