import { describe, expect, it } from "vitest";
import type { Subscription } from "../../src/domain/books/index.js";
import { TermChangeUndecidedError } from "../../src/domain/terms/index.js";
import { DAY, HOUR, MINUTE } from "../../src/runtime/clock.js";
import { createLogger } from "../../src/runtime/logger.js";
import { Notifier } from "../../src/workers/notifier.js";
import { sweepOrders } from "../../src/workers/order-sweep.js";
import { fail } from "../fakes/http-fake.js";
import { ORDERS_ADMIN, ordersHarness } from "../helpers/orders-harness.js";
import { untilValue } from "../helpers/wait.js";

/*
 * Issue 22: an admin's term change that waits for its turn is the worker's to apply (a job of
 * the order queue), after the paid renewal in front of it; the order sweep queues one whose job
 * is gone. Real Redis, real BullMQ worker, the fake panel.
 */

const h = ordersHarness();
const { accountFake, panelFake, telegram, startWorker, paidOrder, paidRenewal, untilStatus } = h;

async function panelSubscription(): Promise<{ customerId: number; sub: Subscription }> {
  const { customerId, orderId } = await paidOrder("multi");
  await h.queue.enqueue(orderId);
  await untilStatus(orderId, "active");
  const [sub] = await h.rooms.books.subscriptions.ofCustomer(customerId);
  if (!sub) throw new Error("no subscription");
  return { customerId, sub };
}

const panelExpiry = async (sub: Subscription) =>
  (await h.rooms.provisioning.provisioner("panel").state(sub.ref)).expiresAt;

