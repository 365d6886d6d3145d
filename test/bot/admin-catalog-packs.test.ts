import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCatalog } from "../../src/domain/catalog/index.js";
import { user } from "../fakes/telegram-api.js";
import { chatAs, createTestBot, type TestBot } from "../helpers/bot-harness.js";
import { telegramViews } from "../helpers/telegram-views.js";

/** Issue 26: the admins see a plan's traffic packs on the Catalog and Plans screens. */

const ADMIN = user(7650, { first_name: "Boss", language_code: "en" });
const RU_ADMIN = user(7651, { first_name: "Шеф", language_code: "ru" });
const catalog = parseCatalog(`currency: XTR
plans:
  - id: de-xui
    title: { en: "Germany", ru: "Германия" }
    days: 30
    traffic_gb: 100
    price: 150
    backend: { kind: xui, servers: [1] }
    traffic_packs: [ { id: plus50, gb: 50, price: 40 }, { id: plus200, gb: 200, price: 120 } ]
  - id: unl
    title: { en: "Unlimited", ru: "Безлимит" }
    days: 30
    price: 300
    backend: { kind: xui, servers: [1] }
`);

let t: TestBot;
beforeAll(async () => {
  t = await createTestBot({ adminIds: [ADMIN.id, RU_ADMIN.id], catalog });
});
afterAll(() => t.close());

const { lastShown, button } = telegramViews(() => t);

describe("traffic packs on the admins' screens", () => {
  it("the Catalog lists each plan's packs under it; a plan without packs has no such line", async () => {
    await chatAs(() => t, ADMIN).press("a.cat:view");
    const text = lastShown().text;
    expect(text).toContain("📦 Traffic packs: plus50: +50 GB · 40 ⭐, plus200: +200 GB · 120 ⭐");
    expect(text.match(/Traffic packs/g)).toHaveLength(1);
  });

  it("a plan's card lists its packs, in the admin's language", async () => {
    const { press } = chatAs(() => t, RU_ADMIN);
    await press("a.pl:card:de-xui:");
    expect(lastShown().text).toContain("📦 Пакеты трафика: plus50: +50 ГБ · 40 ⭐");
  });

  it("a plan edited to unlimited traffic while it sells packs is refused with the reason", async () => {
    const { press, say } = chatAs(() => t, ADMIN);
    await press("a.pl:card:de-xui:");
    await press(button(/Traffic/));
    await say("0");
    expect(lastShown().text).toContain("it sells no traffic packs");
    expect(t.deps.sales.shop.plan("de-xui")?.traffic_gb).toBe(100);
  });
});
