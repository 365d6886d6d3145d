import type { Worker } from "bullmq";
import type { MessageEntity } from "grammy/types";
import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BroadcastQueue, startBroadcastWorker } from "../../src/workers/broadcast.js";
import type { TelegramCall } from "../fakes/telegram-api.js";
import { seedCustomer } from "../helpers/shop-seed.js";
import { until } from "../helpers/wait.js";
import { createWorkerHarness, type WorkerHarness } from "../helpers/worker-harness.js";

/** Issue 10, item 17: a broadcast keeps the admin's formatting, and a running one can be stopped. */

const ADMIN_CHAT = 4_100;
const N = 30;
const ids = Array.from({ length: N }, (_, i) => 30_001 + i);
/** The outbox worker's concurrency: holding this many sends holds every slot. */
const OUTBOX_SLOTS = 8;

let h: WorkerHarness;
let connection: Redis;
let broadcasts: BroadcastQueue;
let worker: Worker;

beforeAll(async () => {
  h = await createWorkerHarness();
  connection = h.workerRedis.duplicate({ maxRetriesPerRequest: null });
  broadcasts = new BroadcastQueue(h.redis);
  for (const id of ids) await seedCustomer(h.rooms, id);
  h.startOutbox();
  worker = startBroadcastWorker({
    connection,
    redis: h.redis,
    queue: broadcasts,
    outbox: h.outbox,
    api: h.api,
    customers: h.rooms.books.customers,
    subscriptions: h.rooms.books.subscriptions,
    orders: h.rooms.books.orders,
    clock: h.clock,
    i18n: h.i18n,
    logger: h.logger,
    batchSize: 10,
    progressEveryMs: 200,
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
/** The progress message's final edit, once the broadcast is marked finished right after it. */
async function finalTo(prefix: string) {
  const edit = await h.telegram.waitFor(
    (c) =>
      c.method === "editMessageText" && c.chatId === ADMIN_CHAT && String(c.params.text).startsWith(prefix),
    20_000,
  );
  await until(async () => {
    const all = await Promise.all(started.map((id) => broadcasts.status(id)));
    return all.every((st) => st?.finished === true);
  }, 20_000);
  return edit;
}
const started: string[] = [];

const startBroadcast: typeof broadcasts.start = async (request) => {
  const one = await broadcasts.start(request);
  started.push(one.id);
  return one;
};

describe("a broadcast keeps the admin's formatting", () => {
  it("sends the text with the admin's entities (bold, link), not as escaped HTML", async () => {
    h.telegram.clear();
    const entities: MessageEntity[] = [
      { type: "bold", offset: 0, length: 4 },
      { type: "text_link", offset: 10, length: 4, url: "https://shop.example/sale" },
    ];
    await startBroadcast({
      adminChatId: ADMIN_CHAT,
      text: "Sale <on> here & now",
      entities,
      audience: "all",
      locale: "en",
    });
    await finalTo("✅");
    const sends = toCustomers();
    expect(new Set(sends.map((c) => c.chatId))).toEqual(new Set(ids));
    for (const send of sends) {
      expect(send.params.text).toBe("Sale <on> here & now");
      expect(send.params.entities).toEqual(entities);
      expect(send.params.parse_mode).toBeUndefined();
    }
  });

  it("keeps a photo's caption entities", async () => {
    h.telegram.clear();
    const entities: MessageEntity[] = [{ type: "italic", offset: 4, length: 3 }];
    await startBroadcast({
      adminChatId: ADMIN_CHAT,
      text: "New <b> Paris",
      photoFileId: "photo-id",
      entities,
      audience: "all",
      locale: "en",
    });
    await finalTo("✅");
    const sends = toCustomers();
    expect(sends).toHaveLength(N);
    expect(sends[0]?.params).toMatchObject({ photo: "photo-id", caption: "New <b> Paris" });
    expect(sends[0]?.params.caption_entities).toEqual(entities);
    expect(sends[0]?.params.parse_mode).toBeUndefined();
  });
});

describe("a running broadcast can be stopped", () => {
  it("Stop on the progress message: what was sent stays sent, nothing more goes out, the count is reported", async () => {
    h.telegram.clear();
    // Every outbox slot hangs on a send, so nothing else goes out until they are released.
    const releases = Array.from({ length: OUTBOX_SLOTS }, () =>
      h.telegram.holdNext("sendMessage", (p) => p.chat_id !== ADMIN_CHAT),
    );
    const { id } = await startBroadcast({
      adminChatId: ADMIN_CHAT,
      text: "Long news",
      audience: "all",
      locale: "en",
    });
    // The progress message carries a Stop button.
    const progress = await h.telegram.waitFor((c) => c.method === "sendMessage" && c.chatId === ADMIN_CHAT);
    expect(progress.params.reply_markup).toEqual({
      inline_keyboard: [[{ text: "⏹ Stop", callback_data: `a.bc:stop:${id}::` }]],
    });
    await until(() => toCustomers().length === OUTBOX_SLOTS);

    expect(await broadcasts.stop(id)).toBe("stopping");
    expect(await broadcasts.stop(id)).toBe("already");
    for (const release of releases) release();

    const final = await finalTo("⏹ <b>Broadcast to all customers stopped</b>");
    const sent = toCustomers();
    expect(sent).toHaveLength(OUTBOX_SLOTS);
    expect(sent.length).toBeLessThan(N);
    const status = await broadcasts.status(id);
    expect(status).toMatchObject({
      sent: OUTBOX_SLOTS,
      failed: 0,
      blocked: 0,
      stopped: true,
      finished: true,
    });
    const dropped = (status?.total ?? 0) - OUTBOX_SLOTS;
    expect(status?.cancelled).toBe(dropped);
    expect(final.params.text).toBe(
      [
        "⏹ <b>Broadcast to all customers stopped</b>",
        `✅ sent ${OUTBOX_SLOTS} · ⚠️ failed 0 · 🚫 blocked the bot 0`,
        `Not sent (dropped from the queue): ${dropped}`,
      ].join("\n"),
    );
    // One message to the admin: the progress message, edited into the final report.
    expect(toAdmin("sendMessage")).toHaveLength(1);
    // The progress message says it stopped, and its Stop button is gone.
    const last = toAdmin("editMessageText").at(-1);
    expect(String(last?.params.text)).toContain("⏹ <b>Broadcast to all customers stopped</b>");
    expect(last?.params.reply_markup).toBeUndefined();
    // A stop after the end changes nothing.
    expect(await broadcasts.stop(id)).toBe("finished");
    expect(await broadcasts.stop("bcunknown12345678")).toBe("unknown");
  });
});
