import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerCommands } from "../../src/bot/commands.js";
import { createI18n } from "../../src/bot/i18n.js";
import { LOCALES } from "../../src/config.js";
import type { Catalog } from "../../src/domain/catalog/index.js";
import { AccountApi } from "../../src/hosting/account/index.js";
import { STATUS_VIEW } from "../../src/render/shop-callbacks.js";
import { DAY, HOUR, ManualClock, MINUTE } from "../../src/runtime/clock.js";
import type { OutboxMessage } from "../../src/workers/outbox.js";
import { createServerWatchTask, type ServerWatchTask } from "../../src/workers/server-watch/index.js";
import { FakeAccountApi, type FakeServer } from "../fakes/account-api.js";
import { fail } from "../fakes/http-fake.js";
import { command, user } from "../fakes/telegram-api.js";
import { chatAs, createTestBot, TEST_CATALOG, type TestBot } from "../helpers/bot-harness.js";
import { seedCustomer, seedSubscription } from "../helpers/shop-seed.js";
import { telegramViews } from "../helpers/telegram-views.js";

// Issue 31, point 3: /status in the chat. Each location the customer uses, up / degraded / down
// as the server watch (its real step, on the fake hosting account) and the drift sync know it,
// since when and when last checked, the notices the watch sent them, and Refresh.

const [GERMANY, ...REST] = TEST_CATALOG.plans as [Catalog["plans"][number], ...Catalog["plans"]];
const CATALOG: Catalog = {
  ...TEST_CATALOG,
  plans: [
    { ...GERMANY, backend: { kind: "xui", servers: [1], name: { en: "Frankfurt", ru: "Франкфурт" } } },
    {
      ...GERMANY,
      id: "nl-xui",
      title: { en: "Netherlands, 30 days", ru: "Нидерланды, 30 дней" },
      backend: { kind: "xui", servers: [2], name: { en: "Amsterdam", ru: "Амстердам" } },
    },
    ...REST,
  ],
};

const ANNA = user(76_001, { first_name: "Anna", language_code: "en" });
const NOBODY = user(76_002, { first_name: "Nik", language_code: "en" });
const fake = new FakeAccountApi();
const clock = new ManualClock();
const sent: OutboxMessage[] = [];
let t: TestBot;
let watch: ServerWatchTask;
let fra: FakeServer;
let ams: FakeServer;

beforeAll(async () => {
  await fake.start();
  fake.addAccount({ login: "shop", password: "pw", balance: 500 });
  const key = fake.addKey("shop");
  t = await createTestBot({ accountUrl: fake.url, accountApiKey: key, clock, catalog: CATALOG });
  const account = new AccountApi({
    baseUrl: fake.url,
    apiKey: () => key,
    retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
  });
  fra = fake.addServer("shop", { name: "vps-fra-1.hoster.net" });
  ams = fake.addServer("shop", { name: "vps-ams-2.hoster.net" });
  watch = createServerWatchTask({
    account,
    extension: t.deps.fleet.serverExtension,
    redis: t.redis,
    books: t.deps.books,
    sales: t.deps.sales,
    outbox: { sendMany: async (messages) => void sent.push(...messages) },
    noticeLog: t.deps.fleet.notices,
    settings: t.deps.catalog.settings,
    i18n: createI18n("en"),
    clock,
    logger: t.deps.logger,
    adminIds: [],
    defaultLocale: "en",
  });
  const now = clock.now();
  for (const who of [ANNA, NOBODY]) await seedCustomer(t.deps, who.id, "en");
  await seedSubscription(t.deps, "o-cs-fra", {
    customerId: ANNA.id,
    planId: "de-xui",
    ref: { kind: "xui", serverId: fra.id, name: "anna1" },
    expiresAt: now + 10 * DAY,
  });
  await seedSubscription(t.deps, "o-cs-ams", {
    customerId: ANNA.id,
    planId: "nl-xui",
    ref: { kind: "xui", serverId: ams.id, name: "anna2" },
    expiresAt: now + 10 * DAY,
  });
  // Nik's only subscription ended: nothing of his to check.
  await seedSubscription(t.deps, "o-cs-old", {
    customerId: NOBODY.id,
    planId: "de-xui",
    ref: { kind: "xui", serverId: fra.id, name: "nik1" },
    expiresAt: now - DAY,
  });
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});

const { press } = chatAs(() => t, ANNA);
const { lastShown } = telegramViews(() => t);

