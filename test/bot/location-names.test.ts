import type { User } from "grammy/types";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { customersCb } from "../../src/bot/features/admin/customers/callbacks.js";
import { parseCatalog } from "../../src/domain/catalog/index.js";
import { buyCb, myCb } from "../../src/render/shop-callbacks.js";
import { ManualClock } from "../../src/runtime/clock.js";
import { callback, command } from "../fakes/telegram-api.js";
import { createTestBot, newUsers, type TestBot } from "../helpers/bot-harness.js";
import { seedCustomer, seedSubscription } from "../helpers/shop-seed.js";
import { telegramViews } from "../helpers/telegram-views.js";

/** Locations are shown by name (en/ru) in the shop, /my and the admin views; unnamed ones readably. */

const NOW = Date.UTC(2026, 0, 1, 12, 0);
const catalog = parseCatalog(`currency: XTR
plans:
  - id: multi
    title: { en: "Two locations", ru: "Две локации" }
    days: 30
    price: 300
    backend:
      kind: panel
      locations:
        - { node: main, inbound_ids: ["1"], name: { en: "Frankfurt", ru: "Франкфурт" } }
        - { node: "2", inbound_ids: ["4"], name: { en: "Helsinki", ru: "Хельсинки" } }
  - id: bare
    title: { en: "Unnamed", ru: "Без имён" }
    days: 30
    price: 200
    backend: { kind: panel, locations: [ { node: main, inbound_ids: ["1"] }, { node: "7", inbound_ids: ["2"] } ] }
  - id: de
    title: { en: "Germany", ru: "Германия" }
    days: 30
    price: 150
    backend: { kind: xui, servers: [101], name: { en: "Germany", ru: "Германия" } }
`);

const ADMIN = newUsers(8800)();
const nextUser = newUsers(8810);
let t: TestBot;
const { lastShown } = telegramViews(() => t);
const press = (from: User, data: string) => t.send(callback(from, data));

beforeAll(async () => {
  t = await createTestBot({ catalog, adminIds: [ADMIN.id], clock: new ManualClock(NOW) });
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => t.telegram.clear());

/** A subscription of `planId` on panel locations `locations`, owned by `owner`. */
async function panelSubscription(owner: User, planId: string, locations: string[], orderId: string) {
  await seedCustomer(t.deps, owner.id, owner.language_code === "ru" ? "ru" : "en");
  return seedSubscription(t.deps, orderId, {
    customerId: owner.id,
    planId,
    ref: { kind: "panel", name: `c${owner.id}`, uuid: "11111111-2222-3333-4444-555555555555", locations },
    links: { links: [], subscriptionUrl: "https://panel.example/sub/x" },
    expiresAt: NOW + 30 * 86_400_000,
  });
}

describe("location names", () => {
  it("/buy lists each plan's locations by name, in the customer's language", async () => {
    await t.send(command(nextUser(), "/buy"));
    const list = lastShown().text;
    expect(list).toContain("📍 Frankfurt, Helsinki");
    expect(list).toContain("📍 Germany");
    expect(list).not.toContain("2 locations");

    await t.send(command(nextUser({ language_code: "ru" }), "/buy"));
    expect(lastShown().text).toContain("📍 Франкфурт, Хельсинки");
  });

  it("a plan's card names its locations; unnamed ones read as the main location and Location <id>", async () => {
    const buyer = nextUser();
    await press(buyer, buyCb.pack({ act: "plan", plan: "multi" }));
    expect(lastShown().text).toContain("📍 Frankfurt, Helsinki");
    await press(buyer, buyCb.pack({ act: "plan", plan: "bare" }));
    expect(lastShown().text).toContain("📍 Main location, Location 7");
  });

  it("/my lists and shows a subscription's locations by name", async () => {
    const owner = nextUser();
    const sub = await panelSubscription(owner, "multi", ["main", "2"], "oloc1");
    await t.send(command(owner, "/my"));
    expect(lastShown().text).toContain("📍 Frankfurt, Helsinki");
    await press(owner, myCb.pack({ act: "card", id: sub.id }));
    expect(lastShown().text).toContain("📍 Frankfurt, Helsinki");
  });

  it("/my still names the locations of a plan no longer in the catalog readably", async () => {
    const owner = nextUser({ language_code: "ru" });
    const sub = await panelSubscription(owner, "gone", ["main", "5"], "oloc2");
    await press(owner, myCb.pack({ act: "card", id: sub.id }));
    expect(lastShown().text).toContain("📍 Основная локация, Локация 5");
  });

  it("the admin's subscription view and catalog show the names with their node ids", async () => {
    const owner = nextUser();
    const sub = await panelSubscription(owner, "multi", ["main", "2"], "oloc3");
    await press(ADMIN, customersCb.pack({ act: "sub", customer: owner.id, sub: sub.id }));
    expect(lastShown().text).toContain("📍 Frankfurt (main), Helsinki (2)");

    await press(ADMIN, "a.cat:view");
    const view = lastShown().text;
    expect(view).toContain("Frankfurt (main) [1], Helsinki (2) [4]");
    expect(view).toContain("Main location (main) [1], Location 7 (7) [2]");
    expect(view).toContain("xui servers 101 · 📍 Germany");
  });
});
