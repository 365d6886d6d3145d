import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AccountApi } from "../../src/hosting/account/index.js";
import { formatDateTime } from "../../src/render/format.js";
import { FakeAccountApi, type FakeServer } from "../fakes/account-api.js";
import { fail } from "../fakes/http-fake.js";
import { command, type FakeFile, user } from "../fakes/telegram-api.js";
import { chatAs, createTestBot, type TestBot } from "../helpers/bot-harness.js";
import { shownTexts, telegramViews } from "../helpers/telegram-views.js";

const DAY_MS = 86_400_000;
const ADMIN = user(7300, { first_name: "Boss", language_code: "en" });
const ADMIN2 = user(7301, { first_name: "Deputy", language_code: "en" });
const ADMIN_RU = user(7302, { first_name: "Иван", language_code: "ru" });
const STRANGER = user(7399, { first_name: "Mallory", language_code: "en" });

const fake = new FakeAccountApi();
let t: TestBot;
let shopKey: string;

beforeAll(async () => {
  await fake.start();
  fake.addAccount({ login: "shop", password: "pw-shop", username: "shopowner", balance: 250 });
  shopKey = fake.addKey("shop");
  t = await createTestBot({ adminIds: [ADMIN.id, ADMIN2.id, ADMIN_RU.id], accountUrl: fake.url });
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});
beforeEach(async () => {
  await t.accountKey.save(shopKey, ADMIN.id, 0);
  const shop = fake.accounts.get("shop");
  if (shop) shop.balance = 250;
  t.telegram.clear();
});

const { press } = chatAs(() => t, ADMIN);
const { lastShown, button: buttonData, lastAnswer } = telegramViews(() => t);

function allData(): string[] {
  return lastShown().buttons.map((b) => b.data);
}

function calls(method: string, id: number, suffix: string): number {
  return fake.count(method, `/api/v1/servers/${id}${suffix}`);
}

function server(input: Partial<FakeServer> & { daysLeft?: number } = {}): FakeServer {
  return fake.addServer("shop", input);
}

/** Expiry as the card shows it (the API sends whole seconds). */
function shownExpiry(s: FakeServer, locale: "en" | "ru" = "en"): string {
  return formatDateTime(locale, Math.floor(s.expiresAtMs / 1000) * 1000);
}

