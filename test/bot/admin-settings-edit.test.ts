import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ShopSettings } from "../../src/domain/catalog/index.js";
import { command, user } from "../fakes/telegram-api.js";
import { chatAs, createTestBot, type TestBot } from "../helpers/bot-harness.js";
import { telegramViews } from "../helpers/telegram-views.js";

/** Issue 10, item 15: every setting the Settings screen shows can be changed from it. */

const ADMIN = user(7520, { first_name: "Boss", language_code: "en" });
const ADMIN_RU = user(7521, { first_name: "Иван", language_code: "ru" });
const STRANGER = user(7529, { first_name: "Mallory", language_code: "en" });

let t: TestBot;
let settings: ShopSettings;

beforeAll(async () => {
  t = await createTestBot({ adminIds: [ADMIN.id, ADMIN_RU.id] });
  settings = new ShopSettings(t.redis);
});
afterAll(() => t.close());
beforeEach(async () => {
  for (const admin of [ADMIN, ADMIN_RU, STRANGER]) await t.send(command(admin, "/cancel"));
  await t.redis.del("settings:shop");
  t.telegram.clear();
});

const { press, say } = chatAs(() => t, ADMIN);
const { lastShown, button } = telegramViews(() => t);

describe("editing the settings", () => {
  it("changes the outage grace, refusing values out of bounds with a clear message", async () => {
    await press("a.set:view:");
    expect(lastShown().text).toContain("Customers told of an outage after: 5 min");
    await press(button("⏱ Change the outage grace"));
    expect(lastShown().text).toContain("after how many minutes offline");

    for (const wrong of ["0", "1441", "ten", "2.5"]) {
      await say(wrong);
      expect(lastShown().text).toBe("Send a whole number of minutes from 1 to 1,440.");
    }
    expect((await settings.get()).outageGraceMinutes).toBeUndefined();

    await say("15");
    expect((await settings.get()).outageGraceMinutes).toBe(15);
    expect(lastShown().text).toContain("Customers told of an outage after: 15 min");
    expect(lastShown().buttons.map((b) => b.data)).toContain("a.home");

    // The conversation is over: the next text is not taken for a setting.
    t.telegram.clear();
    await say("30");
    expect((await settings.get()).outageGraceMinutes).toBe(15);
  });

  it("changes the extension cost (and clears it back to learning with a dash)", async () => {
    await press("a.set:view:");
    await press(button("💰 Change the extension cost"));
    await say("-5");
    expect(lastShown().text).toBe(
      "Send an amount above 0 and at most 1,000,000 (e.g. 150 or 99.5), or - to learn it from the next extension.",
    );
    await say("99,5");
    expect((await settings.get()).extendCostHint).toBe(99.5);
    expect(lastShown().text).toContain("Extension cost for the low-balance alert: 99.5 RUB");

    await press(button("💰 Change the extension cost"));
    await say("-");
    expect((await settings.get()).extendCostHint).toBeUndefined();
    expect(lastShown().text).toContain(
      "Extension cost for the low-balance alert: learned from the first extension",
    );
  });

  it("changes the hosting currency, in Russian too", async () => {
    await press("a.set:view:", ADMIN_RU);
    expect(lastShown().text).toContain("Валюта баланса хостинга: RUB");
    await press(button("💱 Изменить валюту"), ADMIN_RU);
    await say("two words", ADMIN_RU);
    expect(lastShown().text).toBe(
      "Отправьте код или знак валюты: от 1 до 8 букв или символов валюты, например RUB или ₽.",
    );
    await say("₽", ADMIN_RU);
    expect(await settings.hostingCurrency()).toBe("₽");
    expect(lastShown().text).toContain("Валюта баланса хостинга: ₽");
  });

  it("changes how long gift links last (1 to 365 days), in Russian too", async () => {
    await press("a.set:view:");
    expect(lastShown().text).toContain("Gift links last: 30 days (then refunded to the buyer)");
    await press(button("🎁 Change the gift link life"));
    expect(lastShown().text).toContain("How many days should a gift link stay valid?");
    for (const wrong of ["0", "366", "a week", "7.5"]) {
      await say(wrong);
      expect(lastShown().text).toBe("Send a whole number of days from 1 to 365.");
    }
    expect(await settings.giftExpiryDays()).toBe(30);
    await say("7");
    expect(await settings.giftExpiryDays()).toBe(7);
    expect(lastShown().text).toContain("Gift links last: 7 days (then refunded to the buyer)");

    await press("a.set:view:", ADMIN_RU);
    expect(lastShown().text).toContain(
      "Подарочные ссылки действуют: 7 дней (затем деньги возвращаются покупателю)",
    );
    await press(button("🎁 Изменить срок подарочных ссылок"), ADMIN_RU);
    await say("400", ADMIN_RU);
    expect(lastShown().text).toBe("Отправьте целое число дней от 1 до 365.");
    await say("1", ADMIN_RU);
    expect(await settings.giftExpiryDays()).toBe(1);
    expect(lastShown().text).toContain("Подарочные ссылки действуют: 1 день");

    await press("a.set:edit:gift", STRANGER);
    await say("90", STRANGER);
    expect(await settings.giftExpiryDays()).toBe(1);
  });

  it("Cancel leaves a setting as it was; a non-admin cannot open the editor", async () => {
    await settings.setOutageGraceMinutes(7);
    await press("a.set:view:");
    await press(button("⏱ Change the outage grace"));
    await say("/cancel");
    expect((await settings.get()).outageGraceMinutes).toBe(7);

    await press("a.set:edit:grace", STRANGER);
    await say("60", STRANGER);
    expect((await settings.get()).outageGraceMinutes).toBe(7);
    expect(t.telegram.last("answerCallbackQuery")?.params.text).toBe(
      "This action is for the shop's admins only.",
    );
  });
});
