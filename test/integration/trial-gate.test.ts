import { Api } from "grammy";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Subscription, subscriptionKeys } from "../../src/domain/books/index.js";
import { createShopServices } from "../../src/domain/index.js";
import { gateKeys, TRIAL_RECHECK_MS, TRIAL_RETRY_MS } from "../../src/domain/sales/index.js";
import { createLogger } from "../../src/runtime/logger.js";
import { telegramChats } from "../../src/runtime/telegram-chats.js";
import { ORDERS_TOKEN, ordersHarness } from "../helpers/orders-harness.js";

/*
 * A trial taken through the channel gate is paused on the hosting side when its owner leaves the
 * channel and resumed when they are back: real BullMQ order workers provision it on the three
 * hosting fakes over HTTP; the watch runs as the periodic task does (runDue), with lost answers,
 * crashes between steps, two processes at once, and an admin's own ban.
 */

const h = ordersHarness();
const NEWS = -1001000000301;
let nextCustomer = 30_000;

beforeAll(async () => {
  h.telegram.channels.add({ id: NEWS, title: "Shop News", username: "shop_news" });
});
beforeEach(async () => {
  const stale = await h.redis.keys("gate:*");
  if (stale.length) await h.redis.del(...stale);
  expect((await h.rooms.sales.gate.addChannel(NEWS, h.clock.now())).status).toMatch(/added|updated/);
  h.accountFake.disarm();
});

const watch = () => h.rooms.sales.trialWatch;

/** A customer in the channel who took the trial through the gate; its access made by the worker. */
async function activeTrial(): Promise<Subscription> {
  h.worker ?? h.startWorker();
  const customerId = nextCustomer++;
  await h.rooms.books.customers.seen({ id: customerId, firstName: "C", locale: "en" });
  h.telegram.channels.join(NEWS, customerId);
  const started = await h.rooms.sales.shop.startTrial(customerId, "en");
  if (!started.ok) throw new Error(started.reason);
  await h.queue.enqueue(started.order.id);
  await h.untilStatus(started.order.id, "active");
  const sub = (await h.rooms.books.subscriptions.ofCustomer(customerId)).find((s) => s.trial);
  if (!sub) throw new Error("no trial subscription");
  return sub;
}

/**
 * A purchase on `planId` made active by the worker, then marked a trial under the gate's watch (the
 * catalog's trial is on xui; the watch reads any trial subscription the same way).
 */
async function watchedOn(planId: "multi" | "node"): Promise<Subscription> {
  h.worker ?? h.startWorker();
  const { customerId, orderId } = await h.paidOrder(planId);
  await h.queue.enqueue(orderId);
  await h.untilStatus(orderId, "active");
  const [sub] = await h.rooms.books.subscriptions.ofCustomer(customerId);
  if (!sub) throw new Error("no subscription");
  await h.redis.hset(subscriptionKeys.sub(sub.id), "trial", "1");
  h.telegram.channels.join(NEWS, customerId);
  await watch().watch(customerId);
  return { ...sub, trial: true };
}

/** Every watched trial is due, and what was known of their owners is forgotten (the cache's life is Redis time). */
async function dueNow(): Promise<void> {
  h.clock.set(h.clock.now() + TRIAL_RECHECK_MS + 1);
  const cached = await h.redis.keys("gate:member:*");
  if (cached.length) await h.redis.del(...cached);
}

async function run() {
  await dueNow();
  return watch().runDue();
}

const xuiClient = (sub: Subscription) =>
  sub.ref.kind === "xui" ? h.accountFake.client(sub.ref.serverId, sub.ref.name) : undefined;
const xuiPath = (sub: Subscription) =>
  sub.ref.kind === "xui" ? `/api/v1/servers/${sub.ref.serverId}/clients/${sub.ref.name}` : "";
const pauseOf = (sub: Subscription) => h.redis.hget(gateKeys.trial(sub.customerId), "pause");

