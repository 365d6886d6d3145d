import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADJUST_PREFIX, ADJUST_TTL_SECONDS, type Adjustment } from "../../src/domain/backoffice/index.js";
import { createWorkerHarness, HARNESS_OWNER, type WorkerHarness } from "../helpers/worker-harness.js";

/**
 * An admin's credit or debit with a reason: proposed behind a one-time confirmation (nothing
 * moves before it), applied once when confirmed, however many taps or admins confirm at once.
 */
let h: WorkerHarness;

/** A second staff member (an admin the owner added), to confirm beside the owner. */
const DEPUTY = 7301;

beforeAll(async () => {
  h = await createWorkerHarness();
  await h.rooms.staff.roster.setRole(HARNESS_OWNER, DEPUTY, "admin");
});
afterAll(() => h.close());

const adminWallet = () => h.rooms.backoffice.adminWallet;
const wallet = () => h.rooms.books.wallet;

function adjustment(customerId: number, fields: Partial<Adjustment> = {}): Adjustment {
  return {
    customerId,
    direction: "credit",
    amount: 150,
    currency: "XTR",
    reason: "Outage compensation",
    adminId: HARNESS_OWNER,
    ...fields,
  };
}

describe("an admin's wallet adjustment", () => {
  it("keeps the proposal for an hour and moves no money before the confirmation", async () => {
    const token = await adminWallet().propose(adjustment(2001));
    expect(token).toMatch(/^[A-Za-z0-9_-]{8}$/);
    const ttl = await h.redis.ttl(ADJUST_PREFIX + token);
    expect(ttl).toBeGreaterThan(ADJUST_TTL_SECONDS - 5);
    expect(ttl).toBeLessThanOrEqual(ADJUST_TTL_SECONDS);
    expect(await wallet().balance(2001)).toBe(0);
    expect((await wallet().history(2001, 0, 10)).total).toBe(0);
  });

  it("credits once with the reason and the confirming admin, however many confirm at once", async () => {
    const token = await adminWallet().propose(adjustment(2002));
    const outcomes = await Promise.all(
      [HARNESS_OWNER, DEPUTY, HARNESS_OWNER, DEPUTY].map((admin) =>
        adminWallet().confirm(admin, 2002, token),
      ),
    );
    expect(outcomes.filter((o) => o.status === "credited")).toEqual([
      { status: "credited", amount: 150, balance: 150, reason: "Outage compensation" },
    ]);
    for (const other of outcomes.filter((o) => o.status !== "credited")) {
      expect(other).toEqual({ status: "already", amount: 150, currency: "XTR" });
    }
    expect(await wallet().balance(2002)).toBe(150);
    const { entries } = await wallet().history(2002, 0, 10);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: "admin-credit", amount: 150, note: "Outage compensation" });
    expect([String(HARNESS_OWNER), String(DEPUTY)]).toContain(entries[0]?.ref);
    expect(await wallet().applied(`admin:${token}`)).toMatchObject({ amount: 150 });
  });

  it("debits within the balance, and refuses one the balance no longer covers", async () => {
    await wallet().credit(2003, 100, "seed:2003", { kind: "topup" });
    const ok = await adminWallet().propose(adjustment(2003, { direction: "debit", amount: 30 }));
    expect(await adminWallet().confirm(DEPUTY, 2003, ok)).toEqual({
      status: "debited",
      amount: 30,
      balance: 70,
      reason: "Outage compensation",
    });
    // The staff member who confirmed is the entry's ref (not the proposer).
    expect((await wallet().history(2003, 0, 1)).entries[0]).toMatchObject({
      kind: "admin-debit",
      amount: -30,
      ref: String(DEPUTY),
    });

    const over = await adminWallet().propose(adjustment(2003, { direction: "debit", amount: 80 }));
    expect(await adminWallet().confirm(DEPUTY, 2003, over)).toEqual({
      status: "refused",
      amount: 80,
      balance: 70,
    });
    expect(await wallet().balance(2003)).toBe(70);
  });

  it("refuses a forged, expired or another customer's confirmation, moving nothing", async () => {
    expect(await adminWallet().confirm(HARNESS_OWNER, 2004, "forged99")).toEqual({ status: "expired" });

    const gone = await adminWallet().propose(adjustment(2004));
    await h.redis.del(`once:${gone}`, ADJUST_PREFIX + gone);
    expect(await adminWallet().confirm(HARNESS_OWNER, 2004, gone)).toEqual({ status: "expired" });

    const others = await adminWallet().propose(adjustment(2005));
    expect(await adminWallet().confirm(HARNESS_OWNER, 2004, others)).toEqual({ status: "expired" });
    expect(await wallet().balance(2004)).toBe(0);
    // Still good for the customer it was proposed for.
    expect(await adminWallet().confirm(HARNESS_OWNER, 2005, others)).toMatchObject({ status: "credited" });
  });

  it("says 'used' when the token was spent but nothing was applied (the currency changed)", async () => {
    const token = await adminWallet().propose(adjustment(2006, { currency: "USD" }));
    expect(await adminWallet().confirm(HARNESS_OWNER, 2006, token)).toEqual({ status: "currency-changed" });
    expect(await adminWallet().confirm(HARNESS_OWNER, 2006, token)).toEqual({ status: "used" });
    expect(await wallet().balance(2006)).toBe(0);
  });

  it("refuses to propose what no confirmation should carry", async () => {
    await expect(adminWallet().propose(adjustment(2007, { reason: "" }))).rejects.toThrow();
    await expect(adminWallet().propose(adjustment(2007, { reason: "x".repeat(201) }))).rejects.toThrow();
    await expect(adminWallet().propose(adjustment(2007, { amount: 0 }))).rejects.toThrow();
  });
});
