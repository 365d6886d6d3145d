import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createI18n } from "../../src/bot/i18n.js";
import { AccountApi } from "../../src/hosting/account/index.js";
import { ManualClock, MINUTE } from "../../src/runtime/clock.js";
import { createServerWatchTask, type ServerWatchTask } from "../../src/workers/server-watch/index.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import { command, user } from "../fakes/telegram-api.js";
import { chatAs, createTestBot, type TestBot } from "../helpers/bot-harness.js";
import { seedSubscription } from "../helpers/shop-seed.js";
import { telegramViews } from "../helpers/telegram-views.js";

// Issue 24, item 6: /my said "active" on a server the watch knew was down.

const DAY_MS = 86_400_000;
const CUSTOMER = user(7450, { first_name: "Ira", language_code: "en" });
const fake = new FakeAccountApi();
const clock = new ManualClock();
let t: TestBot;
let watch: ServerWatchTask;

beforeAll(async () => {
  await fake.start();
  fake.addAccount({ login: "shop", password: "pw", balance: 500 });
  const key = fake.addKey("shop");
  t = await createTestBot({ accountUrl: fake.url, accountApiKey: key, clock });
  const account = new AccountApi({
    baseUrl: fake.url,
    apiKey: () => key,
    retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
  });
  watch = createServerWatchTask({
    account,
    extension: t.deps.fleet.serverExtension,
    redis: t.redis,
    books: t.deps.books,
    sales: t.deps.sales,
    // The notices themselves are the workers' tests'; here only the watch's knowledge counts.
    outbox: { sendMany: async () => {} },
    settings: t.deps.catalog.settings,
    i18n: createI18n("en"),
    clock,
    logger: t.deps.logger,
    adminIds: [],
    defaultLocale: "en",
  });
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});

const { press } = chatAs(() => t, CUSTOMER);
const { lastShown } = telegramViews(() => t);

async function rounds(times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    await watch.run();
    clock.advance(MINUTE);
  }
}

describe("/my while the subscription's server is down", () => {
  it("shows the outage on the list and the card instead of 'active', and 'active' again once it is back", async () => {
    const s = fake.addServer("shop", { name: "vps-7f3a.internal" });
    await t.deps.books.customers.seen({ id: CUSTOMER.id, firstName: "Ira", locale: "en" });
    const sub = await seedSubscription(t.deps, "outage-my-1", {
      customerId: CUSTOMER.id,
      ref: { kind: "xui", serverId: s.id, name: "ira" },
      expiresAt: clock.now() + 10 * DAY_MS,
    });
    await rounds(1);
    await t.send(command(CUSTOMER, "/my"));
    expect(lastShown().text).toContain("✅ active · <b>Germany, 30 days, 100 GB</b>");

    s.state = "offline";
    // One offline check is not an outage yet (a blip).
    await rounds(1);
    await t.send(command(CUSTOMER, "/my"));
    expect(lastShown().text).toContain("✅ active");

    await rounds(1);
    await t.send(command(CUSTOMER, "/my"));
    const list = lastShown();
    expect(list.text).toContain("🔴 not working: its server is down · <b>Germany, 30 days, 100 GB</b>");
    expect(list.text).not.toContain("✅ active");
    expect(list.buttons.map((b) => b.text)).toContain("🔴 Germany, 30 days, 100 GB");

    await press(`my:card:${sub.id}`);
    const card = lastShown().text;
    expect(card).toContain("Status: 🔴 not working: its server is down");
    expect(card).toContain("The server of this access has been down since");
    expect(card).not.toContain("vps-7f3a");
    expect(card).not.toContain("Status: ✅ active");

    s.state = "running";
    await rounds(1);
    await press(`my:card:${sub.id}`);
    expect(lastShown().text).toContain("Status: ✅ active");
    expect(lastShown().text).not.toContain("has been down");
  });

  it("does not trust an outage the watch stopped looking at (no check for a while)", async () => {
    const s = fake.addServer("shop", { name: "vps-stale" });
    const other = user(7451, { language_code: "en" });
    await t.deps.books.customers.seen({ id: other.id, firstName: "Oleg", locale: "en" });
    await seedSubscription(t.deps, "outage-my-2", {
      customerId: other.id,
      ref: { kind: "xui", serverId: s.id, name: "oleg" },
      expiresAt: clock.now() + 10 * DAY_MS,
    });
    s.state = "offline";
    await rounds(3);
    await t.send(command(other, "/my"));
    expect(lastShown().text).toContain("🔴 not working");
    // The watch stops (a worker down): its last word grows old and is no longer shown as fact.
    clock.advance(30 * MINUTE);
    await t.send(command(other, "/my"));
    expect(lastShown().text).toContain("✅ active");
  });
});
