import type { Worker } from "bullmq";
import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Audience } from "../../src/domain/backoffice/index.js";
import { paidMarkKey } from "../../src/domain/books/index.js";
import { DAY } from "../../src/runtime/clock.js";
import { BroadcastQueue, startBroadcastWorker } from "../../src/workers/broadcast.js";
import { seedCustomer, seedSubscription } from "../helpers/shop-seed.js";
import { until } from "../helpers/wait.js";
import { createWorkerHarness, type WorkerHarness } from "../helpers/worker-harness.js";

/** Issue 24, item 6: broadcasts to segments (expired, never bought, trial only, a plan's). */

const NOW = Date.UTC(2026, 2, 10, 12);
const ADMIN_CHAT = 4_200;
/** Paid, active de-xui · paid, expired · trial expired, never paid · nothing · paid, active node · trial active. */
const [PAID_DE, PAID_EXPIRED, TRIAL_OVER, NOTHING, PAID_NODE, TRIAL_NOW] = [
  40_001, 40_002, 40_003, 40_004, 40_005, 40_006,
];
const BLOCKED_NEVER = 40_007;

let h: WorkerHarness;
let connection: Redis;
let broadcasts: BroadcastQueue;
let worker: Worker;

beforeAll(async () => {
  h = await createWorkerHarness({ now: NOW });
  connection = h.workerRedis.duplicate({ maxRetriesPerRequest: null });
  broadcasts = new BroadcastQueue(h.redis);
  for (let id = PAID_DE; id <= BLOCKED_NEVER; id++) await seedCustomer(h.rooms, id);
  await h.rooms.books.customers.markBotBlocked(BLOCKED_NEVER);
  // The mark the pay step sets on a customer who paid an order.
  for (const id of [PAID_DE, PAID_EXPIRED, PAID_NODE]) await h.redis.set(paidMarkKey(id), String(NOW - DAY));
  const sub = (id: number, expiresAt: number, more: { planId?: string; trial?: boolean } = {}) =>
    seedSubscription(h.rooms, `o${id}${more.trial ? "t" : ""}`, { customerId: id, expiresAt, ...more });
  await sub(PAID_DE, NOW + 5 * DAY);
  await sub(PAID_EXPIRED, NOW - DAY);
  await sub(TRIAL_OVER, NOW - DAY, { trial: true });
  await sub(PAID_NODE, NOW + 5 * DAY, { planId: "node" });
  await sub(TRIAL_NOW, NOW + DAY, { trial: true });
  h.startOutbox();
  worker = startBroadcastWorker({
    connection,
    redis: h.redis,
    queue: broadcasts,
    outbox: h.outbox,
    api: h.api,
    ...{ customers: h.rooms.books.customers, subscriptions: h.rooms.books.subscriptions },
    orders: h.rooms.books.orders,
    clock: h.clock,
    i18n: h.i18n,
    logger: h.logger,
    progressEveryMs: 200,
  });
});
afterAll(async () => {
  await worker.close();
  await broadcasts.close();
  await connection.quit();
  await h.close();
});

/** Who a broadcast to `audience` reached, once it finished. */
async function reached(audience: Audience): Promise<number[]> {
  h.telegram.clear();
  const { id } = await broadcasts.start({ adminChatId: ADMIN_CHAT, text: `to ${audience}`, audience });
  await until(async () => (await broadcasts.status(id))?.finished === true, 15_000);
  return h.telegram.calls
    .filter((c) => c.method === "sendMessage" && c.chatId !== ADMIN_CHAT)
    .map((c) => Number(c.chatId))
    .sort();
}

describe("broadcast segments", () => {
  it("reach exactly their customers (those who blocked the bot left out)", async () => {
    expect(await reached("expired")).toEqual([PAID_EXPIRED, TRIAL_OVER]);
    expect(await reached("never")).toEqual([TRIAL_OVER, NOTHING, TRIAL_NOW]);
    expect(await reached("trial")).toEqual([TRIAL_OVER, TRIAL_NOW]);
    expect(await reached("p.de-xui")).toEqual([PAID_DE]);
    expect(await reached("p.node")).toEqual([PAID_NODE]);
    expect(await reached("active")).toEqual([PAID_DE, PAID_NODE, TRIAL_NOW]);
  });

  it("deliver the message with its link buttons", async () => {
    h.telegram.clear();
    const buttons = [{ text: "Renew now", url: "https://shop.example/renew" }];
    const { id } = await broadcasts.start({
      adminChatId: ADMIN_CHAT,
      text: "back?",
      audience: "expired",
      buttons,
    });
    await until(async () => (await broadcasts.status(id))?.finished === true, 15_000);
    const sends = h.telegram.calls.filter((c) => c.method === "sendMessage" && c.chatId !== ADMIN_CHAT);
    expect(sends).toHaveLength(2);
    for (const c of sends) {
      expect(c.params).toMatchObject({ text: "back?", reply_markup: { inline_keyboard: [[buttons[0]]] } });
    }
  });

  it("name their audience in the progress message", async () => {
    h.telegram.clear();
    const { id } = await broadcasts.start({
      adminChatId: ADMIN_CHAT,
      text: "hi",
      audience: "never",
      locale: "en",
    });
    await until(async () => (await broadcasts.status(id))?.finished === true, 15_000);
    const edits = h.telegram.callsOf("editMessageText").filter((c) => c.chatId === ADMIN_CHAT);
    expect(String(edits.at(-1)?.params.text)).toContain(
      "✅ <b>Broadcast to customers who never bought finished</b>",
    );
  });
});
