import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { computeStats, countAudience } from "../../src/domain/backoffice/index.js";
import { CUSTOMERS_REACH } from "../../src/domain/books/index.js";
import { DAY, HOUR } from "../../src/runtime/clock.js";
import { seedCustomer, seedSubscription } from "../helpers/shop-seed.js";
import { createWorkerHarness, type WorkerHarness } from "../helpers/worker-harness.js";

/**
 * The admin's Sales and Broadcast screens read counters and indexes kept up to date where the
 * data changes: what they send to Redis does not grow with the shop's customers, orders and
 * subscriptions. Counted as commands sent (every command of ioredis, pipelined or not, goes
 * through `sendCommand`), not as time.
 */

let h: WorkerHarness;
const NOW = Date.UTC(2026, 5, 15, 12);

beforeAll(async () => {
  h = await createWorkerHarness({ now: NOW });
});
afterAll(() => h.close());

/** How many commands `body` sends through `redis`. */
async function commandsOf(redis: Redis, body: () => Promise<unknown>): Promise<number> {
  const original = redis.sendCommand;
  let sent = 0;
  redis.sendCommand = function (this: Redis, ...args: Parameters<Redis["sendCommand"]>) {
    sent++;
    return original.apply(this, args);
  } as Redis["sendCommand"];
  try {
    await body();
  } finally {
    redis.sendCommand = original;
  }
  return sent;
}

let nextId = 50_000;
/** A customer who bought de-xui from the wallet (finished), with its subscription `expiresAt`. */
async function buyer(expiresAt: number): Promise<number> {
  const { customers, wallet, orders } = h.rooms.books;
  const id = nextId++;
  await seedCustomer(h.rooms, id);
  await wallet.credit(id, 150, `gift:${id}`, { kind: "admin-credit" });
  const order = await orders.create({
    kind: "purchase",
    customerId: id,
    planId: "de-xui",
    price: 150,
    currency: "XTR",
    locale: "en",
  });
  const paid = await wallet.debit(id, 150, `order:${order.id}`, {
    kind: "purchase",
    ref: order.id,
    planId: "de-xui",
  });
  expect(paid.ok).toBe(true);
  await orders.transition(order.id, ["awaiting_payment"], "active");
  await seedSubscription(h.rooms, order.id, { customerId: id, expiresAt });
  expect(await customers.get(id)).toBeDefined();
  return id;
}

const statsDeps = () => ({ ...h.rooms.books, catalog: h.rooms.catalog.current, clock: h.clock });
const audienceDeps = () => ({ ...h.rooms.books, clock: h.clock });

describe("the Sales and Broadcast screens read counters, not every customer", () => {
  it("read the same few keys with 10 customers and with 210", async () => {
    for (let i = 0; i < 10; i++) await buyer(NOW + 10 * DAY);
    const salesSmall = await commandsOf(h.redis, () => computeStats(statsDeps(), "30d"));
    const audienceSmall = await commandsOf(h.redis, () => countAudience(audienceDeps()));
    expect((await computeStats(statsDeps(), "30d")).total.orders.purchase).toBe(10);
    expect(await countAudience(audienceDeps())).toEqual({ all: 10, active: 10 });

    for (let i = 0; i < 200; i++) await buyer(i % 2 === 0 ? NOW + DAY : NOW - HOUR);
    const salesBig = await commandsOf(h.redis, () => computeStats(statsDeps(), "30d"));
    const audienceBig = await commandsOf(h.redis, () => countAudience(audienceDeps()));
    const stats = await computeStats(statsDeps(), "30d");
    expect(stats.total).toEqual({
      newCustomers: 210,
      orders: { purchase: 210, renewal: 0, trial: 0, pack: 0, seat: 0, seats: 0, switch: 0 },
      revenue: 210 * 150,
    });
    expect(await countAudience(audienceDeps())).toEqual({ all: 210, active: 110 });

    expect(salesBig).toBe(salesSmall);
    expect(audienceBig).toBe(audienceSmall);
    // A month of days and a handful of counts: never a read per customer, order or entry.
    expect(salesBig).toBeLessThanOrEqual(2 * 30 + 5);
    expect(audienceBig).toBeLessThanOrEqual(5);
  });

  it("keep the audience counts true as customers are blocked, come back, renew and lose access", async () => {
    const { customers, subscriptions } = h.rooms.books;
    const counts = () => countAudience(audienceDeps());
    const start = await counts();
    const a = await buyer(NOW - DAY); // expired yesterday
    const b = await buyer(0); // no expiry: active
    expect(await counts()).toEqual({ all: start.all + 2, active: start.active + 1 });

    await customers.setBlocked(b, true);
    await customers.markBotBlocked(a);
    expect(await counts()).toEqual(start);
    await customers.setBlocked(b, false);
    await seedCustomer(h.rooms, a); // writes again: no longer bot-blocked
    expect(await counts()).toEqual({ all: start.all + 2, active: start.active + 1 });

    const [subA] = await subscriptions.ofCustomer(a);
    await subscriptions.setTerm(subA?.id ?? "", NOW + 30 * DAY); // renewed
    expect(await counts()).toEqual({ all: start.all + 2, active: start.active + 2 });
    const [subB] = await subscriptions.ofCustomer(b);
    await subscriptions.markRemoved(subB?.id ?? ""); // an admin deleted its client
    expect(await counts()).toEqual({ all: start.all + 2, active: start.active + 1 });

    // Customers recorded before the index existed are indexed once by the backfill.
    await h.redis.del(CUSTOMERS_REACH);
    expect(await counts()).toEqual({ all: 0, active: 0 });
    expect(await customers.backfillReach(100, 7)).toBe(start.all + 2);
    expect(await counts()).toEqual({ all: start.all + 2, active: start.active + 1 });
    expect(await customers.backfillReach()).toBe(0);
  });
});
