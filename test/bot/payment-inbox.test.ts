import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { run } from "@grammyjs/runner";
import { Api, type Bot, webhookCallback } from "grammy";
import type { Update, User } from "grammy/types";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { BotContext } from "../../src/bot/context.js";
import { createBot } from "../../src/bot/create-bot.js";
import { createI18n } from "../../src/bot/i18n.js";
import type { Catalog } from "../../src/domain/catalog/index.js";
import { inboxKeys } from "../../src/domain/settlement/index.js";
import { closeServer, createHttpServer, listen } from "../../src/http/server.js";
import { type ManualClock, MINUTE } from "../../src/runtime/clock.js";
import { createLogger } from "../../src/runtime/logger.js";
import { startPolling } from "../../src/runtime/polling.js";
import { closeRedis, connectRedis, createBotRedis } from "../../src/runtime/redis.js";
import { Outbox, startOutboxWorker } from "../../src/workers/outbox.js";
import { reconcileInbox } from "../../src/workers/reconcile-inbox.js";
import { FakeTelegram, postWebhook, successfulPayment } from "../fakes/telegram-api.js";
import { createTestBot, newUsers, TEST_CATALOG, TEST_TOKEN, type TestBot } from "../helpers/bot-harness.js";
import { type LocalRedis, startRedis } from "../helpers/local-redis.js";
import { until, untilValue } from "../helpers/wait.js";

/** Prices in US dollars, paid through a payment provider: no getStarTransactions to fall back on. */
const USD_CATALOG: Catalog = { ...TEST_CATALOG, currency: "USD" };

let t: TestBot;
const customer = newUsers(31_000);

beforeAll(async () => {
  t = await createTestBot({ catalog: USD_CATALOG, paymentProviderToken: "provider-token" });
});
afterAll(() => t.close());

/** A customer with an order for de-xui (150.00 USD) invoiced in full. */
async function invoicedOrder(): Promise<{ buyer: User; orderId: string; due: number }> {
  const buyer = customer();
  const started = await t.deps.sales.shop.startPurchase(buyer.id, "de-xui", "en");
  if (!started.ok) throw new Error(started.reason);
  const due = await t.deps.sales.cashier.invoiceAmount(started.order);
  return { buyer, orderId: started.order.id, due };
}

/** Runs `body` with an outbox worker sending through `bot`'s fake Bot API, and the inbox worker's deps. */
async function withOutbox(
  bot: TestBot,
  body: (deps: Parameters<typeof reconcileInbox>[0]) => Promise<void>,
): Promise<void> {
  const outbox = new Outbox(bot.redis);
  const workerRedis = bot.redis.duplicate({ maxRetriesPerRequest: null });
  const sender = startOutboxWorker({
    connection: workerRedis,
    redis: bot.redis,
    api: new Api(TEST_TOKEN, { fetch: bot.telegram.fetch as never }),
    customers: bot.deps.books.customers,
    logger: createLogger("silent"),
    perChatGapMs: 10,
  });
  try {
    await body({
      books: bot.deps.books,
      settlement: bot.deps.settlement,
      outbox,
      i18n: createI18n("en"),
      logger: createLogger("silent"),
    });
  } finally {
    await sender.close();
    await outbox.close();
    await workerRedis.quit();
  }
}

const topups = async (id: number) =>
  (await t.deps.books.wallet.history(id, 0, 20)).entries.filter((e) => e.kind === "topup");

