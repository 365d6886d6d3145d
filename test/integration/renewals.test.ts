import { describe, expect, it } from "vitest";
import type { Subscription } from "../../src/domain/books/index.js";
import { NODE_EDIT_DOUBT_MS } from "../../src/domain/provisioning/index.js";
import { OrderUndecidedError } from "../../src/domain/settlement/index.js";
import { DAY, HOUR } from "../../src/runtime/clock.js";
import { ORDER_CONCURRENCY } from "../../src/workers/order-worker.js";
import { fail } from "../fakes/http-fake.js";
import { ordersHarness } from "../helpers/orders-harness.js";
import { untilValue } from "../helpers/wait.js";

const h = ordersHarness();
const { accountFake, panelFake, nodeFake, telegram, startWorker, paidOrder, paidRenewal, untilStatus } = h;

type Backend = "xui" | "panel" | "node";
const PLAN: Record<Backend, { id: string; price: number }> = {
  xui: { id: "de-xui", price: 150 },
  panel: { id: "multi", price: 300 },
  node: { id: "node", price: 120 },
};

/** The next `times` renewal writes of the backend answer 503 (nothing is applied). */
function failRenewWrites(backend: Backend, times: number): void {
  const unavailable = fail(503, "temporarily unavailable");
  if (backend === "xui") accountFake.failNext("PATCH", "/api/v1/servers/\\d+/clients/.+", unavailable, times);
  if (backend === "panel") panelFake.failNext("PATCH", "/api/clients/.+", unavailable, times);
  if (backend === "node") nodeFake.failNext("PATCH", "(/api)?/edit", unavailable, times);
}

/**
 * A node write that answered 503 may have been applied: the client is in doubt for the doubt
 * window by the shop's clock (frozen in this harness), so while waiting the clock moves on.
 */
async function passingDoubts<T>(wait: Promise<T>): Promise<T> {
  const timer = setInterval(() => h.clock.advance(NODE_EDIT_DOUBT_MS), 200);
  try {
    return await wait;
  } finally {
    clearInterval(timer);
  }
}

/** The expiry the hosting side has for the subscription, in ms. */
async function hostingExpiry(sub: Subscription): Promise<number> {
  return (await h.rooms.provisioning.provisioner(sub.ref.kind).state(sub.ref)).expiresAt;
}

/** A customer with an active subscription of the backend's plan. */
async function activeSubscription(backend: Backend) {
  const { customerId, orderId } = await paidOrder(PLAN[backend].id);
  await h.queue.enqueue(orderId);
  await untilStatus(orderId, "active");
  const [sub] = await h.rooms.books.subscriptions.ofCustomer(customerId);
  if (!sub) throw new Error("no subscription");
  return { customerId, sub };
}

/**
 * xui takes whole days from now, rounded up once per renewal (and the fake counts them from the
 * real clock, a little ahead of the test's), so two renewals may pass the target by 2 days.
 */
function expectTerm(actual: number, want: number, backend: Backend): void {
  expect(actual).toBeGreaterThanOrEqual(want - 2_000);
  expect(actual).toBeLessThanOrEqual(want + (backend === "xui" ? 2 * DAY + 5_000 : 2_000));
}

