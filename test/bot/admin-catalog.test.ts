import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CatalogStore, parseCatalog } from "../../src/domain/catalog/index.js";
import { createLogger } from "../../src/runtime/logger.js";
import { callback, user } from "../fakes/telegram-api.js";
import { createTestBot, type TestBot } from "../helpers/bot-harness.js";
import { testRedis } from "../helpers/redis.js";
import { lastShownOn as lastShown } from "../helpers/telegram-views.js";

const ADMIN = user(7500, { language_code: "en" });
const file = join(mkdtempSync(join(tmpdir(), "catalog-admin-")), "catalog.yaml");
const plan = (id: string, price: number) => `  - id: ${id}
    title: { en: "Plan ${id}", ru: "Тариф ${id}" }
    days: 30
    traffic_gb: 10
    price: ${price}
    backend: { kind: node }
`;
const yaml = (currency: string, ...plans: string[]) => `currency: ${currency}\nplans:\n${plans.join("")}`;

let t: TestBot;
let store: CatalogStore;
let other: CatalogStore;
let otherRedis: import("ioredis").Redis;

beforeAll(async () => {
  writeFileSync(file, yaml("XTR", plan("one", 100)));
  const source = yaml("XTR", plan("one", 100));
  const redis = await testRedis();
  store = new CatalogStore(parseCatalog(source), file, redis, createLogger("silent"));
  otherRedis = redis.duplicate();
  other = new CatalogStore(parseCatalog(source), file, otherRedis, createLogger("silent"));
  await other.follow(60_000);
  t = await createTestBot({ adminIds: [ADMIN.id], redis, catalogStore: store });
});
afterAll(async () => {
  other.stop();
  await otherRedis.quit();
  await t.close();
  await t.redis.quit();
});

describe("catalog in the admin menu", () => {
  it("shows the plans and reloads the file, here and in the other processes", async () => {
    await t.send(callback(ADMIN, "a.cat:view"));
    expect(lastShown(t.telegram).text).toContain("<b>Plan one</b> (<code>one</code>): 100 ⭐");

    writeFileSync(file, yaml("XTR", plan("one", 120), plan("two", 200)));
    await t.send(callback(ADMIN, "a.cat:reload"));
    const view = lastShown(t.telegram).text;
    expect(view).toContain("✅ Reloaded: 2 plans on sale now.");
    expect(view).toContain("<b>Plan two</b> (<code>two</code>): 200 ⭐");
    expect(t.deps.sales.shop.plans().map((p) => p.id)).toEqual(["one", "two"]);
    expect(t.deps.sales.shop.priceOf(t.deps.sales.shop.plan("one")!)).toBe(120);

    expect(other.get().plans).toHaveLength(1);
    await other.catchUp();
    expect(other.get().plans).toHaveLength(2);
  });

  it("keeps the plans on sale when the file is bad, and says why", async () => {
    writeFileSync(file, yaml("XTR", plan("one", -5)));
    await t.send(callback(ADMIN, "a.cat:reload"));
    expect(lastShown(t.telegram).text).toContain("⚠️ The file was not loaded");
    expect(lastShown(t.telegram).text).toContain("plans.0.price");
    expect(t.deps.sales.shop.plans()).toHaveLength(2);

    writeFileSync(file, yaml("USD", plan("one", 5)));
    await t.send(callback(ADMIN, "a.cat:reload"));
    expect(lastShown(t.telegram).text).toContain("currency USD differs from XTR");
    expect(t.deps.sales.shop.currency).toBe("XTR");
  });

  it("is refused to a non-admin", async () => {
    writeFileSync(file, yaml("XTR", plan("solo", 1)));
    await t.send(callback(user(7599), "a.cat:reload"));
    expect(t.deps.sales.shop.plans()).toHaveLength(2);
  });
});
