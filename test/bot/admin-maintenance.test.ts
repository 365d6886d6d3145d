import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MAINTENANCE_KEY } from "../../src/domain/catalog/index.js";
import { HOUR, type ManualClock, MINUTE } from "../../src/runtime/clock.js";
import { callback, command, textMessage, user } from "../fakes/telegram-api.js";
import { createTestBot, type TestBot } from "../helpers/bot-harness.js";
import { telegramViews } from "../helpers/telegram-views.js";

/**
 * Issue 26, the admins' side of maintenance mode: the Maintenance section (from the admin menu
 * and from Settings) closes the shop with a message and an end time, opens it again, and sets the
 * automatic mode's wait; every press is checked to come from an admin.
 */

const ADMIN = user(7_700, { first_name: "Boss", language_code: "en" });
const ADMIN_FA = user(7_701, { first_name: "Dara", language_code: "fa" });
const CUSTOMER = user(7_750, { first_name: "Ann", language_code: "en" });

let t: TestBot;
const { lastShown, button, lastAnswer } = telegramViews(() => t);
const clock = () => t.deps.clock as ManualClock;
const maintenance = () => t.deps.catalog.maintenance;
const settings = () => t.deps.catalog.settings;

beforeAll(async () => {
  t = await createTestBot({ adminIds: [ADMIN.id, ADMIN_FA.id], rateLimit: false });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.redis.del(MAINTENANCE_KEY, "settings:shop");
  t.telegram.clear();
});

async function openSection(admin = ADMIN): Promise<void> {
  await t.send(command(admin, "/admin"));
  await t.send(callback(admin, button(admin === ADMIN ? "🛠 Maintenance" : "🛠 تعمیر و نگهداری")));
}

describe("closing the shop", () => {
  it("asks for the message and the length, then shows the shop closed until then", async () => {
    await openSection();
    expect(lastShown().text).toContain("🛠 <b>Maintenance</b>");
    expect(lastShown().text).toContain("✅ The shop is open to customers.");
    expect(lastShown().text).toContain("Automatic maintenance: ⛔ off.");
    await t.send(callback(ADMIN, button("🛠 Close the shop for maintenance")));
    expect(lastShown().text).toContain("Send the message customers will read");
    await t.send(textMessage(ADMIN, "Moving to <new> servers"));
    expect(lastShown().text).toContain("For how long?");
    expect(lastShown().buttons.map((b) => b.text)).toEqual([
      "1 h",
      "2 h",
      "4 h",
      "8 h",
      "24 h",
      "No end time",
      "✖ Cancel",
    ]);
    await t.send(callback(ADMIN, button("2 h")));
    const closed = await maintenance().closed();
    expect(closed).toMatchObject({
      kind: "manual",
      message: "Moving to <new> servers",
      endsAt: clock().now() + 2 * HOUR,
      by: ADMIN.id,
    });
    const screen = lastShown();
    expect(screen.text).toContain("🛠 The shop is closed to customers.");
    expect(screen.text).toContain("(then it opens by itself)");
    expect(screen.text).toContain("Message to customers: Moving to &lt;new&gt; servers");
    expect(screen.buttons.map((b) => b.text)).toContain("✅ Open the shop now");

    // The customer reads it at once.
    await t.send(command(CUSTOMER, "/buy"));
    expect(lastShown().text).toContain("Moving to &lt;new&gt; servers");
  });

  it("re-asks a message that is too long, and takes the next one", async () => {
    await openSection();
    await t.send(callback(ADMIN, button("🛠 Close the shop for maintenance")));
    await t.send(textMessage(ADMIN, "x".repeat(501)));
    expect(lastShown().text).toContain("That is 501 characters; up to 500 fit.");
    expect(await maintenance().closed()).toBeUndefined();
    await t.send(textMessage(ADMIN, "Back soon"));
    expect(lastShown().text).toContain("For how long?");
    // Text where a button is asked for is not taken as an answer.
    await t.send(textMessage(ADMIN, "3 hours"));
    expect(lastShown().text).toContain("Choose one of the buttons above");
    await t.send(callback(ADMIN, "a.mnt:end:1"));
    expect(await maintenance().closed()).toMatchObject({
      message: "Back soon",
      endsAt: clock().now() + HOUR,
    });
  });

  it("Cancel leaves the shop open", async () => {
    await openSection();
    await t.send(callback(ADMIN, button("🛠 Close the shop for maintenance")));
    await t.send(callback(ADMIN, button("📝 Standard text")));
    await t.send(callback(ADMIN, button("✖ Cancel")));
    expect(await maintenance().closed()).toBeUndefined();
    expect(t.texts().at(-1)).toContain("Cancelled");
  });

  it("with the standard text and no end time stays closed until opened", async () => {
    await openSection();
    await t.send(callback(ADMIN, button("🛠 Close the shop for maintenance")));
    await t.send(callback(ADMIN, button("📝 Standard text")));
    await t.send(callback(ADMIN, button("No end time")));
    expect(await maintenance().closed()).toMatchObject({
      kind: "manual",
      message: undefined,
      endsAt: undefined,
    });
    expect(lastShown().text).toContain("until you open it");
    expect(lastShown().text).toContain("Message to customers: the standard text.");
  });
});