describe("the server list", () => {
  it("lists every server with status, type and days left, 8 per page with prev/next", async () => {
    fake.addAccount({ login: "fleet", password: "pw-fleet" });
    const ids: number[] = [];
    for (let i = 1; i <= 10; i++) {
      const s = fake.addServer("fleet", {
        name: `fleet-${i}`,
        status: i === 2 ? "expired" : i === 3 ? "suspended" : "active",
        type: i % 2 === 0 ? "remnanode" : "xui",
        daysLeft: i === 2 ? 0 : 10 + i,
      });
      ids.push(s.id);
    }
    await t.accountKey.save(fake.addKey("fleet"), ADMIN.id, 0);

    await t.send(command(ADMIN, "/servers"));
    const first = lastShown();
    expect(first.text).toContain("🖥 <b>Servers</b> (10)");
    expect(first.text).toContain("Page 1 of 2");
    expect(first.text).toContain("🟢 <b>fleet-1</b>: active · xui · 11 days left");
    expect(first.text).toContain("🔴 <b>fleet-2</b>: expired · remnanode · 0 days left");
    expect(first.text).toContain("⏸ <b>fleet-3</b>: suspended · xui · 13 days left");
    expect(first.text).toContain("fleet-8");
    expect(first.text).not.toContain("fleet-9");
    const cards = allData().filter((d) => d.startsWith("a.s:card:"));
    expect(cards).toEqual(ids.slice(0, 8).map((id) => `a.s:card:${id}:`));
    expect(allData()).not.toContain("a.s:list:-1:");
    expect(allData()).toContain("a.home");

    await press(buttonData("Next ›"));
    const second = lastShown();
    expect(second.text).toContain("Page 2 of 2");
    expect(second.text).toContain("fleet-9");
    expect(second.text).toContain("fleet-10");
    expect(second.text).not.toContain("fleet-1:");
    expect(allData().filter((d) => d.startsWith("a.s:card:"))).toEqual(
      ids.slice(8).map((id) => `a.s:card:${id}:`),
    );
    expect(second.buttons.map((b) => b.text)).not.toContain("Next ›");
    await press(buttonData("‹ Previous"));
    expect(lastShown().text).toContain("Page 1 of 2");

    // A page past the end shows the last page.
    await press("a.s:list:99:");
    expect(lastShown().text).toContain("Page 2 of 2");
  });

  it("keeps a server whose status is unknown and shows the raw status", async () => {
    fake.addAccount({ login: "odd", password: "pw-odd" });
    const odd = fake.addServer("odd", { name: "odd-1", daysLeft: 7 });
    fake.addServer("odd", { name: "odd-2", daysLeft: 9 });
    // A status the spec does not list (the service may add one).
    odd.status = "maintenance" as FakeServer["status"];
    await t.accountKey.save(fake.addKey("odd"), ADMIN.id, 0);
    await t.send(command(ADMIN, "/servers"));
    const { text } = lastShown();
    expect(text).toContain("🖥 <b>Servers</b> (2)");
    expect(text).toContain("❔ <b>odd-1</b>: maintenance · xui · 7 days left");
    expect(text).toContain("🟢 <b>odd-2</b>: active · xui · 9 days left");
    await press(`a.s:card:${odd.id}:`);
    expect(lastShown().text).toContain("Status: ❔ maintenance");
  });

  it("is a section of the admin menu", async () => {
    await t.send(command(ADMIN, "/admin"));
    const markup = JSON.stringify(t.telegram.last("sendMessage")?.params.reply_markup);
    expect(markup).toContain("🖥 Servers");
    expect(markup.indexOf("🏦 Hosting account")).toBeLessThan(markup.indexOf("🖥 Servers"));
  });

  it("shows the list in Russian with Russian plurals", async () => {
    const s = server({ name: "ru-box", daysLeft: 3 });
    await t.send(command(ADMIN_RU, "/servers"));
    expect(lastShown().text).toContain("🖥 <b>Серверы</b>");
    // Issue 24: 3 days left is within the week that is flagged.
    expect(lastShown().text).toContain("🟢 <b>ru-box</b>: активен · xui · ⚠️ осталось 3 дня");
    await press(`a.s:card:${s.id}:`, ADMIN_RU);
    const card = lastShown().text;
    expect(card).toContain("Тариф: LTE M");
    expect(card).toContain("Память: 2\u00a0048");
    expect(card).toContain(`Истекает: ${shownExpiry(s, "ru")}`);
    expect(card).toContain("Состояние: 🟢 работает");
  });

  it("without a linked key offers to link the account", async () => {
    await t.accountKey.clear();
    const before = fake.seen.length;
    await t.send(command(ADMIN, "/servers"));
    expect(lastShown().text).toContain("The hosting account is not linked yet");
    expect(allData()).toEqual(expect.arrayContaining(["a.acc:link", "a.acc:key"]));
    expect(fake.seen.length).toBe(before);
  });

  it("a revoked key (401) says so and offers to link again, on the list and on a card", async () => {
    const s = server();
    const key = fake.addKey("shop");
    await t.accountKey.save(key, ADMIN.id, 0);
    fake.revokeKey(key);
    await t.send(command(ADMIN, "/servers"));
    expect(lastShown().text).toContain("revoked or is invalid");
    expect(allData()).toEqual(expect.arrayContaining(["a.acc:link", "a.acc:key", "a.acc:unlink", "a.home"]));
    await press(`a.s:card:${s.id}:`);
    expect(lastShown().text).toContain("revoked or is invalid");
    expect(allData()).toContain("a.acc:link");
  });
});

