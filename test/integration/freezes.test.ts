import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createI18n } from "../../src/bot/i18n.js";
import type { Subscription } from "../../src/domain/books/index.js";
import type { Catalog } from "../../src/domain/catalog/index.js";
import type { UnfreezeOutcome } from "../../src/domain/terms/index.js";
import { unfreezeText } from "../../src/render/freeze.js";
import type { Translate } from "../../src/render/i18n-like.js";
import { DAY, HOUR } from "../../src/runtime/clock.js";
import { createLogger } from "../../src/runtime/logger.js";
import { endFreezes } from "../../src/workers/freeze-ends.js";
import { createReminderTask } from "../../src/workers/reminders.js";
import { fail } from "../fakes/http-fake.js";
import { ordersHarness } from "../helpers/orders-harness.js";

/*
 * Issue 30, freeze: a customer's pause is a member of the subscription's term chain. Real Redis,
 * the real fakes of each backend, their clocks following the shop's.
 */

const withFreeze = (base: Catalog): Catalog => ({
  ...base,
  plans: base.plans.map((p) => ({ ...p, freeze: { times_per_year: 2, min_days: 7, max_days: 30 } })),
});
const h = ordersHarness(withFreeze);
const { accountFake, panelFake, nodeFake, paidOrder, paidRenewal } = h;

beforeEach(() => {
  accountFake.now = () => h.clock.now();
  panelFake.now = () => h.clock.now();
  nodeFake.now = () => Math.floor(h.clock.now() / 1000);
});
afterEach(() => {
  accountFake.now = () => Date.now();
  panelFake.now = Date.now;
  nodeFake.now = () => Math.floor(Date.now() / 1000);
});

async function bought(planId: string): Promise<{ customerId: number; sub: Subscription }> {
  const { customerId, orderId } = await paidOrder(planId);
  expect((await h.rooms.settlement.fulfilment.fulfil(orderId)).outcome).toBe("active");
  const [sub] = await h.rooms.books.subscriptions.ofCustomer(customerId);
  if (!sub) throw new Error("no subscription");
  return { customerId, sub };
}

const hostingOf = (sub: Subscription) => h.rooms.provisioning.provisioner(sub.ref.kind).state(sub.ref);
const recordOf = async (id: string) => (await h.rooms.books.subscriptions.get(id))?.expiresAt;
/** How far above its target a backend may show a term (xui and node count whole days). */
const ROUNDING = { xui: DAY, node: DAY, panel: 1000 } as const;

describe("a freeze on each backend", () => {
  for (const planId of ["de-xui", "multi", "node"]) {
    it(`${planId}: banks the days left and gives them back exactly at the freeze's end`, async () => {
      const { customerId, sub } = await bought(planId);
      const { freezes } = h.rooms.terms;
      h.clock.advance(5 * DAY);
      const bank = sub.expiresAt - h.clock.now();
      const asked = await freezes.ask(sub.id, customerId, 10);
      expect(asked.kind).toBe("frozen");
      expect((await hostingOf(sub)).enabled).toBe(false);
      const view = await freezes.current(sub.id);
      expect(view).toMatchObject({ status: "frozen", bankMs: bank, until: h.clock.now() + 10 * DAY });
      // The record (reminders, the expiry index) ends where the unfreeze at the end will.
      expect(await recordOf(sub.id)).toBe(sub.expiresAt + 10 * DAY);

      h.clock.advance(10 * DAY);
      expect(await freezes.due(10)).toContain(sub.id);
      expect(await freezes.unfreeze(sub.id, "worker")).toEqual({
        kind: "unfrozen",
        expiresAt: sub.expiresAt + 10 * DAY,
      });
      const state = await hostingOf(sub);
      expect(state.enabled).toBe(true);
      expect(state.expiresAt - (sub.expiresAt + 10 * DAY)).toBeGreaterThanOrEqual(0);
      expect(state.expiresAt - (sub.expiresAt + 10 * DAY)).toBeLessThan(ROUNDING[sub.ref.kind]);
      expect(await recordOf(sub.id)).toBe(sub.expiresAt + 10 * DAY);
      expect(await freezes.current(sub.id)).toBeUndefined();
      expect(await h.rooms.terms.terms.chain.open(sub.id)).toEqual([]);
      expect(await freezes.due(10)).not.toContain(sub.id);
    });
  }

  it("panel: unfrozen early by the customer (after a day), the bank is given back from now", async () => {
    const { customerId, sub } = await bought("multi");
    const { freezes } = h.rooms.terms;
    const bank = sub.expiresAt - h.clock.now();
    expect((await freezes.ask(sub.id, customerId, 20)).kind).toBe("frozen");
    h.clock.advance(10 * HOUR);
    expect(await freezes.unfreeze(sub.id, { customerId })).toEqual({ kind: "refused", reason: "too-soon" });
    expect(await freezes.unfreeze(sub.id, "worker")).toEqual({ kind: "refused", reason: "not-due" });
    expect(await freezes.unfreeze(sub.id, { customerId: customerId + 1 })).toEqual({
      kind: "refused",
      reason: "not-found",
    });
    h.clock.advance(3 * DAY);
    const out = await freezes.unfreeze(sub.id, { customerId });
    expect(out).toEqual({ kind: "unfrozen", expiresAt: h.clock.now() + bank });
    expect(await recordOf(sub.id)).toBe(h.clock.now() + bank);
  });
});