describe("renewals of one subscription chain", () => {
  for (const backend of ["node", "xui", "panel"] as const) {
    it(`${backend}: two renewals paid while the hosting write answers 503 add their days twice`, async () => {
      startWorker({ chainWaitMs: 50 });
      const { customerId, sub } = await activeSubscription(backend);
      const before = await hostingExpiry(sub);
      failRenewWrites(backend, 2);

      const first = await paidRenewal(customerId, sub.id);
      await h.queue.enqueue(first);
      // The first renewal's write failed and waits for its retry when the second one is paid.
      await untilValue(
        () => h.rooms.books.orders.get(first),
        (o) => Boolean(o?.error),
      );
      const second = await paidRenewal(customerId, sub.id);
      await h.queue.enqueue(second);
      await passingDoubts(untilStatus(first, "active", 15_000));
      await passingDoubts(untilStatus(second, "active", 15_000));

      expectTerm(await hostingExpiry(sub), before + 60 * DAY, backend);
      const renewed = await h.rooms.books.subscriptions.get(sub.id);
      expectTerm(renewed?.expiresAt ?? 0, before + 60 * DAY, backend);
      expect(await h.rooms.books.wallet.balance(customerId)).toBe(1000 - 3 * PLAN[backend].price);
    });
  }

  for (const backend of ["node", "panel"] as const) {
    it(`${backend}: the date a renewal screen promises is the date the renewal applies, one in flight counted`, async () => {
      startWorker({ chainWaitMs: 50 });
      const { customerId, sub } = await activeSubscription(backend);
      failRenewWrites(backend, 1);
      const first = await paidRenewal(customerId, sub.id);
      await h.queue.enqueue(first);
      await untilValue(
        () => h.rooms.books.orders.get(first),
        (o) => Boolean(o?.error),
      );
      const second = await h.rooms.sales.shop.startRenewal(customerId, sub.id, "en");
      if (!second.ok) throw new Error(second.reason);
      const quote = await h.rooms.sales.shop.renewalQuote(sub, second.order, await hostingExpiry(sub));
      expect(quote).toMatchObject({ days: 30, pending: 1 });
      expect((await h.rooms.sales.cashier.payFromBalance(customerId, second.order.id)).status).toBe("paid");
      await h.queue.enqueue(second.order.id);
      await passingDoubts(untilStatus(first, "active", 15_000));
      await passingDoubts(untilStatus(second.order.id, "active", 15_000));
      expectTerm((await h.rooms.books.subscriptions.get(sub.id))?.expiresAt ?? 0, quote.next, backend);
    });
  }

  it("xui: two 30-day renewals one after the other add 60 days, not 61 or 62 (the rounding does not compound)", async () => {
    startWorker({ chainWaitMs: 50 });
    const { customerId, sub } = await activeSubscription("xui");
    for (const _ of [1, 2]) {
      const renewal = await paidRenewal(customerId, sub.id);
      await h.queue.enqueue(renewal);
      await untilStatus(renewal, "active");
    }
    const want = sub.expiresAt + 60 * DAY;
    expect((await h.rooms.books.subscriptions.get(sub.id))?.expiresAt).toBe(want);
    // xui counts whole days from now: the hosting side is at the target, or less than a day past it.
    const hosting = await hostingExpiry(sub);
    expect(hosting).toBeGreaterThanOrEqual(want);
    expect(hosting - want).toBeLessThan(DAY);
  });

  it("xui: a renewal whose writes all land but lose their answer is finished on its last attempt, not refunded", async () => {
    startWorker({ chainWaitMs: 50 });
    const { customerId, sub } = await activeSubscription("xui");
    // Every attempt's write is applied and its answer lost: the queue's three attempts all fail.
    accountFake.loseAnswerNext("PATCH", "/api/v1/servers/\\d+/clients/.+", undefined, 3);
    const renewal = await paidRenewal(customerId, sub.id);
    await h.queue.enqueue(renewal);
    const ended = await untilValue(
      () => h.orderStatus(renewal),
      (s) => s === "active" || s === "refunded",
      15_000,
    );
    // Refunded, the 30 days stayed on the client unpaid (and a charge again added 30 more).
    expect(ended).toBe("active");
    expect(await h.rooms.books.wallet.balance(customerId)).toBe(1000 - 2 * PLAN.xui.price);
    const want = sub.expiresAt + 30 * DAY;
    expect((await h.rooms.books.subscriptions.get(sub.id))?.expiresAt).toBe(want);
    const hosting = await hostingExpiry(sub);
    expect(hosting).toBeGreaterThanOrEqual(want);
    expect(hosting - want).toBeLessThan(DAY);
    await telegram.waitFor(
      (c) =>
        c.method === "sendMessage" && c.chatId === customerId && String(c.params.text).includes("Renewed"),
    );
  });

  it("node: a renewal whose last attempt leaves its edit in doubt is not refunded while the edit may land", async () => {
    startWorker({ chainWaitMs: 50 });
    const { customerId, sub } = await activeSubscription("node");
    const before = await hostingExpiry(sub);
    const edits = nodeFake.countAny("PATCH", "/edit");
    // Two attempts are refused (401: nothing applied, and a relinked token may heal it); the last
    // one's edit answers 503, which may have been applied: the client is in doubt for the window.
    nodeFake.forceError("PATCH", "/edit", 401, "unauthorized", 2);
    nodeFake.forceError("PATCH", "/edit", 503, "unavailable", 1);
    const renewal = await paidRenewal(customerId, sub.id);
    await h.queue.enqueue(renewal);
    await untilValue(
      async () => nodeFake.countAny("PATCH", "/edit"),
      (n) => n >= edits + 3,
    );
    await untilValue(
      async () => (await h.queue.queue.getJob(renewal))?.getState(),
      (state) => state === "delayed" || state === "completed",
    );
    // Refunded now, the edit landing within the window would leave its 30 days unpaid.
    expect(await h.orderStatus(renewal)).toBe("provisioning");
    expect(await h.rooms.books.wallet.balance(customerId)).toBe(1000 - 2 * PLAN.node.price);
    h.clock.advance(NODE_EDIT_DOUBT_MS + 1_000);
    await untilStatus(renewal, "active");
    expectTerm(await hostingExpiry(sub), before + 30 * DAY, "node");
  });

  it("xui: a renewal given up on while its client cannot be read is not refunded; read, its landed write finishes it", async () => {
    const { customerId, orderId } = await paidOrder(PLAN.xui.id);
    expect((await h.rooms.settlement.fulfilment.fulfil(orderId)).outcome).toBe("active");
    const [sub] = await h.rooms.books.subscriptions.ofCustomer(customerId);
    if (sub?.ref.kind !== "xui") throw new Error("no xui subscription");
    const { fulfilment } = h.rooms.settlement;
    const renewal = await paidRenewal(customerId, sub.id);
    // Its write is applied and the answer lost; then the client does not answer a read.
    accountFake.loseAnswerNext("PATCH", "/api/v1/servers/\\d+/clients/.+");
    await expect(fulfilment.fulfil(renewal)).rejects.toThrow();
    accountFake.failNext("GET", `/api/v1/servers/\\d+/clients/${sub.ref.name}`, fail(503, "down"));
    await expect(fulfilment.fail(renewal, "given up")).rejects.toBeInstanceOf(OrderUndecidedError);
    expect(await h.orderStatus(renewal)).toBe("provisioning");
    expect(await h.rooms.books.wallet.balance(customerId)).toBe(1000 - 2 * PLAN.xui.price);
    // Read now: the target is there, so the renewal is finished, not refunded.
    expect(await fulfilment.fail(renewal, "given up")).toBeUndefined();
    expect(await h.orderStatus(renewal)).toBe("active");
    expect((await h.rooms.books.subscriptions.get(sub.id))?.expiresAt).toBe(sub.expiresAt + 30 * DAY);
    expect(await h.rooms.books.wallet.balance(customerId)).toBe(1000 - 2 * PLAN.xui.price);
  });

  it("xui: a renewal whose turn comes while it reads the subscription starts from the term the one before left", async () => {
    // The fake's clock follows the shop's, so hours can pass between a renewal's target and write.
    accountFake.now = () => h.clock.now();
    const subscriptions = h.rooms.books.subscriptions;
    const read = subscriptions.get.bind(subscriptions);
    try {
      const { customerId, orderId } = await paidOrder(PLAN.xui.id);
      const { fulfilment } = h.rooms.settlement;
      expect((await fulfilment.fulfil(orderId)).outcome).toBe("active");
      const [sub] = await h.rooms.books.subscriptions.ofCustomer(customerId);
      if (!sub) throw new Error("no subscription");
      // The first renewal fixes its target, its write fails; it is retried 5 hours later.
      const first = await paidRenewal(customerId, sub.id);
      accountFake.failNext("PATCH", "/api/v1/servers/\\d+/clients/.+", fail(503, "down"));
      await expect(fulfilment.fulfil(first)).rejects.toThrow();
      h.clock.advance(5 * HOUR);
      const second = await paidRenewal(customerId, sub.id);
      // The second one reads the subscription just as the first one's retry finishes (whole days
      // from now: the client ends 5 hours past its target), then takes its turn.
      let raced = false;
      subscriptions.get = async (id) => {
        const seen = await read(id);
        if (!raced && id === sub.id) {
          raced = true;
          expect((await fulfilment.fulfil(first)).outcome).toBe("active");
        }
        return seen;
      };
      expect((await fulfilment.fulfil(second)).outcome).toBe("active");
      // From the record the first one left, not from the client's rounding (5 hours more).
      expect((await read(sub.id))?.expiresAt).toBe(sub.expiresAt + 60 * DAY);
    } finally {
      Reflect.deleteProperty(subscriptions, "get");
      accountFake.now = () => Date.now();
    }
  });

  it("two workers (as in two processes) take renewals of one subscription in turn", async () => {
    const one = startWorker({ chainWaitMs: 50, concurrency: 1 });
    const { customerId, sub } = await activeSubscription("panel");
    // A second worker on the same queue, as a second process would be.
    startWorker({ chainWaitMs: 50, concurrency: 1 });
    try {
      const before = await hostingExpiry(sub);
      panelFake.delayNext("PATCH", "/api/clients/.+", 300);
      const first = await paidRenewal(customerId, sub.id);
      const second = await paidRenewal(customerId, sub.id);
      await Promise.all([h.queue.enqueue(first), h.queue.enqueue(second)]);
      await untilStatus(first, "active", 15_000);
      await untilStatus(second, "active", 15_000);
      expectTerm(await hostingExpiry(sub), before + 60 * DAY, "panel");
    } finally {
      await one.close();
    }
  });

  it("node: renewals of one subscription paid at once in one process at the order worker's default concurrency (32) add their days each", async () => {
    startWorker({ chainWaitMs: 50, concurrency: ORDER_CONCURRENCY });
    const { customerId, sub } = await activeSubscription("node");
    const before = await hostingExpiry(sub);
    // The writes are slow, so every renewal is in the worker at once.
    nodeFake.delayNext("PATCH", "(/api)?/edit", 200, 4);
    const renewals = [];
    for (let i = 0; i < 4; i++) renewals.push(await paidRenewal(customerId, sub.id));
    await Promise.all(renewals.map((id) => h.queue.enqueue(id)));
    for (const id of renewals) await untilStatus(id, "active", 20_000);

    expectTerm(await hostingExpiry(sub), before + 4 * 30 * DAY, "node");
    expectTerm(
      (await h.rooms.books.subscriptions.get(sub.id))?.expiresAt ?? 0,
      before + 4 * 30 * DAY,
      "node",
    );
    expect(await h.rooms.books.wallet.balance(customerId)).toBe(1000 - 5 * PLAN.node.price);
  });

  it("a crash in the middle of the first renewal: after the restart both add their days", async () => {
    const crashed = startWorker({ chainWaitMs: 50 });
    const { customerId, sub } = await activeSubscription("panel");
    const before = await hostingExpiry(sub);
    await crashed.close();
    // The process died after the first renewal took its turn and fixed its target, before the
    // hosting write; the second renewal was paid meanwhile.
    const first = await paidRenewal(customerId, sub.id);
    await h.rooms.books.orders.transition(first, ["paid"], "provisioning");
    expect((await h.rooms.terms.terms.chain.enter(sub.id, first)).turn).toBe(true);
    await h.rooms.books.orders.fixOnce(first, "targetExpiresAt", String(before + 30 * DAY));
    const second = await paidRenewal(customerId, sub.id);
    // The first one's write is slow: the second must not read the term before it lands.
    panelFake.delayNext("PATCH", "/api/clients/.+", 300);

    const restarted = startWorker({ chainWaitMs: 50 });
    expect(await restarted.resume()).toBeGreaterThanOrEqual(2);
    await untilStatus(first, "active", 15_000);
    await untilStatus(second, "active", 15_000);
    expectTerm(await hostingExpiry(sub), before + 60 * DAY, "panel");
    expect(await h.rooms.books.wallet.balance(customerId)).toBe(1000 - 3 * PLAN.panel.price);
  });

  it("the customer hears once that it takes longer, then gets the access", async () => {
    startWorker();
    const { customerId, orderId } = await paidOrder("node");
    nodeFake.failNext("POST", "(/api)?/create", fail(503, "down"), 2);
    await h.queue.enqueue(orderId);
    await untilStatus(orderId, "active");
    await telegram.waitFor((c) => c.method === "sendMessage" && String(c.params.text).startsWith("✅"));
    const texts = telegram
      .callsOf("sendMessage")
      .filter((c) => c.chatId === customerId)
      .map((c) => String(c.params.text));
    expect(texts.filter((t) => t.includes("Your payment is safe"))).toHaveLength(1);
    expect(texts.at(-1)).toContain("Your VPN is ready");
  });

  it("a slow hosting side: the notice comes while the first attempt still runs", async () => {
    startWorker({ delayNoticeAfterMs: 100 });
    const { customerId, orderId } = await paidOrder("node");
    nodeFake.delayNext("POST", "(/api)?/create", 600);
    await h.queue.enqueue(orderId);
    const notice = await telegram.waitFor((c) => c.method === "sendMessage" && c.chatId === customerId);
    expect(String(notice.params.text)).toContain("Your payment is safe");
    expect(await h.orderStatus(orderId)).not.toBe("active");
    await untilStatus(orderId, "active");
    await telegram.waitFor(
      (c) => c.method === "sendMessage" && c.chatId === customerId && String(c.params.text).startsWith("✅"),
    );
    expect(telegram.callsOf("sendMessage").filter((c) => c.chatId === customerId)).toHaveLength(2);
  });
});