describe("a watched trial on each backend", () => {
  it("xui: kept while the owner stays, paused when they leave (once), resumed when they are back", async () => {
    const sub = await activeTrial();
    expect(await h.redis.zscore(gateKeys.trials, String(sub.customerId))).not.toBeNull();
    expect(await run()).toEqual({ kept: 1 });
    expect(xuiClient(sub)?.enable).toBe(true);

    h.telegram.channels.leave(NEWS, sub.customerId);
    expect(await run()).toEqual({ paused: 1 });
    expect(xuiClient(sub)?.enable).toBe(false);
    expect(await pauseOf(sub)).toBe("done");
    expect(await run()).toEqual({ kept: 1 });
    expect(h.accountFake.count("PATCH", xuiPath(sub))).toBe(1);

    h.telegram.channels.join(NEWS, sub.customerId);
    expect(await run()).toEqual({ resumed: 1 });
    expect(xuiClient(sub)?.enable).toBe(true);
    expect(await pauseOf(sub)).toBeNull();
    expect(h.accountFake.count("PATCH", xuiPath(sub))).toBe(2);
  });

  it("node: the client banned while its owner is out and unbanned when they are back", async () => {
    const sub = await watchedOn("node");
    h.telegram.channels.leave(NEWS, sub.customerId, "kicked");
    expect(await run()).toEqual({ paused: 1 });
    expect(h.nodeFake.clients.get(sub.ref.name)?.banned).toBe(true);
    h.telegram.channels.join(NEWS, sub.customerId);
    expect(await run()).toEqual({ resumed: 1 });
    expect(h.nodeFake.clients.get(sub.ref.name)?.banned).toBe(false);
  });

  it("panel: no ban switch, so its inbounds go on every location and come back", async () => {
    const sub = await watchedOn("multi");
    h.telegram.channels.leave(NEWS, sub.customerId);
    expect(await run()).toEqual({ paused: 1 });
    expect(h.panelFake.clientAt("main", sub.ref.name)?.inboundIds).toEqual([]);
    expect(h.panelFake.clientAt("2", sub.ref.name)?.inboundIds).toEqual([]);
    h.telegram.channels.join(NEWS, sub.customerId);
    expect(await run()).toEqual({ resumed: 1 });
    expect(h.panelFake.clientAt("main", sub.ref.name)?.inboundIds).toEqual(["1"]);
    expect(h.panelFake.clientAt("2", sub.ref.name)?.inboundIds).toEqual(["201"]);
  });
});

describe("lost answers, crashes and two processes", () => {
  it("a disable whose answer was lost stays pending and is sent again; so is a lost enable", async () => {
    const sub = await activeTrial();
    h.telegram.channels.leave(NEWS, sub.customerId);
    // The write happens, every answer is lost (the client's own retries included).
    h.accountFake.loseAnswerNext("PATCH", xuiPath(sub), "drop", 10);
    expect(await run()).toEqual({ unknown: 1 });
    expect(xuiClient(sub)?.enable).toBe(false);
    expect(await pauseOf(sub)).toBe("pending");
    // Tried again soon, not a whole recheck later.
    const retryAt = Number(await h.redis.zscore(gateKeys.trials, String(sub.customerId)));
    expect(retryAt).toBe(h.clock.now() + TRIAL_RETRY_MS);
    h.accountFake.disarm();
    expect(await run()).toEqual({ paused: 1 });
    expect(await pauseOf(sub)).toBe("done");

    h.telegram.channels.join(NEWS, sub.customerId);
    h.accountFake.loseAnswerNext("PATCH", xuiPath(sub), "drop", 10);
    expect(await run()).toEqual({ unknown: 1 });
    expect(xuiClient(sub)?.enable).toBe(true);
    expect(await pauseOf(sub)).toBe("done");
    h.accountFake.disarm();
    expect(await run()).toEqual({ resumed: 1 });
    expect(await pauseOf(sub)).toBeNull();
  });

  it("a process that died after deciding to pause (before or after the hosting write) is finished by the next run", async () => {
    const before = await activeTrial();
    const after = await activeTrial();
    for (const sub of [before, after]) {
      h.telegram.channels.leave(NEWS, sub.customerId);
      await h.redis.hset(gateKeys.trial(sub.customerId), {
        pause: "pending",
        pausedAt: String(h.clock.now()),
      });
    }
    // The second one's write had reached the hosting side.
    await h.rooms.provisioning.provisioner("xui").setEnabled(after.ref, false);
    expect(await run()).toEqual({ paused: 2 });
    for (const sub of [before, after]) {
      expect(xuiClient(sub)?.enable).toBe(false);
      expect(await pauseOf(sub)).toBe("done");
    }
  });

  it("two processes at once check each trial once and disable it once", async () => {
    const sub = await activeTrial();
    const other = createShopServices({
      redis: h.redis,
      clock: h.clock,
      catalog: h.catalog,
      hosting: h.hosting,
      logger: createLogger("silent"),
      accountKey: { get: async () => undefined } as never,
      chats: telegramChats(
        new Api(ORDERS_TOKEN, { fetch: h.telegram.fetch as never }),
        h.telegram.botInfo.id,
      ),
      jobs: { enqueueOrder: async () => undefined, enqueueTermChange: async () => undefined },
    });
    h.telegram.channels.leave(NEWS, sub.customerId);
    await dueNow();
    const [a, b] = await Promise.all([watch().runDue(), other.sales.trialWatch.runDue()]);
    expect([a, b]).toContainEqual({ paused: 1 });
    expect([a, b]).toContainEqual({});
    expect(h.accountFake.count("PATCH", xuiPath(sub))).toBe(1);

    // The owner's Check and the worker at the same moment: one enable.
    h.telegram.channels.join(NEWS, sub.customerId);
    await dueNow();
    const [ran, checked] = await Promise.all([
      watch().runDue(),
      other.sales.trialWatch.recheckNow(sub.customerId),
    ]);
    expect([ran.resumed ?? 0, checked === "resumed" ? 1 : 0].reduce((x, y) => x + y)).toBe(1);
    expect(h.accountFake.count("PATCH", xuiPath(sub))).toBe(2);
    expect(xuiClient(sub)?.enable).toBe(true);
  });

  it("a Check that finds the trial held by a slow step elsewhere leaves it due at once for the watch", async () => {
    const sub = await activeTrial();
    // Another process holds the trial's lease (its hosting write is slow).
    await h.redis.set(gateKeys.trialRun(sub.customerId), "someone-else", "PX", 60_000);
    expect(await watch().recheckNow(sub.customerId)).toBe("busy");
    expect(Number(await h.redis.zscore(gateKeys.trials, String(sub.customerId)))).toBe(h.clock.now());
    await h.redis.del(gateKeys.trialRun(sub.customerId));
    expect(await watch().runDue()).toEqual({ kept: 1 });
  });
});

