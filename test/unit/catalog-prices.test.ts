import { describe, expect, it } from "vitest";
import { parseCatalog, toMinor } from "../../src/domain/catalog/index.js";
import { catalogErrorOf as errorOf } from "../helpers/catalog-errors.js";

/** One plan priced `price` in `currency`; the price sits on line 7. */
const catalog = (currency: string, price: string) => `currency: ${currency}
plans:
  - id: basic
    title: { en: "Basic", ru: "Базовый" }
    days: 30
    traffic_gb: 10
    price: ${price}
    backend: { kind: node }
`;

describe("catalog prices in the currency's smallest unit", () => {
  it("refuses a price below one cent (it would sell for 0)", () => {
    expect(errorOf(catalog("USD", "0.004"))).toBe(
      "catalog.yaml:7: plans.0.price: 0.004 USD is not a whole number of the smallest unit (at most 2 decimals)",
    );
  });

  it("refuses a price with more decimals than the currency has (1.005 USD would become 100 cents)", () => {
    expect(errorOf(catalog("USD", "1.005"))).toBe(
      "catalog.yaml:7: plans.0.price: 1.005 USD is not a whole number of the smallest unit (at most 2 decimals)",
    );
    expect(errorOf(catalog("JPY", "100.5"))).toBe(
      "catalog.yaml:7: plans.0.price: 100.5 JPY is not a whole number of the smallest unit (no decimals)",
    );
    expect(errorOf(catalog("XTR", "1.5"))).toBe(
      "catalog.yaml:7: plans.0.price: must be a whole number of Stars",
    );
  });

  it("refuses a price too large to count exactly", () => {
    expect(errorOf(catalog("USD", "100000000000000000"))).toMatch(
      /^catalog\.yaml:7: plans\.0\.price: .*too large/,
    );
  });

  it("accepts exact prices and converts them without rounding", () => {
    expect(parseCatalog(catalog("USD", "4.99")).plans[0]?.price).toBe(4.99);
    expect(parseCatalog(catalog("EUR", "1.10")).plans[0]?.price).toBe(1.1);
    expect(toMinor("USD", 1.1)).toBe(110);
    expect(toMinor("USD", 4.35)).toBe(435);
    expect(toMinor("USD", 0.07)).toBe(7);
    expect(toMinor("USD", 19.99)).toBe(1999);
    expect(toMinor("JPY", 500)).toBe(500);
  });

  it("toMinor never rounds silently", () => {
    expect(() => toMinor("USD", 1.005)).toThrow(RangeError);
    expect(() => toMinor("USD", 0.004)).toThrow(RangeError);
  });
});
