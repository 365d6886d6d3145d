import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CatalogStore, loadCatalog } from "../../src/domain/catalog/index.js";
import { createLogger } from "../../src/runtime/logger.js";
import { callback, command, user } from "../fakes/telegram-api.js";
import { createTestBot, type TestBot } from "../helpers/bot-harness.js";
import { testRedis } from "../helpers/redis.js";
import { lastShownOn as lastShown } from "../helpers/telegram-views.js";

/**
 * A plan whose backend has no settings (PANEL_*, NODE_* empty, as in .env.example) cannot be
 * delivered: it is not sold, nor is a trial on it; the admins' Catalog screen says which and why,
 * at start and after a reload.
 */

const ADMIN = user(7700, { language_code: "en" });
const file = join(mkdtempSync(join(tmpdir(), "catalog-off-sale-")), "catalog.yaml");
const plan = (id: string, title: string, backend: string) => `  - id: ${id}
    title: { en: "${title}", ru: "${title} (ru)" }
    days: 30
    price: 100
    backend: ${backend}
`;
const XUI = plan("de", "Germany", "{ kind: xui, servers: [101] }");
const PANEL = plan(
  "multi",
  "Two locations",
  `{ kind: panel, locations: [ { node: main, inbound_ids: ["1"] } ] }`,
);
const NODE = plan("own", "Own node", "{ kind: node }");

let t: TestBot;
let store: CatalogStore;
const logs: string[] = [];

beforeAll(async () => {
  writeFileSync(
    file,
    `currency: XTR\ntrial: { days: 1, traffic_gb: 1, plan: multi }\nplans:\n${XUI}${PANEL}`,
  );
  const redis = await testRedis();
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const logger = createLogger("info", sink);
  store = new CatalogStore(await loadCatalog(file), file, redis, logger, {
    backends: { panel: false, node: false },
  });
  store.warnOffSale();
  t = await createTestBot({ adminIds: [ADMIN.id], redis, catalogStore: store });
});
afterAll(async () => {
  await t.close();
  await t.redis.quit();
});

describe("plans whose backend is not configured", () => {
  it("are not offered in /buy, and the trial on one is not offered", async () => {
    const buyer = user(7701, { language_code: "en" });
    await t.send(command(buyer, "/buy"));
    expect(lastShown(t.telegram).text).toContain("<b>Germany</b>");
    expect(lastShown(t.telegram).text).not.toContain("Two locations");
    expect(t.deps.sales.shop.plan("multi")).toBeUndefined();

    await t.send(command(buyer, "/trial"));
    expect(lastShown(t.telegram).text).toBe("No free trial is offered right now.");
    expect(t.enqueued).toEqual([]);
  });

  it("are logged once each at start, with the settings they need", () => {
    const warned = logs
      .map((l) => JSON.parse(l) as { level: number; msg: string })
      .filter((l) => l.level === 40);
    expect(warned.map((l) => l.msg)).toEqual([
      `${file}: plan multi is off sale: it needs PANEL_API_URL and PANEL_API_TOKEN`,
      `${file}: the free trial is off: its plan multi is off sale`,
    ]);
  });

  it("are listed on the admin's Catalog screen with what they need", async () => {
    await t.send(callback(ADMIN, "a.cat:view"));
    const view = lastShown(t.telegram).text;
    expect(view).toContain("1 plan");
    expect(view).toContain("⛔ <b>Not on sale</b>");
    expect(view).toContain(
      "• <b>Two locations</b> (<code>multi</code>): needs PANEL_API_URL and PANEL_API_TOKEN",
    );
    expect(view).toContain("🎁 The free trial is off: its plan <code>multi</code> is not on sale.");
  });

  it("follow the same rule after a reload", async () => {
    writeFileSync(file, `currency: XTR\nplans:\n${XUI}${NODE}`);
    await t.send(callback(ADMIN, "a.cat:reload"));
    const view = lastShown(t.telegram).text;
    expect(view).toContain("✅ Reloaded: 1 plan on sale now.");
    expect(view).toContain("• <b>Own node</b> (<code>own</code>): needs NODE_API_URL and NODE_API_TOKEN");
    expect(view).not.toContain("Two locations");
    expect(t.deps.sales.shop.plans().map((p) => p.id)).toEqual(["de"]);
    expect(logs.filter((l) => l.includes("plan own is off sale"))).toHaveLength(1);
  });
});
