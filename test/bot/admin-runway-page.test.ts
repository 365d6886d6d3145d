import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../src/runtime/clock.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import { user } from "../fakes/telegram-api.js";
import { chatAs, createTestBot, type TestBot } from "../helpers/bot-harness.js";
import { telegramViews } from "../helpers/telegram-views.js";

// Issue 31: the chat's Runway screen and a server's card open the Mini App's runway page (charts).

const ADMIN = user(7810, { first_name: "Boss", language_code: "en" });
const fake = new FakeAccountApi();
const clock = new ManualClock(Date.UTC(2031, 0, 1, 12));
let t: TestBot;
let serverId: number;

beforeAll(async () => {
  await fake.start();
  fake.now = () => clock.now();
  fake.addAccount({ login: "rwp", password: "pw", balance: 500 });
  const key = fake.addKey("rwp");
  serverId = fake.addServer("rwp", { name: "lte-p", daysLeft: 20 }).id;
  t = await createTestBot({
    adminIds: [ADMIN.id],
    accountUrl: fake.url,
    accountApiKey: key,
    clock,
    webappUrl: "https://shop.example",
  });
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});

const { press } = chatAs(() => t, ADMIN);
const { lastShown } = telegramViews(() => t);

/** The web_app buttons of the latest message: label and URL. */
function webAppButtons(): { text: string; url: string | undefined }[] {
  const rows = (lastShown().markup as { inline_keyboard?: { text: string; web_app?: { url: string } }[][] })
    ?.inline_keyboard;
  return (rows ?? [])
    .flat()
    .filter((b) => b.web_app)
    .map((b) => ({ text: b.text, url: b.web_app?.url }));
}

describe("the runway page's button in the chat", () => {
  it("is under the Runway screen, opening the board", async () => {
    await press("a.rw:board:0");
    expect(webAppButtons()).toEqual([
      { text: "📊 Runway charts", url: "https://shop.example/app/?page=runway" },
    ]);
  });

  it("is on a server's card, opening that server", async () => {
    await press(`a.s:card:${serverId}:`);
    expect(webAppButtons()).toEqual([
      { text: "📊 Runway charts", url: `https://shop.example/app/?page=runway&server=${serverId}` },
    ]);
  });
});
