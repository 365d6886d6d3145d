import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ShopSettings } from "../../src/domain/catalog/index.js";
import { callback, command, user } from "../fakes/telegram-api.js";
import { createTestBot, type TestBot } from "../helpers/bot-harness.js";
import { telegramViews } from "../helpers/telegram-views.js";

const ADMIN = user(7500, { first_name: "Boss", language_code: "en" });
const ADMIN_RU = user(7501, { first_name: "Иван", language_code: "ru" });
const STRANGER = user(7599, { first_name: "Mallory", language_code: "en" });

let t: TestBot;
let settings: ShopSettings;

beforeAll(async () => {
  t = await createTestBot({ adminIds: [ADMIN.id, ADMIN_RU.id] });
  settings = new ShopSettings(t.redis);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.redis.del("settings:shop");
  t.telegram.clear();
});

const { lastShown, button: buttonData, lastAnswer } = telegramViews(() => t);

describe("the settings section", () => {
  it("is in the admin menu and toggles auto-extend on and off", async () => {
    await t.send(command(ADMIN, "/admin"));
    await t.send(callback(ADMIN, buttonData("⚙️ Settings")));
    expect(lastShown().text).toContain("⚙️ <b>Settings</b>");
    expect(lastShown().text).toContain("Auto-extend servers: ⛔ off");
    expect(lastShown().text).toContain(
      "Customers told of an outage after: 5 min (admins: at the second failed check)",
    );
    expect(lastShown().text).toContain(
      "Extension cost for the low-balance alert: learned from the first extension",
    );
    expect(await settings.autoExtend()).toBe(false);

    await t.send(callback(ADMIN, buttonData("✅ Turn auto-extend on")));
    expect(await settings.autoExtend()).toBe(true);
    expect(lastAnswer().text).toBe("Auto-extend is on.");
    expect(lastShown().text).toContain("Auto-extend servers: ✅ on");
    expect(lastShown().buttons.map((b) => b.text)).toContain("⛔ Turn auto-extend off");

    // A repeated press of the old "on" button keeps it on (the button says what to set).
    await t.send(callback(ADMIN, "a.set:auto:on"));
    expect(await settings.autoExtend()).toBe(true);

    await t.send(callback(ADMIN, buttonData("⛔ Turn auto-extend off")));
    expect(await settings.autoExtend()).toBe(false);
    expect(lastShown().text).toContain("Auto-extend servers: ⛔ off");
    expect(lastShown().buttons.map((b) => b.data)).toContain("a.home");
  });

  it("shows the settings in Russian with the values set", async () => {
    await settings.setAutoExtend(true);
    await settings.setOutageGraceMinutes(10);
    await settings.setExtendCostHint(150);
    await t.send(callback(ADMIN_RU, "a.set:view:"));
    expect(lastShown().text).toContain("Автопродление серверов: ✅ включено");
    expect(lastShown().text).toContain("Клиентам сообщаем о недоступности через: 10 мин");
    expect(lastShown().text).toContain("Стоимость продления для оповещения о низком балансе: 150");
    expect(lastShown().buttons.map((b) => b.text)).toContain("⛔ Выключить автопродление");
  });

  it("refuses a non-admin and ignores forged data", async () => {
    await t.send(callback(STRANGER, "a.set:auto:on"));
    expect(await settings.autoExtend()).toBe(false);
    expect(lastAnswer()).toMatchObject({
      text: "This action is for the shop's admins only.",
      show_alert: true,
    });
    expect(t.telegram.callsOf("editMessageText")).toHaveLength(0);
    expect(t.logs()).toContain("refused admin callback from a non-admin");

    await t.send(callback(ADMIN, "a.set:auto:maybe"));
    await t.send(callback(ADMIN, "a.set:auto:on:extra"));
    expect(await settings.autoExtend()).toBe(false);
  });
});
