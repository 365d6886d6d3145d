import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadCatalog, parseCatalog } from "../../src/domain/catalog/index.js";
import { catalogErrorOf as errorOf } from "../helpers/catalog-errors.js";

const GOOD = `currency: XTR
trial: { days: 1, traffic_gb: 1, plan: de-xui }
plans:
  - id: de-xui
    title: { en: "Germany, 30 days, 100 GB", ru: "Германия, 30 дней, 100 ГБ" }
    days: 30
    traffic_gb: 100
    price: 150
    backend: { kind: xui, servers: [101, 102] }
  - id: multi
    title: { en: "3 locations", ru: "3 локации" }
    days: 30
    traffic_gb: 0
    devices: 3
    price: 300
    backend: { kind: panel, locations: [ { node: main, inbound_ids: ["1"] }, { node: "2", inbound_ids: ["4"] } ] }
  - id: node
    title: { en: "Own node", ru: "Своя нода" }
    days: 30
    traffic_gb: 50
    devices: 2
    price: 120
    backend: { kind: node }
`;

describe("catalog", () => {
  it("parses the contract's example", () => {
    const c = parseCatalog(GOOD);
    expect(c.currency).toBe("XTR");
    expect(c.trial).toEqual({ days: 1, traffic_gb: 1, plan: "de-xui" });
    expect(c.plans.map((p) => p.backend.kind)).toEqual(["xui", "panel", "node"]);
    expect(c.plans[0]?.devices).toBe(0);
    const multi = c.plans[1]?.backend;
    expect(multi?.kind === "panel" && multi.locations.map((l) => l.node)).toEqual(["main", "2"]);
  });

  it("names the line and the field of a bad value", () => {
    expect(errorOf(GOOD.replace("price: 300", "price: -5"))).toBe(
      "catalog.yaml:15: plans.1.price: Too small: expected number to be >0",
    );
    expect(errorOf(GOOD.replace("kind: node", "kind: ftp"))).toMatch(
      /^catalog\.yaml:23: plans\.2\.backend\.kind: /,
    );
    expect(errorOf(GOOD.replace("plan: de-xui", "plan: nope"))).toBe(
      'catalog.yaml:2: trial.plan: "nope" is not a plan id',
    );
    expect(errorOf(GOOD.replace("id: multi", "id: de-xui"))).toBe(
      'catalog.yaml:10: plans.1.id: "de-xui" is used twice',
    );
    expect(errorOf(GOOD.replace("price: 150", "price: 1.5"))).toBe(
      "catalog.yaml:8: plans.0.price: must be a whole number of Stars",
    );
    expect(errorOf(GOOD.replace("servers: [101, 102]", "servers: []"))).toMatch(
      /^catalog\.yaml:9: .*lists no server/,
    );
  });

  it("reports YAML syntax errors with their line", () => {
    expect(errorOf("currency: XTR\nplans: [\n  - id: x\n")).toMatch(/^catalog\.yaml:\d+: /);
  });

  it("reports a missing file in one line", async () => {
    await expect(loadCatalog("/nonexistent/catalog.yaml")).rejects.toThrow(
      "/nonexistent/catalog.yaml: cannot read the catalog file (ENOENT)",
    );
    const dir = mkdtempSync(join(tmpdir(), "catalog-"));
    writeFileSync(join(dir, "c.yaml"), GOOD);
    expect((await loadCatalog(join(dir, "c.yaml"))).plans).toHaveLength(3);
  });
});
