import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BLOCK_PREFIX } from "../../src/domain/backoffice/index.js";
import { createWorkerHarness, HARNESS_OWNER, type WorkerHarness } from "../helpers/worker-harness.js";

/** An admin's block with a reason: nothing changes before the confirmation, which works once. */
let h: WorkerHarness;

beforeAll(async () => {
  h = await createWorkerHarness();
});
afterAll(() => h.close());

const blocks = () => h.rooms.backoffice.customerBlocks;
const customers = () => h.rooms.books.customers;

describe("blocking a customer", () => {
  it("blocks once on the confirmation and hands back the reason to tell", async () => {
    await customers().seen({ id: 4001, firstName: "Liam", locale: "en" });
    const token = await blocks().propose({ customerId: 4001, reason: "Reselling accounts", adminId: 7300 });
    expect(await h.redis.exists(BLOCK_PREFIX + token)).toBe(1);
    expect(await customers().isBlocked(4001)).toBe(false);

    const outcomes = await Promise.all([1, 2, 3].map(() => blocks().confirm(HARNESS_OWNER, 4001, token)));
    expect(outcomes.filter((o) => o.status === "blocked")).toEqual([
      { status: "blocked", reason: "Reselling accounts" },
    ]);
    expect(outcomes.filter((o) => o.status === "used")).toHaveLength(2);
    expect(await customers().isBlocked(4001)).toBe(true);

    expect(await blocks().unblock(HARNESS_OWNER, 4001)).toBe(true);
    expect(await customers().isBlocked(4001)).toBe(false);
  });

  it("refuses a forged, expired or another customer's confirmation", async () => {
    await customers().seen({ id: 4002, firstName: "Mo", locale: "en" });
    await customers().seen({ id: 4003, firstName: "Ned", locale: "en" });
    expect(await blocks().confirm(HARNESS_OWNER, 4002, "forged99")).toEqual({ status: "expired" });

    const others = await blocks().propose({ customerId: 4003, reason: "Abuse", adminId: 7300 });
    expect(await blocks().confirm(HARNESS_OWNER, 4002, others)).toEqual({ status: "expired" });
    expect(await customers().isBlocked(4002)).toBe(false);

    const gone = await blocks().propose({ customerId: 4002, reason: "Abuse", adminId: 7300 });
    await h.redis.del(BLOCK_PREFIX + gone);
    expect(await blocks().confirm(HARNESS_OWNER, 4002, gone)).toEqual({ status: "expired" });
    expect(await customers().isBlocked(4002)).toBe(false);

    // The other customer's confirmation still works for them.
    expect(await blocks().confirm(HARNESS_OWNER, 4003, others)).toEqual({
      status: "blocked",
      reason: "Abuse",
    });
  });

  it("refuses to propose a block without a reason or with one over 200 characters", async () => {
    await expect(blocks().propose({ customerId: 4004, reason: "", adminId: 7300 })).rejects.toThrow();
    await expect(
      blocks().propose({ customerId: 4004, reason: "x".repeat(201), adminId: 7300 }),
    ).rejects.toThrow();
  });
});
