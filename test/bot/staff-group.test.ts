import type { Message, Update } from "grammy/types";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { staffIndexOf } from "../../src/bot/staff.js";
import { DailyReports } from "../../src/domain/backoffice/index.js";
import { ManualClock } from "../../src/runtime/clock.js";
import { callback, command, textMessage, user } from "../fakes/telegram-api.js";
import { createTestBot, type TestBot } from "../helpers/bot-harness.js";
import { telegramViews } from "../helpers/telegram-views.js";

/*
 * Admin → Staff group (issue 28): an owner sets up a forum supergroup for the staff's notices,
 * one topic per kind made by the bot; refused when the chat is not a forum or the bot may not
 * manage topics there; where notices go, the report's hour, the report now, topics made again,
 * and the group no longer used. Only owners (`staff`) see or press any of it.
 */

const OWNER = user(7_700, { first_name: "Owner", language_code: "en" });
const ADMIN = user(7_701, { first_name: "Admin", language_code: "en" });
const FORUM = { id: -1001000000901, title: "Shop team" };
const PLAIN = { id: -1001000000902, title: "Plain group" };
const NOT_ADMIN = { id: -1001000000903, title: "Bot not admin" };
const NO_TOPICS = { id: -1001000000904, title: "No topics right" };
const TOPIC_NAMES = [
  "🚨 Alerts",
  "💳 Payments",
  "📦 Orders",
  "🔎 Reconciliation",
  "📊 Daily report",
  "🎫 Tickets",
];

let t: TestBot;
const clock = new ManualClock(Date.UTC(2026, 5, 1, 12));

beforeAll(async () => {
  t = await createTestBot({ adminIds: [OWNER.id], rateLimit: false, clock });
  const channels = t.telegram.channels;
  channels.add({ ...FORUM, type: "supergroup", forum: true });
  channels.add({ ...PLAIN, type: "supergroup" });
  channels.add({ ...NOT_ADMIN, type: "supergroup", forum: true, botAdmin: false });
  channels.add({ ...NO_TOPICS, type: "supergroup", forum: true, botManagesTopics: false });
  await t.deps.staff.roster.setRole(OWNER.id, ADMIN.id, "admin");
  await staffIndexOf(t.deps.staff.roster).refresh();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.redis.del("staff:group");
  t.telegram.clear();
});

const { lastShown, button, lastAnswer } = telegramViews(() => t);
const press = (data: string, who = OWNER) => t.send(callback(who, data));
const say = (text: string, who = OWNER) => t.send(textMessage(who, text));
const group = () => t.deps.staff.group.get();
const topicsOf = (chatId: number) => [...t.telegram.channels.topicsOf(chatId).values()];
const auditActions = async () => (await t.deps.staff.audit.page({}, 0, 50)).entries.map((e) => e.action);

/** A message from `from` carrying what Telegram's chat picker shares (`chat_shared`). */
function pickedGroup(from: typeof OWNER, chatId: number): Update {
  const update = textMessage(from, "-");
  const { text: _text, ...message } = update.message as Message;
  return {
    ...update,
    message: { ...message, chat_shared: { request_id: 28, chat_id: chatId } } as Update["message"],
  };
}

/** A message forwarded from the group (posted in it as the group). */
function forwardedFrom(from: typeof OWNER, chat: { id: number; title: string }): Update {
  const update = textMessage(from, "hello team");
  const origin = { type: "chat", date: 0, sender_chat: { ...chat, type: "supergroup" } };
  return {
    ...update,
    message: { ...(update.message as Message), forward_origin: origin } as Update["message"],
  };
}

async function openScreen(who = OWNER): Promise<void> {
  await t.send(command(who, "/admin"));
  await press(button("🏢 Staff group"), who);
}

async function setUp(send: () => Promise<void>): Promise<void> {
  await openScreen();
  await press(button("🔗 Set up"));
  await send();
}

