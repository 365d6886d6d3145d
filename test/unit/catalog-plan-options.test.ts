import { describe, expect, it } from "vitest";
import { parseCatalog, switchable } from "../../src/domain/catalog/index.js";
import { catalogErrorOf as errorOf } from "../helpers/catalog-errors.js";

/* Issue 30: a plan's family seats, freeze, rollover and switch options in the catalog file. */

const catalog = (traffic: number, options: string) => `currency: XTR
plans:
  - id: family
    title: { en: "Family", ru: "Семья" }
    days: 30
    traffic_gb: ${traffic}
    price: 300
    backend: { kind: xui, servers: [101] }
${options}
`;

describe("catalog: plan options", () => {
  it("reads seats, freeze, rollover and switchable with their defaults; absent is none", () => {
    const c = parseCatalog(
      catalog(
        100,
        `    seats: { count: 4, max: 6 }
    rollover: { cap_gb: 50 }
    switchable: false`,
      ),
    );
    const plan = c.plans[0];
    expect(plan?.seats).toEqual({ count: 4, pricing: "pack", max: 6 });
    const frozen = parseCatalog(catalog(100, "    freeze: { times_per_year: 2 }")).plans[0];
    expect(frozen?.freeze).toEqual({ times_per_year: 2, min_days: 7, max_days: 30 });
    expect(plan?.rollover).toEqual({ cap_gb: 50 });
    expect(plan && switchable(plan)).toBe(false);
    const plain = parseCatalog(catalog(100, "")).plans[0];
    expect(plain?.seats ?? plain?.freeze ?? plain?.rollover).toBeUndefined();
    expect(plain && switchable(plain)).toBe(true);
  });

  it("refuses what cannot be sold, naming the field", () => {
    expect(errorOf(catalog(0, "    rollover: { cap_gb: 50 }"))).toContain("plans.0.rollover");
    expect(errorOf(catalog(0, "    rollover: { cap_gb: 50 }"))).toContain("nothing to roll over");
    expect(errorOf(catalog(100, "    seats: { count: 1 }"))).toContain("plans.0.seats.count");
    expect(errorOf(catalog(100, "    seats: { count: 4, max: 3 }"))).toContain("max must be at least count");
    expect(errorOf(catalog(100, "    seats: { count: 4, pricing: family }"))).toContain(
      "plans.0.seats.pricing",
    );
    // A family's seats share one term: a freeze of one would lose or give days (not offered).
    expect(errorOf(catalog(100, "    seats: { count: 3 }\n    freeze: { times_per_year: 2 }"))).toContain(
      "a family plan is not frozen",
    );
    expect(errorOf(catalog(100, "    freeze: { times_per_year: 0 }"))).toContain(
      "plans.0.freeze.times_per_year",
    );
    expect(errorOf(catalog(100, "    freeze: { times_per_year: 1, min_days: 20, max_days: 10 }"))).toContain(
      "max_days must be at least min_days",
    );
  });
});
