import { describe, expect, it } from "vitest";
import { checkCatalog, packsOf, parseCatalog } from "../../src/domain/catalog/index.js";
import { packTargetOf } from "../../src/domain/settlement/index.js";
import { catalogErrorOf as errorOf } from "../helpers/catalog-errors.js";

/* Issue 26: a plan's traffic packs in the catalog file, and the target a pack aims at. */

const catalog = (currency: string, traffic: number, packs: string) => `currency: ${currency}
plans:
  - id: de-xui
    title: { en: "Germany", ru: "Германия" }
    days: 30
    traffic_gb: ${traffic}
    price: 150
    backend: { kind: xui, servers: [101] }
    traffic_packs: ${packs}
`;

describe("catalog: traffic packs", () => {
  it("reads a plan's packs; a plan without any sells none", () => {
    const c = parseCatalog(
      catalog("XTR", 100, `[ { id: plus50, gb: 50, price: 40 }, { id: half, gb: 0.5, price: 1 } ]`),
    );
    expect(packsOf(c.plans[0])).toEqual([
      { id: "plus50", gb: 50, price: 40 },
      { id: "half", gb: 0.5, price: 1 },
    ]);
    const none = parseCatalog(catalog("XTR", 100, "[]"));
    expect(packsOf(none.plans[0])).toEqual([]);
  });

  it("refuses packs on a plan with unlimited traffic, naming the plan and its line", () => {
    const message = errorOf(catalog("XTR", 0, `[ { id: plus50, gb: 50, price: 40 } ]`));
    expect(message).toMatch(/^catalog\.yaml:9: plans\.0\.traffic_packs: /);
    expect(message).toContain('plan "de-xui" has unlimited traffic');
  });

  it("refuses a pack id used twice in a plan, a bad id, no GB, and a price the currency cannot charge", () => {
    expect(
      errorOf(catalog("XTR", 100, `[ { id: a, gb: 5, price: 4 }, { id: a, gb: 9, price: 8 } ]`)),
    ).toContain('plans.0.traffic_packs.1.id: "a" is used twice in this plan');
    expect(errorOf(catalog("XTR", 100, `[ { id: "Big Pack", gb: 5, price: 4 } ]`))).toContain(
      "plans.0.traffic_packs.0.id",
    );
    expect(errorOf(catalog("XTR", 100, `[ { id: zero, gb: 0, price: 4 } ]`))).toContain(
      "plans.0.traffic_packs.0.gb",
    );
    expect(errorOf(catalog("XTR", 100, `[ { id: p, gb: 5, price: 4.5 } ]`))).toContain(
      "plans.0.traffic_packs.0.price: must be a whole number of Stars",
    );
    expect(errorOf(catalog("USD", 100, `[ { id: p, gb: 5, price: 0.999 } ]`))).toContain(
      "plans.0.traffic_packs.0.price",
    );
    expect(
      parseCatalog(catalog("USD", 100, `[ { id: p, gb: 5, price: 0.99 } ]`)).plans[0]?.traffic_packs,
    ).toEqual([{ id: "p", gb: 5, price: 0.99 }]);
  });

  it("a plan edited in the bot to unlimited traffic while it sells packs is refused with the reason", () => {
    const c = parseCatalog(catalog("XTR", 100, `[ { id: plus50, gb: 50, price: 40 } ]`));
    const plan = c.plans[0];
    if (!plan) throw new Error("no plan");
    const checked = checkCatalog({ ...c, plans: [{ ...plan, traffic_gb: 0 }] });
    expect(checked).toEqual({
      ok: false,
      error:
        'plans.0.traffic_packs: plan "de-xui" has unlimited traffic (traffic_gb: 0): it sells no traffic packs',
    });
  });
});

describe("a pack's target", () => {
  it("raises every limited place by the pack, keeps an unlimited one, and the allowance with it", () => {
    expect(packTargetOf({ main: 103.5, "2": 100.27 }, 100, 50)).toEqual({
      gb: 50,
      limits: { main: 153.5, "2": 150.27 },
      allowance: 150,
    });
    expect(packTargetOf({ main: 0, "2": 100 }, 100, 10)).toMatchObject({ limits: { main: 0, "2": 110 } });
    // Free of float noise: 0.1 + 0.2 is 0.3.
    expect(packTargetOf({ "": 0.1 }, 0.1, 0.2)).toEqual({ gb: 0.2, limits: { "": 0.3 }, allowance: 0.3 });
  });

  it("refuses an access with no limit anywhere, or no allowance (a pack would add nothing)", () => {
    expect(() => packTargetOf({ "": 0 }, 100, 50)).toThrow("unlimited");
    expect(() => packTargetOf({ "": 100 }, 0, 50)).toThrow("unlimited");
  });
});
