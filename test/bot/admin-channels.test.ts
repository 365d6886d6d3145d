import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MAX_REQUIRED_CHANNELS } from "../../src/domain/catalog/index.js";
import { ManualClock } from "../../src/runtime/clock.js";
import { callback, command, textMessage, user } from "../fakes/telegram-api.js";
import { createTestBot, type TestBot } from "../helpers/bot-harness.js";
import { inlineKeyboard, telegramViews } from "../helpers/telegram-views.js";

/*
 * Settings > Required channels: the channel gate's coverage, and its channels added (by @username,
 * a t.me link or a numeric id, only when the bot can read their members) and removed.
 */

const ADMIN = user(7_600, { first_name: "Boss", language_code: "en" });
const ADMIN_RU = user(7_601, { first_name: "Иван", language_code: "ru" });

let t: TestBot;
const clock = new ManualClock(Date.UTC(2026, 5, 1));

beforeAll(async () => {
  t = await createTestBot({ adminIds: [ADMIN.id, ADMIN_RU.id], rateLimit: false, clock });
  const channels = t.telegram.channels;
  channels.add({ id: -1001000000601, title: "Shop News", username: "shop_news" });
  channels.add({
    id: -1001000000602,
    title: "Secret Club",
    type: "supergroup",
    inviteLink: "https://t.me/+club",
  });
  channels.add({ id: -1001000000603, title: "Not Ours", username: "not_ours", botAdmin: false });
  for (let i = 0; i < MAX_REQUIRED_CHANNELS + 1; i++)
    channels.add({ id: -1001000000700 - i, title: `Extra ${i}`, username: `extra_chan_${i}` });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.redis.del("settings:shop", "settings:gate-channels");
  t.telegram.clear();
});

const { lastShown, button, lastAnswer } = telegramViews(() => t);
const press = (data: string, who = ADMIN) => t.send(callback(who, data));
const say = async (text: string, who = ADMIN) => {
  // Each answer a minute later (channels are listed in the order they were added).
  clock.set(clock.now() + 60_000);
  await t.send(textMessage(who, text));
};
const listed = async () => (await t.deps.catalog.requiredChannels.list()).map((c) => c.title);

async function openScreen(): Promise<void> {
  await t.send(command(ADMIN, "/admin"));
  await press(button("⚙️ Settings"));
  await press(button("📣 Required channels"));
}

describe("the required channels screen", () => {
  it("is reached from Settings and starts with no channels, covering the trial only", async () => {
    await openScreen();
    const shown = lastShown();
    expect(shown.text).toContain("📣 <b>Required channels</b>");
    expect(shown.text).toContain("Required for: the free trial only");
    expect(shown.text).toContain("No channels yet: nobody is asked to join anything.");
    expect(shown.buttons.map((b) => b.text)).toEqual([
      "✅ the free trial only",
      "the trial and new purchases",
      "everything but renewals",
      "➕ Add a channel",
      "« Settings",
      "« Admin menu",
    ]);
  });

  it("adds a channel by @username, a t.me link or a numeric id, after asking again for what is not one", async () => {
    await openScreen();
    await press(button("➕ Add a channel"));
    expect(lastShown().text).toContain("Send the channel or group");
    await say("hello there");
    expect(lastShown().text).toContain("That is not a channel.");
    await say("@shop_news");
    expect(lastShown().text).toContain("✅ Shop News added.");
    expect(lastShown().text).toContain("• Shop News (@shop_news)");

    await press(button("➕ Add a channel"));
    await say("-1001000000602");
    expect(lastShown().text).toContain("✅ Secret Club added.");
    expect(lastShown().text).not.toContain("No join link");
    await press(button("➕ Add a channel"));
    await say("https://t.me/shop_news");
    expect(lastShown().text).toContain("✅ Shop News was already on the list");
    expect(await listed()).toEqual(["Shop News", "Secret Club"]);
    const [news, club] = await t.deps.catalog.requiredChannels.list();
    expect(news?.joinUrl).toBe("https://t.me/shop_news");
    expect(club?.joinUrl).toBe("https://t.me/+club");
  });

  it("refuses a channel whose members the bot cannot read, one Telegram does not know, and a person", async () => {
    await openScreen();
    const tries: [string, string][] = [
      ["@not_ours", "⚠️ The bot is not an admin of Not Ours"],
      ["@nobody_here", "Telegram knows no such channel"],
      ["123456789", "That is a private chat with a person"],
    ];
    for (const [typed, said] of tries) {
      await press(button("➕ Add a channel"));
      await say(typed);
      expect(lastShown().text).toContain(said);
    }
    expect(await listed()).toEqual([]);
  });

  it("sets the coverage and removes channels", async () => {
    await t.deps.sales.gate.addChannel("@shop_news", 1);
    await openScreen();
    await press(button("the trial and new purchases"));
    expect(lastShown().text).toContain("Now required for the trial and new purchases.");
    expect(await t.deps.catalog.settings.gateCoverage()).toBe("purchases");
    expect(lastShown().buttons.map((b) => b.text)).toContain("✅ the trial and new purchases");
    // An old button pressed again sets what it says.
    await press("a.chan:cover:all-but-renewals");
    await press("a.chan:cover:all-but-renewals");
    expect(await t.deps.catalog.settings.gateCoverage()).toBe("all-but-renewals");

    await press(button("✖️ Remove Shop News"));
    expect(lastShown().text).toContain("Shop News is no longer required.");
    expect(await listed()).toEqual([]);
    // A second press of the same Remove just shows the screen.
    await press("a.chan:rm:-1001000000601");
    expect(lastShown().text).not.toContain("no longer required");
  });

  it(`holds at most ${MAX_REQUIRED_CHANNELS} channels, also when admins add at once`, async () => {
    const adds = Array.from({ length: MAX_REQUIRED_CHANNELS + 1 }, (_, i) =>
      t.deps.sales.gate.addChannel(-1001000000700 - i, i),
    );
    const results = (await Promise.all(adds)).map((r) => r.status);
    expect(results.filter((s) => s === "added")).toHaveLength(MAX_REQUIRED_CHANNELS);
    expect(results.filter((s) => s === "full")).toHaveLength(1);
    await openScreen();
    expect(lastShown().buttons.map((b) => b.text)).not.toContain("➕ Add a channel");
  });

  it("speaks Russian to a Russian admin", async () => {
    await t.deps.sales.gate.addChannel("@shop_news", 1);
    await press("a.chan:view:", ADMIN_RU);
    expect(lastShown().text).toContain("📣 <b>Обязательные каналы</b>");
    expect(lastShown().text).toContain("Требуется для: только пробного периода");
    expect(inlineKeyboard(lastShown().markup).map((b) => b.text)).toContain("✖️ Убрать Shop News");
    expect(lastAnswer()).toEqual({ callback_query_id: expect.any(String) });
  });
});
