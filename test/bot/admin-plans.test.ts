import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CatalogStore, parseCatalog } from "../../src/domain/catalog/index.js";
import { createLogger } from "../../src/runtime/logger.js";
import { command, type FakeFile, user } from "../fakes/telegram-api.js";
import { chatAs, createTestBot, type TestBot } from "../helpers/bot-harness.js";
import { testRedis } from "../helpers/redis.js";
import { seedCustomer, seedSubscription } from "../helpers/shop-seed.js";
import { telegramViews } from "../helpers/telegram-views.js";

/** Issue 24, item 7: admins change, add, retire and export plans in the bot; a reload never overwrites them unseen. */

const ADMIN = user(7600, { first_name: "Boss", language_code: "en" });
const OTHER_ADMIN = user(7601, { first_name: "Deputy", language_code: "en" });
const CUSTOMER = user(7610, { first_name: "Ann", language_code: "en" });
const dir = mkdtempSync(join(tmpdir(), "plans-admin-"));
const file = join(dir, "catalog.yaml");
const plan = (id: string, price: number, days = 30) => `  - id: ${id}
    title: { en: "Plan ${id}", ru: "Тариф ${id}" }
    days: ${days}
    traffic_gb: 10
    price: ${price}
    backend: { kind: xui, servers: [1] }
`;
const yaml = (...plans: string[]) =>
  `currency: XTR\ntrial: { days: 1, traffic_gb: 1, plan: one }\nplans:\n${plans.join("")}`;

let t: TestBot;
let redis: Redis;
let store: CatalogStore;
let other: CatalogStore;
let otherRedis: Redis;

async function freshShop(): Promise<void> {
  await redis.flushdb();
  writeFileSync(file, yaml(plan("one", 100), plan("two", 200)));
  store = new CatalogStore(
    parseCatalog(yaml(plan("one", 100), plan("two", 200))),
    file,
    redis,
    createLogger("silent"),
  );
  other = new CatalogStore(store.full(), file, otherRedis, createLogger("silent"));
  await other.follow(60_000);
  t = await createTestBot({ adminIds: [ADMIN.id, OTHER_ADMIN.id], redis, catalogStore: store });
}

beforeAll(async () => {
  redis = await testRedis();
  otherRedis = redis.duplicate();
});
beforeEach(async () => {
  other?.stop();
  if (t) await t.close();
  await freshShop();
});
afterAll(async () => {
  other.stop();
  await t.close();
  await otherRedis.quit();
  await redis.quit();
});

const { press, say } = chatAs(() => t, ADMIN);
const { lastShown, button } = telegramViews(() => t);
const price = (id: string) => t.deps.sales.shop.priceOf(t.deps.sales.shop.plan(id)!);