describe("the server card", () => {
  it("shows tariff, expiry, resources, flags and live stats, with xui links", async () => {
    const s = server({
      name: "alpha <one>",
      daysLeft: 20,
      cpuLoad: 12.5,
      ramLoad: 40,
      uptime: 90_000,
      cpu: 4,
      memory: 4096,
      disk: 80,
      vpnBsEnabled: true,
    });
    await press(`a.s:card:${s.id}:`);
    const { text } = lastShown();
    expect(text).toContain(`🖥 <b>alpha &lt;one&gt;</b> (#${s.id})`);
    expect(text).toContain("Status: 🟢 active");
    expect(text).toContain("Type: xui");
    expect(text).toContain("Tariff: LTE M");
    expect(text).toContain(`Expires: ${shownExpiry(s)} (20 days left)`);
    // Units since issue 10 (13): cores, MB and GB.
    expect(text).toContain("CPU: 4 cores · Memory: 4,096 MB · Disk: 80 GB");
    expect(text).toContain("Flags: bypass ✅ · xui ✅ · remnanode ✖");
    expect(text).toContain("State: 🟢 running");
    expect(text).toContain("CPU load: 12.5% · RAM load: 40%");
    expect(text).toContain("Uptime: 1 d 1 h");
    const data = allData();
    expect(data).toEqual(
      expect.arrayContaining([
        `a.s:card:${s.id}:`,
        `a.s:power:${s.id}:stop`,
        `a.s:power:${s.id}:restart`,
        `a.s:extend:${s.id}:`,
        `a.s:config:${s.id}:`,
        `a.s:regen:${s.id}:`,
        `a.s:core:${s.id}:`,
        `a.xu:list:${s.id}:0`,
        `a.xu:inbounds:${s.id}:`,
        "a.s:list:0:",
        "a.home",
      ]),
    );
    // Issue 24: a running server is not offered Start.
    expect(data).not.toContain(`a.s:power:${s.id}:start`);

    // Refresh reads the live state again.
    fake.serverState(s.id).cpuLoad = 77;
    await press(buttonData("🔄 Refresh"));
    expect(lastShown().text).toContain("CPU load: 77%");
  });

  it("a remnanode card has no xui user buttons and shows its flags", async () => {
    const s = server({ type: "remnanode", vpnBsEnabled: false, state: "offline", uptime: 0 });
    await press(`a.s:card:${s.id}:`);
    expect(lastShown().text).toContain("Type: remnanode");
    expect(lastShown().text).toContain("Flags: bypass ✖ · xui ✖ · remnanode ✅");
    expect(lastShown().text).toContain("State: 🔴 offline");
    expect(allData().some((d) => d.startsWith("a.xu:"))).toBe(false);
  });

  it("still shows the card when the stats fail, with the reason", async () => {
    const s = server({ name: "no-stats" });
    fake.failNext("GET", `/api/v1/servers/${s.id}/stats`, fail(500, "stats backend exploded"));
    await press(`a.s:card:${s.id}:`);
    let text = lastShown().text;
    expect(text).toContain("<b>no-stats</b>");
    expect(text).toContain("Tariff: LTE M");
    expect(text).toContain("stats unavailable (The hosting service answered with an error (500)");
    expect(text).toContain("stats backend exploded");
    expect(text).not.toContain("CPU load");
    expect(allData()).toContain(`a.s:power:${s.id}:restart`);

    // 503 is retried by the adapter; after three refusals the card explains it.
    fake.failNext("GET", `/api/v1/servers/${s.id}/stats`, fail(503, "busy"), 3);
    await press(`a.s:card:${s.id}:`);
    text = lastShown().text;
    expect(text).toContain("stats unavailable (⏳ The hosting service is temporarily unavailable");
    expect(text).toContain("Tariff: LTE M");
  });

  it("a server of another account (404) is explained with a way back", async () => {
    fake.addAccount({ login: "other", password: "x" });
    const foreign = fake.addServer("other", { name: "not-mine" });
    await press(`a.s:card:${foreign.id}:`);
    expect(lastShown().text).toContain("Not found");
    expect(lastShown().text).not.toContain("not-mine");
    expect(allData()).toEqual(expect.arrayContaining(["a.s:list:0:", "a.home"]));
  });
});

