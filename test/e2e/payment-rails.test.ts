import { sign } from "@telegram-apps/init-data-node";
import { Queue } from "bullmq";
import type { User } from "grammy/types";
import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEntry } from "../../src/domain/books/index.js";
import { railChargeId } from "../../src/domain/settlement/index.js";
import { MAINTENANCE_QUEUE } from "../../src/workers/maintenance.js";
import { QUEUE_PREFIX } from "../../src/workers/queues.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import { FakeCryptoPay } from "../fakes/cryptopay-api.js";
import { fail } from "../fakes/http-fake.js";
import { FakeTelegram, type TelegramCall, user } from "../fakes/telegram-api.js";
import { FakeYooKassa } from "../fakes/yookassa-api.js";
import { botEnv, writeCatalog } from "../helpers/bot-env.js";
import { type RunningProcess, startServingBot } from "../helpers/process.js";
import { testRedis } from "../helpers/redis.js";
import { freePort } from "../helpers/redis-global-setup.js";
import { untilValue } from "../helpers/wait.js";

/**
 * Issue 27 end to end: the built process (bot and workers) against the fake Bot API, the fake
 * Account API and the fakes of CryptoBot's and YooKassa's APIs, paid through the cabinet's API
 * and the providers' real notifications at POST /payments/<rail>. A shop in roubles with no
 * provider token: the rails and the balance are how it is paid.
 */

const TOKEN = "575757:E2E-rails-token-for-the-fake-bot";
const telegram = new FakeTelegram({ token: TOKEN });
const hosting = new FakeAccountApi();
const crypto = new FakeCryptoPay();
const yoo = new FakeYooKassa();
let redis: Redis;
let proc: RunningProcess | undefined;
let env: Record<string, string>;
let base = "";
let nextBuyer = 9_700;

beforeAll(async () => {
  await Promise.all([telegram.start(), hosting.start(), crypto.start(), yoo.start()]);
  hosting.addAccount({ login: "shop", password: "pw", balance: 1000 });
  const key = hosting.addKey("shop");
  const good = hosting.addServer("shop", { type: "xui", daysLeft: 90 }).id;
  const refusing = hosting.addServer("shop", { type: "xui", daysLeft: 90 }).id;
  hosting.failNext(
    "POST",
    `/api/v1/servers/${refusing}/clients`,
    fail(400, "inbound has no room"),
    1_000_000,
  );
  const catalogFile = writeCatalog(
    "bot-e2e-rails-",
    `currency: RUB
plans:
  - id: de
    title: { en: "Germany", ru: "Германия" }
    days: 30
    traffic_gb: 10
    price: 150
    backend: { kind: xui, servers: [${good}] }
  - id: broken
    title: { en: "Broken", ru: "Сломанный" }
    days: 30
    traffic_gb: 10
    price: 150
    backend: { kind: xui, servers: [${refusing}] }
`,
  );
  redis = await testRedis();
  const httpPort = await freePort();
  base = `http://127.0.0.1:${httpPort}`;
  env = botEnv(
    { telegram, redis, catalogFile },
    {
      ACCOUNT_API_URL: hosting.url,
      ACCOUNT_API_KEY: key,
      HTTP_PORT: String(httpPort),
      CRYPTOPAY_TOKEN: crypto.token,
      CRYPTOPAY_API_URL: crypto.apiUrl,
      YOOKASSA_SHOP_ID: yoo.shopId,
      YOOKASSA_SECRET_KEY: yoo.secretKey,
      YOOKASSA_API_URL: `${yoo.url}/v3`,
      RAIL_POLL_SECONDS: "5",
    },
  );
  proc = await startServingBot(env);
  await telegram.waitFor("getUpdates", 15_000);
}, 60_000);

afterAll(async () => {
  if (proc && proc.child.exitCode === null) {
    proc.child.kill("SIGTERM");
    await proc.exited;
  }
  await Promise.all([telegram.stop(), hosting.stop(), crypto.stop(), yoo.stop(), redis.quit()]);
});

function buyer(): User {
  const id = nextBuyer++;
  return user(id, { first_name: `B${id}`, language_code: "en" });
}