describe("a freeze under overlap and lost answers", () => {
  it("two taps at once make one freeze", async () => {
    const { customerId, sub } = await bought("multi");
    const { freezes } = h.rooms.terms;
    const [a, b] = await Promise.all([
      freezes.ask(sub.id, customerId, 7),
      freezes.ask(sub.id, customerId, 7),
    ]);
    expect([a.kind, b.kind].sort()).toEqual(["already", "frozen"]);
    expect(await freezes.usedInYear(sub.id)).toBe(1);
    expect(await recordOf(sub.id)).toBe(sub.expiresAt + 7 * DAY);
  });

  it("two unfreeze taps at once: one lifts the freeze, the other reads that it is being lifted (not that the server is slow)", async () => {
    const { customerId, sub } = await bought("multi");
    const { freezes } = h.rooms.terms;
    expect((await freezes.ask(sub.id, customerId, 20)).kind).toBe("frozen");
    h.clock.advance(2 * DAY);
    const outs = await Promise.all([
      freezes.unfreeze(sub.id, { customerId }),
      freezes.unfreeze(sub.id, { customerId }),
    ]);
    const lifted = outs.filter((o) => o.kind === "unfrozen");
    const other = outs.find((o) => o.kind !== "unfrozen");
    expect(lifted).toHaveLength(1);
    expect(other).toMatchObject({ kind: "retrying", busy: true });
    const i18n = createI18n("en");
    const t: Translate = (key, vars) => i18n.t("en", key, vars);
    const text = unfreezeText(t, "en", other as UnfreezeOutcome);
    expect(text).toBe(i18n.t("en", "unfreeze-busy"));
    expect(text).not.toBe(i18n.t("en", "unfreeze-retrying"));
    // A tap after it ended is told so, and the term was given back once.
    expect(await freezes.unfreeze(sub.id, { customerId })).toEqual({ kind: "refused", reason: "not-frozen" });
    expect(await recordOf(sub.id)).toBe((lifted[0] as { expiresAt: number }).expiresAt);
  });

  it("the limit per 365 days is refused with its number, and counts again a year on", async () => {
    const { customerId, sub } = await bought("node");
    const { freezes } = h.rooms.terms;
    for (let i = 0; i < 2; i++) {
      expect((await freezes.ask(sub.id, customerId, 7)).kind).toBe("frozen");
      h.clock.advance(7 * DAY);
      expect((await freezes.unfreeze(sub.id, "worker")).kind).toBe("unfrozen");
    }
    expect(await freezes.ask(sub.id, customerId, 7)).toEqual({ kind: "refused", reason: "limit", limit: 2 });
    expect(await freezes.ask(sub.id, customerId, 3)).toEqual({ kind: "refused", reason: "days" });
    // A year after the first, it counts no more.
    h.clock.advance(366 * DAY - 14 * DAY);
    expect(await freezes.usedInYear(sub.id)).toBe(1);
    h.clock.advance(7 * DAY);
    expect(await freezes.usedInYear(sub.id)).toBe(0);
  });

  it("xui: the disable's answer lost, the retry reads it back and banks once", async () => {
    const { customerId, sub } = await bought("de-xui");
    const { freezes, terms } = h.rooms.terms;
    const bank = sub.expiresAt - h.clock.now();
    accountFake.loseAnswerNext("PATCH", "/api/v1/servers/\\d+/clients/.+");
    const asked = await freezes.ask(sub.id, customerId, 7);
    if (asked.kind !== "retrying") throw new Error(`asked: ${asked.kind}`);
    expect((await hostingOf(sub)).enabled).toBe(false);
    h.clock.advance(HOUR);
    // The worker's run: read back, nothing sent again, the bank fixed at the first attempt.
    expect((await terms.apply(asked.view.changeId)).kind).toBe("applied");
    expect(await freezes.current(sub.id)).toMatchObject({ status: "frozen", bankMs: bank });
  });

  it("xui: the enable's answer lost, the worker finishes the unfreeze once", async () => {
    const { customerId, sub } = await bought("de-xui");
    const { freezes } = h.rooms.terms;
    expect((await freezes.ask(sub.id, customerId, 7)).kind).toBe("frozen");
    h.clock.advance(7 * DAY);
    // The term's write lands, its answer is lost: the unfreeze is left to the worker.
    accountFake.loseAnswerNext("PATCH", "/api/v1/servers/\\d+/clients/.+");
    expect((await freezes.unfreeze(sub.id, "worker")).kind).toBe("retrying");
    h.clock.advance(HOUR);
    expect(await freezes.due(10)).toContain(sub.id);
    // Read back: the term given back is the one fixed at the first attempt, not an hour later.
    expect(await freezes.unfreeze(sub.id, "worker")).toEqual({
      kind: "unfrozen",
      expiresAt: sub.expiresAt + 7 * DAY,
    });
    expect((await hostingOf(sub)).enabled).toBe(true);
  });

  it("node: the unban refused for now (503), the worker's next run enables it", async () => {
    const { customerId, sub } = await bought("node");
    const { freezes } = h.rooms.terms;
    expect((await freezes.ask(sub.id, customerId, 7)).kind).toBe("frozen");
    h.clock.advance(7 * DAY);
    nodeFake.failNext("PATCH", "(/api)?/clients/.+/unban", fail(503, "down"), 5);
    expect((await freezes.unfreeze(sub.id, "worker")).kind).toBe("retrying");
    expect((await hostingOf(sub)).enabled).toBe(false);
    nodeFake.disarm();
    expect(await freezes.unfreeze(sub.id, "worker")).toEqual({
      kind: "unfrozen",
      expiresAt: sub.expiresAt + 7 * DAY,
    });
    expect((await hostingOf(sub)).enabled).toBe(true);
  });
});

