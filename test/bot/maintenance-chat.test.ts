import type { Update, User } from "grammy/types";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Catalog } from "../../src/domain/catalog/index.js";
import { MAINTENANCE_KEY } from "../../src/domain/catalog/index.js";
import { HOUR, type ManualClock, MINUTE } from "../../src/runtime/clock.js";
import { callback, command, textMessage, user } from "../fakes/telegram-api.js";
import { createTestBot, newUsers, TEST_CATALOG, type TestBot } from "../helpers/bot-harness.js";
import { telegramViews } from "../helpers/telegram-views.js";

/**
 * Issue 26, maintenance mode through the chat, as customers meet it: while the shop is closed
 * every update that would sell or move money gets the notice (with the admins' message and end
 * time) instead, whatever would have taken it (a command, an old button, an answer to a question
 * in flight); what a customer has stays open; admins keep working; the end time passing opens the
 * shop by itself; an invite's /start is still recorded.
 */

const ADMIN = user(7_600, { first_name: "Boss", language_code: "en" });
const person = newUsers(7_610);
const CATALOG: Catalog = { ...TEST_CATALOG, referral: { percent: 10, bonus_days: 3, rewarded_payments: 0 } };

let t: TestBot;
const { lastShown, lastAnswer, textsTo } = telegramViews(() => t);
const clock = () => t.deps.clock as ManualClock;
const maintenance = () => t.deps.catalog.maintenance;

beforeAll(async () => {
  t = await createTestBot({ catalog: CATALOG, adminIds: [ADMIN.id], rateLimit: false });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.redis.del(MAINTENANCE_KEY);
  t.telegram.clear();
});

const CLOSED = "🛠 The shop is closed for maintenance.";

/** Closes the shop as an admin would: "Moving servers <tonight>" (HTML in it), for two hours. */
async function closeForTwoHours(): Promise<number> {
  const endsAt = clock().now() + 2 * HOUR;
  await maintenance().close({ message: "Moving servers <tonight>", endsAt, by: ADMIN.id });
  return endsAt;
}

const say = (who: User, text: string) => t.send(textMessage(who, text));
const run = (who: User, text: string) => t.send(command(who, text));
const press = (who: User, data: string) => t.send(callback(who, data));

