import { Writable } from "node:stream";
import { Api } from "grammy";
import { describe, expect, it } from "vitest";
import { createI18n } from "../../src/bot/i18n.js";
import { createLogger } from "../../src/runtime/logger.js";
import { retryOnFlood } from "../../src/runtime/telegram-retry.js";
import { SecretBox } from "../../src/store/secret-box.js";
import { BroadcastQueue, startBroadcastWorker } from "../../src/workers/broadcast.js";
import { startMaintenance } from "../../src/workers/maintenance.js";
import { Notifier } from "../../src/workers/notifier.js";
import { createReconcileTask } from "../../src/workers/reconcile.js";
import { command, FakeTelegram, user } from "../fakes/telegram-api.js";
import { createTestBot, TEST_TOKEN } from "../helpers/bot-harness.js";
import { rejection } from "../helpers/errors.js";
import { ORDERS_ADMIN, ORDERS_TOKEN, ordersHarness } from "../helpers/orders-harness.js";
import { until } from "../helpers/wait.js";
import { createWorkerHarness, WORKER_TOKEN } from "../helpers/worker-harness.js";

const orders = ordersHarness();

describe("SecretBox", () => {
  const box = new SecretBox(Buffer.alloc(32, 1));

  it("round-trips and never shows the plain text", () => {
    const sealed = box.seal("hs_supersecretkey", "account-key");
    expect(sealed).not.toContain("supersecret");
    expect(sealed.startsWith("v1.")).toBe(true);
    expect(box.open(sealed, "account-key")).toBe("hs_supersecretkey");
    expect(box.seal("same", "c")).not.toBe(box.seal("same", "c"));
  });

  it("refuses another key, another context and tampering", () => {
    const sealed = box.seal("secret", "account-key");
    expect(new SecretBox(Buffer.alloc(32, 2)).open(sealed, "account-key")).toBeUndefined();
    expect(box.open(sealed, "panel-token")).toBeUndefined();
    const parts = sealed.split(".");
    parts[3] = Buffer.from("other").toString("base64url");
    expect(box.open(parts.join("."), "account-key")).toBeUndefined();
    expect(box.open("garbage", "account-key")).toBeUndefined();
  });
});

describe("logger", () => {
  it("redacts tokens, keys, passwords and auth headers", async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = createLogger("info", sink);
    log.info(
      {
        token: "t-1",
        key: "hs_abc",
        password: "hunter2",
        body: { password: "hunter3", apiKey: "k-2" },
        req: { headers: { authorization: "Bearer zzz", "x-api-key": "yyy" } },
      },
      "call",
    );
    log.flush();
    await new Promise((r) => setTimeout(r, 10));
    const out = lines.join("");
    for (const secret of ["t-1", "hs_abc", "hunter2", "hunter3", "k-2", "zzz", "yyy"]) {
      expect(out).not.toContain(secret);
    }
    expect(out).toContain("[redacted]");
  });
});

/** A logger writing into memory, as the process builds it, with exact `secrets` to mask. */
function captureLog(secrets: string[] = []) {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger("debug", sink, { secrets }), text: () => lines.join("") };
}

/** The token's secret half: it must not appear even without the bot id in front. */
const secretHalf = (token: string) => token.slice(token.indexOf(":") + 1);

function expectNoToken(out: string, token: string): void {
  expect(out).not.toContain(token);
  expect(out).not.toContain(secretHalf(token));
}

