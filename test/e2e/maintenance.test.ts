import { sign } from "@telegram-apps/init-data-node";
import type { Update, User } from "grammy/types";
import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCatalog } from "../../src/domain/catalog/index.js";
import type { ShopRooms } from "../../src/domain/index.js";
import type { HostingClients } from "../../src/hosting/index.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import { FakeTelegram, type TelegramCall, user } from "../fakes/telegram-api.js";
import { botEnv, germanyCatalog, germanyShop } from "../helpers/bot-env.js";
import { type RunningProcess, startServingBot } from "../helpers/process.js";
import { testRedis } from "../helpers/redis.js";
import { freePort } from "../helpers/redis-global-setup.js";
import { shopOnRedis } from "../helpers/shop-on-redis.js";
import { findButton, inlineKeyboard } from "../helpers/telegram-views.js";
import { untilValue } from "../helpers/wait.js";

/**
 * Issue 26 end to end: the built process (bot and workers, long polling) against the fake Bot
 * API and the fake Account API. An admin closes the shop in the chat (message, one hour); a
 * customer's /buy gets the notice and the cabinet's API answers 503 maintenance; a customer whose
 * invoice was out before pays during maintenance: pre-checkout is answered yes, the payment is
 * credited and the order queued, and the worker delivers the access.
 */

const TOKEN = "474747:E2E-maintenance-token-for-the-fake";
const SECRET_KEY = Buffer.alloc(32, 5);
const ADMIN = user(1, { first_name: "Boss", language_code: "en" });
const telegram = new FakeTelegram({ token: TOKEN });
const hosting = new FakeAccountApi();
let redis: Redis;
let rooms: ShopRooms;
let clients: HostingClients;
let proc: RunningProcess | undefined;
let httpPort = 0;

beforeAll(async () => {
  await telegram.start();
  await hosting.start();
  const { key, serverId, catalogFile } = germanyShop(hosting, "bot-e2e-maintenance-");
  const catalog = parseCatalog(germanyCatalog(serverId));
  redis = await testRedis();
  httpPort = await freePort();
  const env = botEnv(
    { telegram, redis, catalogFile },
    {
      SECRET_KEY: SECRET_KEY.toString("base64"),
      ACCOUNT_API_URL: hosting.url,
      ACCOUNT_API_KEY: key,
      HTTP_PORT: String(httpPort),
    },
  );
  // The shop's own services on the process's Redis: an order offered before the shop closed.
  ({ rooms, clients } = shopOnRedis(redis, {
    accountUrl: hosting.url,
    accountApiKey: key,
    secretKey: SECRET_KEY,
    catalog,
  }));
  proc = await startServingBot(env);
  await telegram.waitFor("getUpdates", 15_000);
}, 60_000);

afterAll(async () => {
  if (proc && proc.child.exitCode === null) {
    proc.child.kill("SIGTERM");
    await proc.exited;
  }
  await clients.close();
  await Promise.all([telegram.stop(), hosting.stop(), redis.quit()]);
});

/** Pushes `update` and waits for the first call to `chat` after it that `match` accepts. */
async function answerTo(
  update: Update,
  chat: number,
  match: (c: TelegramCall) => boolean,
): Promise<TelegramCall> {
  const mark = telegram.calls.length;
  telegram.pushUpdate(update);
  return telegram.waitFor((c) => c.chatId === chat && match(c), 15_000, mark);
}

const shown = (c: TelegramCall) => c.method === "sendMessage" || c.method === "editMessageText";
const saying = (text: string) => (c: TelegramCall) => shown(c) && String(c.params.text).includes(text);
const press = (who: User, on: TelegramCall, label: string) =>
  telegram.callback(
    who,
    findButton(
      inlineKeyboard(on.params.reply_markup).map((b) => ({ text: b.text, data: b.callback_data ?? "" })),
      label,
    ),
  );

describe("maintenance mode in the real process", () => {
  it("an admin closes the shop in the chat; customers and the cabinet get the notice; a payment is delivered", async () => {
    const buyer = user(9_601, { first_name: "Pia", language_code: "en" });
    await rooms.books.customers.seen({ id: buyer.id, firstName: "Pia", locale: "en" });
    const started = await rooms.sales.shop.startPurchase(buyer.id, "de", "en");
    if (!started.ok) throw new Error(started.reason);
    const due = await rooms.sales.cashier.invoiceAmount(started.order);

    // The admin: /admin → Maintenance → Close → the message → 1 h.
    const menu = await answerTo(telegram.command(ADMIN, "/admin"), ADMIN.id, shown);
    const screen = await answerTo(
      press(ADMIN, menu, "🛠 Maintenance"),
      ADMIN.id,
      saying("<b>Maintenance</b>"),
    );
    const ask = await answerTo(
      press(ADMIN, screen, "🛠 Close the shop for maintenance"),
      ADMIN.id,
      saying("Send the message customers will read"),
    );
    expect(ask).toBeDefined();
    const length = await answerTo(
      telegram.textMessage(ADMIN, "Back at noon"),
      ADMIN.id,
      saying("For how long?"),
    );
    await answerTo(press(ADMIN, length, "1 h"), ADMIN.id, saying("The shop is closed to customers."));

    // A customer's /buy: the notice.
    const shopper = user(9_602, { first_name: "Sam", language_code: "en" });
    const notice = await answerTo(telegram.command(shopper, "/buy"), shopper.id, shown);
    expect(String(notice.params.text)).toContain("🛠 The shop is closed for maintenance.");
    expect(String(notice.params.text)).toContain("Back at noon");

    // The cabinet: 503 maintenance where it would sell.
    const initData = sign(
      { user: { id: shopper.id, first_name: "Sam", language_code: "en" } },
      TOKEN,
      new Date(),
    );
    const plans = await fetch(`http://127.0.0.1:${httpPort}/app/api/plans`, {
      headers: { authorization: `tma ${initData}` },
    });
    expect(plans.status).toBe(503);
    expect(await plans.json()).toMatchObject({ ok: false, error: "maintenance", message: "Back at noon" });

    // The invoice that was out: paid now, credited, delivered.
    const payload = `o:${started.order.id}`;
    const mark = telegram.calls.length;
    telegram.pushUpdate(telegram.preCheckout(buyer, payload, due, "XTR"));
    const answer = await telegram.waitFor("answerPreCheckoutQuery", 10_000, mark);
    expect(answer.params.ok).toBe(true);
    telegram.pushUpdate(telegram.successfulPayment(buyer, payload, due, "XTR", "e2e-maint-charge"));
    const delivery = await telegram.waitFor(
      (c) =>
        c.method === "sendMessage" && c.chatId === buyer.id && String(c.params.text).includes("vless://"),
      20_000,
      mark,
    );
    expect(delivery).toBeDefined();
    expect(
      await untilValue(
        () => redis.hget(`order:${started.order.id}`, "status"),
        (s) => s === "active",
      ),
    ).toBe("active");
    expect(await rooms.catalog.maintenance.closed()).toMatchObject({
      kind: "manual",
      message: "Back at noon",
    });
  }, 60_000);
});
