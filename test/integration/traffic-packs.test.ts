import { describe, expect, it } from "vitest";
import type { Subscription } from "../../src/domain/books/index.js";
import { GB_BYTES } from "../../src/domain/books/index.js";
import type { Catalog } from "../../src/domain/catalog/index.js";
import { NODE_EDIT_DOUBT_MS } from "../../src/domain/provisioning/index.js";
import { fail } from "../fakes/http-fake.js";
import { ORDERS_ADMIN, ordersHarness } from "../helpers/orders-harness.js";
import { untilValue } from "../helpers/wait.js";

/**
 * Traffic packs through real BullMQ order workers against the three hosting fakes over HTTP:
 * each pack raises the limit once (absolute targets fixed once per order), in the subscription's
 * term chain with renewals, and never moves the expiry.
 */

const PACKS = [
  { id: "plus50", gb: 50, price: 40 },
  { id: "plus10", gb: 10, price: 10 },
];

/** The harness's plans with packs; `multi-gb`: a panel plan on two locations with 100 GB. */
function withPacks(base: Catalog): Catalog {
  const plans = base.plans.map((p) => (p.traffic_gb > 0 ? { ...p, traffic_packs: PACKS } : p));
  const multi = base.plans.find((p) => p.id === "multi");
  if (!multi) throw new Error("no multi plan");
  return {
    ...base,
    plans: [...plans, { ...multi, id: "multi-gb", traffic_gb: 100, traffic_packs: PACKS }],
  };
}

const h = ordersHarness(withPacks);
const { accountFake, panelFake, nodeFake, telegram, startWorker, paidOrder, paidRenewal, untilStatus } = h;

type Backend = "xui" | "panel" | "node";
const PLAN: Record<Backend, { id: string; price: number; gb: number }> = {
  xui: { id: "de-xui", price: 150, gb: 100 },
  panel: { id: "multi-gb", price: 300, gb: 100 },
  node: { id: "node", price: 120, gb: 50 },
};
const BACKENDS: Backend[] = ["xui", "panel", "node"];

/** The path of every traffic limit write of a backend (what a fault is armed on). */
const WRITE: Record<Backend, [string, string]> = {
  xui: ["PATCH", "/api/v1/servers/\\d+/clients/.+"],
  panel: ["PATCH", "/api/clients/.+"],
  node: ["PATCH", "(/api)?/edit"],
};
const fakeOf = (backend: Backend) =>
  backend === "xui" ? accountFake : backend === "panel" ? panelFake : nodeFake;

/** A customer with an active subscription of the backend's plan, some traffic used on it. */
async function activeSubscription(backend: Backend): Promise<{ customerId: number; sub: Subscription }> {
  const { customerId, orderId } = await paidOrder(PLAN[backend].id);
  // Without a worker the test drives the fulfilment itself.
  if (h.worker) await h.queue.enqueue(orderId);
  else await h.rooms.settlement.fulfilment.fulfil(orderId);
  await untilStatus(orderId, "active");
  const [sub] = await h.rooms.books.subscriptions.ofCustomer(customerId);
  if (!sub) throw new Error("no subscription");
  useTraffic(sub, 3.5);
  return { customerId, sub };
}

/** `gb` used on the client (per location for the panel). */
function useTraffic(sub: Subscription, gb: number): void {
  const ref = sub.ref;
  if (ref.kind === "xui") accountFake.setUsage(ref.serverId, ref.name, 0, Math.round(gb * GB_BYTES));
  if (ref.kind === "node") nodeFake.setTraffic(ref.name, 0, Math.round(gb * GB_BYTES));
  if (ref.kind === "panel")
    for (const l of ref.locations) panelFake.setUsage(l, ref.name, { trafficUsedGb: gb });
}

/** The client's traffic limit on every place it lives (GB). */
async function limits(sub: Subscription): Promise<Record<string, number>> {
  return h.rooms.provisioning.provisioner(sub.ref.kind).trafficLimits(sub.ref);
}