describe("a freeze in the term chain", () => {
  it("panel: asked during a pending renewal, it banks the renewal's days too (none lost, none doubled)", async () => {
    const { customerId, sub } = await bought("multi");
    const { freezes, terms } = h.rooms.terms;
    const renewal = await paidRenewal(customerId, sub.id);
    panelFake.failNext("PATCH", "/api/clients/.+", fail(500, "internal_error"), 1);
    await expect(h.rooms.settlement.fulfilment.fulfil(renewal)).rejects.toThrow();
    const asked = await freezes.ask(sub.id, customerId, 10);
    expect(asked.kind).toBe("waiting");
    expect((await hostingOf(sub)).enabled).toBe(true);
    expect((await h.rooms.settlement.fulfilment.fulfil(renewal)).outcome).toBe("active");
    if (asked.kind !== "waiting") return;
    expect((await terms.apply(asked.view.changeId)).kind).toBe("applied");
    const bank = sub.expiresAt + 30 * DAY - h.clock.now();
    expect(await freezes.current(sub.id)).toMatchObject({ status: "frozen", bankMs: bank });
    h.clock.advance(10 * DAY);
    expect(await freezes.unfreeze(sub.id, "worker")).toEqual({
      kind: "unfrozen",
      expiresAt: sub.expiresAt + 40 * DAY,
    });
  });

  it("xui: a renewal paid before the freeze took hold waits behind it and adds its days to the term given back", async () => {
    const { customerId, sub } = await bought("de-xui");
    const { freezes } = h.rooms.terms;
    const { fulfilment } = h.rooms.settlement;
    const renewal = await paidRenewal(customerId, sub.id);
    // The freeze reaches the chain first (the renewal's job has not run yet).
    expect((await freezes.ask(sub.id, customerId, 10)).kind).toBe("frozen");
    expect((await fulfilment.fulfil(renewal)).outcome).toBe("waiting");
    expect((await hostingOf(sub)).enabled).toBe(false);
    // A new renewal is not sold while frozen: the customer is told so.
    expect(await h.rooms.sales.shop.startRenewal(customerId, sub.id, "en")).toMatchObject({
      ok: false,
      reason: "subscription-frozen",
    });
    h.clock.advance(10 * DAY);
    expect((await freezes.unfreeze(sub.id, "worker")).kind).toBe("unfrozen");
    expect((await fulfilment.fulfil(renewal)).outcome).toBe("active");
    expect(await recordOf(sub.id)).toBe(sub.expiresAt + 40 * DAY);
    const state = await hostingOf(sub);
    expect(state.enabled).toBe(true);
    expect(state.expiresAt - (sub.expiresAt + 40 * DAY)).toBeLessThan(DAY);
  });
});

