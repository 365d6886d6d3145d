import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Subscription } from "../../src/domain/books/index.js";
import type { Plan } from "../../src/domain/catalog/index.js";
import {
  dateOfDay,
  dayNumber,
  type ItemStage,
  type MoveEnd,
  moveEndKey,
  runwayKeys,
} from "../../src/domain/fleet/index.js";
import { termChainKeys } from "../../src/domain/terms/index.js";
import type { FakeServer } from "../fakes/account-api.js";
import { movesOn, runToEnd } from "../helpers/bulk-moves.js";
import { type DriftWorld, driftWorld, provisioned } from "../helpers/drift-actions.js";

/*
 * Issue 31, point 2: an admin's bulk move of customers off an xui server (or a panel location) on
 * the real HTTP fakes and a real Redis. Each customer moved exactly once (one client on the
 * target, none left on the source), through a kill between any two steps, a lost create answer
 * and two runners at once; those that stay are reported with why; a low runway pauses it.
 */

const GB = 1024 ** 3;
let w: DriftWorld;
let nextCustomer = 10_000;

beforeAll(async () => {
  w = await driftWorld();
  w.panel.addNode({ id: "3" });
});
afterAll(async () => {
  await w.close();
});

/** Two fresh servers of plan `xui`, paid 90 days, so each test counts its own clients. */
function servers(): [FakeServer, FakeServer] {
  const two = [
    w.account.addServer("shop", { daysLeft: 90 }),
    w.account.addServer("shop", { daysLeft: 90 }),
  ] as [FakeServer, FakeServer];
  const plan = w.catalog.plans.find((p) => p.id === "xui");
  if (plan?.backend.kind === "xui") plan.backend.servers.push(...two.map((s) => s.id));
  return two;
}

async function onServer(server: FakeServer, count: number, days = 20): Promise<Subscription[]> {
  const subs: Subscription[] = [];
  for (let i = 0; i < count; i++)
    subs.push(await provisioned(w, nextCustomer++, "xui", { serverId: server.id, days }));
  return subs;
}

const xui = (s: FakeServer): MoveEnd => ({ kind: "xui", serverId: s.id });

async function start(from: MoveEnd, to: MoveEnd, subs: Subscription[], moves = movesOn(w).moves) {
  return moves.start({
    adminId: 1,
    chatId: 1,
    locale: "en",
    from,
    to,
    subscriptionIds: subs.map((s) => s.id),
  });
}

/** Every subscription points at exactly one client on `to`, none is left on `from`, each told once. */
async function expectMovedOnce(
  from: FakeServer,
  to: FakeServer,
  subs: Subscription[],
  told: { subscriptionId: string }[],
) {
  const after = await w.rooms.books.subscriptions.getMany(subs.map((s) => s.id));
  const names = after.map((s) => (s?.ref.kind === "xui" ? `${s.ref.serverId}:${s.ref.name}` : "?"));
  expect(new Set(names).size).toBe(subs.length);
  expect(names.every((n) => n.startsWith(`${to.id}:`))).toBe(true);
  expect(to.clients).toHaveLength(subs.length);
  expect(new Set(to.clients.map((c) => c.email)).size).toBe(subs.length);
  expect(from.clients).toHaveLength(0);
  expect(told.map((t) => t.subscriptionId).sort()).toEqual(subs.map((s) => s.id).sort());
  for (const sub of after) expect(await w.redis.zcard(termChainKeys.chain(sub?.id ?? ""))).toBe(0);
}

