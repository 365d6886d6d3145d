import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createI18n } from "../../src/bot/i18n.js";
import { type Subscription, Subscriptions } from "../../src/domain/books/index.js";
import type { Finding } from "../../src/domain/drift/index.js";
import { DriftReconciler, type DriftReconcilerDeps, HostingReader } from "../../src/domain/drift/index.js";
import { findingLine } from "../../src/render/drift-findings.js";
import { DAY, MINUTE } from "../../src/runtime/clock.js";
import { createLogger } from "../../src/runtime/logger.js";
import { type DriftWorld, driftWorld, provisioned, xuiClient } from "../helpers/drift-actions.js";
import { sleep, until } from "../helpers/wait.js";

/*
 * Issue 13, the reconciliation against what runs beside it: its lease held while the run lasts
 * and a run that lost it writing nothing further; a paid renewal landing between the run's read
 * of a subscription and its write keeps its term.
 */

const LOCK_KEY = "drift:lock";
let w: DriftWorld;

beforeEach(async () => {
  w = await driftWorld();
});
afterEach(async () => {
  await w.close();
});

/** A reconciler on the world's Redis and fakes, with some of its deps replaced. */
function reconciler(over: Partial<DriftReconcilerDeps> = {}): DriftReconciler {
  const logger = createLogger("silent");
  return new DriftReconciler({
    ...{ redis: w.redis, clock: w.clock, logger },
    reader: new HostingReader({
      ...{ hosting: w.deps.hosting, subscriptions: w.rooms.books.subscriptions },
      ...{ redis: w.redis, clock: w.clock, logger },
    }),
    ...{
      subscriptions: w.rooms.books.subscriptions,
      orders: w.rooms.books.orders,
      termChanges: w.rooms.terms.changes,
      provisioner: w.rooms.provisioning.provisioner,
    },
    plan: (id) => w.catalog.plans.find((p) => p.id === id),
    findings: w.rooms.drift.sync.findings,
    ...over,
  });
}

const serverListRead = () => w.account.count("GET", "/api/v1/servers") > 0;

describe("the run's lease", () => {
  it("is renewed while the run lasts: a run longer than its lease keeps it, a second run meanwhile does nothing", async () => {
    await provisioned(w, 401, "xui");
    const leaseMs = 600;
    // The hosting side is slow: the run's read outlasts its lease several times over.
    w.account.delayNext("GET", "/api/v1/servers", 3_000);
    w.clock.advance(MINUTE);
    const first = reconciler({ leaseMs }).run();
    await until(serverListRead);
    await sleep(3 * leaseMs);
    expect(await reconciler({ leaseMs }).run()).toBeUndefined();
    expect(await first).toBeDefined();
    // Given back at the end: the next run goes ahead.
    expect(await w.redis.exists(LOCK_KEY)).toBe(0);
    expect(await reconciler({ leaseMs }).run()).toBeDefined();
  });

  it("a run that lost its lease stops: no record followed, no finding, no report, no summary", async () => {
    const extended = await provisioned(w, 402, "xui");
    const gone = await provisioned(w, 403, "xui");
    xuiClient(w, extended).client.expiryMs += 30 * DAY;
    const { server } = xuiClient(w, gone);
    server.clients = server.clients.filter((c) => c.email !== gone.ref.name);
    const reported: Finding[] = [];
    w.account.delayNext("GET", "/api/v1/servers", 500);
    w.clock.advance(MINUTE);
    const run = reconciler().run({ report: async (fresh) => void reported.push(...fresh) });
    await until(serverListRead);
    // The process stalled past its lease and another run took it.
    await w.redis.set(LOCK_KEY, "another-run", "PX", 60_000);

    expect(await run).toBeUndefined();
    expect(await w.rooms.books.subscriptions.get(extended.id)).toEqual(extended);
    expect(await w.rooms.drift.sync.findings.waitingCount()).toBe(0);
    expect(await w.rooms.drift.sync.findings.latest("expiry_changed")).toEqual([]);
    expect(await w.rooms.drift.sync.findings.lastRun()).toBeUndefined();
    expect(reported).toEqual([]);
    // The other run's lease is left alone.
    expect(await w.redis.get(LOCK_KEY)).toBe("another-run");
  });
});

describe("a pending term change beside a run (issue 22, finding 3)", () => {
  it("an admin's change of the subscription under way: the record is not followed until it is done", async () => {
    const sub = await provisioned(w, 411, "xui", { days: 10 });
    const { client } = xuiClient(w, sub);
    // An admin's change of the subscription is under way: it holds its place in the chain.
    await w.rooms.terms.changes.create({ subscriptionId: sub.id, mode: "add", days: 5, adminId: 1 });
    client.expiryMs += 30 * DAY;
    w.clock.advance(MINUTE);
    const summary = await reconciler().run();
    expect(summary?.repaired.expiry_changed).toBe(0);
    expect((await w.rooms.books.subscriptions.get(sub.id))?.expiresAt).toBe(sub.expiresAt);

    const [changeId] = await w.rooms.terms.changes.openBefore(Number.MAX_SAFE_INTEGER, 10);
    expect(
      await w.rooms.terms.terms.giveUp(changeId ?? "", new Error("an admin cancelled it")),
    ).toMatchObject({
      kind: "failed",
    });
    w.clock.advance(MINUTE);
    const next = await reconciler().run();
    expect(next?.repaired.expiry_changed).toBe(1);
    expect((await w.rooms.books.subscriptions.get(sub.id))?.expiresAt).toBe(client.expiryMs);
  });

  it("a node edit in doubt: the record is not followed while it may still land, then it is, with both dates", async () => {
    const sub = await provisioned(w, 412, "node", { days: 10 });
    const name = sub.ref.name;
    const client = w.node.clients.get(name);
    if (!client) throw new Error("no node client");
    const moved = client.expires_at + 30 * 86_400;
    client.expires_at = moved;
    w.clock.advance(MINUTE);
    // The bot just gave up on an edit of the client: it may land for the doubt window.
    await w.rooms.provisioning.nodeEdits.doubts.mark(name);
    expect((await reconciler().run())?.repaired.expiry_changed).toBe(0);
    expect((await w.rooms.books.subscriptions.get(sub.id))?.expiresAt).toBe(sub.expiresAt);

    w.clock.advance(MINUTE);
    expect((await reconciler().run())?.repaired.expiry_changed).toBe(1);
    expect((await w.rooms.books.subscriptions.get(sub.id))?.expiresAt).toBe(moved * 1000);
    const [followed] = await w.rooms.drift.sync.findings.latest("expiry_changed");
    const t = (key: string, vars?: Record<string, string | number>) => createI18n("en").t("en", key, vars);
    expect(findingLine(t, followed as Finding, "en")).toMatch(
      /expiry changed on the hosting side from .+ to .+; the record follows/,
    );
  });
});

