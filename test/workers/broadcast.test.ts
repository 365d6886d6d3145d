import type { Worker } from "bullmq";
import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAY } from "../../src/runtime/clock.js";
import { BroadcastQueue, startBroadcastWorker } from "../../src/workers/broadcast.js";
import { OUTBOX_PER_SECOND } from "../../src/workers/outbox.js";
import type { TelegramCall } from "../fakes/telegram-api.js";
import { peak } from "../helpers/rate.js";
import { seedCustomer, seedSubscription } from "../helpers/shop-seed.js";
import { until } from "../helpers/wait.js";
import { createWorkerHarness, type WorkerHarness } from "../helpers/worker-harness.js";

const NOW = Date.UTC(2026, 2, 10, 12);
const ADMIN_CHAT = 4_000;
const N = 60;
/** Customers 20001..20060 get the broadcast; 20059 and 20060 blocked the bot without us knowing. */
const ids = Array.from({ length: N }, (_, i) => 20_001 + i);
const BLOCKS_NOW = [20_059, 20_060];
const ADMIN_BLOCKED = 20_061;
const BLOCKED_BEFORE = 20_062;
/** With an active subscription: 20001..20009 and 20059 (who blocks the bot in the first run). */
const ACTIVE = [...ids.slice(0, 9), 20_059];
const EXPIRED = 20_010;

let h: WorkerHarness;
let connection: Redis;
let broadcasts: BroadcastQueue;
let worker: Worker;

beforeAll(async () => {
  h = await createWorkerHarness({ now: NOW });
  connection = h.workerRedis.duplicate({ maxRetriesPerRequest: null });
  broadcasts = new BroadcastQueue(h.redis);
  const { customers, subscriptions } = h.rooms.books;
  for (const id of [...ids, ADMIN_BLOCKED, BLOCKED_BEFORE]) await seedCustomer(h.rooms, id);
  await customers.setBlocked(ADMIN_BLOCKED, true);
  await customers.markBotBlocked(BLOCKED_BEFORE);
  for (const id of [...ACTIVE, EXPIRED]) {
    await seedSubscription(h.rooms, `o${id}`, {
      customerId: id,
      expiresAt: id === EXPIRED ? NOW - DAY : NOW + 5 * DAY,
    });
  }
  for (const id of BLOCKS_NOW) h.telegram.blockChat(id);

  h.startOutbox(); // Telegram's limits: 25 a second on average, 1 a second per chat
  worker = startBroadcastWorker({
    connection,
    redis: h.redis,
    queue: broadcasts,
    outbox: h.outbox,
    api: h.api,
    customers,
    subscriptions,
    orders: h.rooms.books.orders,
    clock: h.clock,
    i18n: h.i18n,
    logger: h.logger,
    batchSize: 25,
    progressEveryMs: 400,
  });
});
afterAll(async () => {
  await worker.close();
  await broadcasts.close();
  await connection.quit();
  await h.close();
});

const isSend = (c: TelegramCall) => c.method === "sendMessage" || c.method === "sendPhoto";
const toCustomers = () => h.telegram.calls.filter((c) => isSend(c) && c.chatId !== ADMIN_CHAT);
const toAdmin = (method: string) => h.telegram.callsOf(method).filter((c) => c.chatId === ADMIN_CHAT);

/** The progress message's last edit: the one "finished" report (issue 24: there used to be two). */
async function finalEdit(timeout: number) {
  const edit = await h.telegram.waitFor(
    (c) =>
      c.method === "editMessageText" &&
      c.chatId === ADMIN_CHAT &&
      String(c.params.text).startsWith("✅ <b>Broadcast"),
    timeout,
  );
  // The broadcast is marked finished right after its report is shown.
  await until(async () => (await broadcasts.status(latestBroadcast))?.finished === true, timeout);
  return edit;
}
let latestBroadcast = "";

const startBroadcast: typeof broadcasts.start = async (request) => {
  const started = await broadcasts.start(request);
  latestBroadcast = started.id;
  return started;
};