describe("power", () => {
  it("stop, start and restart each ask for confirmation naming the server, then act once", async () => {
    const s = server({ name: "pow", state: "running", uptime: 5000 });
    const powerCalls = () => calls("POST", s.id, "/power");

    await press(`a.s:power:${s.id}:stop`);
    expect(lastShown().text).toContain("Stop server «pow»?");
    expect(powerCalls()).toBe(0);
    const stopYes = buttonData("⏹ Stop");
    expect(stopYes).toMatch(new RegExp(`^a\\.s:power-ok:${s.id}:stop\\.[\\w-]+$`));
    expect(allData()).toContain(`a.s:card:${s.id}:`);
    await press(stopYes);
    expect(powerCalls()).toBe(1);
    expect(fake.serverState(s.id).state).toBe("offline");
    expect(lastShown().text).toContain("✅ Stop done. State now: 🔴 offline.");
    expect(lastShown().text).toContain("<b>pow</b>");

    // The same confirmation again does nothing.
    t.telegram.clear();
    await press(stopYes);
    expect(powerCalls()).toBe(1);
    expect(lastAnswer().text).toBe("This was already done.");
    expect(t.telegram.callsOf("editMessageText")).toHaveLength(0);

    await press(`a.s:power:${s.id}:start`);
    expect(lastShown().text).toContain("Start server «pow»?");
    await press(buttonData("▶️ Start"));
    expect(fake.serverState(s.id).state).toBe("running");
    expect(lastShown().text).toContain("✅ Start done. State now: 🟢 running.");

    fake.serverState(s.id).uptime = 9999;
    await press(`a.s:power:${s.id}:restart`);
    expect(lastShown().text).toContain("Restart server «pow»?");
    await press(buttonData("🔁 Restart"));
    expect(fake.serverState(s.id).uptime).toBe(0);
    expect(lastShown().text).toContain("✅ Restart done. State now: 🟢 running.");
    expect(powerCalls()).toBe(3);
    expect(fake.seen.filter((r) => r.path.endsWith(`/${s.id}/power`)).map((r) => r.body)).toEqual([
      { action: "stop" },
      { action: "start" },
      { action: "restart" },
    ]);
  });

  it("an unknown or expired token does nothing and says the confirmation expired", async () => {
    const s = server({ state: "running" });
    await press(`a.s:power-ok:${s.id}:stop.forged99`);
    expect(lastShown().text).toContain("This confirmation has expired");
    expect(allData()).toContain(`a.s:card:${s.id}:`);
    expect(calls("POST", s.id, "/power")).toBe(0);
    expect(fake.serverState(s.id).state).toBe("running");
  });
});