/** A cabinet API call as `who` (initData signed now with the bot's token). */
async function cabinet(
  who: User,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const initData = sign({ user: who }, TOKEN, new Date());
  const res = await fetch(`${base}/app/api/${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { authorization: `tma ${initData}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** `who` opens an order of `plan` in the cabinet and asks `rail` for its payment. */
async function checkout(who: User, rail: "cryptopay" | "yookassa", plan = "de") {
  const opened = await cabinet(who, "orders", { plan_id: plan });
  expect(opened.status).toBe(200);
  const orderId = (opened.body.order as { id: string }).id;
  const asked = await cabinet(who, `orders/${orderId}/pay-rail`, { rail });
  expect(asked).toMatchObject({ status: 200, body: { ok: true, rail, amount: 15_000 } });
  return { orderId, paymentId: String(asked.body.payment_id), payUrl: String(asked.body.pay_url) };
}

const orderStatus = (id: string) => redis.hget(`order:${id}`, "status");
const untilStatus = (id: string, want: string, timeoutMs = 20_000) =>
  untilValue(
    () => orderStatus(id),
    (s) => s === want,
    timeoutMs,
  );
/**
 * Runs the rails' poll once more in the process, as its schedule does (a job of the same task on
 * its maintenance queue), and resolves once that run has finished.
 */
async function pollOnceMore(): Promise<void> {
  const maintenance = new Queue(MAINTENANCE_QUEUE, { connection: redis, prefix: QUEUE_PREFIX });
  try {
    const job = await maintenance.add("rail-poll", {});
    const state = await untilValue(
      () => maintenance.getJobState(job.id ?? ""),
      (s) => s === "completed" || s === "failed",
      20_000,
    );
    expect(state).toBe("completed");
  } finally {
    await maintenance.close();
  }
}
const toCustomer = (who: User, text: string, mark: number, timeoutMs = 20_000): Promise<TelegramCall> =>
  telegram.waitFor(
    (c) => c.method === "sendMessage" && c.chatId === who.id && String(c.params.text).includes(text),
    timeoutMs,
    mark,
  );
/** How many times a rail payment was credited to the ledger (its charge's idempotency record). */
const credits = async (rail: string, id: string) =>
  (await redis.hexists("ledger:applied", `charge:${railChargeId(rail, id)}`)) ? 1 : 0;
const balance = async (who: User) => Number((await redis.get(`wallet:${who.id}`)) ?? 0);
const topUps = async (who: User) =>
  (await redis.lrange(`ledger:${who.id}`, 0, -1)).filter((e) => parseEntry(e, who.id).kind === "topup")
    .length;

/** The inline buttons of the last message `who` was shown, with their data or URL. */
function lastButtons(who: User, mark: number): { text: string; data?: string; url?: string }[] {
  const shown = telegram.calls
    .slice(mark)
    .filter((c) => c.chatId === who.id && (c.method === "sendMessage" || c.method === "editMessageText"))
    .at(-1);
  const rows = (
    shown?.params.reply_markup as {
      inline_keyboard?: { text: string; callback_data?: string; url?: string }[][];
    }
  )?.inline_keyboard;
  return (rows ?? []).flat().map((b) => ({ text: b.text, data: b.callback_data, url: b.url }));
}

/** `who` presses the button whose label matches, and waits for the bot's next screen for them. */
async function pressIn(who: User, label: RegExp): Promise<void> {
  const mark = telegram.calls.length;
  const button = lastButtons(who, 0).find((b) => label.test(b.text));
  if (!button?.data) throw new Error(`no button ${label} in ${JSON.stringify(lastButtons(who, 0))}`);
  telegram.pushUpdate(telegram.callback(who, button.data));
  await telegram.waitFor(
    (c) => c.chatId === who.id && (c.method === "sendMessage" || c.method === "editMessageText"),
    15_000,
    mark,
  );
}

/** In the chat: /buy, the German plan, Buy, then the rail's button: the payment page's URL. */
async function chatCheckout(who: User, rail: "CryptoBot" | "YooKassa"): Promise<string> {
  const mark = telegram.calls.length;
  telegram.pushUpdate(telegram.command(who, "/buy"));
  await telegram.waitFor((c) => c.chatId === who.id && c.method === "sendMessage", 15_000, mark);
  await pressIn(who, /^Germany/);
  await pressIn(who, /^✅ Buy for/);
  await pressIn(who, new RegExp(`with ${rail}$`));
  const open = lastButtons(who, mark).find((b) => b.text === `🔗 Open ${rail}`);
  if (!open?.url) throw new Error(`no ${rail} link in ${JSON.stringify(lastButtons(who, mark))}`);
  return open.url;
}

describe("payment rails in the chat of the real process", () => {
  it("CryptoBot: the chat's link is the invoice's; paid there, the webhook delivers the access", async () => {
    const who = buyer();
    const mark = telegram.calls.length;
    const url = await chatCheckout(who, "CryptoBot");
    const invoice = [...crypto.invoices.values()].find((i) => i.bot_invoice_url === url);
    if (!invoice) throw new Error(`no invoice at ${url}`);
    expect(invoice).toMatchObject({ fiat: "RUB", amount: "150.00" });
    crypto.pay(invoice.invoice_id);
    expect(await crypto.deliverWebhook(`${base}/payments/cryptopay`, invoice.invoice_id)).toBe(200);
    await toCustomer(who, "vless://", mark);
    await toCustomer(who, "CryptoBot: your payment of", mark);
  }, 60_000);

  it("YooKassa: the chat's link is the payment's page; paid there and notified, the access is delivered", async () => {
    const who = buyer();
    const mark = telegram.calls.length;
    const url = await chatCheckout(who, "YooKassa");
    const id = [...yoo.payments.keys()].find((p) => url.endsWith(`orderId=${p}`));
    if (!id) throw new Error(`no payment at ${url}`);
    yoo.pay(id);
    // "I paid" before the notification: credited now; the notification after finds it done.
    await pressIn(who, /I paid$/);
    await toCustomer(who, "vless://", mark);
    expect(await yoo.notify(`${base}/payments/yookassa`, id)).toBe(200);
    expect(await credits("yookassa", id)).toBe(1);
    expect(await topUps(who)).toBe(1);
  }, 60_000);
});

describe("payment rails in the real process", () => {
  it("CryptoBot: paid in the cabinet, its signed webhook credits the order and the access is delivered", async () => {
    const who = buyer();
    const mark = telegram.calls.length;
    const { orderId, paymentId, payUrl } = await checkout(who, "cryptopay");
    expect(payUrl).toMatch(/^https:\/\//);
    expect(crypto.invoice(paymentId)).toMatchObject({ fiat: "RUB", amount: "150.00", status: "active" });
    crypto.pay(paymentId);
    expect(await crypto.deliverWebhook(`${base}/payments/cryptopay`, paymentId)).toBe(200);
    expect(await orderStatus(orderId)).not.toBe("awaiting_payment");
    await toCustomer(who, "vless://", mark);
    await toCustomer(who, "CryptoBot: your payment of", mark);
    expect(await untilStatus(orderId, "active")).toBe("active");
    expect((await cabinet(who, "payments/check", { rail: "cryptopay", payment_id: paymentId })).body).toEqual(
      {
        ok: true,
        status: "paid",
      },
    );
  }, 60_000);

  it("YooKassa: paid in the cabinet, its notification is confirmed by reading the payment back", async () => {
    const who = buyer();
    const mark = telegram.calls.length;
    const { orderId, paymentId } = await checkout(who, "yookassa");
    const asked = yoo.payments.get(paymentId);
    expect(asked).toMatchObject({ status: "pending", amount: { value: "150.00", currency: "RUB" } });
    yoo.pay(paymentId);
    expect(await yoo.notify(`${base}/payments/yookassa`, paymentId)).toBe(200);
    await toCustomer(who, "vless://", mark);
    expect(await untilStatus(orderId, "active")).toBe("active");
    expect(await credits("yookassa", paymentId)).toBe(1);
  }, 60_000);

  it("a lost webhook: the poll finds the paid invoice and credits it", async () => {
    const who = buyer();
    const mark = telegram.calls.length;
    const { orderId, paymentId } = await checkout(who, "cryptopay");
    crypto.pay(paymentId);
    await toCustomer(who, "vless://", mark, 30_000);
    expect(await untilStatus(orderId, "active")).toBe("active");
    expect(await credits("cryptopay", paymentId)).toBe(1);
  }, 60_000);

  it("delivered twice at once and with 'I paid' and the poll: credited once", async () => {
    const who = buyer();
    const { orderId, paymentId } = await checkout(who, "yookassa");
    yoo.pay(paymentId);
    const url = `${base}/payments/yookassa`;
    const answers = await Promise.all([
      yoo.notify(url, paymentId),
      yoo.notify(url, paymentId),
      cabinet(who, "payments/check", { rail: "yookassa", payment_id: paymentId }).then((r) => r.status),
      yoo.notify(url, paymentId),
    ]);
    expect(answers).toEqual([200, 200, 200, 200]);
    expect(await untilStatus(orderId, "active")).toBe("active");
    // One more poll has looked at it.
    await pollOnceMore();
    expect(await topUps(who)).toBe(1);
    expect(await balance(who)).toBe(0);
  }, 60_000);

  it("forged notifications are refused and credit nothing", async () => {
    const who = buyer();
    const { orderId, paymentId } = await checkout(who, "cryptopay");
    // CryptoBot: the invoice is not paid; a webhook claiming it is, signed with another token.
    expect(await crypto.deliverWebhook(`${base}/payments/cryptopay`, paymentId, { forge: true })).toBe(401);
    const second = await checkout(buyer(), "yookassa");
    // YooKassa: the notification says succeeded, the API says pending.
    expect(
      await yoo.notify(`${base}/payments/yookassa`, second.paymentId, { forgedStatus: "succeeded" }),
    ).toBe(200);
    // A poll has looked at them since: still nothing.
    await pollOnceMore();
    expect(await orderStatus(orderId)).toBe("awaiting_payment");
    expect(await orderStatus(second.orderId)).toBe("awaiting_payment");
    expect(await credits("cryptopay", paymentId)).toBe(0);
    expect(await credits("yookassa", second.paymentId)).toBe(0);
  }, 60_000);

  it("a wrong amount goes to the balance, pays nothing, and is listed for admins", async () => {
    const who = buyer();
    const mark = telegram.calls.length;
    const { orderId, paymentId } = await checkout(who, "yookassa");
    yoo.pay(paymentId, { amount: "100.00" });
    expect(await yoo.notify(`${base}/payments/yookassa`, paymentId)).toBe(200);
    await toCustomer(who, "which is not what the order asked", mark);
    expect(await orderStatus(orderId)).toBe("awaiting_payment");
    expect(await balance(who)).toBe(10_000);
    const charge = railChargeId("yookassa", paymentId);
    expect(await redis.zscore("payinbox:unmatched", charge)).not.toBeNull();
    expect(await redis.hget(`payinbox:${charge}`, "outcome")).toBe("mismatch");
  }, 60_000);

  it("an order failing after a YooKassa payment is refunded through YooKassa", async () => {
    const who = buyer();
    const mark = telegram.calls.length;
    const { orderId, paymentId } = await checkout(who, "yookassa", "broken");
    yoo.pay(paymentId);
    expect(await yoo.notify(`${base}/payments/yookassa`, paymentId)).toBe(200);
    await toCustomer(who, "went back to you through YooKassa", mark, 40_000);
    expect(await untilStatus(orderId, "refunded", 10_000)).toBe("refunded");
    expect(yoo.refunds.filter((r) => r.paymentId === paymentId)).toMatchObject([
      { amount: { value: "150.00", currency: "RUB" }, status: "succeeded" },
    ]);
    expect(await balance(who)).toBe(0);
  }, 60_000);

  it("killed between storing a payment and crediting it: credited once after the restart", async () => {
    const who = buyer();
    const mark = telegram.calls.length;
    const { orderId, paymentId } = await checkout(who, "cryptopay");
    // The step after the store fails (the order cannot be read), and the process is killed.
    const price = await redis.hget(`order:${orderId}`, "price");
    await redis.hset(`order:${orderId}`, "price", "not-a-number");
    crypto.pay(paymentId);
    expect(await crypto.deliverWebhook(`${base}/payments/cryptopay`, paymentId)).toBe(500);
    const charge = railChargeId("cryptopay", paymentId);
    expect(await redis.hget(`payinbox:${charge}`, "status")).toBe("pending");
    proc?.child.kill("SIGKILL");
    await proc?.exited;
    await redis.hset(`order:${orderId}`, "price", price ?? "15000");
    expect(await orderStatus(orderId)).toBe("awaiting_payment");

    proc = await startServingBot(env);
    await toCustomer(who, "vless://", mark, 40_000);
    expect(await untilStatus(orderId, "active")).toBe("active");
    expect(await redis.hget(`payinbox:${charge}`, "status")).toBe("credited");
    // CryptoBot retries its webhook: acknowledged, nothing more.
    expect(await crypto.deliverWebhook(`${base}/payments/cryptopay`, paymentId)).toBe(200);
    expect(await topUps(who)).toBe(1);
  }, 90_000);
});
