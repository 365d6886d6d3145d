import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { command, textMessage } from "../fakes/telegram-api.js";
import { chatAs, createTestBot, newUsers, type TestBot } from "../helpers/bot-harness.js";
import { telegramViews } from "../helpers/telegram-views.js";

/** Issue 10, items 7 and 10: no screen is a dead end; /language takes its argument. */

let t: TestBot;
let plain: TestBot;

beforeAll(async () => {
  t = await createTestBot({ supportContact: "@shop_help" });
  plain = await createTestBot({ redis: t.redis });
});
afterAll(async () => {
  await plain.close();
  await t.close();
});
beforeEach(() => {
  t.telegram.clear();
  plain.telegram.clear();
});

const customer = newUsers(9300);
const { lastShown } = telegramViews(() => t);
const MAIN_MENU = [
  "🛒 Buy VPN",
  "🔑 My subscriptions",
  "💰 Wallet",
  "🎁 Free trial",
  "🌐 Language",
  "❓ Help",
];
const labels = () => lastShown().buttons.map((b) => b.text);

describe("after Cancelled. the menu comes back", () => {
  it("the Cancel button of a question answers Cancelled. with the main menu", async () => {
    const ann = customer();
    const { press } = chatAs(() => t, ann);
    await press("wallet:custom:0");
    expect(lastShown().text).toContain("How much do you want to add?");
    await press("conv:cancel");
    expect(lastShown().text).toBe("Cancelled.");
    expect(labels()).toEqual(MAIN_MENU);
    // The menu works: its buttons are the main menu's.
    expect(lastShown().buttons[0]?.data).toBe("menu:buy");
  });

  it("/cancel in a question does the same, in Russian too", async () => {
    const ivan = customer({ language_code: "ru" });
    const { press, say } = chatAs(() => t, ivan);
    await press("wallet:custom:0");
    await say("/cancel");
    expect(lastShown().text).toBe("Отменено.");
    expect(labels()).toEqual([
      "🛒 Купить VPN",
      "🔑 Мои подписки",
      "💰 Кошелёк",
      "🎁 Пробный период",
      "🌐 Язык",
      "❓ Помощь",
    ]);
  });

  it("/cancel with nothing to cancel also offers the menu", async () => {
    const ann = customer();
    await t.send(command(ann, "/cancel"));
    expect(lastShown().text).toBe("There is nothing to cancel.");
    expect(labels()).toEqual(MAIN_MENU);
  });
});

describe("free text outside a conversation", () => {
  it("gets a short hint and the main menu", async () => {
    const ann = customer();
    await chatAs(() => t, ann).say("hello, how do I get a VPN?");
    expect(t.texts()).toEqual(["I answer to buttons and commands: here is the menu. /help tells more."]);
    expect(labels()).toEqual(MAIN_MENU);
  });

  it("in Russian", async () => {
    const ivan = customer({ language_code: "ru" });
    await chatAs(() => t, ivan).say("привет");
    expect(t.texts()).toEqual(["Я отвечаю на кнопки и команды: вот меню. Подробнее — в /help."]);
  });

  it("in a group nobody is answered (people talk to each other there)", async () => {
    const ann = customer();
    await chatAs(() => t, ann).say("hello");
    t.telegram.clear();
    const group = { id: -100_930, type: "group" as const, title: "Friends" };
    await t.send(textMessage(ann, "just chatting", group));
    expect(t.texts()).toEqual([]);
  });

  it("an unknown command still says so", async () => {
    await chatAs(() => t, customer()).say("/frobnicate");
    expect(t.texts()).toEqual(["I don't know this command. /help lists what I can do."]);
  });
});

describe("support contact (SUPPORT_CONTACT)", () => {
  it("/help names it", async () => {
    await t.send(command(customer(), "/help"));
    expect(lastShown().text).toContain("/cancel: cancel the current step");
    expect(lastShown().text).toMatch(/\n\nSupport: @shop_help$/);
    await t.send(command(customer({ language_code: "ru" }), "/help"));
    expect(lastShown().text).toMatch(/\n\nПоддержка: @shop_help$/);
  });

  it("/help without the setting has no support line", async () => {
    await plain.send(command(customer(), "/help"));
    expect(plain.texts().at(-1)).not.toContain("Support");
  });

  it("'Contact support' points to it", async () => {
    const ann = customer();
    await t.deps.books.customers.seen({ id: ann.id, firstName: "Ann", locale: "en" });
    await t.deps.books.customers.setBlocked(ann.id, true);
    await t.send(command(ann, "/buy"));
    expect(t.texts()).toEqual([
      "Your access to this shop is blocked. Contact support (@shop_help) if you think this is a mistake.",
    ]);
    await plain.send(command(ann, "/buy"));
    expect(plain.texts()).toEqual([
      "Your access to this shop is blocked. Contact support if you think this is a mistake.",
    ]);
  });
});

describe("/language", () => {
  it("/language ru switches at once, no picker; the main menu (in the new language) follows", async () => {
    const ann = customer();
    await t.send(command(ann, "/language ru"));
    expect(t.texts()).toEqual(["Язык переключён на русский."]);
    // Issue 24, item 4: it used to end with no buttons.
    expect(labels()[0]).toBe("🛒 Купить VPN");
    expect((await t.deps.books.customers.get(ann.id))?.locale).toBe("ru");
    await t.send(command(ann, "/language EN"));
    expect(t.texts().at(-1)).toBe("Language set to English.");
    await t.send(command(ann, "/help"));
    expect(t.texts().at(-1)).toContain("How it works");
  });

  it("bare /language (or an unknown one) shows the picker", async () => {
    const ann = customer();
    await t.send(command(ann, "/language"));
    expect(lastShown().text).toBe("Choose your language:");
    expect(labels()).toEqual(["🇬🇧 English", "🇷🇺 Русский", "🇺🇦 Українська", "🇮🇷 فارسی"]);
    await t.send(command(ann, "/language klingon"));
    expect(lastShown().text).toBe("Choose your language:");
    expect(labels()).toEqual(["🇬🇧 English", "🇷🇺 Русский", "🇺🇦 Українська", "🇮🇷 فارسی"]);
  });
});