describe("a paid renewal beside a run", () => {
  /** Subscriptions that run `between` once, right after the run's read of subscription `id`. */
  function readThen(id: string, between: () => Promise<void>): Subscriptions {
    let done = false;
    return new (class extends Subscriptions {
      override async get(subId: string): Promise<Subscription | undefined> {
        const sub = await super.get(subId);
        if (subId === id && !done) {
          done = true;
          await between();
        }
        return sub;
      }

      // The run's pass over the shop reads a page at a time.
      override async getMany(ids: readonly string[]): Promise<(Subscription | undefined)[]> {
        const subs = await super.getMany(ids);
        if (ids.includes(id) && !done) {
          done = true;
          await between();
        }
        return subs;
      }
    })(w.redis, w.clock);
  }

  async function paidRenewal(sub: Subscription): Promise<string> {
    await w.rooms.books.wallet.credit(sub.customerId, 1_000, `seed:${sub.id}`, { kind: "admin-credit" });
    const started = await w.rooms.sales.shop.startRenewal(sub.customerId, sub.id, "en");
    if (!started.ok) throw new Error(started.reason);
    expect((await w.rooms.sales.cashier.payFromBalance(sub.customerId, started.order.id)).status).toBe(
      "paid",
    );
    return started.order.id;
  }

  it("a renewal committed between the run's read and its write keeps its term", async () => {
    const sub = await provisioned(w, 404, "xui", { days: 10 });
    const { client } = xuiClient(w, sub);
    // An admin extended the client in the panel: the record should follow it...
    client.expiryMs += 30 * DAY;
    let renewedTo = 0;
    const subscriptions = readThen(sub.id, async () => {
      // ...but the customer's paid renewal lands first, on top of the extension.
      const result = await w.rooms.settlement.fulfilment.fulfil(await paidRenewal(sub));
      if (result.outcome !== "active") throw new Error(result.outcome);
      renewedTo = result.subscription.expiresAt;
    });
    w.clock.advance(MINUTE);
    const summary = await reconciler({ subscriptions }).run();

    expect(renewedTo).toBeGreaterThan(sub.expiresAt + 30 * DAY);
    expect((await w.rooms.books.subscriptions.get(sub.id))?.expiresAt).toBe(renewedTo);
    expect(summary?.repaired.expiry_changed).toBe(0);
    // The next run finds the record and the hosting side agreeing.
    w.clock.advance(MINUTE);
    const next = await reconciler().run();
    expect(next?.found.expiry_changed).toBe(0);
    expect((await w.rooms.books.subscriptions.get(sub.id))?.expiresAt).toBe(renewedTo);
  });

  it("a renewal that joined the subscription's chain after the read: the record is left for the next run", async () => {
    const sub = await provisioned(w, 405, "xui", { days: 10 });
    const { client } = xuiClient(w, sub);
    client.expiryMs += 30 * DAY;
    let orderId = "";
    const subscriptions = readThen(sub.id, async () => {
      orderId = await paidRenewal(sub);
      // The worker took it: it is at the head of the chain, its hosting call under way.
      expect(await w.rooms.terms.terms.chain.enter(sub.id, orderId)).toEqual({ turn: true });
    });
    w.clock.advance(MINUTE);
    await reconciler({ subscriptions }).run();
    expect((await w.rooms.books.subscriptions.get(sub.id))?.expiresAt).toBe(sub.expiresAt);

    const result = await w.rooms.settlement.fulfilment.fulfil(orderId);
    if (result.outcome !== "active") throw new Error(result.outcome);
    expect(result.subscription.expiresAt).toBeGreaterThan(sub.expiresAt + 59 * DAY);
    w.clock.advance(MINUTE);
    const next = await reconciler().run();
    expect(next?.found.expiry_changed).toBe(0);
    expect((await w.rooms.books.subscriptions.get(sub.id))?.expiresAt).toBe(result.subscription.expiresAt);
  });

  it("a finished renewal left in the chain (a crash before it left) does not hold the record back", async () => {
    const sub = await provisioned(w, 406, "xui", { days: 10 });
    const orderId = await paidRenewal(sub);
    expect(await w.rooms.settlement.fulfilment.fulfil(orderId)).toMatchObject({ outcome: "active" });
    await w.redis.zadd(`renewals:${sub.id}`, 1, orderId);
    const { client } = xuiClient(w, sub);
    client.expiryMs += 30 * DAY;
    w.clock.advance(MINUTE);
    const summary = await reconciler().run();
    expect(summary?.repaired.expiry_changed).toBe(1);
    expect((await w.rooms.books.subscriptions.get(sub.id))?.expiresAt).toBe(client.expiryMs);
  });
});