async function hostingExpiry(sub: Subscription): Promise<number> {
  return (await h.rooms.provisioning.provisioner(sub.ref.kind).state(sub.ref)).expiresAt;
}

/** Pack `packId` of `sub`, started and paid from the wallet (not queued). */
async function paidPack(customerId: number, sub: Subscription, packId = "plus50"): Promise<string> {
  const started = await h.rooms.sales.shop.packs.start(customerId, sub.id, packId, "en");
  if (!started.ok) throw new Error(started.reason);
  expect(started.order.kind).toBe("pack");
  expect((await h.rooms.sales.cashier.payFromBalance(customerId, started.order.id)).status).toBe("paid");
  return started.order.id;
}

const plus = (before: Record<string, number>, gb: number) =>
  Object.fromEntries(Object.entries(before).map(([k, v]) => [k, Math.round((v + gb) * 100) / 100]));

/** A node edit that answered 503 leaves its client in doubt; the shop's clock moves on meanwhile. */
async function passingDoubts<T>(wait: Promise<T>): Promise<T> {
  const timer = setInterval(() => h.clock.advance(NODE_EDIT_DOUBT_MS), 200);
  try {
    return await wait;
  } finally {
    clearInterval(timer);
  }
}

describe("traffic packs", () => {
  for (const backend of BACKENDS) {
    it(`${backend}: paid twice in a row, a pack adds twice; the expiry does not move`, async () => {
      startWorker({ chainWaitMs: 50 });
      const { customerId, sub } = await activeSubscription(backend);
      const before = await limits(sub);
      const expiry = await hostingExpiry(sub);
      for (const _ of [1, 2]) {
        const pack = await paidPack(customerId, sub);
        await h.queue.enqueue(pack);
        await untilStatus(pack, "active");
      }
      expect(await limits(sub)).toEqual(plus(before, 100));
      const record = await h.rooms.books.subscriptions.get(sub.id);
      expect(record?.trafficGb).toBe(PLAN[backend].gb + 100);
      expect(record?.expiresAt).toBe(sub.expiresAt);
      expect(await hostingExpiry(sub)).toBe(expiry);
      expect(await h.rooms.books.wallet.balance(customerId)).toBe(1000 - PLAN[backend].price - 2 * 40);
      await telegram.waitFor(
        (c) =>
          c.method === "sendMessage" &&
          c.chatId === customerId &&
          String(c.params.text).includes("50 GB added"),
      );
    });

    it(`${backend}: a write that landed with its answer lost adds once`, async () => {
      startWorker({ chainWaitMs: 50 });
      const { customerId, sub } = await activeSubscription(backend);
      const before = await limits(sub);
      const [method, path] = WRITE[backend];
      fakeOf(backend).loseAnswerNext(method, path);
      const pack = await paidPack(customerId, sub);
      await h.queue.enqueue(pack);
      await passingDoubts(untilStatus(pack, "active", 15_000));
      expect(await limits(sub)).toEqual(plus(before, 50));
      expect((await h.rooms.books.subscriptions.get(sub.id))?.trafficGb).toBe(PLAN[backend].gb + 50);
      expect(await h.rooms.books.wallet.balance(customerId)).toBe(1000 - PLAN[backend].price - 40);
    });

    it(`${backend}: two packs at once on one subscription add both, once each`, async () => {
      startWorker({ chainWaitMs: 50, concurrency: 4 });
      const { customerId, sub } = await activeSubscription(backend);
      const before = await limits(sub);
      const first = await paidPack(customerId, sub, "plus50");
      const second = await paidPack(customerId, sub, "plus10");
      await Promise.all([h.queue.enqueue(first), h.queue.enqueue(second)]);
      await untilStatus(first, "active");
      await untilStatus(second, "active");
      expect(await limits(sub)).toEqual(plus(before, 60));
      expect((await h.rooms.books.subscriptions.get(sub.id))?.trafficGb).toBe(PLAN[backend].gb + 60);
    });
  }

  it("xui: a pack whose every write lands but loses its answer is finished on its last attempt, not refunded", async () => {
    startWorker({ chainWaitMs: 50 });
    const { customerId, sub } = await activeSubscription("xui");
    const before = await limits(sub);
    accountFake.loseAnswerNext("PATCH", "/api/v1/servers/\\d+/clients/.+", undefined, 3);
    const pack = await paidPack(customerId, sub);
    await h.queue.enqueue(pack);
    const ended = await untilValue(
      () => h.orderStatus(pack),
      (s) => s === "active" || s === "refunded",
      15_000,
    );
    // Refunded, its 50 GB would stay on the client unpaid (and a charge again would add 50 more).
    expect(ended).toBe("active");
    expect(await limits(sub)).toEqual(plus(before, 50));
    expect(await h.rooms.books.wallet.balance(customerId)).toBe(1000 - PLAN.xui.price - 40);
  });

  it("panel: a crash after the limits landed and before the record took them finishes once on the retry", async () => {
    const { customerId, sub } = await activeSubscription("panel");
    const before = await limits(sub);
    const pack = await paidPack(customerId, sub);
    const { subscriptions } = h.rooms.books;
    const setAllowance = subscriptions.setAllowance.bind(subscriptions);
    subscriptions.setAllowance = async () => {
      throw new Error("the process died here");
    };
    try {
      await expect(h.rooms.settlement.fulfilment.fulfil(pack)).rejects.toThrow("died");
    } finally {
      subscriptions.setAllowance = setAllowance;
    }
    expect(await limits(sub)).toEqual(plus(before, 50));
    expect(await h.orderStatus(pack)).toBe("provisioning");
    // More traffic used meanwhile: the retry writes the target it fixed, not "what is there + 50".
    useTraffic(sub, 7);
    expect((await h.rooms.settlement.fulfilment.fulfil(pack)).outcome).toBe("active");
    expect(await limits(sub)).toEqual(plus(before, 50));
    expect((await subscriptions.get(sub.id))?.trafficGb).toBe(150);
    // Finished, the order keeps which pack it was (its target is trimmed away): a notice whose
    // sending failed is sent again from it, and a refund could be charged again.
    const finished = await h.rooms.books.orders.get(pack);
    expect(finished).toMatchObject({ status: "active", packId: "plus50" });
    expect(finished?.trafficTarget).toBeUndefined();
    const again = finished && (await h.rooms.settlement.fulfilment.finished(finished));
    expect(again?.pack).toEqual({ gb: 50, allowanceGb: 150 });
  });

  it("node: a pack given up on while its edit may land or its client cannot be read is not refunded; read, its landed write finishes it", async () => {
    const { customerId, sub } = await activeSubscription("node");
    const before = await limits(sub);
    const { fulfilment } = h.rooms.settlement;
    const pack = await paidPack(customerId, sub);
    nodeFake.loseAnswerNext("PATCH", "(/api)?/edit");
    await expect(fulfilment.fulfil(pack)).rejects.toThrow();
    // The edit may still land: nothing is decided within the node's doubt window.
    await expect(fulfilment.fail(pack, "given up")).rejects.toThrow("may still land");
    h.clock.advance(NODE_EDIT_DOUBT_MS + 1_000);
    nodeFake.forceError("GET", `/clients/${sub.ref.name}`, 503, "unavailable");
    await expect(fulfilment.fail(pack, "given up")).rejects.toThrow("not given up on yet");
    expect(await h.orderStatus(pack)).toBe("provisioning");
    expect(await fulfilment.fail(pack, "given up")).toBeUndefined();
    expect(await h.orderStatus(pack)).toBe("active");
    expect(await limits(sub)).toEqual(plus(before, 50));
    expect(await h.rooms.books.wallet.balance(customerId)).toBe(1000 - PLAN.node.price - 40);
  });

  it("panel: a pack that reached one location and was refused at the other is set back there, then refunded", async () => {
    startWorker({ chainWaitMs: 50 });
    const { customerId, sub } = await activeSubscription("panel");
    const before = await limits(sub);
    // Location 2 refuses the write for good; the main panel took it.
    panelFake.failNext("PATCH", "/api/fed/lproxy/2/clients/.+", fail(400, "refused"));
    const pack = await paidPack(customerId, sub);
    await h.queue.enqueue(pack);
    await untilStatus(pack, "refunded");
    // Refunded, and nothing of it left on the main panel (else 50 GB there would be unpaid).
    expect(await limits(sub)).toEqual(before);
    expect((await h.rooms.books.subscriptions.get(sub.id))?.trafficGb).toBe(100);
    expect(await h.rooms.books.wallet.balance(customerId)).toBe(1000 - PLAN.panel.price);
  });

  it("a pack refused for good (its client is gone) is refunded, the customer and the admins are told", async () => {
    startWorker({ chainWaitMs: 50 });
    const { customerId, sub } = await activeSubscription("node");
    const pack = await paidPack(customerId, sub);
    await h.rooms.provisioning.provisioner("node").remove(sub.ref);
    await h.queue.enqueue(pack);
    await untilStatus(pack, "refunded");
    expect(await h.rooms.books.wallet.balance(customerId)).toBe(1000 - PLAN.node.price);
    await telegram.waitFor(
      (c) =>
        c.method === "sendMessage" &&
        c.chatId === customerId &&
        String(c.params.text).includes("could not add the traffic pack"),
    );
    await telegram.waitFor(
      (c) => c.method === "sendMessage" && String(c.params.text).includes(`Traffic pack ${pack}`),
    );
    // It left its place in the chain: a renewal after it is not held up.
    expect(await h.rooms.terms.terms.chain.open(sub.id)).toEqual([]);
  });

  it("a refunded pack charged again by an admin is the same pack at its price, added once", async () => {
    const { customerId, sub } = await activeSubscription("xui");
    const before = await limits(sub);
    const pack = await paidPack(customerId, sub);
    const { fulfilment } = h.rooms.settlement;
    expect((await fulfilment.fail(pack, "given up"))?.refunded).toBe(40);
    const { chargeAgain } = h.rooms.backoffice;
    const offer = await chargeAgain.offer(customerId, pack);
    if (offer.status !== "offer") throw new Error(offer.status);
    expect(offer.price).toBe(40);
    const done = await chargeAgain.confirm(ORDERS_ADMIN, customerId, pack, offer.token);
    if (done.status !== "queued") throw new Error(done.status);
    expect(done.order).toMatchObject({ kind: "pack", packId: "plus50", subscriptionId: sub.id, price: 40 });
    expect((await fulfilment.fulfil(done.order.id)).outcome).toBe("active");
    expect(await limits(sub)).toEqual(plus(before, 50));
    expect(await h.rooms.books.wallet.balance(customerId)).toBe(1000 - PLAN.xui.price - 40);
  });

  it("an access with no limit on the hosting side takes no pack: refused for good and refunded", async () => {
    const { customerId, sub } = await activeSubscription("xui");
    const pack = await paidPack(customerId, sub);
    await h.rooms.provisioning.provisioner("xui").setLimits(sub.ref, { trafficGb: 0 });
    await expect(h.rooms.settlement.fulfilment.fulfil(pack)).rejects.toThrow("unlimited");
    const failed = await h.rooms.settlement.fulfilment.fail(pack, "unlimited");
    expect(failed?.refunded).toBe(40);
    expect((await limits(sub))[""]).toBe(0);
  });
});

