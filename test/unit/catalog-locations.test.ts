import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config.js";
import { forSale, loadCatalog, offSaleMessage, parseCatalog } from "../../src/domain/catalog/index.js";
import { projectRoot } from "../../src/runtime/paths.js";
import { catalogErrorOf as errorOf } from "../helpers/catalog-errors.js";

const NAMED = `currency: XTR
trial: { days: 1, traffic_gb: 1, plan: multi }
plans:
  - id: de
    title: { en: "Germany", ru: "Германия" }
    days: 30
    price: 150
    backend: { kind: xui, servers: [101, 102], name: { en: "Germany", ru: "Германия" } }
  - id: multi
    title: { en: "Two locations", ru: "Две локации" }
    days: 30
    price: 300
    backend:
      kind: panel
      locations:
        - { node: main, inbound_ids: ["1"], name: { en: "Frankfurt", ru: "Франкфурт" } }
        - { node: "2", inbound_ids: ["4"], name: "Helsinki" }
        - { node: "3", inbound_ids: ["7"] }
  - id: own
    title: { en: "Own node", ru: "Своя нода" }
    days: 30
    price: 120
    backend: { kind: node, name: { en: "Amsterdam", ru: "Амстердам" } }
  - id: plain
    title: { en: "Plain", ru: "Простой" }
    days: 30
    price: 100
    backend: { kind: node }
`;

describe("location names in the catalog", () => {
  it("gives each panel location an optional { en, ru } name (a plain string is both)", () => {
    const c = parseCatalog(NAMED);
    const multi = c.plans[1]?.backend;
    expect(multi?.kind === "panel" && multi.locations.map((l) => l.name)).toEqual([
      { en: "Frankfurt", ru: "Франкфурт" },
      { en: "Helsinki", ru: "Helsinki" },
      undefined,
    ]);
  });

  it("lets an xui or node plan name its one location, and keeps old backends valid", () => {
    const c = parseCatalog(NAMED);
    expect(c.plans[0]?.backend).toEqual({
      kind: "xui",
      servers: [101, 102],
      name: { en: "Germany", ru: "Германия" },
    });
    expect(c.plans[2]?.backend).toEqual({ kind: "node", name: { en: "Amsterdam", ru: "Амстердам" } });
    expect(c.plans[3]?.backend).toEqual({ kind: "node" });
  });

  it("refuses a name without one of its languages, or an empty one, with the line and field", () => {
    expect(errorOf(NAMED.replace(`name: "Helsinki"`, `name: { en: "Helsinki" }`))).toMatch(
      /^catalog\.yaml:17: plans\.1\.backend\.locations\.1\.name/,
    );
    expect(errorOf(NAMED.replace(`name: "Helsinki"`, `name: ""`))).toMatch(
      /^catalog\.yaml:17: plans\.1\.backend\.locations\.1\.name/,
    );
  });

  it("the example catalog names its locations", () => {
    const example = parseCatalog(
      readFileSync(join(projectRoot(), "catalog.example.yaml"), "utf8"),
      "catalog.example.yaml",
    );
    for (const plan of example.plans) {
      const b = plan.backend;
      if (b.kind === "panel") expect(b.locations.every((l) => l.name !== undefined)).toBe(true);
      else expect(b.name).toBeDefined();
    }
  });
});

describe("plans whose backend is not configured", () => {
  const catalog = parseCatalog(NAMED);

  it("are left off sale, with the settings they need; the trial goes with its plan", () => {
    const sale = forSale(catalog, { panel: false, node: false });
    expect(sale.catalog.plans.map((p) => p.id)).toEqual(["de"]);
    expect(sale.offSale.map((o) => [o.plan.id, o.needs])).toEqual([
      ["multi", ["PANEL_API_URL", "PANEL_API_TOKEN"]],
      ["own", ["NODE_API_URL", "NODE_API_TOKEN"]],
      ["plain", ["NODE_API_URL", "NODE_API_TOKEN"]],
    ]);
    expect(sale.catalog.trial).toBeUndefined();
    expect(sale.trialOff).toBe("multi");
    expect(offSaleMessage("catalog.yaml", sale.offSale[0]!)).toBe(
      "catalog.yaml: plan multi is off sale: it needs PANEL_API_URL and PANEL_API_TOKEN",
    );
  });

  it("are all on sale when every backend is configured", () => {
    const sale = forSale(catalog, { panel: true, node: true });
    expect(sale.catalog).toEqual(catalog);
    expect(sale.offSale).toEqual([]);
    expect(sale.trialOff).toBeUndefined();
  });

  it("only the unconfigured backend's plans go off sale", () => {
    const sale = forSale(catalog, { panel: true, node: false });
    expect(sale.catalog.plans.map((p) => p.id)).toEqual(["de", "multi"]);
    expect(sale.catalog.trial?.plan).toBe("multi");
  });
});

describe("the example files", () => {
  it("agree: .env.example with catalog.example.yaml starts and sells the xui plan and the trial", async () => {
    const env: Record<string, string> = {};
    for (const line of readFileSync(join(projectRoot(), ".env.example"), "utf8").split("\n")) {
      const m = /^([A-Z_]+)=(.*)$/.exec(line);
      if (m?.[1] && m[2] !== undefined) env[m[1]] = m[2];
    }
    const config = parseConfig({ ...env, SECRET_KEY: Buffer.alloc(32, 1).toString("base64") });
    const catalog = await loadCatalog(join(projectRoot(), "catalog.example.yaml"));
    const sale = forSale(catalog, { panel: config.panel !== undefined, node: config.node !== undefined });
    expect(sale.catalog.plans.map((p) => p.id)).toEqual(["de-xui"]);
    expect(sale.catalog.trial?.plan).toBe("de-xui");
    expect(sale.offSale.map((o) => o.plan.id)).toEqual(["multi", "node"]);
  });
});
