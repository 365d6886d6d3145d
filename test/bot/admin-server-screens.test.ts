import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createI18n } from "../../src/bot/i18n.js";
import { AccountApi } from "../../src/hosting/account/index.js";
import { formatDateTime } from "../../src/render/format.js";
import { ManualClock, MINUTE } from "../../src/runtime/clock.js";
import type { OutboxMessage } from "../../src/workers/outbox.js";
import { createServerWatchTask } from "../../src/workers/server-watch/index.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import { command, user } from "../fakes/telegram-api.js";
import { chatAs, createTestBot, type TestBot } from "../helpers/bot-harness.js";
import { seedSubscription } from "../helpers/shop-seed.js";
import { buttonsOf, findButton, telegramViews } from "../helpers/telegram-views.js";

// Issue 24, item 6 (second half): the admins' server screens.

const DAY_MS = 86_400_000;
const ADMIN = user(7460, { first_name: "Boss", language_code: "en" });
const fake = new FakeAccountApi();
const clock = new ManualClock();
let t: TestBot;
let account: AccountApi;

beforeAll(async () => {
  await fake.start();
  fake.addAccount({ login: "fleet", password: "pw", balance: 500 });
  const key = fake.addKey("fleet");
  t = await createTestBot({ adminIds: [ADMIN.id], accountUrl: fake.url, accountApiKey: key, clock });
  account = new AccountApi({
    baseUrl: fake.url,
    apiKey: () => key,
    retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
  });
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});

const { press } = chatAs(() => t, ADMIN);
const { lastShown } = telegramViews(() => t);
const labels = () => lastShown().buttons.map((b) => b.text);

let orders = 0;
async function customerOn(serverId: number, id: number, firstName: string, client: string) {
  await t.deps.books.customers.seen({ id, firstName, locale: "en" });
  orders += 1;
  return seedSubscription(t.deps, `screens-${orders}`, {
    customerId: id,
    ref: { kind: "xui", serverId, name: client },
    expiresAt: clock.now() + 20 * DAY_MS,
  });
}

describe("the server card's power buttons", () => {
  it("offers Stop and Restart on a running server, Start on an offline one", async () => {
    const s = fake.addServer("fleet", { name: "pw-1", daysLeft: 30 });
    await press(`a.s:card:${s.id}:`);
    expect(lastShown().text).toContain("State: 🟢 running");
    expect(labels()).toEqual(expect.arrayContaining(["⏹ Stop", "🔁 Restart"]));
    expect(labels()).not.toContain("▶️ Start");

    s.state = "offline";
    await press(`a.s:card:${s.id}:`);
    expect(lastShown().text).toContain("State: 🔴 offline");
    expect(labels()).toContain("▶️ Start");
    expect(labels()).not.toContain("⏹ Stop");
    expect(labels()).not.toContain("🔁 Restart");
  });
});

describe("stopping a server with customers on it", () => {
  it("names the customers the stop cuts off, as Regenerate does", async () => {
    const s = fake.addServer("fleet", { name: "stop-1", daysLeft: 30 });
    await customerOn(s.id, 7461, "Ira", "ira-1");
    await customerOn(s.id, 7462, "Oleg", "oleg-1");
    await press(`a.s:power:${s.id}:stop`);
    const { text } = lastShown();
    expect(text).toContain("Stop server «stop-1»?");
    expect(text).toContain("⚠️ 2 customers are on it:");
    expect(text).toContain("• Ira (<code>7461</code>) · Germany, 30 days, 100 GB, until");
    expect(text).toContain("• Oleg (<code>7462</code>)");
    expect(text).toContain("They lose the VPN until the server is started again");

    // Restart and Start cut nobody off for long: no list.
    await press(`a.s:power:${s.id}:restart`);
    expect(lastShown().text).not.toContain("customers are on it");
  });
});

describe("days left", () => {
  it("marks a server that expires within a week, in the list and on the card", async () => {
    const soon = fake.addServer("fleet", { name: "soon-1", daysLeft: 4 });
    fake.addServer("fleet", { name: "later-1", daysLeft: 60 });
    await t.send(command(ADMIN, "/servers"));
    const list = lastShown();
    expect(list.text).toContain("<b>soon-1</b>: active · xui · ⚠️ 4 days left");
    expect(list.text).toContain("<b>later-1</b>: active · xui · 60 days left");
    expect(labels()).toEqual(expect.arrayContaining(["🟢 soon-1 ⚠️", "🟢 later-1"]));
    await press(`a.s:card:${soon.id}:`);
    expect(lastShown().text).toMatch(/Expires: .+ \(⚠️ 4 days left\)/);
  });
});

describe("an xui user of a shop customer", () => {
  it("leads to the customer's card", async () => {
    const s = fake.addServer("fleet", { name: "xu-1", daysLeft: 30 });
    fake.addClient(s.id, { email: "ira-xu" });
    fake.addClient(s.id, { email: "by-hand" });
    await customerOn(s.id, 7463, "Ira", "ira-xu");
    await press(`a.xu:card:${s.id}:ira-xu`);
    const open = findButton(lastShown().buttons, "👤 Customer: Ira");
    expect(open).toBe("a.c:card:7463:");
    await press(open);
    expect(lastShown().text).toContain("7463");
    // A user made by hand belongs to no customer: no such button.
    await press(`a.xu:card:${s.id}:by-hand`);
    expect(labels().some((l) => l.startsWith("👤"))).toBe(false);
  });
});

describe("Settings", () => {
  it("shows the extension cost it learned, with when and from which server", async () => {
    await press("a.set:view:");
    expect(lastShown().text).toContain("Last extension cost: not seen yet (no extension from this bot)");
    const s = fake.addServer("fleet", { name: "ext-1", daysLeft: 2, extendPrice: 120 });
    await press(`a.s:extend:${s.id}:`);
    const data = findButton(lastShown().buttons, "✅ Yes, extend");
    const at = clock.now();
    await press(data);
    expect(lastShown().text).toContain("extended");
    await press("a.set:view:");
    expect(lastShown().text).toContain(
      `Last extension cost: 120 RUB, learned ${formatDateTime("en", at)} from server <b>ext-1</b> (#${s.id})`,
    );
  });
});

describe("the offline alert", () => {
  it("opens the server's card from its button", async () => {
    const s = fake.addServer("fleet", { name: "alert-1", daysLeft: 30 });
    const sent: OutboxMessage[] = [];
    const watch = createServerWatchTask({
      account,
      extension: t.deps.fleet.serverExtension,
      redis: t.redis,
      books: t.deps.books,
      sales: t.deps.sales,
      outbox: {
        sendMany: async (messages) => {
          sent.push(...messages);
        },
      },
      settings: t.deps.catalog.settings,
      i18n: createI18n("en"),
      clock,
      logger: t.deps.logger,
      adminIds: [ADMIN.id],
      defaultLocale: "en",
    });
    s.state = "offline";
    for (let i = 0; i < 2; i++) {
      await watch.run();
      clock.advance(MINUTE);
    }
    const alert = sent.find((m) => m.chatId === ADMIN.id && m.text?.includes("alert-1"));
    expect(alert?.text).toContain("is offline since");
    const [open] = buttonsOf(alert?.keyboard);
    expect(open?.text).toBe("🖥 Open server");
    await press(open?.data ?? "");
    expect(lastShown().text).toContain(`🖥 <b>alert-1</b> (#${s.id})`);
    expect(labels()).toContain("▶️ Start");
  });
});