describe("logger at any depth", () => {
  it("redacts secret keys however deep they are, and message texts and captions", () => {
    const log = captureLog();
    log.logger.info(
      {
        a: { b: { password: "hunter4" } },
        list: [{ deep: { x: { apiKey: "k-deep", api_key: "k-snake" } } }],
        call: { request: { headers: { "x-api-key": "hdr-key", Authorization: "Bearer b-deep" } } },
        hook: { secret_token: "wh-secret", botToken: "1:2" },
        login: { step: { code: "481516" } },
        sent: { message: { text: "vless://uuid@host:443#mine", caption: "your QR code" } },
        orderId: "o-1",
      },
      "deep",
    );
    log.logger.child({ session: { token: "child-token" } }).info("from a child logger");
    const out = log.text();
    for (const secret of [
      "hunter4",
      "k-deep",
      "k-snake",
      "hdr-key",
      "b-deep",
      "wh-secret",
      "481516",
      "vless://",
      "your QR code",
      "child-token",
    ]) {
      expect(out).not.toContain(secret);
    }
    expect(JSON.parse(out.split("\n")[0] ?? "")).toMatchObject({
      orderId: "o-1",
      a: { b: { password: "[redacted]" } },
    });
  });

  it("masks a bot token in messages, stacks, causes and aggregate errors, under any key", () => {
    const token = "123456789:AAH-some-real-looking-secret_part-0123";
    const url = `https://api.telegram.org/bot${token}/sendMessage`;
    const other = "424242:explicit-secret-of-an-odd-shape";
    const log = captureLog([other]);
    const root = new Error(`request to ${url} failed, reason: connect ETIMEDOUT`);
    const wrapped = new Error("Network request for 'sendMessage' failed!", { cause: root });
    const many = new AggregateError([root, new Error(`token ${other} refused`)], "several failed");
    log.logger.error({ err: wrapped }, "under err");
    log.logger.warn({ error: many, step: { outcome: { failure: wrapped } } }, "under other keys");
    log.logger.error(root);
    log.logger.info({ note: `polling ${url}` }, `message naming ${url}`);
    const out = log.text();
    expectNoToken(out, token);
    expectNoToken(out, other);
    // What is left still says what happened.
    expect(out).toContain("connect ETIMEDOUT");
    expect(out).toContain("several failed");
  });

  it("drops the payload of a failed Bot API call (no message text in the log)", async () => {
    const telegram = new FakeTelegram({ token: TEST_TOKEN });
    const api = new Api(TEST_TOKEN, { fetch: telegram.fetch as never });
    telegram.failNext("sendMessage", { error_code: 400, description: "Bad Request: chat not found" });
    const text = "Your access: vless://0f3a@de.example:443 and https://sub.example/sub/0f3a";
    const err = await rejection(api.sendMessage(77, text, { reply_markup: { inline_keyboard: [] } }));
    const log = captureLog();
    log.logger.error({ err, method: "sendMessage" }, "Bot API refused a call");
    const out = log.text();
    expect(out).not.toContain("vless://");
    expect(out).not.toContain("sub.example");
    expect(out).toContain("chat not found");
  });
});

describe("with Telegram unreachable", () => {
  it("/start gives up in bounded time, and the error boundary logs no token", async () => {
    const t = await createTestBot();
    try {
      t.telegram.goOffline();
      // Before: auto-retry slept 3 s, 6 s, 12 s ... up to an hour between attempts: this never returned.
      await t.send(command(user(6101, { first_name: "Eve" }), "/start"));
      expect(t.telegram.refusedWhileOffline).toBeGreaterThan(0);
      const out = t.logs();
      expect(out).toContain("Bot API unreachable");
      expectNoToken(out, TEST_TOKEN);
    } finally {
      await t.close();
    }
  });

  it("the order worker gives up on a delivery in bounded time (BullMQ retries) and logs no token", async () => {
    const log = captureLog();
    const notifier = new Notifier({
      api: retryOnFlood(new Api(ORDERS_TOKEN, { fetch: orders.telegram.fetch as never })),
      i18n: createI18n("en"),
      ...orders.rooms,
      adminIds: [ORDERS_ADMIN],
      defaultLocale: "en",
      logger: log.logger,
    });
    orders.telegram.goOffline();
    try {
      orders.startWorker({ notifier, logger: log.logger });
      const { orderId } = await orders.paidOrder("de-xui");
      await orders.queue.enqueue(orderId);
      await until(() => log.text().includes('"final":true'), 15_000);
      const out = log.text();
      expect(out).toContain("order attempt failed");
      expectNoToken(out, ORDERS_TOKEN);
      expect(out).not.toContain("vless://");
    } finally {
      orders.telegram.goOnline();
    }
  });

  it("a broadcast and a periodic job (Stars reconciliation) log no token and no message text", async () => {
    const h = await createWorkerHarness();
    const log = captureLog();
    const connection = h.workerRedis.duplicate({ maxRetriesPerRequest: null });
    const broadcasts = new BroadcastQueue(h.redis);
    const worker = startBroadcastWorker({
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
      logger: log.logger,
    });
    const maintenance = await startMaintenance({
      connection,
      producer: h.redis,
      logger: log.logger,
      tasks: [createReconcileTask({ ...h, ...h.rooms, logger: log.logger })],
    });
    try {
      h.telegram.goOffline();
      await broadcasts.start({ adminChatId: 4_100, text: "Promo: vless://promo@x:443", audience: "all" });
      await maintenance.runNow("reconcile-stars");
      await until(
        () =>
          log.text().includes("could not send the broadcast progress message") &&
          log.text().includes("periodic task failed"),
      );
      const out = log.text();
      expectNoToken(out, WORKER_TOKEN);
      expect(out).not.toContain("vless://");
    } finally {
      await maintenance.close();
      await worker.close();
      await broadcasts.close();
      await connection.quit();
      await h.close();
    }
  });
});