describe("a bulk move of customers", () => {
  it("moves 300 customers, each exactly once, term and traffic kept", { timeout: 120_000 }, async () => {
    const [from, to] = servers();
    const subs = await onServer(from, 300);
    const first = subs[0] as Subscription;
    if (first.ref.kind === "xui") w.account.setUsage(from.id, first.ref.name, 30 * GB, 10 * GB);
    const { moves, told } = movesOn(w, { concurrency: 8 });
    const move = await start(xui(from), xui(to), subs, moves);
    expect(await runToEnd(moves, move.id)).toBe("done");
    await expectMovedOnce(from, to, subs, told);
    expect((await moves.counts(move.id))?.counts).toEqual({ total: 300, moved: 300, skipped: 0, failed: 0 });
    const moved = await w.rooms.books.subscriptions.get(first.id);
    expect(moved?.expiresAt).toBe(first.expiresAt);
    const client = to.clients.find((c) => moved?.ref.kind === "xui" && c.email === moved.ref.name);
    expect(client?.totalGb).toBe(60);
    expect(client?.expiryMs).toBeGreaterThanOrEqual(first.expiresAt);
    expect(moved?.links.every((l) => l.includes(client?.uuid ?? "?"))).toBe(true);
    expect(told.find((t) => t.subscriptionId === first.id)?.links.links).toEqual(moved?.links);
  });

  it("killed between any two steps of any customer, resumed: no doubles, none lost", {
    timeout: 60_000,
  }, async () => {
    const [from, to] = servers();
    const subs = await onServer(from, 5);
    const crashed = new Set<string>();
    const crashOnce = async (stage: ItemStage, subscriptionId: string) => {
      const at = `${subscriptionId}:${stage}`;
      if (crashed.has(at)) return;
      crashed.add(at);
      throw new Error(`killed after ${stage}`);
    };
    const told: { subscriptionId: string }[] = [];
    const move = await start(xui(from), xui(to), subs);
    let kills = 0;
    for (let i = 0; i < 100; i++) {
      // A fresh runner each time, as a restarted worker process would be.
      const { moves } = movesOn(w, { afterStage: crashOnce, concurrency: 1, told: told as never });
      const end = await moves.run(move.id).catch(() => "killed");
      if (end === "killed") kills++;
      else if (end !== "again") break;
    }
    expect(kills).toBe(5 * 5);
    await expectMovedOnce(from, to, subs, told);
  });

  it("a create whose answer was lost makes one client", async () => {
    const [from, to] = servers();
    const subs = await onServer(from, 2);
    w.account.loseAnswerNext("POST", `/api/v1/servers/${to.id}/clients`);
    const { moves, told } = movesOn(w);
    const move = await start(xui(from), xui(to), subs, moves);
    expect(await runToEnd(moves, move.id)).toBe("done");
    await expectMovedOnce(from, to, subs, told);
  });

  it("leaves the frozen, the expired and those with an order under way, and reports why", async () => {
    const [from, to] = servers();
    const [frozen, expired, pending, fine] = [
      ...(await onServer(from, 1)),
      ...(await onServer(from, 1, -2)),
      ...(await onServer(from, 2)),
    ] as [Subscription, Subscription, Subscription, Subscription];
    const plan = w.catalog.plans.find((p) => p.id === "xui");
    if (plan) plan.freeze = { times_per_year: 2, min_days: 7, max_days: 30 };
    expect((await w.rooms.terms.freezes.ask(frozen.id, frozen.customerId, 7)).kind).toBe("frozen");
    const order = await w.rooms.books.orders.create({
      ...{ kind: "renewal", customerId: pending.customerId, planId: "xui", price: 10, currency: "XTR" },
      ...{ locale: "en", subscriptionId: pending.id },
    });
    await w.rooms.books.orders.transition(order.id, ["awaiting_payment"], "paid");
    const { moves } = movesOn(w);
    const preview = await moves.preview(xui(from), xui(to));
    expect(preview).toMatchObject({ moving: 1, skipped: { frozen: 1, expired: 1, "pending-order": 1 } });
    const move = await start(xui(from), xui(to), [frozen, expired, pending, fine], moves);
    expect(await runToEnd(moves, move.id)).toBe("done");
    const report = await moves.report(move.id);
    expect(report?.counts).toEqual({ total: 4, moved: 1, skipped: 3, failed: 0 });
    const why = Object.fromEntries(report?.notMoved.map((n) => [n.subscriptionId, n.outcome]) ?? []);
    expect(why).toEqual({
      [frozen.id]: { kind: "skipped", reason: "frozen" },
      [expired.id]: { kind: "skipped", reason: "expired" },
      [pending.id]: { kind: "skipped", reason: "pending-order" },
    });
    expect(to.clients).toHaveLength(1);
    expect(from.clients).toHaveLength(3);
    if (plan) delete plan.freeze;
  });

  it("pauses when the target's runway would fall below the floor; a resume accepts it", async () => {
    const [from, to] = servers();
    const subs = await onServer(from, 3);
    const asked: [number, number][] = [];
    const { moves, told } = movesOn(w, {
      targetRunway: async (serverId, adding) => {
        asked.push([serverId, adding]);
        return { days: 3 };
      },
    });
    const move = await start(xui(from), xui(to), subs, moves);
    expect(await moves.run(move.id)).toBe("paused");
    expect(asked).toEqual([[to.id, 3]]);
    expect(await moves.records.get(move.id)).toMatchObject({
      status: "paused",
      pausedBy: "runway",
      runwayDays: 3,
    });
    expect(to.clients).toHaveLength(0);
    expect(await moves.resume(move.id)).toBe(true);
    expect(await runToEnd(moves, move.id)).toBe("done");
    await expectMovedOnce(from, to, subs, told);
  });

  it("in the shop's wiring asks the forecast: the target's package would run out with the customers added", async () => {
    const [from, to] = servers();
    const subs = await onServer(from, 4);
    // The target: a 100 GB package, its 2 customers using 5 GB a day: 20 days alone, 6 with 4 more.
    await w.rooms.fleet.packages.set(to.id, 100);
    const today = dayNumber(w.clock.now());
    const days = Array.from({ length: 14 }, (_, i) => ({ date: dateOfDay(today - 14 + i), bytes: 5 * GB }));
    await w.redis.set(runwayKeys.days(to.id), JSON.stringify({ at: w.clock.now(), subscriptions: 2, days }));
    const moves = w.rooms.fleet.bulkMoves;
    expect((await moves.preview(xui(from), xui(to), new Set(subs.map((s) => s.id)))).runwayDays).toBe(6);
    const move = await start(xui(from), xui(to), subs, moves);
    expect(await moves.run(move.id)).toBe("paused");
    expect(await moves.records.get(move.id)).toMatchObject({ pausedBy: "runway", runwayDays: 6 });
    expect(to.clients).toHaveLength(0);
    await moves.cancel(move.id);
  });

  it("takes its turn in the term chain: a renewal paid mid-move waits behind it, then goes on the new client", async () => {
    const [from, to] = servers();
    const [sub] = (await onServer(from, 1)) as [Subscription];
    const order = await w.rooms.books.orders.create({
      ...{ kind: "renewal", customerId: sub.customerId, planId: "xui", price: 10, currency: "XTR" },
      ...{ locale: "en", subscriptionId: sub.id },
    });
    const turns: unknown[] = [];
    const { moves } = movesOn(w, {
      afterStage: async (stage) => {
        if (stage !== "made") return;
        // Paid now, the renewal reaches its worker while the move holds the subscription's turn.
        await w.rooms.books.orders.transition(order.id, ["awaiting_payment"], "paid");
        turns.push(await w.rooms.terms.terms.chain.enter(sub.id, order.id));
      },
    });
    const move = await start(xui(from), xui(to), [sub], moves);
    expect(await runToEnd(moves, move.id)).toBe("done");
    expect(turns).toEqual([{ turn: false, behind: expect.stringMatching(/^t/) }]);
    // The move left: the renewal's turn now, and the record it reads is on the new server.
    expect(await w.rooms.terms.terms.chain.enter(sub.id, order.id)).toEqual({ turn: true });
    expect((await w.rooms.books.subscriptions.get(sub.id))?.ref).toMatchObject({
      kind: "xui",
      serverId: to.id,
    });
    await w.rooms.terms.terms.chain.leave(sub.id, order.id);
  });

  it("cancelled: those not begun stay where they are, one begun is finished, none moved twice", async () => {
    const [from, to] = servers();
    const subs = await onServer(from, 6);
    let cancelled = false;
    let moves: ReturnType<typeof movesOn>["moves"] | undefined;
    ({ moves } = movesOn(w, {
      concurrency: 1,
      afterStage: async (stage) => {
        // The admin cancels while the second customer's new client has just been made.
        if (stage === "made" && to.clients.length === 2 && !cancelled && moves) {
          cancelled = true;
          expect(await moves.cancel(move.id)).toBe(true);
        }
      },
    }));
    const move = await start(xui(from), xui(to), subs, moves);
    expect(await runToEnd(moves, move.id)).toBe("cancelled");
    expect((await moves.counts(move.id))?.counts).toEqual({ total: 6, moved: 2, skipped: 4, failed: 0 });
    expect(to.clients).toHaveLength(2);
    expect(from.clients).toHaveLength(4);
    const report = await moves.report(move.id);
    expect(
      report?.notMoved.every((n) => n.outcome.kind === "skipped" && n.outcome.reason === "cancelled"),
    ).toBe(true);
  });

  it("two runners at once move each customer once", { timeout: 60_000 }, async () => {
    const [from, to] = servers();
    const subs = await onServer(from, 40);
    const told: { subscriptionId: string }[] = [];
    const a = movesOn(w, { told: told as never }).moves;
    const b = movesOn(w, { told: told as never }).moves;
    const move = await start(xui(from), xui(to), subs, a);
    await Promise.all([runToEnd(a, move.id), runToEnd(b, move.id)]);
    await expectMovedOnce(from, to, subs, told);
    expect((await a.counts(move.id))?.counts.moved).toBe(40);
  });

  it("moves panel customers to another location, keeping the subscription URL", async () => {
    const subs = [
      await provisioned(w, nextCustomer++, "multi"),
      await provisioned(w, nextCustomer++, "multi"),
    ];
    const from: MoveEnd = { kind: "panel", location: "2" };
    const to: MoveEnd = { kind: "panel", location: "3" };
    const { moves, told } = movesOn(w);
    expect((await moves.targets(from)).map((t) => moveEndKey(t.end))).toEqual(["panel:main", "panel:3"]);
    // No plan of the catalog names location 3's inbounds yet: nobody can go there.
    expect((await moves.preview(from, to)).skipped).toEqual({ "no-inbounds": 2 });
    const base = w.catalog.plans.find((p) => p.id === "multi");
    if (!base) throw new Error("plan multi expected");
    (w.catalog.plans as Plan[]).push({
      ...base,
      id: "multi-3",
      backend: {
        kind: "panel",
        locations: [
          { node: "main", inbound_ids: ["1"] },
          { node: "3", inbound_ids: ["301"] },
        ],
      },
    });
    expect(await moves.preview(from, to)).toMatchObject({ moving: 2, skipped: {} });
    const move = await start(from, to, subs, moves);
    expect(await runToEnd(moves, move.id)).toBe("done");
    for (const sub of subs) {
      const after = await w.rooms.books.subscriptions.get(sub.id);
      expect(after?.ref).toMatchObject({ kind: "panel", locations: ["main", "3"] });
      expect(after?.subscriptionUrl).toBe(sub.subscriptionUrl);
      expect(w.panel.clientAt("2", sub.ref.name)).toBeUndefined();
      expect(w.panel.clientAt("3", sub.ref.name)?.uuid).toBe(sub.ref.kind === "panel" ? sub.ref.uuid : "?");
      expect(w.panel.clientAt("main", sub.ref.name)).toBeDefined();
    }
    expect(told.map((t) => t.location)).toEqual(["3", "3"]);
    // Off the main panel nobody goes: it serves the combined subscription link.
    const offMain = await moves.preview({ kind: "panel", location: "main" }, to);
    expect(offMain).toMatchObject({ moving: 0, skipped: { "no-main": 2 } });
    expect(w.panel.clientAt("3", subs[0]?.ref.name ?? "")?.inboundIds).toEqual(["301"]);
  });
});