describe("broadcast worker", () => {
  it("fans out to every customer within Telegram's rate, through a 429 and users who blocked the bot", async () => {
    h.telegram.clear();
    const { id } = await startBroadcast({
      adminChatId: ADMIN_CHAT,
      text: "Hello &amp; welcome",
      audience: "all",
      locale: "en",
    });
    expect((await broadcasts.queue.getJob(id))?.name).toBe("fanout");

    // The progress message comes first; then Telegram says "slow down" once and refuses one message.
    const progress = await h.telegram.waitFor((c) => c.method === "sendMessage" && c.chatId === ADMIN_CHAT);
    h.telegram.failNext("sendMessage", {
      error_code: 429,
      description: "Too Many Requests: retry after 1",
      parameters: { retry_after: 1 },
    });
    h.telegram.failNext("sendMessage", { error_code: 400, description: "Bad Request: chat not found" });
    expect(progress.params.text).toContain("📣 <b>Broadcast to all customers</b>");

    const final = await finalEdit(20_000);
    expect(final.params.text).toContain("60 recipients: ✅ sent 57 · ⚠️ failed 1 · 🚫 blocked the bot 2");
    // One message to the admin: the progress message, edited into the final report.
    expect(toAdmin("sendMessage")).toHaveLength(1);

    // Every customer was tried; the 429'd one twice; none left out or sent twice.
    const sends = toCustomers();
    const chats = sends.map((c) => c.chatId);
    expect(new Set(chats)).toEqual(new Set(ids));
    expect(sends).toHaveLength(N + 1);
    const twice = ids.filter((id) => chats.filter((c) => c === id).length === 2);
    expect(twice).toHaveLength(1);
    expect(chats).not.toContain(ADMIN_BLOCKED);
    expect(chats).not.toContain(BLOCKED_BEFORE);
    expect(sends[0]?.params).toMatchObject({
      text: "Hello &amp; welcome",
      parse_mode: "HTML",
      link_preview_options: { is_disabled: true },
    });

    // The rate, measured: at most 30 in any second, 25 a second on average.
    const times = sends.map((c) => c.at);
    expect(peak(times, 1_000)).toBeLessThanOrEqual(30);
    const span = Math.max(...times) - Math.min(...times);
    expect(((sends.length - 1) / span) * 1_000).toBeLessThanOrEqual(OUTBOX_PER_SECOND + 1);
    // Beyond the first second's worth, each 25 take a second; the 429 adds its own second.
    expect(span).toBeGreaterThanOrEqual(
      ((sends.length - OUTBOX_PER_SECOND) / OUTBOX_PER_SECOND) * 1_000 + 900,
    );

    // The 429 paused everything for its retry_after: nothing went out in the second after it.
    const retried = sends.filter((c) => c.chatId === twice[0]);
    const pausedFrom = retried[0]?.at ?? 0;
    expect((retried[1]?.at ?? 0) - pausedFrom).toBeGreaterThanOrEqual(900);
    expect(sends.filter((c) => c.at > pausedFrom + 100 && c.at < pausedFrom + 900)).toHaveLength(0);

    // Users who blocked the bot are marked.
    for (const blocked of BLOCKS_NOW)
      expect((await h.rooms.books.customers.get(blocked))?.botBlocked).toBe(true);

    // The progress message was edited as it went, ending with the final count.
    const edits = toAdmin("editMessageText");
    expect(edits.length).toBeGreaterThanOrEqual(2);
    for (const e of edits) expect(e.params.message_id).toBe(edits[0]?.params.message_id);
    const done = edits.map((e) => Number(/Sending… (\d+) of/.exec(String(e.params.text))?.[1] ?? N));
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(edits.some((e) => String(e.params.text).includes("Sending…"))).toBe(true);
    expect(edits.at(-1)?.params.text).toBe(
      [
        "✅ <b>Broadcast to all customers finished</b>",
        "60 recipients: ✅ sent 57 · ⚠️ failed 1 · 🚫 blocked the bot 2",
        "Skipped (blocked earlier): 2",
      ].join("\n"),
    );
    expect(await broadcasts.status(id)).toMatchObject({
      total: 60,
      skipped: 2,
      sent: 57,
      failed: 1,
      blocked: 2,
      fannedOut: true,
      finished: true,
    });
  });

  it("skips those who blocked the bot next time, and reaches only active subscribers when asked", async () => {
    h.telegram.clear();
    const { id } = await startBroadcast({
      adminChatId: ADMIN_CHAT,
      text: "Your renewal discount",
      photoFileId: "photo-file-id",
      audience: "active",
      locale: "en",
    });
    const final = await finalEdit(15_000);
    // 20059 has an active subscription but blocked the bot in the first run: skipped.
    const expected = ACTIVE.filter((c) => !BLOCKS_NOW.includes(c));
    expect(final.params.text).toContain(`✅ sent ${expected.length} · ⚠️ failed 0 · 🚫 blocked the bot 0`);
    expect(toAdmin("sendMessage")).toHaveLength(1);
    const sends = toCustomers();
    expect(sends.map((c) => c.chatId).sort()).toEqual([...expected].sort());
    expect(sends.every((c) => c.method === "sendPhoto")).toBe(true);
    expect(sends[0]?.params).toMatchObject({
      photo: "photo-file-id",
      caption: "Your renewal discount",
      parse_mode: "HTML",
    });
    expect(toAdmin("editMessageText").at(-1)?.params.text).toContain(
      "✅ <b>Broadcast to customers with an active subscription finished</b>",
    );
    // Skipped counts the unreachable (blocked either way); those without a subscription are not in it.
    expect(await broadcasts.status(id)).toMatchObject({ total: expected.length, skipped: 4, finished: true });
  });

  it("queues each message with a reference to the broadcast, not a copy of its text", async () => {
    h.telegram.clear();
    const text = `Big news: ${"more ".repeat(400)}`;
    const entities = [{ type: "bold", offset: 0, length: 8 }];
    const { id } = await startBroadcast({ adminChatId: ADMIN_CHAT, text, entities, audience: "active" });
    await finalEdit(15_000);
    const expected = ACTIVE.filter((c) => !BLOCKS_NOW.includes(c));
    const jobs = (
      await h.outbox.queue.getJobs(["completed", "failed", "waiting", "delayed", "prioritized"])
    ).filter((j) => j.data.broadcastId === id);
    expect(jobs).toHaveLength(expected.length);
    for (const job of jobs) {
      expect(JSON.stringify(job.data)).not.toContain("Big news");
      expect(JSON.stringify(job.data).length).toBeLessThan(100);
    }
    // The customers still get the whole text with its formatting.
    const sends = toCustomers();
    expect(sends.map((c) => c.chatId).sort()).toEqual([...expected].sort());
    for (const c of sends) expect(c.params).toMatchObject({ text, entities });
  });

  it("ends at once with a zero count when nobody is reached", async () => {
    h.telegram.clear();
    // Everyone's subscription has expired by now.
    h.clock.set(NOW + 30 * DAY);
    try {
      const { id } = await startBroadcast({ adminChatId: ADMIN_CHAT, text: "Anyone?", audience: "active" });
      const final = await finalEdit(10_000);
      expect(final.params.text).toContain("✅ sent 0 · ⚠️ failed 0 · 🚫 blocked the bot 0");
      expect(toAdmin("sendMessage")).toHaveLength(1);
      expect(toCustomers()).toHaveLength(0);
      expect((await broadcasts.status(id))?.finished).toBe(true);
    } finally {
      h.clock.set(NOW);
    }
  });

  it("refuses a message the outbox could not send", async () => {
    await expect(
      broadcasts.start({
        adminChatId: ADMIN_CHAT,
        text: "x".repeat(1_025),
        photoFileId: "p",
        audience: "all",
      }),
    ).rejects.toThrow(/caption/);
  });
});