describe("extend by 30 days", () => {
  it("confirms with the balance, charges once, and shows the new expiry and balance", async () => {
    const s = server({ name: "ext", daysLeft: 10 });
    const before = fake.serverState(s.id).expiresAtMs;
    await press(`a.s:extend:${s.id}:`);
    const confirm = lastShown().text;
    expect(confirm).toContain("Extend server «ext» by 30 days?");
    expect(confirm).toContain(`Current expiry: ${shownExpiry(s)} (10 days left)`);
    expect(confirm).toContain("Account balance: <b>250</b>");
    expect(calls("POST", s.id, "/extend")).toBe(0);

    const yes = buttonData("✅ Yes, extend");
    await press(yes);
    expect(calls("POST", s.id, "/extend")).toBe(1);
    expect(fake.accounts.get("shop")?.balance).toBe(150);
    expect(fake.serverState(s.id).expiresAtMs).toBe(before + 30 * DAY_MS);
    const done = lastShown().text;
    expect(done).toContain("Server «ext» is extended by 30 days.");
    expect(done).toContain(`New expiry: ${shownExpiry(fake.serverState(s.id))} (40 days left)`);
    expect(done).toContain("Account balance: <b>150</b>");

    await press(yes);
    expect(lastAnswer().text).toBe("This was already done.");
    expect(calls("POST", s.id, "/extend")).toBe(1);
    expect(fake.accounts.get("shop")?.balance).toBe(150);
  });

  it("a double tap charges once: twice in a row, twice at once, and by two admins at once", async () => {
    const s = server({ name: "tap", daysLeft: 5 });
    fake.accounts.get("shop")!.balance = 1000;
    const start = fake.serverState(s.id).expiresAtMs;
    const extendCalls = () => calls("POST", s.id, "/extend");

    await press(`a.s:extend:${s.id}:`);
    const first = buttonData("✅ Yes, extend");
    await press(first);
    await press(first);
    expect(extendCalls()).toBe(1);

    // The same chat, concurrently (sequentialized per chat, still one charge).
    await press(`a.s:extend:${s.id}:`);
    const second = buttonData("✅ Yes, extend");
    await Promise.all([press(second), press(second)]);
    expect(extendCalls()).toBe(2);

    // Two admins in two chats, concurrently, while the hosting API is slow to answer.
    await press(`a.s:extend:${s.id}:`);
    const third = buttonData("✅ Yes, extend");
    fake.delayNext("POST", `/api/v1/servers/${s.id}/extend`, 300, 2);
    t.telegram.clear();
    await Promise.all([press(third, ADMIN), press(third, ADMIN2)]);
    expect(extendCalls()).toBe(3);
    expect(t.telegram.callsOf("answerCallbackQuery").map((c) => c.params.text)).toContain(
      "This was already done.",
    );

    expect(fake.accounts.get("shop")?.balance).toBe(1000 - 3 * 100);
    expect(fake.serverState(s.id).expiresAtMs).toBe(start + 3 * 30 * DAY_MS);
  });

  it("400 (insufficient balance) says nothing was charged and changes nothing", async () => {
    const s = server({ name: "poor", daysLeft: 3 });
    fake.accounts.get("shop")!.balance = 50;
    const before = fake.serverState(s.id).expiresAtMs;
    await press(`a.s:extend:${s.id}:`);
    expect(lastShown().text).toContain("Account balance: <b>50</b>");
    await press(buttonData("✅ Yes, extend"));
    const { text } = lastShown();
    expect(text).toContain("Not enough balance to extend; nothing was charged.");
    expect(text).toContain("Insufficient balance: 50 &lt; 100");
    expect(fake.accounts.get("shop")?.balance).toBe(50);
    expect(fake.serverState(s.id).expiresAtMs).toBe(before);
    expect(allData()).toEqual(expect.arrayContaining([`a.s:card:${s.id}:`, "a.s:list:0:"]));
  });

  it("a timeout says the outcome is unknown and never retries", async () => {
    const s = server({ name: "slow" });
    await press(`a.s:extend:${s.id}:`);
    const yes = buttonData("✅ Yes, extend");
    const original = t.hosting.account;
    t.hosting.account = new AccountApi({
      baseUrl: fake.url,
      apiKey: () => t.accountKey.get(),
      timeoutMs: 150,
    });
    fake.delayNext("POST", `/api/v1/servers/${s.id}/extend`, 400);
    try {
      await press(yes);
    } finally {
      t.hosting.account = original;
    }
    const { text } = lastShown();
    expect(text).toContain("the outcome is unknown");
    expect(text).toContain("Check the expiry date on the server card before trying again");
    expect(allData()).toContain(`a.s:card:${s.id}:`);
    await new Promise((r) => setTimeout(r, 500));
    expect(calls("POST", s.id, "/extend")).toBe(1);
  });

  it("other hosting errors are explained with a way back (503, 402, 403, 404)", async () => {
    const s = server({ name: "err" });
    for (const [status, words] of [
      [503, "temporarily unavailable"],
      [402, "needs LTE access"],
      [403, "link an e-mail and a nickname"],
      [404, "Not found"],
    ] as const) {
      await press(`a.s:extend:${s.id}:`);
      fake.failNext("POST", `/api/v1/servers/${s.id}/extend`, fail(status, "nope"));
      await press(buttonData("✅ Yes, extend"));
      expect(lastShown().text).toContain(words);
      expect(allData()).toContain(`a.s:card:${s.id}:`);
    }
    expect(calls("POST", s.id, "/extend")).toBe(4);
    expect(fake.accounts.get("shop")?.balance).toBe(250);
  });
});

