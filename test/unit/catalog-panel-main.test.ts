import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadCatalog, parseCatalog } from "../../src/domain/catalog/index.js";
import { catalogErrorOf as errorOf } from "../helpers/catalog-errors.js";

/*
 * Issue 8: the main panel serves the one combined subscription link (spec B, rule 3), so a plan
 * on several panel locations must include `main`; without it only one location's link could be
 * handed out.
 */

const catalog = (locations: string) => `currency: XTR
plans:
  - id: de-xui
    title: { en: "Germany", ru: "Германия" }
    days: 30
    price: 150
    backend: { kind: xui, servers: [101] }
  - id: duo
    title: { en: "2 locations", ru: "2 локации" }
    days: 30
    price: 300
    backend: { kind: panel, locations: ${locations} }
`;

describe("catalog: panel plans and the main panel", () => {
  it("refuses a plan on several locations without main, naming the plan and its line", () => {
    const message = errorOf(
      catalog(`[ { node: "2", inbound_ids: ["4"] }, { node: "3", inbound_ids: ["5"] } ]`),
    );
    expect(message).toMatch(/^catalog\.yaml:12: plans\.1\.backend\.locations: /);
    expect(message).toContain('"duo"');
    expect(message).toMatch(/main/);
  });

  it("accepts several locations with main, and one location on its own", () => {
    const multi = parseCatalog(
      catalog(`[ { node: "2", inbound_ids: ["4"] }, { node: main, inbound_ids: ["1"] } ]`),
    );
    expect(multi.plans).toHaveLength(2);
    const single = parseCatalog(catalog(`[ { node: "2", inbound_ids: ["4"] } ]`));
    const backend = single.plans[1]?.backend;
    expect(backend?.kind === "panel" && backend.locations.map((l) => l.node)).toEqual(["2"]);
  });

  it("catalog.example.yaml still loads", async () => {
    const loaded = await loadCatalog(new URL("../../catalog.example.yaml", import.meta.url).pathname);
    expect(loaded.plans.length).toBeGreaterThan(0);
    expect(readFileSync(new URL("../../catalog.example.yaml", import.meta.url), "utf8")).toContain(
      "node: main",
    );
  });
});