describe("what the watch leaves alone", () => {
  it("a trial an admin disabled: not marked, and not enabled when its owner comes back", async () => {
    const sub = await activeTrial();
    if (sub.ref.kind !== "xui") throw new Error("xui expected");
    await h.rooms.fleet.xuiClients.setEnabled(sub.ref.serverId, sub.ref.name, false);
    h.telegram.channels.leave(NEWS, sub.customerId);
    expect(await run()).toEqual({ "admin-disabled": 1 });
    expect(await pauseOf(sub)).toBeNull();
    h.telegram.channels.join(NEWS, sub.customerId);
    expect(await run()).toEqual({ kept: 1 });
    expect(xuiClient(sub)?.enable).toBe(false);
  });

  it("an expired trial is no longer watched; one taken while no channel was required never was", async () => {
    const sub = await activeTrial();
    h.clock.set(sub.expiresAt + 1);
    expect(await watch().runDue()).toEqual({ ended: 1 });
    expect(await h.redis.zscore(gateKeys.trials, String(sub.customerId))).toBeNull();
    expect(await h.redis.exists(gateKeys.trial(sub.customerId))).toBe(0);

    await h.rooms.sales.gate.removeChannel(NEWS);
    const customerId = nextCustomer++;
    await h.rooms.books.customers.seen({ id: customerId, firstName: "C", locale: "en" });
    expect((await h.rooms.sales.shop.startTrial(customerId, "en")).ok).toBe(true);
    expect(await h.redis.zscore(gateKeys.trials, String(customerId))).toBeNull();
  });

  it("the channels all removed: a paused trial runs again", async () => {
    const sub = await activeTrial();
    h.telegram.channels.leave(NEWS, sub.customerId);
    expect(await run()).toEqual({ paused: 1 });
    await h.rooms.sales.gate.removeChannel(NEWS);
    expect(await run()).toEqual({ resumed: 1 });
    expect(xuiClient(sub)?.enable).toBe(true);
  });

  it("the bot no longer sees the channel: the check it cannot make lets the paused trial run (fail open)", async () => {
    const sub = await activeTrial();
    h.telegram.channels.leave(NEWS, sub.customerId);
    expect(await run()).toEqual({ paused: 1 });
    h.telegram.channels.setBotAdmin(NEWS, false);
    try {
      expect(await run()).toEqual({ resumed: 1 });
      expect(xuiClient(sub)?.enable).toBe(true);
    } finally {
      h.telegram.channels.setBotAdmin(NEWS, true);
    }
  });
});