describe("extend: one path with the worker's guards", () => {
  const extendPath = (s: FakeServer) => `/api/v1/servers/${s.id}/extend`;

  it("double-tapped on two confirmations and answered 503 after extending: charged once, told the truth", async () => {
    const s = server({ name: "lost", daysLeft: 4 });
    const start = fake.serverState(s.id).expiresAtMs;
    // Two confirmations of the same expiry (two taps on "Extend", or two admins).
    await press(`a.s:extend:${s.id}:`);
    const first = buttonData("✅ Yes, extend");
    await press(`a.s:extend:${s.id}:`, ADMIN2);
    const second = buttonData("✅ Yes, extend");
    expect(second).not.toBe(first);
    fake.loseAnswerNext("POST", extendPath(s), fail(503, "Service Unavailable"));
    t.telegram.clear();
    await Promise.all([press(first, ADMIN), press(second, ADMIN2)]);
    await press(first, ADMIN);

    expect(calls("POST", s.id, "/extend")).toBe(1);
    expect(fake.accounts.get("shop")?.balance).toBe(150);
    expect(fake.serverState(s.id).expiresAtMs).toBe(start + 30 * DAY_MS);
    const texts = shownTexts(t.telegram);
    expect(texts.filter((x) => x.includes("is extended by 30 days"))).toHaveLength(1);
    expect(texts.find((x) => x.includes("is extended by 30 days"))).toContain(
      "did not answer clearly, so I checked the server: the extension went through",
    );
    expect(texts.find((x) => x.includes("is extended by 30 days"))).toContain("Account balance: <b>150</b>");
    // The other tap found it under way or already done, and says it charged nothing.
    expect(texts.filter((x) => x.includes("Nothing was charged"))).toHaveLength(1);
    expect(texts.join("\n")).not.toContain("temporarily unavailable");
  });

  it("503 without extending: checked, nothing charged, and a retry is offered", async () => {
    const s = server({ name: "down", daysLeft: 4 });
    const start = fake.serverState(s.id).expiresAtMs;
    await press(`a.s:extend:${s.id}:`);
    fake.failNext("POST", extendPath(s), fail(503, "Service Unavailable"));
    await press(buttonData("✅ Yes, extend"));
    const { text } = lastShown();
    expect(text).toContain("I checked the server: it was not extended and nothing was charged.");
    expect(text).toContain("temporarily unavailable");
    expect(fake.accounts.get("shop")?.balance).toBe(250);
    await press(buttonData("🔁 Try again"));
    await press(buttonData("✅ Yes, extend"));
    expect(lastShown().text).toContain("Server «down» is extended by 30 days.");
    expect(calls("POST", s.id, "/extend")).toBe(2);
    expect(fake.accounts.get("shop")?.balance).toBe(150);
    expect(fake.serverState(s.id).expiresAtMs).toBe(start + 30 * DAY_MS);
  });

  it("503 and the server cannot be read back: outcome unknown, no retry button", async () => {
    const s = server({ name: "murky", daysLeft: 4 });
    await press(`a.s:extend:${s.id}:`);
    const yes = buttonData("✅ Yes, extend");
    fake.failNext("POST", extendPath(s), fail(503, "Service Unavailable"));
    // The tap reads the server once, then the read-back fails (all three attempts of the GET).
    fake.delayNext("GET", `/api/v1/servers/${s.id}`, 0);
    fake.failNext("GET", `/api/v1/servers/${s.id}`, fail(503, "Service Unavailable"), 3);
    await press(yes);
    const { text } = lastShown();
    expect(text).toContain("the outcome is unknown");
    expect(text).toContain("first reads its expiry");
    expect(allData()).not.toContain(`a.s:extend:${s.id}:`);
    expect(calls("POST", s.id, "/extend")).toBe(1);
  });

  it("a confirmation whose expiry has changed since (auto-extend got there first) charges nothing", async () => {
    const s = server({ name: "raced", daysLeft: 1 });
    await press(`a.s:extend:${s.id}:`);
    const yes = buttonData("✅ Yes, extend");
    // Meanwhile the worker (or the web cabinet) extends it.
    await t.hosting.account.extend(s.id);
    await press(yes);
    expect(lastShown().text).toContain("changed since this confirmation");
    expect(lastShown().text).toContain("Nothing was charged");
    expect(calls("POST", s.id, "/extend")).toBe(1);
    expect(fake.accounts.get("shop")?.balance).toBe(150);
  });
});

