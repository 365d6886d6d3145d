import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callback, command, user } from "../fakes/telegram-api.js";
import { createTestBot, type TestBot } from "../helpers/bot-harness.js";
import { buttonsOf } from "../helpers/telegram-views.js";

const ADMIN = 7001;
let t: TestBot;

beforeAll(async () => {
  t = await createTestBot({ adminIds: [ADMIN] });
});
afterAll(() => t.close());

const keyboardTexts = (markup: unknown): string[] => buttonsOf(markup).map((b) => b.text);

describe("/start and /help", () => {
  it("greets in English with the main menu", async () => {
    t.telegram.clear();
    await t.send(command(user(501, { first_name: "Ann", language_code: "en" }), "/start"));
    const sent = t.telegram.last("sendMessage");
    expect(sent?.params.chat_id).toBe(501);
    expect(String(sent?.params.text)).toMatch(/^Hi, Ann! 👋/);
    expect(keyboardTexts(sent?.params.reply_markup)).toEqual(
      expect.arrayContaining(["🌐 Language", "❓ Help"]),
    );
  });

  it("greets in Russian when Telegram's language is Russian", async () => {
    t.telegram.clear();
    await t.send(command(user(502, { first_name: "Иван", language_code: "ru-RU" }), "/start"));
    const sent = t.telegram.last("sendMessage");
    expect(String(sent?.params.text)).toMatch(/^Привет, Иван! 👋/);
    expect(keyboardTexts(sent?.params.reply_markup)).toEqual(
      expect.arrayContaining(["🌐 Язык", "❓ Помощь"]),
    );
  });

  it("greets in Ukrainian and in Persian from Telegram's language, and reads a typed amount in Persian digits", async () => {
    t.telegram.clear();
    await t.send(command(user(506, { first_name: "Олена", language_code: "uk" }), "/start"));
    await t.send(command(user(507, { first_name: "Sara", language_code: "fa-IR" }), "/start"));
    const [uk, fa] = t.telegram.callsOf("sendMessage").map((c) => c.params);
    expect(String(uk?.text)).toMatch(/^Вітаємо, Олена! 👋/);
    expect(String(fa?.text)).toMatch(/^سلام Sara! 👋/);
    expect(keyboardTexts(fa?.reply_markup)).toEqual(expect.arrayContaining(["🛒 خرید VPN"]));
    const { parseTopUpAmount } = await import("../../src/domain/sales/index.js");
    expect(parseTopUpAmount("۲۵۰", "XTR")).toBe(250);
    expect(parseTopUpAmount("٤٫٥", "USD")).toBe(450);
  });

  it("/language offers all four languages", async () => {
    t.telegram.clear();
    await t.send(command(user(508, { language_code: "en" }), "/language"));
    const names = keyboardTexts(t.telegram.last("sendMessage")?.params.reply_markup);
    expect(names).toEqual(["🇬🇧 English", "🇷🇺 Русский", "🇺🇦 Українська", "🇮🇷 فارسی"]);
  });

  it("falls back to the default language for other languages", async () => {
    t.telegram.clear();
    await t.send(command(user(503, { first_name: "Hans", language_code: "de" }), "/help"));
    expect(t.texts()[0]).toMatch(/^<b>How it works<\/b>/);
  });

  it("/help in both languages, with the admin part only for admins", async () => {
    t.telegram.clear();
    await t.send(command(user(504, { language_code: "ru" }), "/help"));
    await t.send(command(user(ADMIN, { language_code: "en" }), "/help"));
    const [ru, admin] = t.texts();
    expect(ru).toContain("<b>Как это работает</b>");
    expect(ru).not.toContain("/admin");
    expect(admin).toContain("/admin: admin menu");
    expect(t.telegram.last("sendMessage")?.params.parse_mode).toBe("HTML");
  });

  it("/language switches the language and the choice sticks", async () => {
    const ann = user(505, { first_name: "Ann", language_code: "en" });
    t.telegram.clear();
    await t.send(command(ann, "/language"));
    const picker = t.telegram.last("sendMessage");
    expect(picker?.params.text).toBe("Choose your language:");
    const ru = buttonsOf(picker?.params.reply_markup).find((b) => b.text.includes("Русский"));
    expect(ru).toBeDefined();
    const message = {
      message_id: 1,
      date: 0,
      chat: { id: 505, type: "private" as const, first_name: "Ann" },
    };
    await t.send(callback(ann, ru?.data ?? "", message));
    expect(t.telegram.last("editMessageText")?.params.text).toBe("Язык переключён на русский.");
    await t.send(command(ann, "/start"));
    expect(String(t.telegram.last("sendMessage")?.params.text)).toMatch(/^Привет, Ann!/);
  });

  it("answers an unknown command politely", async () => {
    t.telegram.clear();
    await t.send(command(user(506, { language_code: "en" }), "/nope"));
    expect(t.texts()).toEqual(["I don't know this command. /help lists what I can do."]);
  });

  it("logs a failing handler and answers the user politely", async () => {
    t.telegram.clear();
    t.telegram.failNext("sendMessage", { error_code: 400, description: "Bad Request: can't parse entities" });
    await t.send(command(user(507, { language_code: "ru" }), "/help"));
    const sends = t.telegram.callsOf("sendMessage");
    expect(sends).toHaveLength(2);
    expect(sends[1]?.params.text).toBe("Извините, у нас что-то пошло не так. Попробуйте ещё раз чуть позже.");
    expect(t.logs()).toContain("Bot API refused a call");
  });

  it("waits out a 429 and then answers", async () => {
    t.telegram.clear();
    t.telegram.failNext("sendMessage", {
      error_code: 429,
      description: "Too Many Requests: retry after 1",
      parameters: { retry_after: 1 },
    });
    await t.send(command(user(508, { language_code: "en" }), "/help"));
    const sends = t.telegram.callsOf("sendMessage");
    expect(sends).toHaveLength(2);
    expect(String(sends[1]?.params.text)).toMatch(/^<b>How it works<\/b>/);
    expect((sends[1]?.at ?? 0) - (sends[0]?.at ?? 0)).toBeGreaterThanOrEqual(900);
  });
});
