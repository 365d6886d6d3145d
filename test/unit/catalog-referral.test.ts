import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { forSale, parseCatalog } from "../../src/domain/catalog/index.js";
import { catalogErrorOf } from "../helpers/catalog-errors.js";

/** Issue 14: the catalog's optional `referral:` section, validated like the rest of the file. */

const PLANS = `plans:
  - id: de-xui
    title: { en: "Germany", ru: "Германия" }
    days: 30
    price: 150
    backend: { kind: xui, servers: [101] }
  - id: node
    title: { en: "Node", ru: "Нода" }
    days: 30
    price: 120
    backend: { kind: node }
`;
const withReferral = (line: string) => `currency: XTR\n${line}\n${PLANS}`;

describe("the catalog's referral section", () => {
  it("is read with its defaults, and absent means no referrals", () => {
    expect(
      parseCatalog(withReferral("referral: { percent: 10, bonus_days: 3, rewarded_payments: 0 }")).referral,
    ).toEqual({
      percent: 10,
      bonus_days: 3,
      rewarded_payments: 0,
    });
    expect(parseCatalog(withReferral("referral: { bonus_days: 5 }")).referral).toEqual({
      percent: 0,
      bonus_days: 5,
      rewarded_payments: 0,
    });
    expect(parseCatalog(withReferral("")).referral).toBeUndefined();
  });

  it("refuses bad values with the line and the field", () => {
    expect(catalogErrorOf(withReferral("referral: { percent: 120 }"))).toMatch(
      /^catalog\.yaml:2: referral\.percent: Too big/,
    );
    expect(catalogErrorOf(withReferral("referral: { percent: 10.555 }"))).toBe(
      "catalog.yaml:2: referral.percent: must have at most 2 decimals",
    );
    expect(catalogErrorOf(withReferral("referral: { percent: 10, rewarded_payments: -1 }"))).toMatch(
      /referral\.rewarded_payments: Too small/,
    );
    expect(catalogErrorOf(withReferral("referral: { bonus_days: 1.5 }"))).toMatch(/referral\.bonus_days/);
    expect(catalogErrorOf(withReferral("referral: { percent: 0, bonus_days: 0 }"))).toBe(
      "catalog.yaml:2: referral: gives nothing: set percent or bonus_days above 0",
    );
  });

  it("stays when plans are left off sale, and the example catalog has one", () => {
    const catalog = parseCatalog(withReferral("referral: { percent: 5 }"));
    const sale = forSale(catalog, { panel: false, node: false });
    expect(sale.offSale.map((o) => o.plan.id)).toEqual(["node"]);
    expect(sale.catalog.referral).toEqual({ percent: 5, bonus_days: 0, rewarded_payments: 0 });
    const example = readFileSync(new URL("../../catalog.example.yaml", import.meta.url), "utf8");
    expect(parseCatalog(example).referral).toEqual({ percent: 10, bonus_days: 3, rewarded_payments: 0 });
  });
});
