import type { Worker } from "bullmq";
import { Api } from "grammy";
import type { Message, Update, User } from "grammy/types";
import type { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { staffIndexOf } from "../../src/bot/staff.js";
import { createLogger } from "../../src/runtime/logger.js";
import { Outbox, type OutboxMessage, type SendOutcome, startOutboxWorker } from "../../src/workers/outbox.js";
import { ticketTopicRepair } from "../../src/workers/staff-topics.js";
import { callback, command, privateChat, textMessage, topicMessage, user } from "../fakes/telegram-api.js";
import { createTestBot, TEST_TOKEN, type TestBot } from "../helpers/bot-harness.js";
import { testRedis } from "../helpers/redis.js";
import { buttonsOf } from "../helpers/telegram-views.js";
import { until } from "../helpers/wait.js";

/**
 * Support tickets through the bot, with the real outbox (and its worker) between the bot and the
 * fake Bot API: a customer writes from /help (a text, a photo), the ticket gets its own topic in
 * the forum staff group opened by the customer's context, a staff member's message there reaches
 * the customer once (also when Telegram delivers the update twice), a viewer's is refused and
 * recorded, Close works from the topic and from the customer's chat; without a group, staff hear
 * privately and answer in the Tickets section.
 */

const OWNER = user(8_300, { first_name: "Olga", username: "olga_owner" });
const SUPPORT = user(8_301, { first_name: "Sam" });
const VIEWER = user(8_302, { first_name: "Vic" });
const GROUP = { id: -100_8300, title: "Shop staff" };
const groupChat = { id: GROUP.id, type: "supergroup" as const, title: GROUP.title, is_forum: true as const };

let redis: Redis;
let workerRedis: Redis;
let outbox: Outbox;
let worker: Worker<OutboxMessage, SendOutcome>;
let api: Api;
let t: TestBot;
let ticketsTopic = 0;
let nextCustomer = 8_400;
let nextMessage = 900_000;

/** The latest message shown to `who` (the outbox's worker sends to the group meanwhile). */
function shownTo(who: User): { text: string; buttons: { text: string; data: string }[] } {
  const call = t.telegram.calls
    .filter((c) => (c.method === "sendMessage" || c.method === "editMessageText") && c.chatId === who.id)
    .at(-1);
  return { text: String(call?.params.text ?? ""), buttons: buttonsOf(call?.params.reply_markup) };
}

/** The callback data of `label` on the latest message shown to `who`. */
function buttonFor(who: User, label: string | RegExp): string {
  const found = shownTo(who).buttons.find((b) =>
    typeof label === "string" ? b.text === label : label.test(b.text),
  );
  if (!found) throw new Error(`no button ${label} in ${JSON.stringify(shownTo(who))}`);
  return found.data;
}

beforeAll(async () => {
  redis = await testRedis();
  workerRedis = redis.duplicate({ maxRetriesPerRequest: null });
  outbox = new Outbox(redis);
  t = await createTestBot({ adminIds: [OWNER.id], redis, ticketOutbox: outbox, rateLimit: false });
  api = new Api(TEST_TOKEN, { fetch: t.telegram.fetch as never });
  worker = startOutboxWorker({
    ...{ connection: workerRedis, redis, api, customers: t.deps.books.customers },
    ...{ logger: createLogger("silent"), perSecond: 1_000, perChatGapMs: 5 },
    threadGone: ticketTopicRepair(t.deps.backoffice.tickets),
  });
  await t.deps.staff.roster.setRole(OWNER.id, SUPPORT.id, "support");
  await t.deps.staff.roster.setRole(OWNER.id, VIEWER.id, "viewer");
  await staffIndexOf(t.deps.staff.roster).refresh();
  for (const who of [OWNER, SUPPORT, VIEWER]) await t.send(command(who, "/start"));
  t.telegram.channels.add({ id: GROUP.id, title: GROUP.title, type: "supergroup", forum: true });
  ticketsTopic = (await api.createForumTopic(GROUP.id, "🎫 Tickets")).message_thread_id;
});
afterAll(async () => {
  await worker.close();
  await outbox.close();
  await t.close();
  await workerRedis.quit();
  await redis.quit();
});
beforeEach(() => {
  t.telegram.clear();
});

/** Waits until the outbox has sent everything queued. */
async function drained(): Promise<void> {
  await until(async () => {
    const counts = await outbox.queue.getJobCounts("waiting", "active", "delayed", "prioritized");
    return Object.values(counts).every((n) => n === 0);
  });
}

async function newCustomer(name: string): Promise<User> {
  const who = user(nextCustomer++, { first_name: name });
  await t.send(command(who, "/start"));
  return who;
}

function photoMessage(from: User, caption?: string): Update {
  return {
    update_id: nextMessage++,
    message: {
      message_id: nextMessage++,
      date: Math.floor(Date.now() / 1000),
      chat: privateChat(from),
      from,
      photo: [
        { file_id: "shot-small", file_unique_id: "s-small", width: 90, height: 90 },
        { file_id: "shot-large", file_unique_id: "s-large", width: 1280, height: 720 },
      ],
      ...(caption === undefined ? {} : { caption }),
    },
  } as Update;
}

/** /help → Write to support → `message`: the customer's ticket id. */
async function writeToSupport(who: User, message: Update): Promise<string> {
  await t.send(command(who, "/help"));
  await t.send(callback(who, buttonFor(who, "🆘 Write to support")));
  expect(shownTo(who).text).toMatch(/^✍️ (Write your message to support|Your ticket)/);
  await t.send(message);
  const id = (await t.deps.backoffice.tickets.current(who.id))?.id;
  if (!id) throw new Error("no ticket");
  return id;
}

/** A bot message in the ticket's topic, for a button press on it. */
function topicBotMessage(threadId: number): Message {
  return { message_id: 5, date: 0, chat: groupChat, message_thread_id: threadId, text: "…" } as Message;
}

const toGroup = (threadId: number) =>
  t.telegram.calls.filter((c) => c.chatId === GROUP.id && c.params.message_thread_id === threadId);
const textsOf = (calls: { params: Record<string, unknown> }[]) =>
  calls.map((c) => String(c.params.text ?? c.params.caption ?? ""));

async function auditOf(id: string): Promise<string[]> {
  const { entries } = await t.deps.staff.audit.page({ subject: `ticket:${id}` }, 0, 50);
  return entries.map((e) => `${e.action} ${e.actorId} ${e.outcome}`).sort();
}

describe("tickets in the staff group's topics", () => {
  let ann: User;
  let id = "";
  let thread = 0;

  beforeAll(async () => {
    await t.deps.staff.group.set(OWNER.id, {
      ...{ chatId: GROUP.id, title: GROUP.title, topics: { tickets: ticketsTopic } },
      routing: "both",
    });
    ann = await newCustomer("Ann");
    await t.deps.books.wallet.credit(ann.id, 250, `test:${ann.id}`, { kind: "topup", ref: "test" });
  });

  it("opens a ticket from /help with a text: its own topic, the context first, the message copied there", async () => {
    id = await writeToSupport(ann, textMessage(ann, "My VPN does not connect since this morning"));
    expect(shownTo(ann).text).toBe(
      `✅ Ticket <b>${id}</b> is open: support has your message. The answer comes here, in this chat.`,
    );
    const topics = [...t.telegram.channels.topicsOf(GROUP.id)];
    const made = topics.find(([, name]) => name === `🎫 ${id} · Ann`);
    expect(made).toBeDefined();
    thread = made?.[0] ?? 0;
    expect((await t.deps.backoffice.tickets.get(id))?.topic).toEqual({ chatId: GROUP.id, threadId: thread });
    await drained();
    const [context, copied, ...more] = toGroup(thread);
    expect(more).toEqual([]);
    expect(String(context?.params.text)).toContain(`🎫 <b>Ticket ${id}</b> · ⏳ waiting for support`);
    expect(String(context?.params.text)).toContain(`ID: <code>${ann.id}</code>`);
    expect(String(context?.params.text)).toContain("Wallet: <b>250 ⭐</b>");
    expect(buttonsOf(context?.params.reply_markup).map((b) => b.text)).toEqual([
      "👤 Customer card",
      "✅ Close",
    ]);
    expect(copied?.params.text).toBe(`👤 Ann · ${id}\n\nMy VPN does not connect since this morning`);
  });

  it("copies a photo with its caption into the same topic", async () => {
    await writeToSupport(ann, photoMessage(ann, "the error on my screen"));
    expect(shownTo(ann).text).toBe(`✅ Added to ticket <b>${id}</b>. The answer comes here, in this chat.`);
    await drained();
    const photos = toGroup(thread).filter((c) => c.method === "sendPhoto");
    expect(photos.map((c) => [c.params.photo, c.params.caption])).toEqual([
      ["shot-large", `👤 Ann · ${id}\n\nthe error on my screen`],
    ]);
    expect(t.telegram.channels.topicsOf(GROUP.id).size).toBe(2);
  });

  it("sends a staff member's message in the topic to the customer once, also when delivered twice", async () => {
    const answer = topicMessage(SUPPORT, GROUP, "Switch to the Frankfurt location and reconnect", thread);
    await t.send(answer);
    await t.send(answer);
    await drained();
    const toAnn = t.telegram.calls.filter((c) => c.chatId === ann.id && c.method === "sendMessage");
    expect(textsOf(toAnn)).toEqual([
      `💬 Support · ticket ${id}\n\nSwitch to the Frankfurt location and reconnect`,
    ]);
    expect(buttonsOf(toAnn[0]?.params.reply_markup).map((b) => b.text)).toEqual([
      "↩️ Reply",
      `✅ Close ticket ${id}`,
    ]);
    expect(await t.deps.backoffice.tickets.get(id)).toMatchObject({ state: "answered" });
    expect(await auditOf(id)).toEqual([`ticket.answer ${SUPPORT.id} done`]);
    // Nothing was said back in the group.
    expect(toGroup(thread)).toEqual([]);
  });

  it("refuses a viewer's message there, says so in the topic, records it; the customer gets nothing", async () => {
    await t.send(topicMessage(VIEWER, GROUP, "I can answer too, right?", thread));
    await t.send(topicMessage(user(8_399, { first_name: "Guest" }), GROUP, "hi all", thread));
    await drained();
    expect(textsOf(toGroup(thread))).toEqual([
      "⛔ Your role cannot answer tickets: this message did not reach the customer.",
      "⛔ Your role cannot answer tickets: this message did not reach the customer.",
    ]);
    expect(t.telegram.calls.filter((c) => c.chatId === ann.id)).toEqual([]);
    expect(await auditOf(id)).toEqual([
      `ticket.answer ${SUPPORT.id} done`,
      `ticket.answer ${VIEWER.id} refused`,
      "ticket.answer 8399 refused",
    ]);
    const messages = await t.deps.backoffice.tickets.messages(id);
    expect(messages.map((m) => m.from)).toEqual(["customer", "customer", "staff"]);
  });

  it("leaves the rest of the group alone: the General topic, the tickets topic, commands in a ticket's topic", async () => {
    await t.send(topicMessage(SUPPORT, GROUP, "morning everyone"));
    await t.send(topicMessage(SUPPORT, GROUP, "who takes the next one?", ticketsTopic));
    await t.send(topicMessage(SUPPORT, GROUP, "/note to self", thread));
    await drained();
    expect(t.telegram.calls.filter((c) => c.chatId === GROUP.id || c.chatId === ann.id)).toEqual([]);
    expect(await t.deps.backoffice.tickets.messages(id)).toHaveLength(3);
  });

  it("sends the customer card privately from the topic's button", async () => {
    await t.send(callback(SUPPORT, `tkg:card:${ann.id}`, topicBotMessage(thread)));
    const card = t.telegram.calls.find((c) => c.chatId === SUPPORT.id && c.method === "sendMessage");
    expect(String(card?.params.text)).toMatch(/^👤 <b>Ann<\/b>/);
    expect(t.telegram.last("answerCallbackQuery")?.params.text).toBe(
      "The customer card is in your private chat with the bot.",
    );
  });

  it("makes a topic deleted by hand again once: the context, then the messages meant for the old one", async () => {
    await api.deleteForumTopic(GROUP.id, thread);
    t.telegram.clear();
    await writeToSupport(ann, textMessage(ann, "Still nothing after reconnecting"));
    await writeToSupport(ann, textMessage(ann, "Tried Frankfurt too"));
    await drained();
    expect(t.telegram.callsOf("createForumTopic").map((c) => c.params.name)).toEqual([`🎫 ${id} · Ann`]);
    const remade = (await t.deps.backoffice.tickets.get(id))?.topic?.threadId ?? 0;
    expect(remade).not.toBe(thread);
    const [context, ...copied] = textsOf(toGroup(remade));
    expect(context).toContain(`🎫 <b>Ticket ${id}</b>`);
    expect(copied).toEqual([
      `👤 Ann · ${id}\n\nStill nothing after reconnecting`,
      `👤 Ann · ${id}\n\nTried Frankfurt too`,
    ]);
    // Staff answer in the new topic; it reaches the customer.
    await t.send(topicMessage(SUPPORT, GROUP, "Looking into it", remade));
    await drained();
    const toAnn = t.telegram.calls.filter((c) => c.chatId === ann.id && c.method === "sendMessage");
    expect(textsOf(toAnn).at(-1)).toBe(`💬 Support · ticket ${id}\n\nLooking into it`);
    thread = remade;
  });

  it("refuses Close to a viewer, closes for support: the customer is told, the topic closed", async () => {
    await t.send(callback(VIEWER, `tkg:close:${id}`, topicBotMessage(thread)));
    expect(t.telegram.last("answerCallbackQuery")?.params.text).toBe(
      "⛔ Your staff role does not allow this.",
    );
    expect(await t.deps.backoffice.tickets.get(id)).toMatchObject({ state: "answered" });

    await t.send(callback(SUPPORT, `tkg:close:${id}`, topicBotMessage(thread)));
    await drained();
    expect(await t.deps.backoffice.tickets.get(id)).toMatchObject({ state: "closed", closedBy: "staff" });
    expect(textsOf(t.telegram.calls.filter((c) => c.chatId === ann.id))).toEqual([
      `✅ Support closed ticket ${id}. If you need more help, write again from /help.`,
    ]);
    expect(t.telegram.callsOf("closeForumTopic").map((c) => c.params.message_thread_id)).toEqual([thread]);
    expect(textsOf(toGroup(thread).filter((c) => c.method === "sendMessage"))).toEqual([
      `✅ Sam closed ticket ${id}; the customer was told.`,
    ]);
    expect(await auditOf(id)).toContain(`ticket.close ${SUPPORT.id} done`);
    expect(await auditOf(id)).toContain(`ticket.close ${VIEWER.id} refused`);
  });

  it("opens a new ticket (and topic) when the customer writes after the close", async () => {
    const next = await writeToSupport(ann, textMessage(ann, "One more thing"));
    expect(next).not.toBe(id);
    expect([...t.telegram.channels.topicsOf(GROUP.id).values()]).toContain(`🎫 ${next} · Ann`);
  });
});

describe("the customer's own ticket", () => {
  it("is closed from its button; another's ticket or a forged id is not there", async () => {
    const bob = await newCustomer("Bob");
    const eve = await newCustomer("Eve");
    const bobs = await writeToSupport(bob, textMessage(bob, "Question"));
    await t.send(callback(eve, `tk:close:${bobs}`));
    expect(shownTo(eve).text).toBe("This ticket is not there any more.");
    await t.send(callback(eve, "tk:close:T99999999"));
    expect(await t.deps.backoffice.tickets.get(bobs)).toMatchObject({ state: "open" });
    await t.send(callback(bob, `tk:close:${bobs}`));
    expect(shownTo(bob).text).toBe(`✅ Ticket ${bobs} is closed. Thank you!`);
    expect(await t.deps.backoffice.tickets.get(bobs)).toMatchObject({
      state: "closed",
      closedBy: "customer",
    });
  });

  it("asks again for what a ticket does not take, and Cancel leaves nothing", async () => {
    const cid = await newCustomer("Cid");
    await t.send(command(cid, "/help"));
    await t.send(callback(cid, buttonFor(cid, "🆘 Write to support")));
    const cancel = buttonFor(cid, /Cancel/);
    await t.send(textMessage(cid, "x".repeat(4001)));
    expect(shownTo(cid).text).toBe("That is too long: at most 4,000 characters.");
    await t.send(callback(cid, cancel));
    expect(await t.deps.backoffice.tickets.current(cid.id)).toBeUndefined();
  });
});

describe("tickets without a staff group: the Tickets section", () => {
  let dan: User;
  let id = "";

  beforeAll(async () => {
    await t.deps.staff.group.clear(OWNER.id);
    const { tickets } = t.deps.backoffice;
    for (const left of (await tickets.live(0, 100)).tickets)
      await tickets.close({ staffId: OWNER.id }, left.id);
    await drained();
    dan = await newCustomer("Dan");
  });

  it("tells staff whose role has tickets privately, with a button to the ticket", async () => {
    id = await writeToSupport(dan, textMessage(dan, "Where is my access?"));
    await drained();
    const notices = t.telegram.calls.filter((c) => c.method === "sendMessage" && c.chatId !== dan.id);
    expect(notices.map((c) => c.chatId).sort()).toEqual([OWNER.id, SUPPORT.id]);
    expect(notices[0]?.params.text).toBe(`🎫 ${id} · Dan wrote:\n\nWhere is my access?`);
    expect(buttonsOf(notices[0]?.params.reply_markup).map((b) => b.text)).toEqual(["🎫 Open the ticket"]);
  });

  it("lists it, shows its thread and context, answers it from the bot, closes it", async () => {
    await t.send(command(SUPPORT, "/admin"));
    await t.send(callback(SUPPORT, buttonFor(SUPPORT, "🎫 Tickets")));
    expect(shownTo(SUPPORT).text).toContain("🎫 <b>Tickets</b> · waiting: 1 · answered: 0");
    await t.send(callback(SUPPORT, buttonFor(SUPPORT, new RegExp(`^⏳ ${id} · Dan`))));
    expect(shownTo(SUPPORT).text).toContain(`🎫 <b>Ticket ${id}</b>`);
    expect(shownTo(SUPPORT).text).toContain("Where is my access?");
    await t.send(callback(SUPPORT, buttonFor(SUPPORT, "✍️ Answer")));
    expect(shownTo(SUPPORT).text).toContain(`Write the answer to ticket <b>${id}</b> (Dan)`);
    t.telegram.clear();
    await t.send(textMessage(SUPPORT, "It is in /my now"));
    expect(shownTo(SUPPORT).text).toMatch(/^✅ The answer went to the customer\./);
    await drained();
    expect(textsOf(t.telegram.calls.filter((c) => c.chatId === dan.id))).toEqual([
      `💬 Support · ticket ${id}\n\nIt is in /my now`,
    ]);
    await t.send(callback(SUPPORT, buttonFor(SUPPORT, "✅ Close")));
    expect(shownTo(SUPPORT).text).toMatch(new RegExp(`^✅ Ticket ${id} closed; the customer was told\\.`));
    expect(await t.deps.backoffice.tickets.get(id)).toMatchObject({ state: "closed" });
  });

  it("refuses a viewer's forged Tickets buttons: nothing changes", async () => {
    const eva = await newCustomer("Eva");
    const evas = await writeToSupport(eva, textMessage(eva, "Hello?"));
    for (const data of [`a.tk:close:${evas}:0`, `a.tk:answer:${evas}:0`, "a.tk:list::0"]) {
      await t.send(callback(VIEWER, data));
      expect(t.telegram.last("answerCallbackQuery")?.params.text).toBe(
        "⛔ Your staff role does not allow this.",
      );
    }
    expect(await t.deps.backoffice.tickets.get(evas)).toMatchObject({ state: "open", count: 1 });
    await t.send(command(VIEWER, "/admin"));
    expect(shownTo(VIEWER).buttons.map((b) => b.text)).not.toContain("🎫 Tickets");
  });

  it("refuses an answer whose writer lost the role while the dialog was open", async () => {
    const fay = await newCustomer("Fay");
    const fays = await writeToSupport(fay, textMessage(fay, "Help"));
    await t.send(callback(SUPPORT, `a.tk:answer:${fays}:0`));
    expect(shownTo(SUPPORT).text).toContain(`Write the answer to ticket <b>${fays}</b>`);
    await t.deps.staff.roster.setRole(OWNER.id, SUPPORT.id, "viewer");
    try {
      t.telegram.clear();
      await t.send(textMessage(SUPPORT, "sent after the demotion"));
      expect(shownTo(SUPPORT).text).toMatch(/^⛔ Your staff role does not allow this\./);
      await drained();
      expect(t.telegram.calls.filter((c) => c.chatId === fay.id)).toEqual([]);
      expect(await auditOf(fays)).toEqual([`ticket.answer ${SUPPORT.id} refused`]);
      expect(await t.deps.backoffice.tickets.get(fays)).toMatchObject({ state: "open", count: 1 });
    } finally {
      await t.deps.staff.roster.setRole(OWNER.id, SUPPORT.id, "support");
    }
  });
});
