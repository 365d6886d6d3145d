import { describe, expect, it } from "vitest";
import type { Subscription } from "../../src/domain/books/index.js";
import { MINUTE } from "../../src/runtime/clock.js";
import { createLogger } from "../../src/runtime/logger.js";
import { sweepOrders } from "../../src/workers/order-sweep.js";
import { fail } from "../fakes/http-fake.js";
import { type FamilyBackend, familyRig, withFamilies } from "../helpers/families.js";
import { ordersHarness } from "../helpers/orders-harness.js";

/**
 * Issue 30: an admin removing a family owner's client removes the family: every member's client
 * removed on the hosting side (read back), the members' subscriptions marked removed, the members
 * told once; the seats' links open nothing more. A crash or a hosting error between the owner's
 * removal and the members' is finished by the order sweep. Real Redis, the fakes over HTTP.
 */

const h = ordersHarness(withFamilies);
const rig = familyRig(h);

/** The admin deletes the owner's client through the fleet, as the admin menus do. */
async function adminDeletes(sub: Subscription): Promise<void> {
  const { fleet } = h.rooms;
  if (sub.ref.kind === "xui") await fleet.xuiClients.delete(sub.ref.serverId, sub.ref.name);
  else if (sub.ref.kind === "panel") await fleet.panelClients.delete(sub.ref.name);
  else await fleet.nodeClients.delete(sub.ref.name);
}

const gone = async (sub: Subscription) =>
  h.rooms.provisioning
    .provisioner(sub.ref.kind)
    .state(sub.ref)
    .then(
      () => false,
      () => true,
    );

const sweep = () =>
  sweepOrders({
    ...{ redis: h.redis, orders: h.rooms.books.orders, queue: h.queue },
    ...{ fulfilment: h.rooms.settlement.fulfilment, afterActive: h.rooms.settlement.afterActive },
    termChanges: h.rooms.terms.changes,
    notifier: { failed: async () => undefined } as never,
    ...{ clock: h.clock, logger: createLogger("silent"), graceMs: MINUTE },
  });

describe("an admin removes a family owner's subscription", () => {
  for (const backend of ["xui", "panel", "node"] as FamilyBackend[]) {
    it(`${backend}: every member's client is removed and read back, the members told once, a seat's link dead`, async () => {
      const { sub, family, members } = await rig.fullFamily(backend);
      h.familyEnded.length = 0;
      await adminDeletes(sub);
      expect((await h.rooms.books.subscriptions.get(sub.id))?.removedAt).toBeDefined();
      for (const m of members) {
        expect(await gone(m.sub)).toBe(true);
        expect((await h.rooms.books.subscriptions.get(m.sub.id))?.removedAt).toBeDefined();
      }
      expect(h.familyEnded.map((n) => n.customerId).sort()).toEqual(members.map((m) => m.member).sort());
      // Nothing is left for the sweep; a claim of a seat's old link opens nothing.
      expect(await h.rooms.settlement.fulfilment.families.due(h.clock.now() + 1, 10)).toEqual([]);
      const code = family.seats[0]?.code ?? "";
      expect((await h.rooms.sales.seats.claim(code, await rig.customer(), "en")).status).toBe("unknown");
      // No money moved: the members paid nothing, the owner's balance is as it was.
      for (const m of members) expect(await h.rooms.books.wallet.balance(m.member)).toBe(0);
    });
  }

  it("xui: a member's client that cannot be removed now: the owner is removed, the sweep ends the family later", async () => {
    const { sub, members } = await rig.fullFamily("xui");
    const second = members[1]?.sub as Subscription;
    h.familyEnded.length = 0;
    h.accountFake.failNext("DELETE", rig.clientPath(second), fail(503, "down"), 10);
    await adminDeletes(sub);
    expect((await h.rooms.books.subscriptions.get(sub.id))?.removedAt).toBeDefined();
    expect(await gone(second)).toBe(false);
    expect(await h.rooms.settlement.fulfilment.families.due(h.clock.now(), 10)).toEqual([sub.id]);
    h.accountFake.disarm();
    h.clock.advance(2 * MINUTE);
    await sweep();
    for (const m of members) expect(await gone(m.sub)).toBe(true);
    expect((await h.rooms.books.subscriptions.get(second.id))?.removedAt).toBeDefined();
    expect(await h.rooms.settlement.fulfilment.families.due(h.clock.now(), 10)).toEqual([]);
    // Told before the removal: the repeat queues the same message again, the outbox's key sends it once.
    const sent = new Map(h.familyEnded.map((n) => [n.once, n.customerId]));
    expect([...sent.values()].sort()).toEqual(members.map((m) => m.member).sort());
  });

  it("xui: a member's message that cannot be queued keeps their access until the sweep tells them and removes it", async () => {
    const { sub, members } = await rig.fullFamily("xui");
    h.familyEnded.length = 0;
    h.familyNoticeFailures = 1;
    await adminDeletes(sub);
    expect((await h.rooms.books.subscriptions.get(sub.id))?.removedAt).toBeDefined();
    expect(await h.rooms.settlement.fulfilment.families.due(h.clock.now(), 10)).toEqual([sub.id]);
    h.clock.advance(2 * MINUTE);
    await sweep();
    for (const m of members) expect(await gone(m.sub)).toBe(true);
    expect(h.familyEnded.map((n) => n.customerId).sort()).toEqual(members.map((m) => m.member).sort());
    expect(await h.rooms.settlement.fulfilment.families.due(h.clock.now(), 10)).toEqual([]);
  });

  it("panel: a crash right after the owner was recorded as ending (before it was marked removed): the sweep finishes it", async () => {
    const { sub, members } = await rig.fullFamily("panel");
    // The first step of SubscriptionOwners.removed, then the process died.
    await h.rooms.settlement.fulfilment.families.ending([sub.id]);
    h.clock.advance(2 * MINUTE);
    await sweep();
    for (const m of members) expect(await gone(m.sub)).toBe(true);
    // Twice (a second process's sweep): nothing more, told once each (the outbox's key).
    expect((await h.rooms.settlement.fulfilment.families.end(sub.id)).status).toBe("ended");
    const keys = h.familyEnded
      .filter((n) => members.some((m) => m.member === n.customerId))
      .map((n) => n.once);
    expect(new Set(keys).size).toBe(members.length);
  });
});
