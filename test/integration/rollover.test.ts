import { describe, expect, it } from "vitest";
import { GB_BYTES, type Subscription } from "../../src/domain/books/index.js";
import type { Catalog } from "../../src/domain/catalog/index.js";
import { carryGb } from "../../src/domain/settlement/rollover.js";
import { ordersHarness } from "../helpers/orders-harness.js";

/*
 * Issue 30, traffic rollover: the unused GB of the plan's allowance carry into the renewal, up to
 * the cap, fixed once on the renewal order. Real Redis, the fake xui Account API.
 */

const CAP: Record<string, number> = { "de-xui": 20, node: 150 };
const withRollover = (base: Catalog): Catalog => ({
  ...base,
  plans: base.plans.map((p) => (CAP[p.id] ? { ...p, rollover: { cap_gb: CAP[p.id] ?? 0 } } : p)),
});
const h = ordersHarness(withRollover);
const { accountFake, paidOrder, paidRenewal } = h;

async function bought(planId: string): Promise<{ customerId: number; sub: Subscription }> {
  const { customerId, orderId } = await paidOrder(planId);
  expect((await h.rooms.settlement.fulfilment.fulfil(orderId)).outcome).toBe("active");
  const [sub] = await h.rooms.books.subscriptions.ofCustomer(customerId);
  if (!sub) throw new Error("no subscription");
  return { customerId, sub };
}

function useXui(sub: Subscription, gb: number): void {
  if (sub.ref.kind !== "xui") throw new Error("not xui");
  accountFake.setUsage(sub.ref.serverId, sub.ref.name, 0, gb * GB_BYTES);
}

const limitGb = async (sub: Subscription) =>
  (await h.rooms.provisioning.provisioner(sub.ref.kind).state(sub.ref)).limitBytes / GB_BYTES;

describe("carryGb, the rule", () => {
  const plan = { traffic_gb: 100, rollover: { cap_gb: 150 } };
  const state = (limit: number, used: number) => ({
    limitBytes: limit * GB_BYTES,
    usedBytes: used * GB_BYTES,
  });
  it("carries the plan's GB left, capped; extras (a carry, packs) are spent first; unlimited carries nothing", () => {
    expect(carryGb({ plan, state: state(100, 70), allowanceGb: 100 })).toBe(30);
    expect(
      carryGb({ plan: { ...plan, rollover: { cap_gb: 12 } }, state: state(100, 70), allowanceGb: 100 }),
    ).toBe(12);
    // A term that got 30 carried and 10 from a pack, 15 used: 125 left, of which 85 the plan's.
    expect(carryGb({ plan, state: state(140, 15), allowanceGb: 140 })).toBe(85);
    expect(carryGb({ plan, state: state(100, 0), allowanceGb: 100 })).toBe(100);
    expect(carryGb({ plan, state: state(0, 5), allowanceGb: 100 })).toBe(0);
    expect(carryGb({ plan: { traffic_gb: 100 }, state: state(100, 0), allowanceGb: 100 })).toBe(0);
  });
});

describe("a renewal of a plan with rollover", () => {
  it("xui: carries the unused GB up to the cap, shown on the record", async () => {
    const { customerId, sub } = await bought("de-xui");
    useXui(sub, 70);
    const renewal = await paidRenewal(customerId, sub.id);
    expect((await h.rooms.settlement.fulfilment.fulfil(renewal)).outcome).toBe("active");
    expect((await h.rooms.books.orders.get(renewal))?.rolloverGb).toBe(20);
    expect(await limitGb(sub)).toBe(70 + 100 + 20);
    expect(await h.rooms.books.subscriptions.get(sub.id)).toMatchObject({ trafficGb: 120, carriedGb: 20 });
  });

  it("xui: a lost answer of the renewal's write, retried after more use, applies the carry fixed once", async () => {
    const { customerId, sub } = await bought("de-xui");
    useXui(sub, 95);
    const renewal = await paidRenewal(customerId, sub.id);
    accountFake.loseAnswerNext("PATCH", "/api/v1/servers/\\d+/clients/.+");
    await expect(h.rooms.settlement.fulfilment.fulfil(renewal)).rejects.toThrow();
    useXui(sub, 99);
    expect((await h.rooms.settlement.fulfilment.fulfil(renewal)).outcome).toBe("active");
    expect((await h.rooms.books.orders.get(renewal))?.rolloverGb).toBe(5);
    expect(await h.rooms.books.subscriptions.get(sub.id)).toMatchObject({ trafficGb: 105, carriedGb: 5 });
    // The same payment delivered again: the order is done, nothing is carried a second time.
    expect((await h.rooms.settlement.fulfilment.fulfil(renewal)).outcome).toBe("skipped");
    expect(await h.rooms.books.subscriptions.get(sub.id)).toMatchObject({ trafficGb: 105, carriedGb: 5 });
  });

  it("xui: a renewal paid twice carries once: the second never carries the first's carry again", async () => {
    const { customerId, sub } = await bought("de-xui");
    useXui(sub, 90);
    const first = await paidRenewal(customerId, sub.id);
    expect((await h.rooms.settlement.fulfilment.fulfil(first)).outcome).toBe("active");
    const second = await paidRenewal(customerId, sub.id);
    expect((await h.rooms.settlement.fulfilment.fulfil(second)).outcome).toBe("active");
    const [a, b] = await Promise.all([h.rooms.books.orders.get(first), h.rooms.books.orders.get(second)]);
    // The first: the 10 GB left, under the cap. The second: 110 GB left of which 10 are the
    // first's carry (spent first, never carried again): the plan's 100, capped at 20.
    expect([a?.rolloverGb, b?.rolloverGb]).toEqual([10, 20]);
    expect(await h.rooms.books.subscriptions.get(sub.id)).toMatchObject({ trafficGb: 120, carriedGb: 20 });
    expect(await limitGb(sub)).toBe(90 + 120);
  });

  it("a plan without rollover carries nothing and reads nothing more", async () => {
    const { customerId, sub } = await bought("multi");
    const renewal = await paidRenewal(customerId, sub.id);
    expect((await h.rooms.settlement.fulfilment.fulfil(renewal)).outcome).toBe("active");
    expect((await h.rooms.books.orders.get(renewal))?.rolloverGb).toBeUndefined();
    expect((await h.rooms.books.subscriptions.get(sub.id))?.carriedGb).toBe(0);
  });
});
