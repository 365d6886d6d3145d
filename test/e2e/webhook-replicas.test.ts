import type { Update, User } from "grammy/types";
import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatLockKey } from "../../src/bot/chat-lock.js";
import { SHOP_TOTALS_KEY } from "../../src/domain/books/index.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import {
  callback,
  command,
  FakeTelegram,
  postWebhook,
  preCheckout,
  successfulPayment,
  textMessage,
  user,
} from "../fakes/telegram-api.js";
import { botEnv, germanyShop } from "../helpers/bot-env.js";
import { conversationStates } from "../helpers/conversation-states.js";
import { type RunningProcess, startServingBot } from "../helpers/process.js";
import { testRedis } from "../helpers/redis.js";
import { freePort } from "../helpers/redis-global-setup.js";
import { until, untilValue } from "../helpers/wait.js";

// Two replicas of the built bot in webhook mode (as behind a load balancer) on one Redis: every
// update of a chat may land on either, while another of the same chat still runs on the other.
const TOKEN = "454545:E2E-replicas-token-for-the-fake-api";
const SECRET = "replicas-secret_token";
const telegram = new FakeTelegram({ token: TOKEN });
const hosting = new FakeAccountApi();
const running: RunningProcess[] = [];
let redis: Redis;
let hooks: string[] = [];
let ports: number[] = [];

beforeAll(async () => {
  await telegram.start();
  await hosting.start();
  const { key, catalogFile } = germanyShop(hosting, "bot-e2e-replicas-");
  redis = await testRedis();
  ports = [await freePort(), await freePort()];
  hooks = ports.map((port) => `http://127.0.0.1:${port}/telegram/hook-replica`);
  const env = (i: number) =>
    botEnv(
      { telegram, redis, catalogFile },
      {
        ACCOUNT_API_URL: hosting.url,
        ACCOUNT_API_KEY: key,
        LOG_LEVEL: "info",
        HTTP_PORT: String(ports[i]),
        BOT_MODE: "webhook",
        WEBHOOK_URL: hooks[i] ?? "",
        WEBHOOK_SECRET: SECRET,
      },
    );
  for (const i of [0, 1]) running.push(await startServingBot(env(i), telegram));
}, 60_000);

afterAll(async () => {
  for (const p of running) if (p.child.exitCode === null) p.child.kill("SIGTERM");
  const codes = await Promise.all(running.map((p) => p.exited));
  await Promise.all([telegram.stop(), hosting.stop(), redis.quit()]);
  expect(codes).toEqual([0, 0]);
});

/** Delivers `update` to replica 0 or 1 the way Telegram does; resolves with the HTTP status. */
const deliver = (replica: 0 | 1, update: Update) => postWebhook(hooks[replica] ?? "", update, SECRET);
const callsTo = (chat: number, method: string, from = 0) =>
  telegram.calls.slice(from).filter((c) => c.method === method && c.chatId === chat);
/** Telegram payments credited so far, as the ledger's own step counts them (count, amount). */
async function payments(): Promise<[number, number]> {
  const totals = await redis.hgetall(SHOP_TOTALS_KEY);
  return [Number(totals["n:topup:XTR"] ?? 0), Number(totals["amount:topup:XTR"] ?? 0)];
}

