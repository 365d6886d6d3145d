import { describe, expect, it } from "vitest";
import { proRata, termValue, wholeDaysLeft } from "../../src/domain/sales/index.js";
import { DAY } from "../../src/runtime/clock.js";

/** Issue 30: the one rule for what is left of a term is worth (switch, fair refund, seats). */
const now = Date.UTC(2026, 10, 1);

describe("term value", () => {
  it("counts whole days left, never below 0, none for no expiry", () => {
    expect(wholeDaysLeft(now + 10 * DAY + 5_000, now)).toBe(10);
    expect(wholeDaysLeft(now - DAY, now)).toBe(0);
    expect(wholeDaysLeft(0, now)).toBe(0);
  });

  it("pro-rata rounds a credit down and a charge up, exact shares exactly", () => {
    expect(proRata(100, 30, 10, "credit")).toBe(33);
    expect(proRata(100, 30, 10, "charge")).toBe(34);
    expect(proRata(300, 30, 10, "credit")).toBe(100);
    expect(proRata(300, 30, 10, "charge")).toBe(100);
    expect(proRata(300, 30, 0, "charge")).toBe(0);
  });

  it("an unlimited plan: days left at the price per day", () => {
    const v = termValue({
      termPrice: 300,
      termDays: 30,
      expiresAt: now + 12 * DAY,
      now,
      trafficGb: 0,
      usedGb: 0,
    });
    expect(v).toMatchObject({ daysLeft: 12, perDay: 10, daysAhead: 0, limitedBy: "days", amount: 120 });
    expect(v.gbLeft).toBeUndefined();
  });

  it("a traffic plan: the lesser of days left and GB left for the current term", () => {
    const base = { termPrice: 300, termDays: 30, expiresAt: now + 15 * DAY, now, trafficGb: 100 };
    expect(termValue({ ...base, usedGb: 20 })).toMatchObject({ limitedBy: "days", amount: 150, gbLeft: 80 });
    expect(termValue({ ...base, usedGb: 90 })).toMatchObject({
      limitedBy: "traffic",
      amount: 30,
      gbLeft: 10,
    });
    expect(termValue({ ...base, usedGb: 150 })).toMatchObject({ amount: 0, gbLeft: 0 });
  });

  it("days renewed ahead of the current term count in full", () => {
    const v = termValue({
      termPrice: 300,
      termDays: 30,
      expiresAt: now + 40 * DAY,
      now,
      trafficGb: 100,
      usedGb: 100,
    });
    expect(v).toMatchObject({ daysLeft: 40, daysAhead: 10, limitedBy: "traffic", amount: 100 });
  });

  it("an expired term is worth nothing", () => {
    expect(
      termValue({ termPrice: 300, termDays: 30, expiresAt: now - DAY, now, trafficGb: 0, usedGb: 0 }).amount,
    ).toBe(0);
  });
});