async function rounds(times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    clock.advance(MINUTE);
    await watch.run();
  }
}

/** The location lines of the last /status shown: "🟢 <b>Frankfurt</b>: working", ... */
function locationLines(text = lastShown().text): string[] {
  return text.split("\n").filter((l) => /^[🟢🟡🔴] /u.test(l));
}

const OFFLINE_EN =
  "⚠️ Your VPN is not working at the moment: your subscription «Germany, 30 days, 100 GB» is unreachable (Frankfurt). We are working on it and will tell you as soon as it is back.";

describe("/status in the chat", () => {
  it("says there is nothing to check without a live subscription, and offers the plans", async () => {
    await t.send(command(NOBODY, "/status"));
    const shown = lastShown();
    expect(shown.text).toBe(
      "📡 <b>Service status</b>\n\nYou have no active subscription, so there is nothing to check yet. Pick a plan to get started.",
    );
    expect(shown.buttons.map((b) => b.text)).toEqual(["🛒 Buy VPN", "« Main menu"]);
  });

  it("up: each location working, checked just now by the watch, no notice yet, a Refresh button", async () => {
    await rounds(1);
    await t.send(command(ANNA, "/status"));
    const shown = lastShown();
    expect(locationLines()).toEqual(["🟢 <b>Amsterdam</b>: working", "🟢 <b>Frankfurt</b>: working"]);
    expect(shown.text).toContain("🟢 <b>Frankfurt</b>: working\n    <i>checked just now</i>");
    expect(shown.text).toContain("No notices: everything has been running fine.");
    expect(shown.buttons.map((b) => b.text)).toEqual(["🔄 Refresh", "« Main menu"]);
    expect(shown.buttons[0]?.data).toBe(STATUS_VIEW);
  });

  it("degraded at the first offline check, down once confirmed (with since), the notice she was sent listed", async () => {
    fra.state = "offline";
    await rounds(1);
    const since = sinceNow();
    await t.send(command(ANNA, "/status"));
    // Seen offline once: maybe a blip, not an outage yet. What does not work comes first.
    expect(locationLines()).toEqual([
      `🟡 <b>Frankfurt</b>: possible problems since ${since}`,
      "🟢 <b>Amsterdam</b>: working",
    ]);
    // Past the customers' grace (5 minutes) the watch tells her, and keeps what it told.
    await rounds(6);
    expect(sent.filter((m) => m.chatId === ANNA.id).map((m) => m.text)).toEqual([OFFLINE_EN]);
    await t.send(command(ANNA, "/status"));
    const text = lastShown().text;
    expect(locationLines(text)[0]).toBe(`🔴 <b>Frankfurt</b>: not working since ${since}`);
    expect(text).toContain("🔔 <b>Notices sent to you</b>");
    expect(text).toContain(OFFLINE_EN);
    // The hosting's inside (the server's host name) is never shown.
    expect(text).not.toContain("hoster.net");
  });

  it("lists the notices newest first once it is back, and Refresh edits the message in place", async () => {
    fra.state = "running";
    await rounds(1);
    clock.advance(2 * MINUTE);
    await t.send(command(ANNA, "/status"));
    const before = lastShown().text;
    expect(locationLines(before)).toEqual(["🟢 <b>Amsterdam</b>: working", "🟢 <b>Frankfurt</b>: working"]);
    expect(before).toContain("🟢 <b>Frankfurt</b>: working\n    <i>checked 2 min ago</i>");
    const back = before.indexOf("✅ Your VPN server is back online.");
    expect(back).toBeGreaterThan(0);
    expect(before.indexOf(OFFLINE_EN)).toBeGreaterThan(back);

    await rounds(1);
    t.telegram.clear();
    await press(STATUS_VIEW);
    expect(t.telegram.methods()).toEqual(["answerCallbackQuery", "editMessageText"]);
    expect(lastShown().text).toContain("🟢 <b>Frankfurt</b>: working\n    <i>checked just now</i>");
  });

  it("does not show a stale outage as down: the watch stopped, and its last check only grows older", async () => {
    ams.state = "offline";
    await rounds(3);
    await t.send(command(ANNA, "/status"));
    expect(locationLines()[0]).toMatch(/^🔴 <b>Amsterdam<\/b>: not working since /);
    // The watch stops (a worker down): what it last saw is no longer shown as fact.
    clock.advance(2 * HOUR);
    await t.send(command(ANNA, "/status"));
    expect(locationLines()).toEqual(["🟢 <b>Amsterdam</b>: working", "🟢 <b>Frankfurt</b>: working"]);
    expect(lastShown().text).toContain("🟢 <b>Amsterdam</b>: working\n    <i>checked 2 h ago</i>");
    ams.state = "running";
    await rounds(1);
  });

  it("is on /my, and in the command menu in every language", async () => {
    await t.send(command(ANNA, "/my"));
    expect(lastShown().buttons.map((b) => b.text)).toContain("📡 Service status");
    await press(lastShown().buttons.find((b) => b.text === "📡 Service status")?.data ?? "");
    expect(lastShown().text.split("\n")[0]).toBe("📡 <b>Service status</b>");

    t.telegram.clear();
    await registerCommands(t.bot.api, createI18n("en"), "en", []);
    const lists = t.telegram.callsOf("setMyCommands");
    expect(lists).toHaveLength(LOCALES.length);
    const status = lists.map((c) =>
      (c.params.commands as { command: string; description: string }[]).find((x) => x.command === "status"),
    );
    expect(status.map((s) => s?.description)).toEqual([
      "Service status",
      "Состояние сервиса",
      "Стан сервісу",
      "وضعیت سرویس",
    ]);
  });

  it("stays open while the shop is closed for maintenance (a hosting outage is when it is wanted)", async () => {
    await t.deps.catalog.maintenance.close({ message: "Moving servers", endsAt: clock.now() + HOUR, by: 1 });
    try {
      await t.send(command(ANNA, "/status"));
      expect(lastShown().text.split("\n")[0]).toBe("📡 <b>Service status</b>");
      t.telegram.clear();
      await press(STATUS_VIEW);
      expect(t.telegram.methods()).toEqual(["answerCallbackQuery", "editMessageText"]);
      expect(lastShown().text).not.toContain("closed for maintenance");
    } finally {
      await t.deps.catalog.maintenance.open();
    }
  });

  it("Refresh is under the per-user rate limit like every button: over it, a toast and no edit", async () => {
    const limited = await createTestBot({ catalog: CATALOG, clock, rateLimit: { limit: 2, windowMs: HOUR } });
    try {
      // Another customer: the counters are per user in Redis, which the two bots may share.
      const pressIn = (data: string) =>
        chatAs(() => limited, user(76_003, { language_code: "en" })).press(data);
      await pressIn(STATUS_VIEW);
      await pressIn(STATUS_VIEW);
      expect(limited.telegram.callsOf("editMessageText")).toHaveLength(2);
      limited.telegram.clear();
      await pressIn(STATUS_VIEW);
      expect(limited.telegram.methods()).toEqual(["answerCallbackQuery"]);
      expect(limited.telegram.last("answerCallbackQuery")?.params.text).toBe(
        "Slow down, please: wait a few seconds.",
      );
    } finally {
      await limited.close();
    }
  });

  it("is the shop's: refused in a group chat", async () => {
    const group = { id: -100_777, type: "group" as const, title: "Friends" };
    t.telegram.clear();
    await t.send(command(ANNA, "/status", group));
    expect(t.texts()).toEqual(["The shop works in a private chat with me: open it and send /buy there."]);
  });
});

describe("the watch's last check (its one Lua step, the only writer)", () => {
  const checkedAt = async (id: number) => (await t.deps.fleet.outages.seenOf([id])).get(id)?.checkedAt;

  it("is written on every check, whatever it saw, and never moves back (two rounds at once)", async () => {
    await rounds(1);
    const later = clock.now();
    expect(await checkedAt(fra.id)).toBe(later);
    // A slower round that read the server earlier finishes last: the later check stays.
    clock.set(later - 30_000);
    await watch.run();
    expect(await checkedAt(fra.id)).toBe(later);
    clock.set(later);
  });

  it("is not moved by a round that could not read the server (a failed stats call says nothing)", async () => {
    await rounds(1);
    const before = clock.now();
    fake.failNext("GET", `/api/v1/servers/${fra.id}/stats`, fail(503, "busy"));
    await rounds(1);
    expect(await checkedAt(fra.id)).toBe(before);
    expect(await checkedAt(ams.id)).toBe(clock.now());
    fake.disarm();
  });
});

/** "Jan 1, 2026, 00:02 UTC": now on the test clock, as the chat writes a date and time. */
function sinceNow(): string {
  return new Intl.DateTimeFormat("en", {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
    hourCycle: "h23",
  }).format(clock.now());
}
