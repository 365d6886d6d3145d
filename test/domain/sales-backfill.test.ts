import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { computeStats } from "../../src/domain/backoffice/index.js";
import { backfillSalesDays, orderKeys, walletKeys } from "../../src/domain/books/index.js";
import { createWorkerHarness, type WorkerHarness } from "../helpers/worker-harness.js";

let h: WorkerHarness;
const NOW = Date.UTC(2026, 5, 15, 12);
const YESTERDAY = NOW - 24 * 3_600_000;

beforeAll(async () => {
  h = await createWorkerHarness({ now: NOW });
});
afterAll(() => h.close());

/** A ledger entry as the shop stored it whole before the counters (JSON in the journal). */
const oldEntry = (kind: string, amount: number, planId: string, at = YESTERDAY) =>
  JSON.stringify({ id: `old-${kind}-${amount}`, at, customerId: 9, kind, amount, currency: "XTR", planId });

describe("sales recorded before the day counters", () => {
  it("are counted once, from the old journal entries and the old done index, then left alone", async () => {
    const { redis } = h;
    // Before the upgrade: a purchase and a refund in the journal (whole), a top-up (not revenue),
    // and a finished order in the old index.
    await redis.rpush(
      walletKeys.journal,
      oldEntry("topup", 300, "de-xui"),
      oldEntry("purchase", -150, "de-xui"),
      oldEntry("refund", 120, "node"),
    );
    await redis.hset(orderKeys.order("oold1"), {
      id: "oold1",
      kind: "purchase",
      planId: "de-xui",
      finishedAt: YESTERDAY,
    });
    await redis.zadd(orderKeys.done, YESTERDAY, "oold1");
    // After it: a sale through the new code, counted as it happens (and referenced in the journal).
    await h.rooms.books.wallet.credit(10, 150, "gift:10", { kind: "admin-credit" });
    await h.rooms.books.wallet.debit(10, 150, "order:onew", {
      kind: "purchase",
      ref: "onew",
      planId: "de-xui",
    });

    const before = await computeStats(
      { ...h.rooms.books, catalog: h.rooms.catalog.current, clock: h.clock },
      "7d",
    );
    expect(before.total.revenue).toBe(150);

    expect(await backfillSalesDays(redis, 20, 2)).toBeGreaterThan(0);
    expect(await backfillSalesDays(redis)).toBe(0); // done: nothing counted twice
    const after = await computeStats(
      { ...h.rooms.books, catalog: h.rooms.catalog.current, clock: h.clock },
      "7d",
    );
    expect(after.total).toMatchObject({
      revenue: 150 + 150 - 120,
      orders: { purchase: 1, renewal: 0, trial: 0, pack: 0, seat: 0, seats: 0, switch: 0 },
    });
    expect(after.plans).toEqual([
      {
        planId: "de-xui",
        revenue: 300,
        orders: { purchase: 1, renewal: 0, trial: 0, pack: 0, seat: 0, seats: 0, switch: 0 },
      },
      {
        planId: "node",
        revenue: -120,
        orders: { purchase: 0, renewal: 0, trial: 0, pack: 0, seat: 0, seats: 0, switch: 0 },
      },
    ]);
    expect(await redis.exists(orderKeys.done)).toBe(0);
  });
});