describe("two bot replicas in webhook mode on one Redis", () => {
  it("an answer that lands on the other replica while the question is still being asked is taken", async () => {
    const ann: User = user(9301, { first_name: "Ann", language_code: "en" });
    const mark = telegram.calls.length;
    expect(await deliver(0, command(ann, "/wallet"))).toBe(200);

    // Replica 0 asks for the amount; Telegram is slow to take its answer to the press.
    const press = callback(ann, "wallet:custom:0");
    const pressId = press.callback_query?.id;
    const release = telegram.holdNext("answerCallbackQuery", (p) => p.callback_query_id === pressId);
    const asking = deliver(0, press);
    await telegram.waitFor(
      (c) => c.method === "answerCallbackQuery" && c.params.callback_query_id === pressId,
    );

    // Ann types the amount; it goes to replica 1 while replica 0 still handles the press.
    const at = telegram.calls.length;
    const answering = deliver(1, textMessage(ann, "1500"));
    // Replica 1 either waits for the chat (it has marked itself) or has answered already.
    await until(
      async () =>
        (await redis.exists(`${chatLockKey(String(ann.id))}:waiters`)) === 1 ||
        callsTo(ann.id, "sendMessage", at).some((c) => String(c.params.text).startsWith("I answer")),
    );
    release();
    expect(await asking).toBe(200);
    expect(await answering).toBe(200);

    // Both updates are handled once their webhook calls are answered.
    // Not taken as free text outside the question (the main-menu hint), but as the amount.
    const texts = callsTo(ann.id, "sendMessage", at).map((c) => String(c.params.text));
    expect(texts.filter((t) => t.startsWith("I answer to buttons and commands"))).toEqual([]);
    const invoices = callsTo(ann.id, "sendInvoice", mark);
    expect(invoices.map((c) => c.params.prices)).toEqual([[{ label: "1,500 ⭐", amount: 1500 }]]);
    expect((await conversationStates(redis)).filter((k) => k.includes(String(ann.id)))).toEqual([]);
  });

  it("a purchase pressed on both replicas at once and paid with its payment delivered to both: one order, one invoice, one charge", async () => {
    const bea: User = user(9302, { first_name: "Bea", language_code: "en" });
    const mark = telegram.calls.length;
    // A double tap: each press on another replica, at once.
    const presses = await Promise.all([
      deliver(0, callback(bea, "buy:go:de")),
      deliver(1, callback(bea, "buy:go:de")),
    ]);
    expect(presses).toEqual([200, 200]);
    const orders = await redis.zrange(`orders:customer:${bea.id}`, "0", "-1");
    expect(orders).toHaveLength(1);
    const orderId = orders[0] ?? "";

    expect(await deliver(1, callback(bea, `ord:inv:${orderId}`))).toBe(200);
    expect(callsTo(bea.id, "sendInvoice", mark)).toHaveLength(1);
    expect(await deliver(0, preCheckout(bea, `o:${orderId}`, 150, "XTR"))).toBe(200);
    expect(telegram.last("answerPreCheckoutQuery")?.params.ok).toBe(true);
    // Telegram delivers the payment again (no answer in time) and the retry lands on the other replica.
    const paid = successfulPayment(bea, `o:${orderId}`, 150, "XTR", "charge-replicas-1");
    expect(await Promise.all([deliver(0, paid), deliver(1, paid)])).toEqual([200, 200]);

    await untilValue(
      () => redis.hget(`order:${orderId}`, "status"),
      (s) => s === "active",
      20_000,
    );
    const delivered = await untilValue(
      async () =>
        callsTo(bea.id, "sendMessage", mark).filter((c) => String(c.params.text).includes("vless://")),
      (calls) => calls.length > 0,
      15_000,
    );
    expect(delivered).toHaveLength(1);
    expect(await redis.zcard(`subs:customer:${bea.id}`)).toBe(1);
    expect([...hosting.servers.values()].flatMap((s) => s.clients)).toHaveLength(1);
    expect(await payments()).toEqual([1, 150]);
  });

  it("a top-up paid once with its payment delivered to both replicas at once is credited once", async () => {
    const cy: User = user(9303, { first_name: "Cy", language_code: "en" });
    const mark = telegram.calls.length;
    expect(await deliver(0, callback(cy, "wallet:top:250"))).toBe(200);
    const [invoice] = callsTo(cy.id, "sendInvoice", mark);
    const payload = String(invoice?.params.payload);
    expect(payload).toMatch(/^t:/);
    expect(await deliver(1, preCheckout(cy, payload, 250, "XTR"))).toBe(200);
    const paid = successfulPayment(cy, payload, 250, "XTR", "charge-replicas-2");
    expect(await Promise.all([deliver(1, paid), deliver(0, paid)])).toEqual([200, 200]);

    const at = telegram.calls.length;
    expect(await deliver(1, command(cy, "/wallet"))).toBe(200);
    const shown = callsTo(cy.id, "sendMessage", at).map((c) => String(c.params.text));
    expect(shown.join("\n")).toContain("Balance: <b>250 ⭐</b>");
    expect(await payments()).toEqual([2, 400]);
  });
});