describe("an admin's term change waiting for its turn", () => {
  it("is applied by the worker after the paid renewal in front of it, and the admins are told", async () => {
    startWorker({ chainWaitMs: 50 });
    const { customerId, sub } = await panelSubscription();
    const before = await panelExpiry(sub);
    panelFake.failNext("PATCH", "/api/clients/.+", fail(500, "internal_error"), 1);
    const renewal = await paidRenewal(customerId, sub.id);
    await h.queue.enqueue(renewal);
    await untilValue(
      () => h.rooms.books.orders.get(renewal),
      (o) => Boolean(o?.error),
    );

    const client = { kind: "panel", name: sub.ref.name } as const;
    const asked = await h.rooms.terms.terms.request({ client, mode: "add", days: 10, adminId: ORDERS_ADMIN });
    expect(asked).toMatchObject({ kind: "waiting", behind: renewal });
    await h.queue.enqueueTermChange(asked.kind === "waiting" ? asked.change.id : "");

    await untilStatus(renewal, "active", 15_000);
    const told = await telegram.waitFor((c) => c.method === "sendMessage" && c.chatId === ORDERS_ADMIN);
    expect(String(told.params.text)).toContain(
      `An admin's change of subscription ${sub.id} (+10 days) was applied`,
    );
    expect(await panelExpiry(sub)).toBe(before + 40 * DAY);
    // The record is exact (the panel's own expiry is in whole seconds, up to one above it).
    expect((await h.rooms.books.subscriptions.get(sub.id))?.expiresAt).toBe(sub.expiresAt + 40 * DAY);
  });

  it("whose job was lost (a crash right after it was asked) is queued again by the order sweep", async () => {
    startWorker({ chainWaitMs: 50 });
    const { sub } = await panelSubscription();
    const before = await panelExpiry(sub);
    // Asked while the chain is empty, but the process died before applying it: no job.
    await h.rooms.terms.changes.create({
      subscriptionId: sub.id,
      mode: "add",
      days: 3,
      adminId: ORDERS_ADMIN,
    });
    h.clock.advance(2 * MINUTE);
    const notifier = new Notifier({
      ...h.rooms,
      api: { sendMessage: async () => ({}) } as never,
      i18n: { t: (_l: string, key: string) => key },
      adminIds: [],
      defaultLocale: "en",
      logger: createLogger("silent"),
    });
    const swept = await sweepOrders({
      ...{ redis: h.redis, orders: h.rooms.books.orders, queue: h.queue, notifier },
      ...{ fulfilment: h.rooms.settlement.fulfilment, afterActive: h.rooms.settlement.afterActive },
      termChanges: h.rooms.terms.changes,
      clock: h.clock,
      logger: createLogger("silent"),
    });
    expect(swept.requeued).toBe(1);
    await untilValue(
      () => panelExpiry(sub),
      (expiry) => expiry === before + 3 * DAY,
      15_000,
    );
    // The record follows the panel's write in the same job, a moment later.
    await untilValue(
      async () => (await h.rooms.books.subscriptions.get(sub.id))?.expiresAt,
      (expiresAt) => expiresAt === sub.expiresAt + 3 * DAY,
    );
  });

  it("xui: additions made hours apart add exactly their days; the rounding to whole days never piles up", async () => {
    // The fake's clock follows the shop's, so hours can pass between the admins' changes.
    h.accountFake.now = () => h.clock.now();
    try {
      const { customerId, orderId } = await paidOrder("de-xui");
      expect((await h.rooms.settlement.fulfilment.fulfil(orderId)).outcome).toBe("active");
      const [sub] = await h.rooms.books.subscriptions.ofCustomer(customerId);
      if (sub?.ref.kind !== "xui") throw new Error("no xui subscription");
      const { serverId, name } = sub.ref;
      for (const days of [5, 7, 9]) {
        h.clock.advance(20 * HOUR);
        const client = { kind: "xui", serverId, name } as const;
        const asked = await h.rooms.terms.terms.request({ client, mode: "add", days, adminId: ORDERS_ADMIN });
        expect(asked.kind).toBe("applied");
      }
      // xui takes whole days from now, rounded up. When the record took each change's rounded
      // answer, the next change started from it: 20 h, then 40 h, then 60 h past the days added.
      const record = (await h.rooms.books.subscriptions.get(sub.id))?.expiresAt ?? 0;
      expect(record).toBe(sub.expiresAt + 21 * DAY);
      const hosting = h.accountFake.client(serverId, name)?.expiryMs ?? 0;
      expect(hosting - record).toBeGreaterThanOrEqual(0);
      expect(hosting - record).toBeLessThan(DAY);
    } finally {
      h.accountFake.now = () => Date.now();
    }
  });

  it("xui: a change given up on whose write had landed is done, not failed; unreadable, it is not given up", async () => {
    const { customerId, orderId } = await paidOrder("de-xui");
    expect((await h.rooms.settlement.fulfilment.fulfil(orderId)).outcome).toBe("active");
    const [sub] = await h.rooms.books.subscriptions.ofCustomer(customerId);
    if (sub?.ref.kind !== "xui") throw new Error("no xui subscription");
    const { terms } = h.rooms.terms;
    const client = { kind: "xui", serverId: sub.ref.serverId, name: sub.ref.name } as const;
    // The write is applied and its answer lost: the change keeps its turn for the worker.
    accountFake.loseAnswerNext("PATCH", "/api/v1/servers/\\d+/clients/.+");
    const asked = await terms.request({ client, mode: "add", days: 10, adminId: ORDERS_ADMIN });
    if (asked.kind !== "retrying") throw new Error(`asked: ${asked.kind}`);
    // The worker's last attempt gives up while the client does not answer a read: not decided.
    accountFake.failNext("GET", `/api/v1/servers/\\d+/clients/${sub.ref.name}`, fail(503, "down"));
    await expect(terms.giveUp(asked.change.id, new Error("last attempt"))).rejects.toBeInstanceOf(
      TermChangeUndecidedError,
    );
    expect((await h.rooms.terms.changes.get(asked.change.id))?.status).toBe("applying");
    // Read now: the client holds the change's days, so it is done (failed, they stayed unrecorded).
    expect((await terms.giveUp(asked.change.id, new Error("last attempt"))).kind).toBe("applied");
    expect((await h.rooms.books.subscriptions.get(sub.id))?.expiresAt).toBe(sub.expiresAt + 10 * DAY);
    expect(await terms.chain.open(sub.id)).toEqual([]);
  });

  it("xui: a change given up on while another run of it writes waits for that run (one run at a time)", async () => {
    const { customerId, orderId } = await paidOrder("de-xui");
    expect((await h.rooms.settlement.fulfilment.fulfil(orderId)).outcome).toBe("active");
    const [sub] = await h.rooms.books.subscriptions.ofCustomer(customerId);
    if (sub?.ref.kind !== "xui") throw new Error("no xui subscription");
    const { terms } = h.rooms.terms;
    const client = { kind: "xui", serverId: sub.ref.serverId, name: sub.ref.name } as const;
    // Its write fails: the change keeps its turn for the worker.
    accountFake.failNext("PATCH", "/api/v1/servers/\\d+/clients/.+", fail(503, "down"));
    const asked = await terms.request({ client, mode: "add", days: 10, adminId: ORDERS_ADMIN });
    if (asked.kind !== "retrying") throw new Error(`asked: ${asked.kind}`);
    // The job runs it, its write slow; a stalled copy of the job meanwhile gives it up.
    accountFake.delayNext("PATCH", "/api/v1/servers/\\d+/clients/.+", 400);
    const running = terms.apply(asked.change.id);
    await untilValue(
      async () => (await h.rooms.terms.changes.get(asked.change.id))?.targetExpiresAt,
      (target) => target !== undefined,
    );
    await expect(terms.giveUp(asked.change.id, new Error("last attempt"))).rejects.toBeInstanceOf(
      TermChangeUndecidedError,
    );
    // A second apply meanwhile waits for the first, and writes nothing.
    expect((await terms.apply(asked.change.id)).kind).toBe("waiting");
    expect((await running).kind).toBe("applied");
    expect((await h.rooms.terms.changes.get(asked.change.id))?.status).toBe("done");
    expect((await h.rooms.books.subscriptions.get(sub.id))?.expiresAt).toBe(sub.expiresAt + 10 * DAY);
    expect(await terms.chain.open(sub.id)).toEqual([]);
  });

  it("xui: a change whose turn comes while it reads the subscription starts from the term the renewal before it left", async () => {
    accountFake.now = () => h.clock.now();
    const subscriptions = h.rooms.books.subscriptions;
    const read = subscriptions.get.bind(subscriptions);
    try {
      const { customerId, orderId } = await paidOrder("de-xui");
      const { fulfilment } = h.rooms.settlement;
      expect((await fulfilment.fulfil(orderId)).outcome).toBe("active");
      const [sub] = await subscriptions.ofCustomer(customerId);
      if (sub?.ref.kind !== "xui") throw new Error("no xui subscription");
      // A paid renewal fixes its target, its write fails; it is retried 5 hours later.
      const renewal = await paidRenewal(customerId, sub.id);
      accountFake.failNext("PATCH", "/api/v1/servers/\\d+/clients/.+", fail(503, "down"));
      await expect(fulfilment.fulfil(renewal)).rejects.toThrow();
      h.clock.advance(5 * HOUR);
      const client = { kind: "xui", serverId: sub.ref.serverId, name: sub.ref.name } as const;
      const { terms } = h.rooms.terms;
      const asked = await terms.request({ client, mode: "add", days: 10, adminId: ORDERS_ADMIN });
      if (asked.kind !== "waiting") throw new Error(`asked: ${asked.kind}`);
      // The queued change reads the subscription just as the renewal's retry finishes (whole days
      // from now: the client ends 5 hours past its target), then takes its turn.
      let raced = false;
      subscriptions.get = async (id) => {
        const seen = await read(id);
        if (!raced && id === sub.id) {
          raced = true;
          expect((await fulfilment.fulfil(renewal)).outcome).toBe("active");
        }
        return seen;
      };
      expect((await terms.apply(asked.change.id)).kind).toBe("applied");
      // From the record the renewal left, not from the client's rounding (5 hours more).
      expect((await read(sub.id))?.expiresAt).toBe(sub.expiresAt + 40 * DAY);
    } finally {
      Reflect.deleteProperty(subscriptions, "get");
      accountFake.now = () => Date.now();
    }
  });
});
