import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { BotContext } from "../../src/bot/context.js";
import { mainMenuMarkup } from "../../src/bot/features/main-menu.js";
import { command } from "../fakes/telegram-api.js";
import { chatAs, createTestBot, newUsers, TEST_CATALOG, type TestBot } from "../helpers/bot-harness.js";
import { telegramViews } from "../helpers/telegram-views.js";

/**
 * The main menu is a keyboard built once per variant, its buttons handled by start.ts (issue 12:
 * the menu plugin laid the whole menu out again on every press and hooked every update's calls).
 */

let t: TestBot;
beforeAll(async () => {
  t = await createTestBot({ webappUrl: "https://shop.example" });
});
afterAll(() => t.close());
beforeEach(() => t.telegram.clear());

const customer = newUsers(9700);
const { lastShown } = telegramViews(() => t);
const labels = () => lastShown().buttons.map((b) => b.text);
const answers = () => t.telegram.callsOf("answerCallbackQuery");

describe("the main menu", () => {
  it("each button opens its section and answers the press once", async () => {
    const ann = customer();
    const { press } = chatAs(() => t, ann);
    await t.send(command(ann, "/start"));
    expect(lastShown().buttons.map((b) => b.data)).toEqual([
      "",
      "menu:buy",
      "menu:my",
      "menu:wallet",
      "menu:trial",
      "menu:lang",
      "menu:help",
    ]);
    const opened: Record<string, RegExp> = {
      "menu:buy": /Choose a plan/,
      "menu:my": /no subscriptions/i,
      "menu:wallet": /Your wallet/,
      "menu:help": /How it works/,
      "menu:main": /^Hi, /,
    };
    for (const [data, text] of Object.entries(opened)) {
      t.telegram.clear();
      await press(data);
      expect(lastShown().text, data).toMatch(text);
      expect(answers(), data).toHaveLength(1);
    }
  });

  it("Language: the picker with « Back; a choice brings the menu back in that language", async () => {
    const ann = customer();
    const { press } = chatAs(() => t, ann);
    await press("menu:lang");
    expect(lastShown().text).toBe("Choose your language:");
    expect(labels()).toEqual(["🇬🇧 English", "🇷🇺 Русский", "🇺🇦 Українська", "🇮🇷 فارسی", "« Back"]);
    await press(lastShown().buttons[4]?.data ?? "");
    expect(lastShown().text).toMatch(/^Hi, /);
    await press("menu:lang");
    await press(lastShown().buttons[1]?.data ?? "");
    expect(lastShown().text).toMatch(/^Привет, /);
    expect(labels()).toContain("🛒 Купить VPN");
    expect(answers()).toHaveLength(4);
    await press("menu:lang");
    expect(labels()).toEqual(["🇬🇧 English", "✓ 🇷🇺 Русский", "🇺🇦 Українська", "🇮🇷 فارسی", "« Назад"]);
  });

  it("a button of a menu from before this version, or forged data, is outdated: a fresh menu", async () => {
    const { press } = chatAs(() => t, customer());
    for (const data of ["main/0/1//fa1b2", "main-language/0/0//h123", "menu:nonsense"]) {
      t.telegram.clear();
      await press(data);
      expect(answers()[0]?.params.text, data).toBe("This menu is outdated, here is a fresh one.");
      expect(lastShown().text).toMatch(/^Hi, /);
      expect(labels()).toContain("🛒 Buy VPN");
    }
  });

  it("a blocked customer's press gets the refusal as an alert, and nothing opens", async () => {
    const bob = customer();
    await t.send(command(bob, "/start"));
    await t.deps.books.customers.setBlocked(bob.id, true);
    t.telegram.clear();
    await chatAs(() => t, bob).press("menu:buy");
    expect(answers()).toHaveLength(1);
    expect(answers()[0]?.params.show_alert).toBe(true);
    expect(String(answers()[0]?.params.text)).toMatch(/blocked/i);
    expect(t.telegram.callsOf("editMessageText")).toHaveLength(0);
  });
});

describe("mainMenuMarkup", () => {
  /** The parts of a context the keyboard depends on (a cabinet of its own: keyboards are per process). */
  function contextOf(locale: string, trial: boolean, chat: "private" | "group"): BotContext {
    const catalog = { ...TEST_CATALOG, trial: trial ? TEST_CATALOG.trial : undefined };
    return {
      i18n: { getLocale: async () => locale },
      chat: { id: 1, type: chat },
      t: (key: string) => `${locale}:${key}`,
      deps: { config: { webappUrl: "https://unit.example" }, catalog: { current: () => catalog } },
    } as unknown as BotContext;
  }

  it("is built once per variant and cannot be changed by whoever sends it", async () => {
    const a = await mainMenuMarkup(contextOf("en", true, "private"));
    expect(await mainMenuMarkup(contextOf("en", true, "private"))).toBe(a);
    expect(Object.isFrozen(a.inline_keyboard[0]?.[0])).toBe(true);
    expect(() => (a.inline_keyboard as unknown[]).push([])).toThrow();
    const ru = await mainMenuMarkup(contextOf("ru", true, "private"));
    expect(ru).not.toBe(a);
    expect(ru.inline_keyboard[1]?.[0]?.text).toBe("ru:menu-buy");
    const noTrial = await mainMenuMarkup(contextOf("en", false, "private"));
    expect(noTrial.inline_keyboard.flat().map((b) => b.text)).not.toContain("en:menu-trial");
    // web_app buttons work in private chats only.
    const group = await mainMenuMarkup(contextOf("en", true, "group"));
    expect(group.inline_keyboard.flat().map((b) => b.text)).not.toContain("en:menu-cabinet");
    expect(a.inline_keyboard.flat().map((b) => b.text)).toContain("en:menu-cabinet");
  });
});
