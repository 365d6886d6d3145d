import type { Message, Update, User } from "grammy/types";
import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaffServices } from "../../src/domain/staff/index.js";
import { systemClock } from "../../src/runtime/clock.js";
import { FakeTelegram, type TelegramCall, topicMessage, user } from "../fakes/telegram-api.js";
import { botEnv, NODE_CATALOG, writeCatalog } from "../helpers/bot-env.js";
import { type RunningProcess, startServingBot } from "../helpers/process.js";
import { testRedis } from "../helpers/redis.js";
import { freePort } from "../helpers/redis-global-setup.js";
import { findButton, inlineKeyboard } from "../helpers/telegram-views.js";

/**
 * Issue 28, support tickets end to end: the built process (bot and workers, long polling) against
 * the fake Bot API, with a forum staff group set up in Redis before the start (its tickets topic
 * made in the fake). A customer's /help → Write to support → a message makes the ticket's own
 * topic, opened by the customer's context, with the message copied into it; a support member's
 * message in that topic reaches the customer once, though Telegram delivers it twice; Close from
 * the topic tells the customer and closes the topic.
 */

const TOKEN = "484848:E2E-tickets-token-for-the-fake-bot";
const OWNER = 1;
const SUPPORT = user(2_801, { first_name: "Sam" });
const CUSTOMER = user(2_802, { first_name: "Nina", language_code: "en" });
const GROUP = { id: -100_2800, title: "Shop staff" };
const telegram = new FakeTelegram({ token: TOKEN });
let redis: Redis;
let proc: RunningProcess | undefined;
let ticketsTopic = 0;

beforeAll(async () => {
  await telegram.start();
  redis = await testRedis();
  telegram.channels.add({ id: GROUP.id, title: GROUP.title, type: "supergroup", forum: true });
  ticketsTopic = telegram.channels.createForumTopic({
    chat_id: GROUP.id,
    name: "🎫 Tickets",
  }).message_thread_id;
  // The staff group and a support member, as the owner's screens would have stored them.
  const staff = createStaffServices({ redis, clock: systemClock, ownerIds: [OWNER] });
  await staff.group.set(OWNER, {
    ...{ chatId: GROUP.id, title: GROUP.title, topics: { tickets: ticketsTopic } },
    routing: "both",
  });
  await staff.roster.setRole(OWNER, SUPPORT.id, "support");
  const env = botEnv(
    { telegram, redis, catalogFile: writeCatalog("bot-e2e-tickets-", NODE_CATALOG) },
    { HTTP_PORT: String(await freePort()) },
  );
  proc = await startServingBot(env);
  await telegram.waitFor("getUpdates", 15_000);
}, 60_000);

afterAll(async () => {
  if (proc && proc.child.exitCode === null) {
    proc.child.kill("SIGTERM");
    await proc.exited;
  }
  await Promise.all([telegram.stop(), redis.quit()]);
});

/** Pushes `update` and waits for the first call after it that `match` accepts. */
async function answerTo(
  update: Omit<Update, "update_id">,
  match: (c: TelegramCall) => boolean,
): Promise<TelegramCall> {
  const mark = telegram.calls.length;
  telegram.pushUpdate(update);
  return telegram.waitFor(match, 15_000, mark);
}

const to =
  (chat: number, method = "sendMessage") =>
  (c: TelegramCall) =>
    c.chatId === chat && c.method === method;
/** A press of `label` on the message `on` showed (in the private chat, or in the group's topic `thread`). */
const press = (who: User, on: TelegramCall, label: string, thread?: number) => {
  const buttons = inlineKeyboard(on.params.reply_markup).map((b) => ({
    text: b.text,
    data: b.callback_data ?? "",
  }));
  const chat = { id: GROUP.id, type: "supergroup", title: GROUP.title, is_forum: true };
  const inGroup = { message_id: 1, date: 0, chat, message_thread_id: thread, text: "…" } as Message;
  return telegram.callback(who, findButton(buttons, label), thread === undefined ? undefined : inGroup);
};
const textsTo = (chat: number) =>
  telegram.calls
    .filter((c) => c.chatId === chat && c.method === "sendMessage")
    .map((c) => String(c.params.text));

describe("support tickets in the real process", () => {
  it("a customer's message opens a topic in the staff group; the answer reaches them once; Close", async () => {
    const help = await answerTo(telegram.command(CUSTOMER, "/help"), to(CUSTOMER.id));
    const prompt = await answerTo(press(CUSTOMER, help, "🆘 Write to support"), to(CUSTOMER.id));
    expect(String(prompt.params.text)).toMatch(/^✍️ Write your message to support/);

    const mark = telegram.calls.length;
    const opened = await answerTo(
      telegram.textMessage(CUSTOMER, "Nothing loads since the update"),
      to(CUSTOMER.id),
    );
    const id = /Ticket <b>(T\d+)<\/b> is open/.exec(String(opened.params.text))?.[1] ?? "";
    expect(id).toMatch(/^T\d+$/);

    // The ticket's own topic, opened by the customer's context, then the message copied there.
    const made = await telegram.waitFor("createForumTopic", 15_000, mark);
    expect(made.params.name).toBe(`🎫 ${id} · Nina`);
    const thread = [...telegram.channels.topicsOf(GROUP.id)].find(
      ([, name]) => name === `🎫 ${id} · Nina`,
    )?.[0];
    const inThread = (c: TelegramCall) => to(GROUP.id)(c) && c.params.message_thread_id === thread;
    const context = await telegram.waitFor(inThread, 15_000, mark);
    expect(String(context.params.text)).toContain(`🎫 <b>Ticket ${id}</b>`);
    expect(String(context.params.text)).toContain(`ID: <code>${CUSTOMER.id}</code>`);
    const copied = await telegram.waitFor(
      (c) => inThread(c) && String(c.params.text).includes("Nothing loads"),
      15_000,
      mark,
    );
    expect(copied.params.text).toBe(`👤 Nina · ${id}\n\nNothing loads since the update`);

    // Support answers in the topic; Telegram delivers that message twice.
    const answer = topicMessage(SUPPORT, GROUP, "Update the app from the store, then reconnect", thread);
    const { update_id: _first, ...message } = answer;
    telegram.pushUpdate(message);
    const reached = await answerTo(
      message,
      (c) => to(CUSTOMER.id)(c) && String(c.params.text).startsWith("💬"),
    );
    expect(reached.params.text).toBe(
      `💬 Support · ticket ${id}\n\nUpdate the app from the store, then reconnect`,
    );
    // Time for a second copy to go out, were there one.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(textsTo(CUSTOMER.id).filter((text) => text.startsWith("💬"))).toHaveLength(1);

    // Close from the topic: the customer is told, the topic closed.
    const closed = await answerTo(
      press(SUPPORT, context, "✅ Close", thread),
      (c) => to(CUSTOMER.id)(c) && String(c.params.text).includes("closed"),
    );
    expect(closed.params.text).toBe(
      `✅ Support closed ticket ${id}. If you need more help, write again from /help.`,
    );
    const topicClosed = await telegram.waitFor("closeForumTopic", 15_000);
    expect(topicClosed.params.message_thread_id).toBe(thread);
  }, 60_000);
});