describe("while the shop is closed", () => {
  it("a customer's /buy, /start, /trial, /promo and free text get the notice with the message and end time", async () => {
    const ann = person();
    await run(ann, "/start");
    expect(lastShown().text).toContain("Choose what you need");
    await closeForTwoHours();

    for (const text of ["/buy", "/start", "/trial", "/promo"]) {
      t.telegram.clear();
      await run(ann, text);
      const shown = lastShown();
      expect(shown.text).toContain(CLOSED);
      expect(shown.text).toContain("Expected back:");
      // The admins' words, escaped (never taken for HTML), quoted.
      expect(shown.text).toContain("<blockquote>Moving servers &lt;tonight&gt;</blockquote>");
      expect(shown.text).toContain("Payments already made are safe");
      expect(shown.buttons.map((b) => b.text)).toEqual(["🔑 My subscriptions", "💰 Wallet", "❓ Help"]);
      expect(t.telegram.callsOf("sendInvoice")).toHaveLength(0);
    }
    // Free text too (no error, no hint to a menu that would not work).
    await say(ann, "hello?");
    expect(lastShown().text).toContain(CLOSED);
  });

  it("buttons of old messages get the notice in place, answered, never an error", async () => {
    const bob = person();
    await run(bob, "/start");
    await closeForTwoHours();
    for (const data of [
      "menu:buy",
      "buy:plan:de-xui",
      "menu:trial",
      "wallet:top:100",
      "my:renew:sub1",
      "menu:main",
    ]) {
      t.telegram.clear();
      await press(bob, data);
      expect(lastAnswer()).toEqual(expect.objectContaining({ text: CLOSED }));
      expect(t.telegram.last("editMessageText")?.params.text).toContain(CLOSED);
      expect(textsTo(bob.id).join("\n")).not.toContain("Something went wrong");
    }
  });

  it("leaves open what the customer has: subscriptions, wallet, help, language", async () => {
    const cid = person();
    await run(cid, "/start");
    await closeForTwoHours();
    await run(cid, "/my");
    expect(lastShown().text).not.toContain(CLOSED);
    expect(lastShown().text).toContain("no subscriptions");
    await press(cid, "menu:wallet");
    expect(lastShown().text).toContain("Balance");
    await run(cid, "/help");
    expect(lastShown().text).not.toContain(CLOSED);
    await press(cid, "lang:ru:menu");
    expect(await t.deps.books.customers.chosenLocale(cid.id)).toBe("ru");
    // In the language just chosen: the notice too.
    await run(cid, "/buy");
    expect(lastShown().text).toContain("🛠 Магазин закрыт на техническое обслуживание.");
    expect(lastShown().text).toContain("Ожидаем открыться:");
  });

  it("an answer to a question in flight gets the notice; the question waits for the shop", async () => {
    const dan = person();
    await run(dan, "/start");
    await press(dan, "wallet:custom:0");
    expect(lastShown().text).toContain("How much");
    await closeForTwoHours();
    t.telegram.clear();
    await say(dan, "100");
    expect(lastShown().text).toContain(CLOSED);
    expect(t.telegram.callsOf("sendInvoice")).toHaveLength(0);
    expect(textsTo(dan.id).join("\n")).not.toContain("Something went wrong");
    // Open again: the same question takes the answer.
    await maintenance().open();
    await say(dan, "100");
    expect(t.telegram.callsOf("sendInvoice")).toHaveLength(1);
  });

  it("Cancel of a question in flight still works (it leaves nothing half done)", async () => {
    const eve = person();
    await run(eve, "/start");
    await press(eve, "wallet:custom:0");
    await closeForTwoHours();
    await press(eve, "conv:cancel");
    expect(textsTo(eve.id).at(-1)).toContain("Cancelled");
    await say(eve, "100");
    expect(lastShown().text).toContain(CLOSED);
    await maintenance().open();
    await say(eve, "100");
    expect(t.telegram.callsOf("sendInvoice")).toHaveLength(0);
  });

  it("admins keep working: the shop and the admin menu answer them as usual", async () => {
    await closeForTwoHours();
    await run(ADMIN, "/buy");
    expect(lastShown().text).not.toContain(CLOSED);
    expect(lastShown().text).toContain("Germany");
    await run(ADMIN, "/admin");
    expect(lastShown().text).toContain("Admin");
  });

  it("speaks each customer's language (uk, fa)", async () => {
    await closeForTwoHours();
    const olha = person({ language_code: "uk" });
    await run(olha, "/buy");
    expect(lastShown().text).toContain("🛠 Магазин закрито на технічне обслуговування.");
    const dara = person({ language_code: "fa" });
    await run(dara, "/buy");
    expect(lastShown().text).toContain("🛠 فروشگاه برای تعمیر و نگهداری بسته است.");
  });

  it("an invite link's /start still records who invited the newcomer (the welcome above the notice)", async () => {
    const inviter = person();
    await run(inviter, "/start");
    await press(inviter, "inv:view");
    const code = /start=([0-9a-z]+)/.exec(lastShown().text)?.[1] ?? "";
    expect(code).not.toBe("");
    await closeForTwoHours();
    const friend = person();
    await run(friend, `/start ${code}`);
    expect(await t.deps.sales.referrals.inviterOf(friend.id)).toBe(inviter.id);
    expect(lastShown().text).toContain("invitation from a friend");
    expect(lastShown().text).toContain(CLOSED);
  });

  it("closed by itself (the hosting does not answer), it says why and names no end", async () => {
    await t.deps.catalog.settings.setMaintenanceAutoMinutes(5);
    const down = clock().now();
    for (let i = 0; i <= 5; i++) {
      await maintenance().observeAccount(false, 5 * MINUTE);
      clock().advance(MINUTE);
    }
    expect(await maintenance().closed()).toEqual({ kind: "auto", since: down });
    const fay = person();
    await run(fay, "/buy");
    expect(lastShown().text).toContain(CLOSED);
    expect(lastShown().text).toContain("Our hosting provider is not answering right now");
    expect(lastShown().text).not.toContain("Expected back");
    await maintenance().observeAccount(true, 5 * MINUTE);
    await run(fay, "/buy");
    expect(lastShown().text).toContain("Germany");
    await t.deps.catalog.settings.setMaintenanceAutoMinutes(undefined);
  });
});

describe("the end time passing", () => {
  it("opens the shop by itself: the next /buy shows the plans", async () => {
    const gus = person();
    const endsAt = await closeForTwoHours();
    await run(gus, "/buy");
    expect(lastShown().text).toContain(CLOSED);
    clock().set(endsAt);
    await run(gus, "/buy");
    expect(lastShown().text).not.toContain(CLOSED);
    expect(lastShown().text).toContain("Germany");
  });
});

describe("two updates of a customer at once while closing", () => {
  it("each gets an answer (the notice or the shop), never an error", async () => {
    const hal = person();
    await run(hal, "/start");
    t.telegram.clear();
    const updates: Update[] = [command(hal, "/buy"), callback(hal, "menu:buy")];
    await Promise.all([closeForTwoHours(), ...updates.map((u) => t.send(u))]);
    // One screen per update, each the notice or the plans, whichever came first.
    const shown = t.texts();
    expect(shown).toHaveLength(2);
    for (const text of shown) expect(text.includes(CLOSED) || text.includes("Germany")).toBe(true);
    expect(t.telegram.callsOf("answerCallbackQuery")).toHaveLength(1);
    // After the switch, both are the notice.
    t.telegram.clear();
    await Promise.all(updates.map((u) => t.send({ ...u, update_id: u.update_id + 100_000 })));
    expect(t.texts().filter((text) => text.includes(CLOSED))).toHaveLength(2);
  });
});