describe("traffic packs and renewals", () => {
  it("a renewal after a pack gives the plan's allowance afresh: unused pack traffic does not carry over", async () => {
    startWorker({ chainWaitMs: 50 });
    const { customerId, sub } = await activeSubscription("xui");
    const pack = await paidPack(customerId, sub);
    await h.queue.enqueue(pack);
    await untilStatus(pack, "active");
    useTraffic(sub, 20);
    const renewal = await paidRenewal(customerId, sub.id);
    await h.queue.enqueue(renewal);
    await untilStatus(renewal, "active");
    // The new term: what is used so far plus the plan's 100 GB, the pack's 50 GB gone.
    expect(await limits(sub)).toEqual({ "": 120 });
    expect((await h.rooms.books.subscriptions.get(sub.id))?.trafficGb).toBe(100);
  });

  it("a pack after a renewal adds on top of the new term's allowance", async () => {
    startWorker({ chainWaitMs: 50 });
    const { customerId, sub } = await activeSubscription("panel");
    const renewal = await paidRenewal(customerId, sub.id);
    await h.queue.enqueue(renewal);
    await untilStatus(renewal, "active");
    const pack = await paidPack(customerId, sub);
    await h.queue.enqueue(pack);
    await untilStatus(pack, "active");
    expect(await limits(sub)).toEqual({ main: 153.5, "2": 153.5 });
    expect((await h.rooms.books.subscriptions.get(sub.id))?.trafficGb).toBe(150);
  });

  it("a renewal and a pack paid at once take turns: the pack lands on the new term, added once", async () => {
    startWorker({ chainWaitMs: 50, concurrency: 4 });
    const { customerId, sub } = await activeSubscription("node");
    // The renewal's write fails once, so the pack is queued while the renewal still holds its place.
    nodeFake.forceError("PATCH", "/edit", 401, "unauthorized", 1);
    const renewal = await paidRenewal(customerId, sub.id);
    await h.queue.enqueue(renewal);
    await untilValue(
      () => h.rooms.books.orders.get(renewal),
      (o) => Boolean(o?.error),
    );
    const pack = await paidPack(customerId, sub);
    await h.queue.enqueue(pack);
    await untilStatus(renewal, "active");
    await untilStatus(pack, "active");
    // 3.5 GB used + the plan's 50 GB (the renewal), then + 50 GB (the pack).
    expect(await limits(sub)).toEqual({ "": 103.5 });
    const record = await h.rooms.books.subscriptions.get(sub.id);
    expect(record?.trafficGb).toBe(100);
    expect(record?.expiresAt).toBeGreaterThan(sub.expiresAt);
  });

  it("two workers (as in two processes) take packs of one subscription in turn", async () => {
    const one = startWorker({ chainWaitMs: 50, concurrency: 1 });
    const { customerId, sub } = await activeSubscription("panel");
    // A second worker on the same queue, as a second process would be.
    startWorker({ chainWaitMs: 50, concurrency: 1 });
    try {
      const before = await limits(sub);
      panelFake.delayNext("PATCH", "/api/clients/.+", 300);
      const first = await paidPack(customerId, sub);
      const second = await paidPack(customerId, sub, "plus10");
      await Promise.all([h.queue.enqueue(first), h.queue.enqueue(second)]);
      await untilStatus(first, "active");
      await untilStatus(second, "active");
      expect(await limits(sub)).toEqual(plus(before, 60));
    } finally {
      await one.close();
    }
  });

  it("a pack's failed write does not stop it: retried, it still adds once", async () => {
    startWorker({ chainWaitMs: 50 });
    const { customerId, sub } = await activeSubscription("xui");
    const before = await limits(sub);
    accountFake.failNext("PATCH", "/api/v1/servers/\\d+/clients/.+", fail(503, "down"), 2);
    const pack = await paidPack(customerId, sub);
    await h.queue.enqueue(pack);
    await untilStatus(pack, "active", 15_000);
    expect(await limits(sub)).toEqual(plus(before, 50));
  });
});
