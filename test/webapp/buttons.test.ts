import { Api } from "grammy";
import { afterEach, describe, expect, it } from "vitest";
import { createI18n } from "../../src/bot/i18n.js";
import { DAY } from "../../src/runtime/clock.js";
import { createLogger } from "../../src/runtime/logger.js";
import { setCabinetMenuButton } from "../../src/webapp/menu-button.js";
import { command, FakeTelegram, user } from "../fakes/telegram-api.js";
import { createTestBot, type TestBot } from "../helpers/bot-harness.js";
import { seedCustomer, seedSubscription } from "../helpers/shop-seed.js";

interface Button {
  text: string;
  web_app?: { url: string };
}

let t: TestBot | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** The web_app buttons of the last message sent. */
function webAppButtons(bot: TestBot): Button[] {
  const markup = bot.telegram.last("sendMessage")?.params.reply_markup as
    | { inline_keyboard?: Button[][] }
    | undefined;
  return (markup?.inline_keyboard ?? []).flat().filter((b) => b.web_app !== undefined);
}

describe("buttons that open the cabinet", () => {
  it("are in /start and /my of a private chat when WEBAPP_URL is set", async () => {
    t = await createTestBot({ webappUrl: "https://bot.example" });
    const customer = user(73_001);
    await t.send(command(customer, "/start"));
    expect(webAppButtons(t)).toEqual([
      { text: "📱 My cabinet", web_app: { url: "https://bot.example/app/" } },
    ]);

    await seedCustomer(t.deps, customer.id);
    await seedSubscription(t.deps, "o-btn1", {
      customerId: customer.id,
      expiresAt: t.deps.clock.now() + 5 * DAY,
    });
    await t.send(command(customer, "/my"));
    expect(webAppButtons(t)).toEqual([
      { text: "📱 My cabinet", web_app: { url: "https://bot.example/app/" } },
    ]);
  });

  it("are not shown without WEBAPP_URL, nor in a group (Telegram refuses web_app buttons there)", async () => {
    t = await createTestBot();
    await t.send(command(user(73_002), "/start"));
    expect(t.telegram.last("sendMessage")).toBeDefined();
    expect(webAppButtons(t)).toEqual([]);
    await t.close();

    t = await createTestBot({ webappUrl: "https://bot.example" });
    const member = user(73_003);
    await t.send(command(member, "/start", { id: -100_500, type: "group", title: "Friends" }));
    expect(t.telegram.last("sendMessage")).toBeDefined();
    expect(webAppButtons(t)).toEqual([]);
  });

  it("include the bot's menu button, set at start only when WEBAPP_URL is set", async () => {
    const telegram = new FakeTelegram({ token: "100300:menu-button-test-token-aaaaa" });
    const api = new Api(telegram.token, { fetch: telegram.fetch as never });
    const i18n = createI18n("ru");
    const logger = createLogger("silent");
    await setCabinetMenuButton(api, { webappUrl: undefined, defaultLocale: "ru" }, i18n, logger);
    expect(telegram.callsOf("setChatMenuButton")).toEqual([]);
    await setCabinetMenuButton(api, { webappUrl: "https://bot.example", defaultLocale: "ru" }, i18n, logger);
    expect(telegram.last("setChatMenuButton")?.params.menu_button).toEqual({
      type: "web_app",
      text: "Мой VPN",
      web_app: { url: "https://bot.example/app/" },
    });
  });
});
