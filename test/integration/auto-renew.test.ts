import type { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { isInFlightStatus, type Subscription } from "../../src/domain/books/index.js";
import type { Catalog } from "../../src/domain/catalog/index.js";
import { createShopServices, type ShopRooms } from "../../src/domain/index.js";
import { AutoRenew, type AutoRenewDeps, type AutoRenewOutcome } from "../../src/domain/sales/index.js";
import { DAY, HOUR, MINUTE } from "../../src/runtime/clock.js";
import { createLogger } from "../../src/runtime/logger.js";
import { sweepOrders } from "../../src/workers/order-sweep.js";
import { OrderQueue } from "../../src/workers/queues.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import { fail } from "../fakes/http-fake.js";
import { makeSalesRig, type SalesRig, type ShopAccount, startShopAccount } from "../helpers/sales-rig.js";
import { untilValue } from "../helpers/wait.js";

/*
 * Issue 26, auto-renew from the balance, on real Redis, the Account API fake and a real BullMQ order
 * worker: a due subscription is renewed by an ordinary renewal order (Shop.startRenewal, paid by
 * Cashier.payFromBalance, fulfilled by the order worker), charged once and extended once whatever
 * runs at once (two workers, a second process, a top-up) and wherever a process dies; and never for
 * what a manual renewal would refuse.
 */

const account = new FakeAccountApi();
let shop: ShopAccount;
let rig: SalesRig;
let catalog: Catalog;
/** Enqueues that fail before reaching the queue (a crash between the charge and the queue). */
let failEnqueues = 0;

beforeAll(async () => {
  shop = await startShopAccount(account);
  const plan = {
    title: { en: "Germany", ru: "Германия" },
    days: 30,
    traffic_gb: 100,
    devices: 0,
    price: 150,
  };
  const backend = { kind: "xui" as const, servers: [shop.serverId] };
  catalog = {
    currency: "XTR",
    trial: { days: 1, traffic_gb: 1, plan: "de-xui" },
    plans: [
      { id: "de-xui", ...plan, backend },
      // Retired: sold to nobody new, renewed like any plan in force (Shop.plan, Cashier's planSold).
      { id: "old", ...plan, title: { en: "Old plan", ru: "Старый" }, price: 100, on_sale: false, backend },
    ],
  };
  rig = await makeSalesRig({
    catalog,
    accountUrl: account.url,
    accountApiKey: shop.key,
    enqueue: async (queue, id) => {
      if (failEnqueues > 0) {
        failEnqueues--;
        throw new Error("crashed before the order was queued");
      }
      await queue.enqueue(id);
    },
  });
  // The fake counts xui days by the shop's clock (tests move it to a subscription's window).
  account.now = () => rig.clock.now();
  rig.startWorker();
});
afterAll(async () => {
  await rig.close();
  await account.stop();
});
beforeEach(() => {
  rig.clock.set(Date.now());
  failEnqueues = 0;
});
afterEach(async () => {
  await rig.t.deps.catalog.settings.setAutoRenewDays(1);
});

const rooms = () => rig.t.deps;
let nextCustomer = 26_000;

interface Due {
  customerId: number;
  sub: Subscription;
}

/** A customer with `balance` and an xui subscription expiring in `expiresIn`, auto-renew on. */
async function dueSubscription(
  opts: { balance?: number; planId?: string; expiresIn?: number; on?: boolean } = {},
): Promise<Due> {
  const { books, sales } = rooms();
  const customerId = nextCustomer++;
  await books.customers.seen({ id: customerId, firstName: `C${customerId}`, locale: "en" });
  const balance = opts.balance ?? 400;
  if (balance > 0)
    await books.wallet.credit(customerId, balance, `seed:${customerId}`, { kind: "admin-credit" });
  const name = `c${customerId}-auto`;
  const expiresAt = rig.clock.now() + (opts.expiresIn ?? 12 * HOUR);
  account.addClient(shop.serverId, { email: name, totalGb: 100, expiryMs: expiresAt });
  const sub = await books.subscriptions.create(`otest${customerId}`, {
    customerId,
    planId: opts.planId ?? "de-xui",
    ref: { kind: "xui", serverId: shop.serverId, name },
    links: { links: ["vless://x"], subscriptionUrl: undefined },
    expiresAt,
    trafficGb: 100,
    devices: 0,
    trial: false,
  });
  if (opts.on !== false)
    expect(await sales.autoRenew.set(customerId, sub.id, true)).toEqual({ ok: true, on: true });
  return { customerId, sub };
}

/** What a run came to for these subscriptions (others of earlier tests may be due too). */
function kindsOf(outcomes: AutoRenewOutcome[], ...of: Due[]): string[] {
  const ids = new Set(of.map((d) => d.sub.id));
  return outcomes.filter((o) => ids.has(o.sub.id)).map((o) => o.kind);
}

/** The customer's renewal debits in the ledger. */
async function renewalDebits(customerId: number): Promise<number[]> {
  const { entries } = await rooms().books.wallet.history(customerId, 0, 100);
  return entries.filter((e) => e.kind === "renewal").map((e) => e.amount);
}

/** The customer's renewal orders, newest first. */
async function renewals(customerId: number) {
  return (await rooms().books.orders.ofCustomer(customerId, 100)).filter((o) => o.kind === "renewal");
}

/**
 * Waits until a renewal of the customer is active and none is in flight, then the subscription's
 * record. (An order a late look opened and did not pay may stay open: it is never paid by it.)
 */
async function settled(due: Due): Promise<Subscription | undefined> {
  await untilValue(
    () => renewals(due.customerId),
    (list) => list.some((o) => o.status === "active") && !list.some((o) => isInFlightStatus(o.status)),
  );
  return rooms().books.subscriptions.get(due.sub.id);
}

/** Renewed exactly once: one debit of the price, one active renewal, the term moved by 30 days. */
async function renewedOnce(due: Due, price = 150): Promise<void> {
  const sub = await settled(due);
  expect(await renewalDebits(due.customerId)).toEqual([-price]);
  expect((await renewals(due.customerId)).filter((o) => o.status === "active")).toHaveLength(1);
  expect(sub?.expiresAt).toBe(due.sub.expiresAt + 30 * DAY);
  const hosting = account.client(shop.serverId, due.sub.ref.name)?.expiryMs ?? 0;
  // xui counts whole days (rounded up): at or above the target, never a second term.
  expect(hosting).toBeGreaterThanOrEqual(due.sub.expiresAt + 30 * DAY - 1_000);
  expect(hosting).toBeLessThan(due.sub.expiresAt + 31 * DAY);
}

/** A second process on the same Redis and queue: its own connection and services. */
async function secondProcess(): Promise<{ rooms: ShopRooms; close: () => Promise<void> }> {
  const redis: Redis = rig.redis.duplicate();
  const queue = new OrderQueue(redis);
  const other = createShopServices({
    redis,
    clock: rig.clock,
    catalog: () => catalog,
    hosting: rig.t.hosting,
    logger: createLogger("silent"),
    accountKey: rig.t.accountKey,
    jobs: { enqueueOrder: (id) => queue.enqueue(id), enqueueTermChange: (id) => queue.enqueueTermChange(id) },
  });
  return {
    rooms: other,
    close: async () => {
      await queue.close();
      await redis.quit();
    },
  };
}

/** An AutoRenew on the rig's services with some of them replaced (a process that dies mid-way). */
function autoRenewWith(replace: Partial<AutoRenewDeps>): AutoRenew {
  const { books, sales, catalog: c } = rooms();
  return new AutoRenew({
    redis: rig.redis,
    clock: rig.clock,
    logger: createLogger("silent"),
    settings: c.settings,
    customers: books.customers,
    wallet: books.wallet,
    orders: books.orders,
    subscriptions: books.subscriptions,
    shop: sales.shop,
    cashier: sales.cashier,
    ...replace,
  });
}

const crash = () => {
  throw new Error("the process died here");
};

describe("auto-renew from the balance", () => {
  it("renews a due subscription by an ordinary renewal order: charged once, extended once, in the ledger and the order list", async () => {
    const due = await dueSubscription();
    const early = await dueSubscription({ expiresIn: 2 * DAY });
    const off = await dueSubscription({ on: false });

    const outcomes = await rooms().sales.autoRenew.runDue();
    expect(kindsOf(outcomes, due, early, off)).toEqual(["renewed"]);
    await renewedOnce(due);
    const [order] = await renewals(due.customerId);
    expect(order).toMatchObject({
      kind: "renewal",
      subscriptionId: due.sub.id,
      price: 150,
      status: "active",
    });
    const { entries } = await rooms().books.wallet.history(due.customerId, 0, 10);
    expect(entries[0]).toMatchObject({ kind: "renewal", ref: order?.id, amount: -150, planId: "de-xui" });
    // Renewed: out of the window; a second run adds nothing.
    expect(kindsOf(await rooms().sales.autoRenew.runDue(), due, early, off)).toEqual([]);
    for (const other of [early, off]) expect(await renewals(other.customerId)).toEqual([]);

    // Two days before expiry is in the window when the admins set two days (or more).
    await rooms().catalog.settings.setAutoRenewDays(3);
    const later = await rooms().sales.autoRenew.runDue();
    expect(later.filter((o) => [due, early, off].some((d) => d.sub.id === o.sub.id))).toEqual([
      expect.objectContaining({ kind: "renewed", sub: expect.objectContaining({ id: early.sub.id }) }),
    ]);
    await renewedOnce(early);
    expect(await renewals(off.customerId)).toEqual([]);
  });

  it("two workers and a second process at the auto-renew moment charge once and extend once", async () => {
    const due = await dueSubscription();
    const other = await secondProcess();
    try {
      const runs = await Promise.all([
        rooms().sales.autoRenew.runDue(),
        rooms().sales.autoRenew.runDue(),
        other.rooms.sales.autoRenew.runDue(),
        other.rooms.sales.autoRenew.afterTopUp(due.customerId),
      ]);
      const kinds = runs
        .flat()
        .filter((o) => o.sub.id === due.sub.id)
        .map((o) => o.kind);
      expect(kinds.filter((k) => k === "renewed")).toHaveLength(1);
      expect(kinds.every((k) => k === "renewed" || k === "done")).toBe(true);
    } finally {
      await other.close();
    }
    await renewedOnce(due);
  });

  it("a worker whose look began before another paid the term (a slow hosting read) pays nothing more", async () => {
    const due = await dueSubscription();
    const { shop: s } = rooms().sales;
    let first: Promise<AutoRenewOutcome[]> | undefined;
    // Its checks ran before the other worker paid; its order is opened only after that payment.
    const slow = autoRenewWith({
      shop: {
        plan: (id) => s.plan(id),
        priceOf: (p) => s.priceOf(p),
        renewalsInFlight: (sub) => s.renewalsInFlight(sub),
        startRenewal: async (...args) => {
          first = rooms().sales.autoRenew.runDue();
          await first;
          return s.startRenewal(...args);
        },
      },
    });
    const late = await slow.runDue();
    expect(kindsOf(await (first ?? Promise.resolve([])), due)).toEqual(["renewed"]);
    expect(kindsOf(late, due)).toEqual(["done"]);
    await renewedOnce(due);
  });

  const crashes: [string, () => AutoRenew][] = [
    [
      "after the renewal order was opened",
      () => {
        const { shop: s } = rooms().sales;
        return autoRenewWith({
          shop: {
            plan: (id) => s.plan(id),
            priceOf: (p) => s.priceOf(p),
            renewalsInFlight: (sub) => s.renewalsInFlight(sub),
            startRenewal: async (...args) => {
              await s.startRenewal(...args);
              return crash();
            },
          },
        });
      },
    ],
    [
      "after the order was named for the term, before the charge",
      () => autoRenewWith({ cashier: { payable: crash, payFromBalance: crash } }),
    ],
    [
      "after the charge, its answer lost",
      () => {
        const { cashier } = rooms().sales;
        return autoRenewWith({
          cashier: {
            payable: (...args) => cashier.payable(...args),
            payFromBalance: async (...args) => {
              await cashier.payFromBalance(...args);
              return crash();
            },
          },
        });
      },
    ],
  ];
  for (const [where, dying] of crashes) {
    it(`a process dying ${where}, then a restart, charges once and extends once`, async () => {
      const due = await dueSubscription();
      // The look at this subscription dies (the others of the run go on: none here renews it).
      expect(kindsOf(await dying().runDue(), due)).toEqual([]);
      rig.clock.advance(MINUTE);
      const again = await rooms().sales.autoRenew.runDue();
      expect(kindsOf(again, due)).toEqual([where.includes("lost") ? "done" : "renewed"]);
      await renewedOnce(due);
    });
  }

  it("one subscription whose look fails holds up none of the others; the next look renews it", async () => {
    const bad = await dueSubscription({ expiresIn: 6 * HOUR });
    const good = await dueSubscription({ expiresIn: 7 * HOUR });
    const { shop: s } = rooms().sales;
    const failing = autoRenewWith({
      shop: {
        plan: (id) => s.plan(id),
        priceOf: (p) => s.priceOf(p),
        renewalsInFlight: (sub) => s.renewalsInFlight(sub),
        startRenewal: (customerId, ...rest) =>
          customerId === bad.customerId ? crash() : s.startRenewal(customerId, ...rest),
      },
    });
    // The failing one comes first in the window (it expires sooner).
    const first = await failing.runDue();
    expect(kindsOf(first, bad)).toEqual([]);
    expect(kindsOf(first, good)).toEqual(["renewed"]);
    expect(kindsOf(await rooms().sales.autoRenew.runDue(), bad)).toEqual(["renewed"]);
    await renewedOnce(good);
    await renewedOnce(bad);
  });

  it("a crash between the charge and the queue: the restart charges nothing more, the order sweep queues it", async () => {
    const due = await dueSubscription();
    failEnqueues = 1;
    expect(kindsOf(await rooms().sales.autoRenew.runDue(), due)).toEqual([]);
    expect(failEnqueues).toBe(0);
    const [paid] = await renewals(due.customerId);
    expect(paid?.status).toBe("paid");
    expect(await rooms().books.orders.openIds()).toContain(paid?.id);
    expect(kindsOf(await rooms().sales.autoRenew.runDue(), due)).toEqual(["done"]);
    expect(await renewalDebits(due.customerId)).toEqual([-150]);
    const { books, settlement, terms } = rooms();
    const swept = await sweepOrders({
      ...{ redis: rig.redis, orders: books.orders, queue: rig.queue, notifier: rig.notifier },
      ...{
        fulfilment: settlement.fulfilment,
        afterActive: settlement.afterActive,
        termChanges: terms.changes,
      },
      clock: rig.clock,
      logger: createLogger("silent"),
      graceMs: 0,
    });
    expect(swept.requeued).toBeGreaterThanOrEqual(1);
    await renewedOnce(due);
  });

  it("a short balance opens no order and charges nothing; a top-up inside the window renews at once", async () => {
    const due = await dueSubscription({ balance: 100 });
    const short = (await rooms().sales.autoRenew.runDue()).filter((o) => o.sub.id === due.sub.id);
    expect(short).toEqual([expect.objectContaining({ kind: "short", price: 150, balance: 100 })]);
    expect(await rooms().books.orders.ofCustomer(due.customerId)).toEqual([]);
    // The top-up comes as a Telegram payment (the bot's handler and the inbox worker settle it so).
    const { cashier } = rooms().sales;
    const started = await cashier.startTopUp(due.customerId, 100);
    if (!started.ok) throw new Error("top-up refused");
    const payment = { chargeId: `charge-${due.customerId}`, payerId: due.customerId, amount: 100 };
    const settledPayment = await rooms().settlement.paymentInbox.settle({
      ...payment,
      payload: `t:${started.id}`,
    });
    expect(settledPayment.autoRenewed.map((o) => o.subscriptionId)).toEqual([due.sub.id]);
    await renewedOnce(due);
    expect(await rooms().books.wallet.balance(due.customerId)).toBe(50);
  });

  it("a top-up outside the window renews nothing (the task renews it when it is due)", async () => {
    const due = await dueSubscription({ balance: 0, expiresIn: 5 * DAY });
    const { cashier } = rooms().sales;
    const started = await cashier.startTopUp(due.customerId, 500);
    if (!started.ok) throw new Error("top-up refused");
    const paid = await rooms().settlement.paymentInbox.settle({
      chargeId: `charge-${due.customerId}`,
      payerId: due.customerId,
      payload: `t:${started.id}`,
      amount: 500,
    });
    expect(paid.autoRenewed).toEqual([]);
    expect(await rooms().books.orders.ofCustomer(due.customerId)).toEqual([]);
    rig.clock.advance(4 * DAY + HOUR);
    expect(kindsOf(await rooms().sales.autoRenew.runDue(), due)).toEqual(["renewed"]);
    await renewedOnce(due);
  });

  it("a renewal that failed and was refunded is not tried again for that term (no charge and refund every minute)", async () => {
    const due = await dueSubscription();
    const path = `/api/v1/servers/${shop.serverId}/clients/${due.sub.ref.name}`;
    account.failNext("PATCH", path, fail(400, "client locked"), 20);
    expect(kindsOf(await rooms().sales.autoRenew.runDue(), due)).toEqual(["renewed"]);
    const [order] = await renewals(due.customerId);
    await untilValue(
      () => rooms().books.orders.get(order?.id ?? ""),
      (o) => o?.status === "refunded",
    );
    account.disarm();
    rig.clock.advance(MINUTE);
    expect(kindsOf(await rooms().sales.autoRenew.runDue(), due)).toEqual(["done"]);
    expect(await renewals(due.customerId)).toHaveLength(1);
    expect(await rooms().books.wallet.balance(due.customerId)).toBe(400);
    expect((await rooms().books.subscriptions.get(due.sub.id))?.expiresAt).toBe(due.sub.expiresAt);
  });

  it("renews nothing while the shop is closed for maintenance, and renews once it opens", async () => {
    const due = await dueSubscription();
    const { maintenance } = rooms().catalog;
    await maintenance.close({ by: 1 });
    try {
      const held = (await rooms().sales.autoRenew.runDue()).find((o) => o.sub.id === due.sub.id);
      expect(held).toMatchObject({ kind: "refused", reason: "maintenance" });
      expect(await renewals(due.customerId)).toEqual([]);
    } finally {
      await maintenance.open();
    }
    expect(kindsOf(await rooms().sales.autoRenew.runDue(), due)).toEqual(["renewed"]);
    await renewedOnce(due);
  });

  it("a retired plan still renews on its own terms, as a manual renewal does", async () => {
    const due = await dueSubscription({ planId: "old" });
    expect(kindsOf(await rooms().sales.autoRenew.runDue(), due)).toEqual(["renewed"]);
    await renewedOnce(due, 100);
  });

  it("never renews for a blocked customer, a disabled, removed or trial subscription, or one whose hosting side cannot be read", async () => {
    const { books, sales } = rooms();
    const blocked = await dueSubscription();
    await books.customers.setBlocked(blocked.customerId, true);
    const disabled = await dueSubscription();
    const client = account.client(shop.serverId, disabled.sub.ref.name);
    if (client) client.enable = false;
    const removed = await dueSubscription();
    await books.subscriptions.markRemoved(removed.sub.id);
    const trial = await dueSubscription({ on: false });
    await books.subscriptions.create("otrial-auto", {
      ...trial.sub,
      trial: true,
      links: { links: [], subscriptionUrl: undefined },
    });
    // A trial cannot be switched on; one forced into the set is still not renewed.
    expect(await sales.autoRenew.set(trial.customerId, "strial-auto", true)).toEqual({
      ok: false,
      reason: "trial",
    });
    await rig.redis.sadd("autorenew:on", "strial-auto");
    const unreadable = await dueSubscription();
    // Every attempt of the read (GETs are retried) answers 503.
    account.failNext(
      "GET",
      `/api/v1/servers/${shop.serverId}/clients/${unreadable.sub.ref.name}`,
      fail(503, "down"),
      5,
    );

    const outcomes = await sales.autoRenew.runDue();
    account.disarm();
    const by = new Map(outcomes.map((o) => [o.sub.id, o.kind === "refused" ? o.reason : o.kind]));
    expect(by.get(blocked.sub.id)).toBe("blocked");
    expect(by.get(disabled.sub.id)).toBe("subscription-disabled");
    expect(by.get(unreadable.sub.id)).toBe("hosting-unknown");
    expect(by.has(removed.sub.id)).toBe(false);
    expect(by.has("strial-auto")).toBe(false);
    for (const who of [blocked, disabled, removed, trial, unreadable]) {
      expect(await renewalDebits(who.customerId)).toEqual([]);
      expect(await renewals(who.customerId)).toEqual([]);
    }
    // Once readable, the next run renews it.
    expect((await sales.autoRenew.runDue()).find((o) => o.sub.id === unreadable.sub.id)?.kind).toBe(
      "renewed",
    );
    await renewedOnce(unreadable);
  });

  it("a renewal the customer paid by hand is not doubled; the lead never exceeds the plan's own term", async () => {
    const due = await dueSubscription();
    const { sales } = rooms();
    const manual = await sales.shop.startRenewal(due.customerId, due.sub.id, "en");
    if (!manual.ok) throw new Error(manual.reason);
    // Paid but not queued yet: a renewal in flight the task must not add a second one beside.
    failEnqueues = 1;
    await expect(sales.cashier.payFromBalance(due.customerId, manual.order.id)).rejects.toThrow();
    expect(kindsOf(await sales.autoRenew.runDue(), due)).toEqual(["done"]);
    await rig.queue.enqueue(manual.order.id);
    await renewedOnce(due);

    // With 30 days set, a 30-day term just renewed (30 days and 12 hours left) is not due again.
    await rooms().catalog.settings.setAutoRenewDays(30);
    rig.clock.advance(MINUTE);
    expect(kindsOf(await sales.autoRenew.runDue(), due)).toEqual([]);
  });
});