describe("the plan editor", () => {
  it("changes a price through the schema's checks, with a preview, here and in the other processes", async () => {
    await press("a.cat:view");
    await press(button("✏️ Edit plans"));
    expect(lastShown().text).toContain("<b>Plan one</b> (<code>one</code>): 100 ⭐ · on sale");
    await press(button(/^Plan one/));
    expect(lastShown().text).toContain("How customers see it:");
    await press(button("💰 Price"));
    expect(lastShown().text).toBe("Send the new price in XTR (e.g. 150 or 99.5).");

    await say("cheap");
    expect(lastShown().text).toBe("That does not fit: send it as the question asks.");
    await say("99.5"); // the catalog's schema: Stars are whole
    expect(lastShown().text).toBe("⚠️ Not saved: plans.0.price: must be a whole number of Stars");
    await say("175");
    const preview = lastShown();
    expect(preview.text).toContain("Check the plan, then save it.");
    expect(preview.text).toContain("Price: 175 ⭐");
    expect(preview.text).toContain("<b>Plan one</b>\n30 days");
    expect(price("one")).toBe(100); // nothing saved before Save

    await press(button("💾 Save"));
    expect(lastShown().text).toContain("✅ Saved (version 1).");
    expect(price("one")).toBe(175);
    await t.send(command(CUSTOMER, "/buy"));
    expect(lastShown().text).toContain("<b>Plan one</b> — 175 ⭐");

    expect(other.get().plans[0]?.price).toBe(100);
    await other.catchUp();
    expect(other.get().plans[0]?.price).toBe(175);
  });

  it("changes titles and terms; Cancel keeps the plan as it was", async () => {
    await press("a.pl:card:two:");
    await press(button("🇷🇺 Title (ru)"));
    await say("Тариф Два");
    await press(button("💾 Save"));
    await press(button("📅 Days"));
    await say("0");
    expect(lastShown().text).toBe("That does not fit: send it as the question asks.");
    await say("90");
    await press(button("💾 Save"));
    await press(button("📱 Devices"));
    await say("5");
    await press(button("✖ Cancel"));
    const two = t.deps.sales.shop.plan("two");
    expect(two?.title).toEqual({ en: "Plan two", ru: "Тариф Два" });
    expect(two?.days).toBe(90);
    expect(two?.devices).toBe(0);
  });

  it("retires a plan: not sold any more (nor as the trial), while its subscriptions still renew", async () => {
    await seedCustomer(t.deps, CUSTOMER.id);
    const sub = await seedSubscription(t.deps, "o-old", {
      customerId: CUSTOMER.id,
      planId: "one",
      ref: { kind: "xui", serverId: 1, name: "c7610" },
      expiresAt: Date.now() + 86_400_000,
    });
    await press("a.pl:card:one:");
    await press(button("🚫 Retire (stop selling)"));
    expect(lastShown().text).toContain("🚫 <code>one</code> is retired");
    expect(t.deps.sales.shop.plans().map((p) => p.id)).toEqual(["two"]);
    expect(t.deps.catalog.current().trial).toBeUndefined();
    const buy = await t.deps.sales.shop.startPurchase(CUSTOMER.id, "one", "en");
    expect(buy).toEqual({ ok: false, reason: "unknown-plan" });
    const renewal = await t.deps.sales.shop.startRenewal(CUSTOMER.id, sub.id, "en");
    expect(renewal.ok && renewal.order.price).toBe(100);

    await press(button("✅ Put back on sale"));
    expect(t.deps.sales.shop.plans().map((p) => p.id)).toEqual(["one", "two"]);
  });

  it("refuses a change made on a card another admin changed meanwhile", async () => {
    await press("a.pl:card:one:");
    const retire = button("🚫 Retire (stop selling)");
    await press("a.pl:card:one:", OTHER_ADMIN);
    await press(button("🚫 Retire (stop selling)"), OTHER_ADMIN);
    await press(button("✅ Put back on sale"), OTHER_ADMIN);
    await press(retire);
    expect(lastShown().text).toContain("another admin changed this plan meanwhile");
    expect(t.deps.sales.shop.plans()).toHaveLength(2);
  });

  it("adds a plan on the servers of another", async () => {
    await press("a.pl:list::");
    await press(button("➕ Add a plan"));
    await say("one");
    expect(lastShown().text).toBe("That does not fit: send it as the question asks.");
    for (const answer of ["year", "two", "Year", "Год", "365", "0", "3", "1000"]) await say(answer);
    expect(lastShown().text).toContain("<b>Year</b>\n365 days · traffic unlimited · devices: 3");
    await press(button("💾 Save"));
    expect(t.deps.sales.shop.plan("year")).toMatchObject({
      price: 1000,
      backend: { kind: "xui", servers: [1] },
    });
    expect(t.deps.sales.shop.plans().map((p) => p.id)).toEqual(["one", "two", "year"]);
  });

  it("exports the catalog in force as a YAML file the catalog reads back", async () => {
    await press("a.pl:card:two:");
    await press(button("🚫 Retire (stop selling)"));
    await press("a.pl:list::");
    await press(button("📄 Export as YAML"));
    const doc = t.telegram.last("sendDocument")?.params.document as FakeFile;
    expect(doc.filename).toMatch(/^catalog-\d{4}-\d\d-\d\d\.yaml$/);
    const back = parseCatalog(doc.data.toString("utf8"));
    expect(back.plans.map((p) => [p.id, p.on_sale])).toEqual([
      ["one", undefined],
      ["two", false],
    ]);
    expect(back.trial).toEqual({ days: 1, traffic_gb: 1, plan: "one" });
  });

  it("a reload reports where the file and the bot differ, keeps the bot's edit, and lets the admin choose", async () => {
    await press("a.pl:card:one:");
    await press(button("💰 Price"));
    await say("175");
    await press(button("💾 Save"));
    await press("a.pl:card:two:");
    await press(button("💰 Price"));
    await say("250");
    await press(button("💾 Save"));

    // The file changes plan one too (both sides changed it) and leaves plan two as it was.
    writeFileSync(file, yaml(plan("one", 130), plan("two", 200)));
    await press("a.cat:reload");
    const view = lastShown().text;
    expect(view).toContain("The file and the bot differ");
    expect(view).toContain("<code>one</code>: changed in the bot and in the file since");
    expect(view).toContain("<code>two</code>: changed in the bot; the file still has the old version");
    expect(price("one")).toBe(175);
    expect(price("two")).toBe(250);

    await press(button("📄 File wins: one"));
    expect(lastShown().text).toContain("the file's version is in force now");
    expect(price("one")).toBe(130);
    await press("a.cat:reload");
    await press(button("✏️ Bot wins: two"));
    expect(lastShown().text).toContain("the bot's version stays in force");
    expect(price("two")).toBe(250);

    // An exported file put in place: nothing differs any more, the bot's edit is done with.
    writeFileSync(file, store.toYaml());
    await press("a.cat:reload");
    expect(lastShown().text).not.toContain("differ");
    expect(store.edit("two")).toBeUndefined();
    expect(price("two")).toBe(250);
  });

  it("is refused to a non-admin", async () => {
    await press("a.pl:retire:one:0", CUSTOMER);
    await t.send(command(CUSTOMER, "/start"));
    expect(t.deps.sales.shop.plans()).toHaveLength(2);
  });
});