describe("opening the shop", () => {
  it("Open now opens it; the same button again, or one of an earlier maintenance, ends nothing newer", async () => {
    const first = await maintenance().close({ by: ADMIN.id });
    await openSection();
    const open = button("✅ Open the shop now");
    expect(open).toBe(`a.mnt:open:${first.since}`);
    await t.send(callback(ADMIN, open));
    expect(lastAnswer()).toMatchObject({ text: "The shop is open again." });
    expect(await maintenance().closed()).toBeUndefined();
    expect(lastShown().text).toContain("✅ The shop is open to customers.");

    clock().advance(MINUTE);
    const second = await maintenance().close({ by: ADMIN.id });
    await t.send(callback(ADMIN, open));
    expect(lastAnswer()).toMatchObject({ text: "That maintenance has ended already." });
    expect(await maintenance().closed()).toMatchObject({ since: second.since });
  });

  it("says when the last maintenance ended by itself", async () => {
    const endsAt = clock().now() + HOUR;
    await maintenance().close({ endsAt, by: ADMIN.id });
    clock().advance(HOUR);
    await openSection();
    expect(lastShown().text).toContain("✅ The shop is open to customers.");
    expect(lastShown().text).toContain("The last maintenance ended by itself at");
  });
});

describe("the automatic mode", () => {
  it("is set from the choices, shown on Settings, and Off ends an automatic maintenance at once", async () => {
    await openSection();
    await t.send(callback(ADMIN, button("15 min")));
    expect(await settings().maintenanceAutoMinutes()).toBe(15);
    expect(lastAnswer()).toMatchObject({ text: "Automatic maintenance after 15 min." });
    expect(lastShown().text).toContain("Automatic maintenance: ✅ after 15 min without an answer");
    expect(lastShown().buttons.map((b) => b.text)).toContain("✓ 15 min");

    await t.send(callback(ADMIN, "a.set:view:"));
    await t.send(callback(ADMIN, button("🛠 Maintenance (automatic after 15 min)")));
    expect(lastShown().text).toContain("🛠 <b>Maintenance</b>");

    for (let i = 0; i <= 15; i++) {
      await maintenance().observeAccount(false, 15 * MINUTE);
      clock().advance(MINUTE);
    }
    await openSection();
    expect(lastShown().text).toContain("📡 Closed to customers automatically");
    await t.send(callback(ADMIN, button("Auto: off")));
    expect(await settings().maintenanceAutoMinutes()).toBeUndefined();
    expect(await maintenance().closed()).toBeUndefined();
    expect(lastShown().text).toContain("Automatic maintenance: ⛔ off.");
    // The hosting is still down: the screen says so, the shop stays open (today's behaviour).
    expect(lastShown().text).toContain("📡 The hosting API has not answered since");
  });

  it("takes only the offered choices (a forged wait shows the section)", async () => {
    await t.send(callback(ADMIN, "a.mnt:auto:7"));
    expect(await settings().maintenanceAutoMinutes()).toBeUndefined();
    expect(lastShown().text).toContain("🛠 <b>Maintenance</b>");
  });
});

describe("in Persian", () => {
  it("the screen and its buttons speak the admin's language", async () => {
    await openSection(ADMIN_FA);
    expect(lastShown().text).toContain("✅ فروشگاه برای مشتریان باز است.");
    expect(lastShown().buttons.map((b) => b.text)).toContain("🛠 بستن فروشگاه برای تعمیر و نگهداری");
  });
});

describe("from anyone else", () => {
  it("every press is refused and changes nothing, open or closed", async () => {
    for (const data of ["a.mnt:view:0", "a.mnt:close:0", "a.mnt:auto:15"]) {
      await t.send(callback(CUSTOMER, data));
      expect(lastAnswer()).toMatchObject({
        text: "This action is for the shop's admins only.",
        show_alert: true,
      });
    }
    expect(await settings().maintenanceAutoMinutes()).toBeUndefined();
    expect(await maintenance().closed()).toBeUndefined();

    const closed = await maintenance().close({ by: ADMIN.id });
    await t.send(callback(CUSTOMER, `a.mnt:open:${closed.since}`));
    expect(await maintenance().closed()).toMatchObject({ since: closed.since });
    expect(t.logs()).toContain("refused admin callback from a non-admin");
  });
});