describe("a provider payment whose handling fails", () => {
  it("is credited later by the worker, exactly once; a repeated delivery credits nothing more", async () => {
    const { buyer, orderId, due } = await invoicedOrder();
    await t.deps.books.customers.seen({ id: buyer.id, firstName: "P", locale: "en" });
    // Redis answers an error to the credit step: the wallet key holds the wrong type for a moment.
    await t.redis.hset(`wallet:${buyer.id}`, "broken", "1");
    const update = successfulPayment(buyer, `o:${orderId}`, due, "USD", "fiat-charge-1");
    await t.send(update);
    expect(String(t.telegram.last("sendMessage")?.params.text)).toBe(
      "✅ Payment received and safe with us. Crediting it takes a little longer than usual; you will get a message here when it is done.",
    );
    expect(await t.deps.books.wallet.applied("charge:fiat-charge-1")).toBeUndefined();
    expect((await t.deps.books.orders.get(orderId))?.status).toBe("awaiting_payment");
    await t.redis.del(`wallet:${buyer.id}`);

    await withOutbox(t, async (deps) => {
      // Not yet: the live handler may still be at it.
      expect(await reconcileInbox(deps)).toEqual({ checked: 0, recovered: 0 });
      (t.deps.clock as ManualClock).advance(2 * MINUTE);
      expect(await reconcileInbox(deps)).toEqual({ checked: 1, recovered: 1 });
      expect(await topups(buyer.id)).toHaveLength(1);
      expect(await t.deps.books.wallet.balance(buyer.id)).toBe(0);
      expect((await t.deps.books.orders.get(orderId))?.status).toBe("paid");
      expect(t.enqueued).toContain(orderId);
      const told = await t.telegram.waitFor(
        (c) => c.method === "sendMessage" && c.chatId === buyer.id && String(c.params.text).includes("found"),
      );
      expect(String(told.params.text)).toContain("We found your payment of $150.00");
      expect(await reconcileInbox(deps)).toEqual({ checked: 0, recovered: 0 });

      // Telegram delivers the same update again: nothing more is credited, nothing more said.
      const mark = t.telegram.calls.length;
      await t.send(update);
      await t.send(successfulPayment(buyer, `o:${orderId}`, due, "USD", "fiat-charge-1"));
      expect(await topups(buyer.id)).toHaveLength(1);
      expect(await t.deps.books.wallet.balance(buyer.id)).toBe(0);
      expect(t.telegram.calls.slice(mark).filter((c) => c.method === "sendMessage")).toEqual([]);
      expect(await reconcileInbox(deps)).toEqual({ checked: 0, recovered: 0 });
    });
  });

  it("queues the paid order later when queuing failed right after the credit", async () => {
    let failNext = true;
    const queued: string[] = [];
    const bot = await createTestBot({
      catalog: USD_CATALOG,
      paymentProviderToken: "provider-token",
      jobs: {
        enqueueTermChange: async () => undefined,
        enqueueOrder: async (id) => {
          if (failNext) {
            failNext = false;
            throw new Error("Redis blip while queuing");
          }
          queued.push(id);
        },
      },
    });
    try {
      const buyer = customer();
      const started = await bot.deps.sales.shop.startPurchase(buyer.id, "de-xui", "en");
      if (!started.ok) throw new Error(started.reason);
      const due = await bot.deps.sales.cashier.invoiceAmount(started.order);
      await bot.send(successfulPayment(buyer, `o:${started.order.id}`, due, "USD", "fiat-charge-q"));
      expect((await bot.deps.books.orders.get(started.order.id))?.status).toBe("paid");
      expect(queued).toEqual([]);
      expect(String(bot.telegram.last("sendMessage")?.params.text)).toContain("Payment received and safe");

      (bot.deps.clock as ManualClock).advance(2 * MINUTE);
      await withOutbox(bot, async (deps) => {
        // Credited already, so nothing is recovered, but the order is queued and the payer told.
        expect(await reconcileInbox(deps)).toEqual({ checked: 1, recovered: 0 });
        expect(queued).toEqual([started.order.id]);
        const told = await bot.telegram.waitFor(
          (c) => c.method === "sendMessage" && String(c.params.text).includes("Your order is being prepared"),
        );
        expect(told.chatId).toBe(buyer.id);
        expect(await reconcileInbox(deps)).toEqual({ checked: 0, recovered: 0 });
      });
      expect(
        (await bot.deps.books.wallet.history(buyer.id, 0, 10)).entries.filter((e) => e.kind === "topup"),
      ).toHaveLength(1);
    } finally {
      await bot.close();
    }
  });

  it("keeps the raw update, and lists a payment for someone else's order as unmatched", async () => {
    // A credited entry keeps its raw for 7 days by the shop's clock, which Redis expires by its
    // own: the shop's clock reads now here (the harness starts it on 1 January 2026).
    (t.deps.clock as ManualClock).set(Date.now());
    const { orderId, due } = await invoicedOrder();
    const stranger = customer();
    const update = successfulPayment(stranger, `o:${orderId}`, due, "USD", "fiat-charge-stranger");
    await t.send(update);
    expect(await t.deps.books.wallet.balance(stranger.id)).toBe(due);
    expect((await t.deps.books.orders.get(orderId))?.status).toBe("awaiting_payment");
    const entry = await t.deps.settlement.paymentInbox.get("fiat-charge-stranger");
    expect(entry).toMatchObject({ status: "credited", outcome: "unmatched", payerId: stranger.id });
    expect(JSON.parse(entry?.raw ?? "{}")).toMatchObject({
      update_id: update.update_id,
      from: { id: stranger.id },
      successful_payment: { telegram_payment_charge_id: "fiat-charge-stranger", total_amount: due },
    });
    const unmatched = await t.deps.settlement.paymentInbox.unmatched();
    expect(unmatched.map((e) => e.chargeId)).toContain("fiat-charge-stranger");
  });
});

