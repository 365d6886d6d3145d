import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ShopSettings } from "../../src/domain/catalog/index.js";
import { FakeAccountApi, type FakeServer } from "../fakes/account-api.js";
import { command, user } from "../fakes/telegram-api.js";
import { chatAs, createTestBot, type TestBot } from "../helpers/bot-harness.js";
import { telegramViews } from "../helpers/telegram-views.js";

/** Issue 10, item 13: units and prices on the account card and the server card and its actions. */

const ADMIN = user(7350, { first_name: "Boss", language_code: "en" });
const ADMIN_RU = user(7351, { first_name: "Иван", language_code: "ru" });

const fake = new FakeAccountApi();
let t: TestBot;
let shopKey: string;

beforeAll(async () => {
  await fake.start();
  fake.addAccount({ login: "units", password: "pw-units", username: "shopowner", balance: 250 });
  shopKey = fake.addKey("units");
  t = await createTestBot({ adminIds: [ADMIN.id, ADMIN_RU.id], accountUrl: fake.url });
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});
beforeEach(async () => {
  await t.accountKey.save(shopKey, ADMIN.id, 0);
  const account = fake.accounts.get("units");
  if (account) account.balance = 250;
  await t.redis.del("settings:shop", "watch:price:server", "watch:price:tariff", "servers:core-version");
  t.telegram.clear();
});

const { press } = chatAs(() => t, ADMIN);
const { lastShown, button, lastAnswer } = telegramViews(() => t);

function server(input: Partial<FakeServer> & { daysLeft?: number } = {}): FakeServer {
  return fake.addServer("units", input);
}

describe("the hosting balance has its currency", () => {
  it("shows the balance with RUB by default and with the currency set in Settings", async () => {
    await t.send(command(ADMIN, "/admin"));
    await press(button("🏦 Hosting account"));
    expect(lastShown().text).toContain("Balance: <b>250</b> RUB");

    await new ShopSettings(t.redis).setHostingCurrency("₽");
    await press("a.acc:view");
    expect(lastShown().text).toContain("Balance: <b>250</b> ₽");
    await t.send(command(ADMIN_RU, "/admin"));
    await press(button("🏦 Аккаунт хостинга"), ADMIN_RU);
    expect(lastShown().text).toContain("Баланс: <b>250</b> ₽");
  });
});

describe("the server card", () => {
  it("shows cores, memory in MB and disk in GB", async () => {
    const s = server({ cpu: 4, memory: 4096, disk: 80 });
    await press(`a.s:card:${s.id}:`);
    expect(lastShown().text).toContain("CPU: 4 cores · Memory: 4,096 MB · Disk: 80 GB");
    await press(`a.s:card:${s.id}:`, ADMIN_RU);
    expect(lastShown().text).toContain("CPU: 4 ядра · Память: 4\u00a0096 МБ · Диск: 80 ГБ");
  });
});

describe("extending a server names the price before the confirmation", () => {
  it("says the price is unknown until the first extension, then shows the price it cost", async () => {
    const s = server({ name: "priced", daysLeft: 10 });
    await press(`a.s:extend:${s.id}:`);
    const first = lastShown().text;
    expect(first).toContain("Account balance: <b>250</b> RUB");
    expect(first).toContain("Price: unknown until the first extension");

    await press(button("✅ Yes, extend"));
    expect(lastShown().text).toContain("Account balance: <b>150</b> RUB");

    await press(`a.s:extend:${s.id}:`);
    const second = lastShown().text;
    expect(second).toContain("Price: <b>100</b> RUB (what the last extension cost)");
    expect(second).toContain("Account balance: <b>150</b> RUB");
  });

  it("uses the expected cost from Settings before any extension was seen, in Russian too", async () => {
    await new ShopSettings(t.redis).setExtendCostHint(120);
    const s = server({ name: "hinted", tariffId: "lte-hint" });
    await press(`a.s:extend:${s.id}:`, ADMIN_RU);
    expect(lastShown().text).toContain("Цена: около <b>120</b> RUB (указана в настройках)");
  });
});

describe("installing another proxy-core version", () => {
  it("names the current and the new version and installs only after Yes", async () => {
    const s = server({ name: "core-ask", xrayVersion: "26.7.11" });
    await press(`a.s:core:${s.id}:`);
    // The API does not tell the installed version: unknown until this bot installs one.
    expect(lastShown().text).toContain("Installed now: unknown (not installed from this bot yet)");

    await press(button("26.7.28"));
    expect(lastShown().text).toContain("Install proxy-core version 26.7.28 on «core-ask»?");
    expect(lastShown().text).toContain("Installed now: unknown (not installed from this bot yet)");
    expect(fake.count("POST", `/api/v1/servers/${s.id}/xray-update`)).toBe(0);
    expect(fake.serverState(s.id).xrayVersion).toBe("26.7.11");

    // "No" goes back to the card and installs nothing.
    expect(lastShown().buttons.map((b) => b.text)).toContain("✖ No");
    const yes = button("✅ Yes, install 26.7.28");
    await press(yes);
    expect(fake.count("POST", `/api/v1/servers/${s.id}/xray-update`)).toBe(1);
    expect(fake.serverState(s.id).xrayVersion).toBe("26.7.28");
    expect(lastShown().text).toContain(`The proxy core of server #${s.id} is now version 26.7.28.`);

    // A second press of the same confirmation installs nothing again.
    await press(yes);
    expect(lastAnswer().text).toBe("This was already done.");
    expect(fake.count("POST", `/api/v1/servers/${s.id}/xray-update`)).toBe(1);

    // The bot remembers what it installed: the next change names it.
    await press(`a.s:core:${s.id}:`);
    expect(lastShown().text).toContain("Installed now: 26.7.28");
    await press(button("26.6.27 (default)"));
    expect(lastShown().text).toContain("26.7.28 → 26.6.27");
    await press(`a.s:core:${s.id}:`, ADMIN_RU);
    expect(lastShown().text).toContain("Установлена сейчас: 26.7.28");
  });
});
