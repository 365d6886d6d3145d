import { describe, expect, it } from "vitest";
import type { Subscription } from "../../src/domain/books/index.js";
import { holds } from "../../src/domain/terms/index.js";
import { DAY } from "../../src/runtime/clock.js";
import { fail } from "../fakes/http-fake.js";
import { familyRig, withFamilies } from "../helpers/families.js";
import { ORDERS_ADMIN, ordersHarness } from "../helpers/orders-harness.js";
import { untilValue } from "../helpers/wait.js";

/**
 * Issue 30: an admin's term change of a family owner's subscription reaches every taken seat, as
 * a family renewal does: one target fixed once, each seat's client read back and written where it
 * does not hold it, a seat whose write fails tried again by the change's next run (never a second
 * change), a lost answer not written twice. xui and the panel, real Redis, the fakes over HTTP.
 */

const h = ordersHarness(withFamilies);
const rig = familyRig(h);
const terms = () => h.rooms.terms.terms;

async function expectAllAt(subs: Subscription[], target: number): Promise<void> {
  for (const s of subs) {
    expect(holds(s.ref.kind, await rig.hostingExpiry(s), target)).toBe(true);
    expect((await h.rooms.books.subscriptions.get(s.id))?.expiresAt).toBe(target);
  }
}

describe("an admin's term change of a family owner", () => {
  for (const backend of ["xui", "panel"] as const) {
    it(`${backend}: +10 days on the owner's client reaches both taken seats (clients and records)`, async () => {
      const { sub, members } = await rig.fullFamily(backend);
      const asked = await terms().request({
        client: rig.clientOf(sub),
        mode: "add",
        days: 10,
        adminId: ORDERS_ADMIN,
      });
      expect(asked.kind).toBe("applied");
      const target = sub.expiresAt + 10 * DAY;
      await expectAllAt([sub, ...members.map((m) => m.sub)], target);
    });

    it(`${backend}: the expiry set to a date: every seat's client set to it too`, async () => {
      const { sub, members } = await rig.fullFamily(backend);
      const target = h.clock.now() + 5 * DAY;
      const asked = await terms().request({ client: rig.clientOf(sub), mode: "set", target, adminId: 1 });
      expect(asked.kind).toBe("applied");
      await expectAllAt([sub, ...members.map((m) => m.sub)], target);
    });

    it(`${backend}: a seat whose write fails is tried again by the change's next run: the owner written once, every seat at the one target`, async () => {
      const { sub, members } = await rig.fullFamily(backend);
      const second = members[1]?.sub as Subscription;
      rig.fakeOf(second).failNext("PATCH", rig.clientPath(second), fail(503, "down"), 5);
      const asked = await terms().request({ client: rig.clientOf(sub), mode: "add", days: 7, adminId: 1 });
      expect(asked.kind).toBe("retrying");
      if (asked.kind !== "retrying") return;
      // Still its turn: a renewal asked meanwhile waits behind it.
      expect(await terms().chain.open(sub.id)).toEqual([asked.change.id]);
      rig.fakeOf(second).disarm();
      // The job's run (twice: a stalled job run again): one change, one target.
      expect((await terms().apply(asked.change.id)).kind).toBe("applied");
      expect((await terms().apply(asked.change.id)).kind).toBe("settled");
      await expectAllAt([sub, ...members.map((m) => m.sub)], sub.expiresAt + 7 * DAY);
      expect(rig.fakeOf(sub).count("PATCH", rig.clientPath(sub))).toBe(1);
      expect(await terms().chain.open(sub.id)).toEqual([]);
    });

    it(`${backend}: a seat's write whose answer is lost: read back, not written again`, async () => {
      const { sub, members } = await rig.fullFamily(backend);
      const first = members[0]?.sub as Subscription;
      rig.fakeOf(first).loseAnswerNext("PATCH", rig.clientPath(first), fail(503, "lost"), 5);
      const asked = await terms().request({ client: rig.clientOf(sub), mode: "add", days: 3, adminId: 1 });
      rig.fakeOf(first).disarm();
      if (asked.kind !== "applied") {
        expect(asked.kind).toBe("retrying");
        if (asked.kind === "retrying") expect((await terms().apply(asked.change.id)).kind).toBe("applied");
      }
      await expectAllAt([sub, ...members.map((m) => m.sub)], sub.expiresAt + 3 * DAY);
      // The seat's PATCH landed once (its answer lost); the next run read it back.
      expect(rig.fakeOf(first).count("PATCH", rig.clientPath(first))).toBeLessThanOrEqual(1);
    });

    it(`${backend}: a seat still failing when the change is given up on: given up with its reason, the change done`, async () => {
      const { sub, members } = await rig.fullFamily(backend);
      const second = members[1]?.sub as Subscription;
      rig.fakeOf(second).failNext("PATCH", rig.clientPath(second), fail(503, "down"), 20);
      const asked = await terms().request({ client: rig.clientOf(sub), mode: "add", days: 4, adminId: 1 });
      if (asked.kind !== "retrying") throw new Error(asked.kind);
      const given = await terms().giveUp(asked.change.id, new Error("last attempt"));
      rig.fakeOf(second).disarm();
      expect(given.kind).toBe("applied");
      expect(Object.keys(given.change.seatsGivenUp)).toEqual([String(second.seat)]);
      await expectAllAt([sub, members[0]?.sub as Subscription], sub.expiresAt + 4 * DAY);
      expect((await h.rooms.books.subscriptions.get(second.id))?.expiresAt).toBe(second.expiresAt);
    });
  }

  it("panel: the worker's job finishes a change whose seat failed (the admin's request gave up for now); the admins are told once", async () => {
    h.startWorker({ chainWaitMs: 50 });
    const { sub, members } = await rig.fullFamily("panel");
    const first = members[0]?.sub as Subscription;
    rig.fakeOf(first).failNext("PATCH", rig.clientPath(first), fail(502, "bad gateway"), 1);
    const asked = await terms().request({ client: rig.clientOf(sub), mode: "add", days: 6, adminId: 1 });
    if (asked.kind !== "retrying") throw new Error(asked.kind);
    // What the admin's request queued (the harness's shop queues nothing by itself).
    await h.queue.enqueueTermChange(asked.change.id);
    await untilValue(
      () => h.rooms.terms.changes.get(asked.change.id),
      (c) => c?.status === "done",
    );
    await expectAllAt([sub, ...members.map((m) => m.sub)], sub.expiresAt + 6 * DAY);
    const told = await h.telegram.waitFor((c) => c.method === "sendMessage" && c.chatId === ORDERS_ADMIN);
    expect(String(told.params.text)).toContain(
      `An admin's change of subscription ${sub.id} (+6 days) was applied`,
    );
    expect(rig.fakeOf(sub).count("PATCH", rig.clientPath(sub))).toBe(1);
  });

  it("xui: two admins' changes at once: each applied once, in turn, the seats at the sum", async () => {
    const { sub, members } = await rig.fullFamily("xui");
    const ask = (days: number) =>
      terms().request({ client: rig.clientOf(sub), mode: "add", days, adminId: days });
    const outcomes = await Promise.all([ask(2), ask(5)]);
    for (const o of outcomes) {
      if (o.kind === "waiting") expect((await terms().apply(o.change.id)).kind).toBe("applied");
      else expect(o.kind).toBe("applied");
    }
    await expectAllAt([sub, ...members.map((m) => m.sub)], sub.expiresAt + 7 * DAY);
  });
});