describe("config", () => {
  it("xui: panel URL, user, web path and node address, the password behind a spoiler", async () => {
    const s = server({ type: "xui" });
    await press(`a.s:config:${s.id}:`);
    const password = `pw-${fake.serverState(s.id).realityKey.slice(0, 8)}`;
    const { text } = lastShown();
    expect(text).toContain(`Panel: https://panel-${s.id}.example.test:2053`);
    expect(text).toContain(`User: <code>admin${s.id}</code>`);
    expect(text).toContain(`Password: <tg-spoiler>${password}</tg-spoiler>`);
    expect(text).toContain(`Web path: <code>/panel-${s.id}/</code>`);
    expect(text).toContain(`Node address: <code>node-${s.id}.example.test</code>`);
    expect(text.split(password)).toHaveLength(2);
    expect(t.telegram.last("editMessageText")?.params.parse_mode).toBe("HTML");
    expect(allData()).toContain(`a.s:card:${s.id}:`);
  });

  it("remnanode: the profile is sent as a JSON document", async () => {
    const s = server({ type: "remnanode" });
    await press(`a.s:config:${s.id}:`);
    const [sent] = t.telegram.callsOf("sendDocument");
    expect(sent).toBeDefined();
    const doc = sent?.params.document as FakeFile;
    expect(doc.filename).toBe(`server-${s.id}-profile.json`);
    const profile = JSON.parse(doc.data.toString("utf8"));
    expect(profile.inbounds[0].settings.clients).toEqual([]);
    expect(profile.inbounds[0].streamSettings.realitySettings.privateKey).toBe(
      fake.serverState(s.id).realityKey,
    );
    expect(profile.ok).toBeUndefined();
    expect(String(sent?.params.caption)).toContain(`Config profile of server #${s.id}`);
    expect(JSON.stringify(sent?.params.reply_markup)).toContain(`a.s:card:${s.id}:`);
  });

  it("402 explains that LTE access must be bought", async () => {
    const s = server({ lteBought: false });
    await press(`a.s:config:${s.id}:`);
    expect(lastShown().text).toContain("needs LTE access bought for the server");
    expect(allData()).toContain(`a.s:card:${s.id}:`);
    expect(t.telegram.callsOf("sendDocument")).toHaveLength(0);
  });

  it("403 explains that an e-mail and a nickname must be linked", async () => {
    fake.addAccount({ login: "nonick", password: "x", username: "" });
    const s = fake.addServer("nonick", { type: "remnanode" });
    await t.accountKey.save(fake.addKey("nonick"), ADMIN.id, 0);
    await press(`a.s:config:${s.id}:`);
    expect(lastShown().text).toContain("link an e-mail and a nickname in the web cabinet");
    expect(allData()).toContain(`a.s:card:${s.id}:`);
    expect(t.telegram.callsOf("sendDocument")).toHaveLength(0);
  });
});

describe("regenerate", () => {
  it("xui: warns that the old inbound's clients stop working, then reports the new inbound once", async () => {
    const s = server({ type: "xui", name: "rx", inboundId: 4 });
    fake.addClient(s.id, { email: "alice" });
    await press(`a.s:regen:${s.id}:`);
    expect(lastShown().text).toContain("Regenerate the config of «rx»?");
    expect(lastShown().text).toContain("<b>stop working</b>");
    expect(calls("POST", s.id, "/config/regenerate")).toBe(0);
    const yes = buttonData("⚠️ Yes, regenerate");
    await press(yes);
    expect(lastShown().text).toContain("new inbound created (id 5)");
    expect(fake.serverState(s.id).inboundId).toBe(5);
    await press(yes);
    expect(lastAnswer().text).toBe("This was already done.");
    expect(calls("POST", s.id, "/config/regenerate")).toBe(1);
  });

  it("remnanode: warns that old keys stop being valid, then sends the new profile", async () => {
    const s = server({ type: "remnanode", name: "rr" });
    const oldKey = fake.serverState(s.id).realityKey;
    await press(`a.s:regen:${s.id}:`);
    expect(lastShown().text).toContain("<b>old keys stop being valid</b>");
    await press(buttonData("⚠️ Yes, regenerate"));
    expect(lastShown().text).toContain("The new profile follows as a JSON document");
    const doc = t.telegram.last("sendDocument")?.params.document as FakeFile | undefined;
    expect(doc?.filename).toBe(`server-${s.id}-profile-new.json`);
    const profile = JSON.parse(doc?.data.toString("utf8") ?? "{}");
    const newKey = fake.serverState(s.id).realityKey;
    expect(newKey).not.toBe(oldKey);
    expect(profile.inbounds[0].streamSettings.realitySettings.privateKey).toBe(newKey);
    expect(calls("POST", s.id, "/config/regenerate")).toBe(1);
  });
});