describe("the staff group screen", () => {
  it("shows owners how to set it up; an admin does not see it and a forged press changes nothing", async () => {
    await openScreen();
    expect(lastShown().text).toContain("Not set up");
    expect(lastShown().text).toContain("Manage topics");
    expect(lastShown().buttons.map((b) => b.text)).toEqual(["🔗 Set up", "« Admin menu"]);

    t.telegram.clear();
    await t.send(command(ADMIN, "/admin"));
    expect(lastShown().buttons.map((b) => b.text)).not.toContain("🏢 Staff group");
    await press("a.grp:route:group", ADMIN);
    await press("a.grp:setup:", ADMIN);
    expect(lastAnswer().text).toBe("⛔ Your staff role does not allow this.");
    expect(lastAnswer().show_alert).toBe(true);
    expect(await group()).toBeUndefined();
    expect(t.telegram.callsOf("createForumTopic")).toHaveLength(0);
  });

  it("refuses a chat that is not a forum, one whose admin the bot is not, and one where it may not manage topics", async () => {
    const tries: [number, string][] = [
      [PLAIN.id, "not a group with topics"],
      [NOT_ADMIN.id, "The bot is not an admin of this group"],
      [NO_TOPICS.id, "may not manage topics"],
    ];
    for (const [chatId, said] of tries) {
      await setUp(() => say(String(chatId)));
      expect(lastShown().text).toContain(said);
    }
    expect(await group()).toBeUndefined();
    expect(t.telegram.callsOf("createForumTopic")).toHaveLength(0);
    expect(await auditActions()).not.toContain("group.set");
  });

  it("asks again for what names no group, and makes the topics and saves the group for an id", async () => {
    await setUp(() => say("the team"));
    expect(lastShown().text).toContain("That is not a group.");
    await say("123456789");
    expect(lastShown().text).toContain("That is a person's id.");
    await say(String(FORUM.id));
    expect(lastShown().text).toContain("✅ <b>Shop team</b> is the staff group now");
    expect(topicsOf(FORUM.id)).toEqual(TOPIC_NAMES);
    const saved = await group();
    expect(saved).toMatchObject({ chatId: FORUM.id, title: "Shop team", routing: "both" });
    expect(Object.values(saved?.topics ?? {})).toEqual([...t.telegram.channels.topicsOf(FORUM.id).keys()]);
    const { entries } = await t.deps.staff.audit.page({ subject: `group:${FORUM.id}` }, 0, 5);
    expect(entries).toEqual([
      expect.objectContaining({ action: "group.set", actorId: OWNER.id, role: "owner", outcome: "done" }),
    ]);
    // The picker's reply keyboard is taken away before the screen comes back.
    const removed = t.telegram
      .callsOf("sendMessage")
      .filter((c) => JSON.stringify(c.params.reply_markup ?? {}).includes("remove_keyboard"));
    expect(removed.length).toBeGreaterThan(0);
  });

  it("takes the group from Telegram's chat picker and from a message forwarded from it", async () => {
    await setUp(() => t.send(pickedGroup(OWNER, FORUM.id)));
    expect((await group())?.chatId).toBe(FORUM.id);
    await t.redis.del("staff:group");
    await setUp(() => t.send(forwardedFrom(OWNER, FORUM)));
    expect((await group())?.chatId).toBe(FORUM.id);
  });

  it("names the topics in the shop's default language", async () => {
    const ru = await createTestBot({
      adminIds: [OWNER.id],
      rateLimit: false,
      clock,
      defaultLocale: "ru",
      redis: t.redis,
    });
    ru.telegram.channels.add({ id: -1001000000911, title: "Команда", type: "supergroup", forum: true });
    await ru.send(command(OWNER, "/admin"));
    await ru.send(callback(OWNER, telegramViews(() => ru).button("🏢 Staff group")));
    await ru.send(callback(OWNER, telegramViews(() => ru).button("🔗 Set up")));
    await ru.send(textMessage(OWNER, "-1001000000911"));
    expect([...ru.telegram.channels.topicsOf(-1001000000911).values()]).toEqual([
      "🚨 Тревоги",
      "💳 Платежи",
      "📦 Заказы",
      "🔎 Сверка",
      "📊 Ежедневный отчёт",
      "🎫 Обращения",
    ]);
    await ru.close();
  });
});

describe("a staff group set up", () => {
  beforeEach(async () => {
    await setUp(() => say(String(FORUM.id)));
    t.telegram.clear();
  });

  it("changes where notices go, once per change, and the report's hour", async () => {
    await openScreen();
    expect(lastShown().buttons.map((b) => b.text)).toContain("✅ The group and private chats");
    await press(button("The group only"));
    expect(lastShown().text).toContain("✅ Where notices go is saved.");
    expect((await group())?.routing).toBe("group");
    const before = (await auditActions()).length;
    await press("a.grp:route:group"); // an old button pressed again
    expect((await auditActions()).length).toBe(before);

    await press(button(/Report time: off/));
    await press(button("09:00"));
    expect(lastShown().text).toContain("✅ The daily report goes out at 09:00.");
    expect((await group())?.reportHour).toBe(9);
    await press(button(/Report time: 09:00/));
    await press(button("off"));
    expect((await group())?.reportHour).toBeUndefined();
    // A forged hour out of range shows the screen and changes nothing.
    await press("a.grp:hour:24");
    expect((await group())?.reportHour).toBeUndefined();
  });

  it("sends the report now through the worker's queue, or says it cannot", async () => {
    await openScreen();
    await press(button("📊 Send the report now"));
    expect(lastShown().text).toContain("no worker queue is connected");

    let asked = 0;
    const real = t.deps.backoffice.dailyReports;
    t.deps.backoffice.dailyReports = new DailyReports({
      ...{ redis: t.redis, clock, books: t.deps.books, settlement: t.deps.settlement, fleet: t.deps.fleet },
      roster: t.deps.staff.roster,
      runs: { runNow: async () => void asked++ },
    });
    try {
      await press(button("📊 Send the report now"));
      expect(lastShown().text).toContain("📊 The report is on its way.");
      expect(asked).toBe(1);
    } finally {
      t.deps.backoffice.dailyReports = real;
    }
  });

  it("makes the topics again once per confirmation", async () => {
    const first = (await group())?.topics;
    const made = topicsOf(FORUM.id).length;
    await openScreen();
    await press(button("🔁 Recreate topics"));
    const confirm = button("Yes, make new topics");
    await press(confirm);
    await press(confirm);
    expect(lastShown().text).toContain("already used");
    expect(t.telegram.callsOf("createForumTopic")).toHaveLength(6);
    const now = (await group())?.topics;
    expect(now?.alerts).not.toBe(first?.alerts);
    expect(topicsOf(FORUM.id)).toHaveLength(made + 6);
  });

  it("stops using the group: notices go to private chats again, recorded", async () => {
    await openScreen();
    await press(button("🛑 Stop using the group"));
    await press(button("Yes, stop"));
    expect(lastShown().text).toContain("no longer used");
    expect(await group()).toBeUndefined();
    expect(await t.deps.staff.group.targets("alerts", [OWNER.id])).toEqual([{ chatId: OWNER.id }]);
    expect(await auditActions()).toContain("group.clear");
  });
});