describe("webhook mode", () => {
  const SECRET = "inbox-webhook-secret";
  let server: Server | undefined;
  let privateRedis: LocalRedis | undefined;
  const dir = mkdtempSync(join(tmpdir(), "inbox-redis-"));

  afterEach(async () => {
    if (server) await closeServer(server);
    server = undefined;
    await privateRedis?.stop();
    privateRedis = undefined;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** The app's webhook path: grammY's webhookCallback behind the bot's own HTTP server. */
  async function serve(bot: TestBot): Promise<string> {
    const handler = webhookCallback(bot.bot, "http", {
      secretToken: SECRET,
      onTimeout: "return",
      timeoutMilliseconds: 9_000,
    });
    server = createHttpServer({
      logger: createLogger("silent"),
      healthy: async () => true,
      webhook: { path: "/hook", handler },
    });
    const address = await listen(server, "127.0.0.1", 0);
    return `http://127.0.0.1:${address.port}/hook`;
  }

  it("answers non-2xx while the payment cannot be recorded, and 200 once it was", async () => {
    const { buyer, orderId, due } = await invoicedOrder();
    const url = await serve(t);
    const update = successfulPayment(buyer, `o:${orderId}`, due, "USD", "fiat-charge-hook");
    // The inbox's index holds the wrong type: Redis answers an error to the recording step.
    await t.redis.set(inboxKeys.pending, "not a sorted set");
    const refused = await postWebhook(url, update, SECRET);
    expect(refused).toBeGreaterThanOrEqual(500);
    expect(await t.deps.books.wallet.applied("charge:fiat-charge-hook")).toBeUndefined();

    await t.redis.del(inboxKeys.pending);
    expect(await postWebhook(url, update, SECRET)).toBe(200);
    expect(await topups(buyer.id)).toHaveLength(1);
    expect((await t.deps.books.orders.get(orderId))?.status).toBe("paid");
    expect(await t.deps.settlement.paymentInbox.get("fiat-charge-hook")).toMatchObject({
      status: "credited",
    });
  });

  it("answers non-2xx when Redis is down", async () => {
    privateRedis = await startRedis(dir);
    const redis = await connectRedis(createBotRedis(privateRedis.url));
    const bot = await createTestBot({ redis, catalog: USD_CATALOG, paymentProviderToken: "provider-token" });
    try {
      const url = await serve(bot);
      const buyer = customer();
      const first = successfulPayment(buyer, "t:unknownpay1", 500, "USD", "fiat-charge-up");
      expect(await postWebhook(url, first, SECRET)).toBe(200);
      expect(await bot.deps.books.wallet.balance(buyer.id)).toBe(500);

      await privateRedis.stop();
      await until(() => redis.status !== "ready");
      const second = successfulPayment(buyer, "t:unknownpay2", 700, "USD", "fiat-charge-down");
      expect(await postWebhook(url, second, SECRET)).toBeGreaterThanOrEqual(500);
    } finally {
      await bot.close();
      await closeRedis(redis);
    }
  });
});

/** The two fetch loops over `bot.api.getUpdates`: grammY runner's own and the app's (src/runtime/polling.ts). */
const LOOPS = {
  "grammY runner": (bot: Bot<BotContext>) => {
    const handle = run(bot, { runner: { fetch: { timeout: 1 }, silent: true } });
    return { stop: () => handle.stop() };
  },
  "the app's polling": (bot: Bot<BotContext>) =>
    startPolling(bot, {
      allowedUpdates: ["message"],
      logger: createLogger("silent"),
      onFatal: () => undefined,
      backoffMs: { first: 50, max: 200 },
    }),
};

describe("long polling", () => {
  it.each(Object.keys(LOOPS) as (keyof typeof LOOPS)[])(
    "%s fetches a payment again at the same offset until it is recorded",
    async (loop) => {
      const fake = await new FakeTelegram({ token: TEST_TOKEN }).start();
      const bot = createBot({
        token: TEST_TOKEN,
        deps: t.deps,
        redis: t.redis,
        box: t.box,
        botInfo: fake.botInfo,
        client: { apiRoot: fake.apiRoot },
      });
      const runner = LOOPS[loop](bot);
      const charge = `fiat-charge-poll-${loop.replace(/\W+/g, "-")}`;
      try {
        const { buyer, orderId, due } = await invoicedOrder();
        await t.redis.set(inboxKeys.pending, "not a sorted set");
        const mark = fake.calls.length;
        const pushed: Update = fake.pushUpdate(successfulPayment(buyer, `o:${orderId}`, due, "USD", charge));
        const polls = () =>
          fake.calls
            .slice(mark)
            .filter((c) => c.method === "getUpdates")
            .map((c) => Number(c.params.offset ?? 0));
        // Served, not recorded, so asked for again from the same offset.
        await until(() => polls().length >= 3);
        expect(polls().every((offset) => offset <= pushed.update_id)).toBe(true);
        expect(await t.deps.books.wallet.applied(`charge:${charge}`)).toBeUndefined();

        await t.redis.del(inboxKeys.pending);
        await untilValue(
          () => t.deps.books.orders.get(orderId).then((o) => o?.status),
          (s) => s === "paid",
        );
        await until(() => polls().includes(pushed.update_id + 1));
        expect(await topups(buyer.id)).toHaveLength(1);
        expect(await t.deps.settlement.paymentInbox.get(charge)).toMatchObject({ status: "credited" });
      } finally {
        await t.redis.del(inboxKeys.pending);
        await runner.stop();
        await fake.stop();
      }
    },
  );
});