describe("around a freeze", () => {
  const silent = createLogger("silent");

  it("the freeze worker ends a freeze at its end, once, and tells the customer once", async () => {
    const { customerId, sub } = await bought("multi");
    const sent: { chatId: number; text: string; once?: string }[] = [];
    const outbox = { send: async (m: { chatId: number; text: string; once?: string }) => void sent.push(m) };
    const deps = { ...h.rooms, outbox, i18n: createI18n("en"), logger: silent };
    expect((await h.rooms.terms.freezes.ask(sub.id, customerId, 8)).kind).toBe("frozen");
    // Other tests' subscriptions share this Redis: only this customer's notices are looked at.
    const mine = () => sent.filter((m) => m.chatId === customerId);
    h.clock.advance(8 * DAY - HOUR);
    await endFreezes(deps);
    expect(mine()).toEqual([]);
    expect((await h.rooms.terms.freezes.current(sub.id))?.status).toBe("frozen");
    h.clock.advance(2 * HOUR);
    await Promise.all([endFreezes(deps), endFreezes(deps)]);
    await endFreezes(deps);
    expect(mine()).toHaveLength(1);
    // Ended an hour after its end: the bank is given back from the moment the client is on again.
    expect(await recordOf(sub.id)).toBe(sub.expiresAt + 8 * DAY + HOUR);
    expect((await hostingOf(sub)).enabled).toBe(true);
  });

  it("xui: a drift run during a freeze changes nothing (neither the disabled client nor the moved term)", async () => {
    const { customerId, sub } = await bought("de-xui");
    expect((await h.rooms.terms.freezes.ask(sub.id, customerId, 10)).kind).toBe("frozen");
    const before = await hostingOf(sub);
    const record = await recordOf(sub.id);
    h.clock.advance(HOUR);
    const summary = await h.rooms.drift.sync.reconciler.run({ report: async () => undefined });
    expect(summary).toBeDefined();
    expect(Object.values(summary?.repaired ?? {}).reduce((x, y) => x + y, 0)).toBe(0);
    expect(await recordOf(sub.id)).toBe(record);
    const after = await hostingOf(sub);
    expect(after.enabled).toBe(false);
    expect(after.expiresAt).toBe(before.expiresAt);
  });

  it("no expiry reminder during a freeze, even with less than 3 days banked", async () => {
    const { customerId, sub } = await bought("multi");
    h.clock.set(sub.expiresAt - 2 * DAY);
    expect((await h.rooms.terms.freezes.ask(sub.id, customerId, 7)).kind).toBe("frozen");
    const queued: { chatId: number }[] = [];
    const task = createReminderTask({
      ...h.rooms,
      outbox: { sendMany: async (m: { chatId: number }[]) => void queued.push(...m) },
      i18n: createI18n("en"),
      clock: h.clock,
      logger: silent,
    });
    // The record ends 7 + 2 days on: a "3 days left" would fall inside the freeze.
    h.clock.advance(6 * DAY + HOUR);
    await task.run();
    expect(queued.filter((m) => m.chatId === customerId)).toEqual([]);
  });
});