describe("proxy-core version", () => {
  it("offers the three versions with the default marked and installs the one picked", async () => {
    const s = server({ name: "core", xrayVersion: "26.7.11" });
    await press(`a.s:core:${s.id}:`);
    expect(lastShown().text).toContain("Proxy-core version of «core»");
    const labels = lastShown().buttons.map((b) => b.text);
    expect(labels).toEqual(expect.arrayContaining(["26.6.27 (default)", "26.7.28", "26.7.11"]));
    await press(buttonData("26.7.28"));
    // Since issue 10 (13) the version is installed only after a confirmation.
    await press(buttonData("✅ Yes, install 26.7.28"));
    expect(fake.serverState(s.id).xrayVersion).toBe("26.7.28");
    expect(fake.seen.at(-1)?.body).toEqual({ version: "26.7.28" });
    expect(lastShown().text).toContain(`The proxy core of server #${s.id} is now version 26.7.28.`);
  });

  it("explains 503, 409 and 502 in words and leaves the version as it was", async () => {
    const cases: [Partial<FakeServer>, string][] = [
      [
        { state: "offline" },
        "The server is not running; start it and wait about 30 seconds, then try again.",
      ],
      [{ corePin: false }, "This server has no core-pin block; the version cannot be changed."],
      [
        { brokenFiles: true },
        "The server's files could not be read or written; try again later or contact hosting support.",
      ],
    ];
    for (const [state, words] of cases) {
      const s = server({ ...state, xrayVersion: "26.7.11" });
      await press(`a.s:core-set:${s.id}:26.6.27`);
      await press(buttonData("✅ Yes, install 26.6.27")); // the confirmation (issue 10, item 13)
      expect(lastShown().text).toBe(words);
      expect(allData()).toEqual(expect.arrayContaining([`a.s:card:${s.id}:`, "a.s:list:0:"]));
      expect(fake.serverState(s.id).xrayVersion).toBe("26.7.11");
    }
  });

  it("ignores a version that is not one of the three", async () => {
    const s = server();
    await press(`a.s:core-set:${s.id}:1.2.3`);
    expect(calls("POST", s.id, "/xray-update")).toBe(0);
  });
});

describe("authorisation", () => {
  it("refuses a non-admin's forged server callbacks before anything reaches the hosting API", async () => {
    const s = server({ name: "guarded", state: "running" });
    await press(`a.s:extend:${s.id}:`);
    const yes = buttonData("✅ Yes, extend");
    await press(`a.s:power:${s.id}:stop`);
    const stop = buttonData("⏹ Stop");

    const seen = fake.seen.length;
    for (const data of [yes, stop, `a.s:card:${s.id}:`, `a.s:config:${s.id}:`, "a.s:list:0:"]) {
      await press(data, STRANGER);
      expect(lastAnswer()).toMatchObject({
        text: "This action is for the shop's admins only.",
        show_alert: true,
      });
    }
    await t.send(command(STRANGER, "/servers"));
    expect(fake.seen.length).toBe(seen);
    expect(fake.accounts.get("shop")?.balance).toBe(250);
    expect(fake.serverState(s.id).state).toBe("running");
    expect(t.logs()).toContain("refused admin callback from a non-admin");

    // The refused presses did not use up the admin's confirmations.
    await press(stop);
    expect(fake.serverState(s.id).state).toBe("offline");
    await press(yes);
    expect(fake.accounts.get("shop")?.balance).toBe(150);
  });
});
