import { Api, GrammyError } from "grammy";
import type { User } from "grammy/types";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createI18n } from "../../src/bot/i18n.js";
import type { Catalog } from "../../src/domain/catalog/index.js";
import { StarsRefundRefused } from "../../src/domain/settlement/index.js";
import { DAY, ManualClock } from "../../src/runtime/clock.js";
import { createLogger } from "../../src/runtime/logger.js";
import { Notifier } from "../../src/workers/notifier.js";
import { startOrderWorker } from "../../src/workers/order-worker.js";
import { OrderQueue } from "../../src/workers/queues.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import { FakeNodeApi } from "../fakes/node-api.js";
import { FakePanelApi } from "../fakes/panel-api.js";
import { callback, preCheckout, successfulPayment, user } from "../fakes/telegram-api.js";
import { createTestBot, newUsers, TEST_TOKEN, type TestBot } from "../helpers/bot-harness.js";
import { telegramViews } from "../helpers/telegram-views.js";
import { untilValue } from "../helpers/wait.js";

// Issue 24, item 1: the shop sells only what the hosting side can deliver at that moment.

const NOW = Date.UTC(2026, 0, 1, 12, 0);
const clock = new ManualClock(NOW);
const account = new FakeAccountApi();
const panel = new FakePanelApi({ token: "panel-token", nodes: [{ id: "2" }] });
const node = new FakeNodeApi({ domain: "node.test" });
const ADMIN = user(7700, { language_code: "en" });
let t: TestBot;
let home: number;
let spare: number;

function catalog(): Catalog {
  return {
    currency: "XTR",
    trial: undefined,
    plans: [
      {
        id: "de-xui",
        title: { en: "Germany, 30 days", ru: "Германия, 30 дней" },
        days: 30,
        traffic_gb: 100,
        devices: 0,
        price: 150,
        backend: { kind: "xui", servers: [home, spare] },
      },
      {
        id: "multi",
        title: { en: "2 locations", ru: "2 локации" },
        days: 30,
        traffic_gb: 0,
        devices: 3,
        price: 300,
        backend: {
          kind: "panel",
          locations: [
            { node: "main", inbound_ids: ["1"] },
            { node: "2", inbound_ids: ["4"] },
          ],
        },
      },
      {
        id: "node",
        title: { en: "Node", ru: "Нода" },
        days: 30,
        traffic_gb: 50,
        devices: 2,
        price: 120,
        backend: { kind: "node" },
      },
    ],
  };
}

beforeAll(async () => {
  await Promise.all([account.start(), panel.start(), node.start()]);
  account.now = () => clock.now();
  account.addAccount({ login: "shop", password: "pw", balance: 500 });
  const key = account.addKey("shop", "bot");
  // As in the demo: the server is paid for 40 days, so a 30-day purchase fits and its first
  // renewal (to day 60) does not.
  home = account.addServer("shop", { daysLeft: 40 }).id;
  spare = account.addServer("shop", { daysLeft: 0, status: "expired" }).id;
  t = await createTestBot({
    clock,
    // Each step changes the hosting side, then asks: every check reads it (no 10 s reuse).
    deliveryReuseMs: 0,
    adminIds: [ADMIN.id],
    accountUrl: account.url,
    accountApiKey: key,
    panel: { url: panel.url, token: panel.token },
    node: { url: node.url, token: node.token, certSha256: node.certificate?.fingerprint256 },
    catalog: catalog(),
  });
});
afterAll(async () => {
  await t.close();
  await Promise.all([account.stop(), panel.stop(), node.stop()]);
});
beforeEach(async () => {
  clock.set(NOW);
  t.telegram.clear();
  t.enqueued.length = 0;
  await t.deps.catalog.settings.setAutoExtend(false);
  await t.redis.eval(
    "for _, k in ipairs(redis.call('keys', 'sales:undeliverable-alert:*')) do redis.call('del', k) end",
    0,
  );
});

const customer = newUsers(9400);
const press = (from: User, data: string) => t.send(callback(from, data));
const { lastShown, button, lastAnswer, sendsTo } = telegramViews(() => t);

/** A customer with money who bought `planId` in the chat and whose order was fulfilled. */
async function bought(who: User, planId: string, money = 1000): Promise<string> {
  await t.deps.books.wallet.credit(who.id, money, `seed:${who.id}:${planId}`, { kind: "admin-credit" });
  await press(who, `buy:go:${planId}`);
  const pay = button(/from balance/);
  await press(who, pay);
  const orderId = pay.split(":")[2] ?? "";
  expect((await t.deps.settlement.fulfilment.fulfil(orderId)).outcome).toBe("active");
  return `s${orderId.slice(1)}`;
}

describe("xui: the renewal a server cannot hold", () => {
  it("the demo's first Renew after a purchase: not offered, nothing charged, the admins alerted with Extend server", async () => {
    const ann = customer();
    const subId = await bought(ann, "de-xui");
    const balance = await t.deps.books.wallet.balance(ann.id);
    t.telegram.clear();
    await press(ann, `my:renew:${subId}`);
    // Before: the confirmation promised a new expiry and the payment was taken, then refunded.
    expect(String(lastAnswer().text)).toContain("This renewal cannot be delivered right now");
    expect(String(lastAnswer().text)).toContain("Nothing was charged");
    expect(await t.deps.books.wallet.balance(ann.id)).toBe(balance);
    const open = (await t.deps.books.orders.ofCustomer(ann.id, 10)).filter((o) => o.kind === "renewal");
    expect(open).toEqual([]);
    const alert = sendsTo(ADMIN.id).at(-1);
    const text = String(alert?.params.text);
    expect(text).toContain("Not sold: a renewal of «Germany, 30 days»");
    expect(text).toContain(`server-${home}`);
    expect(text).toContain("Feb 10, 2026"); // paid until, in the shop's date format
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    const extend = JSON.stringify(alert?.params.reply_markup);
    expect(extend).toContain("Extend server");
    expect(extend).toContain(`a.s:extend:${home}`);
    // A second customer's refusal for the same server does not alert again.
    t.telegram.clear();
    await press(ann, `my:renew:${subId}`);
    expect(sendsTo(ADMIN.id)).toEqual([]);
  });

  it("the alert's Extend server button opens the servers' extend confirmation", async () => {
    await t.send(callback(ADMIN, `a.s:extend:${home}:`));
    expect(lastShown().text).toContain(`server-${home}`);
    expect(lastShown().buttons.some((b) => b.data.startsWith("a.s:extend-ok:"))).toBe(true);
  });

  it("with auto-extension on and money on the account, the server is extended first and the renewal sold", async () => {
    const bob = customer();
    const subId = await bought(bob, "de-xui");
    await t.deps.catalog.settings.setAutoExtend(true);
    const before = account.serverState(home).expiresAtMs;
    await press(bob, `my:renew:${subId}`);
    expect(lastShown().text).toContain("New expiry");
    expect(account.serverState(home).expiresAtMs).toBe(before + 30 * DAY);
    await press(bob, button(/from balance/));
    const renewal = t.enqueued.at(-1) ?? "";
    expect((await t.deps.settlement.fulfilment.fulfil(renewal)).outcome).toBe("active");
  });
});

describe("xui: another server of the same location", () => {
  it("a renewal its server cannot hold moves to a server paid long enough, and says the links change", async () => {
    const cy = customer();
    const subId = await bought(cy, "de-xui");
    const sub = await t.deps.books.subscriptions.get(subId);
    const old = sub?.ref.kind === "xui" ? sub.ref : undefined;
    expect(old?.serverId).toBe(home);
    account.serverState(home).expiresAtMs = NOW + 40 * DAY;
    const far = account.serverState(spare);
    far.status = "active";
    far.expiresAtMs = NOW + 200 * DAY;
    try {
      await press(cy, `my:renew:${subId}`);
      expect(lastShown().text).toContain("moves it to another server of the same location");
      await press(cy, button(/from balance/));
      const renewal = t.enqueued.at(-1) ?? "";
      const done = await t.deps.settlement.fulfilment.fulfil(renewal);
      expect(done.outcome).toBe("active");
      const moved = await t.deps.books.subscriptions.get(subId);
      expect(moved?.ref).toMatchObject({ kind: "xui", serverId: spare, name: old?.name });
      expect(moved?.links.length).toBeGreaterThan(0);
      expect(account.client(home, old?.name ?? "")).toBeUndefined();
      expect(account.client(spare, old?.name ?? "")?.expiryMs).toBeGreaterThanOrEqual(NOW + 60 * DAY);
    } finally {
      far.status = "expired";
      far.expiresAtMs = NOW;
    }
  });
});

describe("the last moment before the money is taken", () => {
  it("pre-checkout refuses an invoice whose server stopped covering the term since it was offered", async () => {
    const dee = customer();
    const subId = await bought(dee, "de-xui", 150);
    const server = account.serverState(home);
    const paid = server.expiresAtMs;
    server.expiresAtMs = NOW + 100 * DAY;
    try {
      await press(dee, `my:renew:${subId}`);
      await press(dee, button(/by invoice/));
      const invoice = t.telegram.last("sendInvoice")?.params;
      // The hosting side changed between the offer and the payment.
      server.expiresAtMs = NOW + 40 * DAY;
      t.telegram.clear();
      await t.send(
        preCheckout(
          dee,
          String(invoice?.payload),
          Number((invoice?.prices as { amount: number }[] | undefined)?.[0]?.amount ?? 0),
          "XTR",
        ),
      );
      const answer = t.telegram.last("answerPreCheckoutQuery")?.params;
      expect(answer).toMatchObject({ ok: false });
      expect(String(answer?.error_message)).toContain("cannot be delivered right now");
    } finally {
      server.expiresAtMs = paid;
    }
  });
});

describe("panel and node", () => {
  it("a panel plan one of whose locations is offline is not sold", async () => {
    const eve = customer();
    await t.deps.books.wallet.credit(eve.id, 300, `seed:${eve.id}`, { kind: "admin-credit" });
    panel.setUnreachable("2", true);
    try {
      await press(eve, "buy:go:multi");
      expect(String(lastAnswer().text)).toContain("one of its locations is not reachable");
      expect(String(sendsTo(ADMIN.id).at(-1)?.params.text)).toContain("panel location 2");
      expect(await t.deps.books.orders.ofCustomer(eve.id, 5)).toEqual([]);
    } finally {
      panel.setUnreachable("2", false);
    }
    await press(eve, "buy:go:multi");
    expect(lastShown().text).toContain("2 locations");
  });

  it("a node renewal whose client is gone from the node is not sold", async () => {
    const fay = customer();
    const subId = await bought(fay, "node");
    const sub = await t.deps.books.subscriptions.get(subId);
    await t.hosting.node?.deleteClient(sub?.ref.name ?? "");
    await press(fay, `my:renew:${subId}`);
    expect(String(lastAnswer().text)).toContain("no longer on the server");
    expect((await t.deps.books.orders.ofCustomer(fay.id, 5)).filter((o) => o.kind === "renewal")).toEqual([]);
  });
});

describe("a paid order that fails anyway (the hosting side changed after the payment)", () => {
  it("goes back to Telegram Stars by itself, says so, and alerts the admins in words with Extend server", async () => {
    const gus = customer();
    const subId = await bought(gus, "de-xui", 150);
    const server = account.serverState(home);
    server.expiresAtMs = NOW + 100 * DAY;
    await press(gus, `my:renew:${subId}`);
    await press(gus, button(/by invoice/));
    const invoice = t.telegram.last("sendInvoice")?.params;
    const payload = String(invoice?.payload);
    const orderId = payload.slice(2);
    const due = Number((invoice?.prices as { amount: number }[] | undefined)?.[0]?.amount ?? 0);
    await t.send(preCheckout(gus, payload, due, "XTR"));
    expect(t.telegram.last("answerPreCheckoutQuery")?.params).toMatchObject({ ok: true });
    await t.send(successfulPayment(gus, payload, due, "XTR", `charge-${gus.id}`));
    expect((await t.deps.books.orders.get(orderId))?.status).toBe("paid");
    server.expiresAtMs = NOW + 40 * DAY; // the server lost its paid time after the payment
    t.telegram.clear();

    const api = new Api(TEST_TOKEN, { fetch: t.telegram.fetch as never });
    const logger = createLogger("silent");
    const notifier = new Notifier({
      ...{ api, i18n: createI18n("en"), catalog: t.deps.catalog, books: t.deps.books, sales: t.deps.sales },
      ...{ adminIds: [ADMIN.id], defaultLocale: "en" as const, logger },
    });
    const workerRedis = t.redis.duplicate({ maxRetriesPerRequest: null });
    const queue = new OrderQueue(t.redis, { attempts: 1, backoffMs: 10 });
    const worker = startOrderWorker({
      ...{ connection: workerRedis, queue, orders: t.deps.books.orders, notifier, logger },
      ...{ fulfilment: t.deps.settlement.fulfilment, afterActive: t.deps.settlement.afterActive },
      terms: t.deps.terms.terms,
      starsRefunds: t.deps.settlement.starsRefunds,
      refundStars: async (userId, chargeId) => {
        try {
          await api.refundStarPayment(userId, chargeId);
        } catch (err) {
          if (err instanceof GrammyError && err.error_code < 500)
            throw new StarsRefundRefused(err.description);
          throw err;
        }
      },
    });
    try {
      await queue.enqueue(orderId);
      await untilValue(
        async () => (await t.deps.books.orders.get(orderId))?.status,
        (s) => s === "refunded",
      );
      await untilValue(
        async () => sendsTo(ADMIN.id).length,
        (n) => n > 0,
      );
    } finally {
      await worker.close();
      await queue.close();
      await workerRedis.quit();
      server.expiresAtMs = NOW + 400 * DAY;
    }
    expect(t.telegram.callsOf("refundStarPayment")[0]?.params).toMatchObject({
      user_id: gus.id,
      telegram_payment_charge_id: `charge-${gus.id}`,
    });
    expect(await t.deps.books.wallet.balance(gus.id)).toBe(0);
    const told = sendsTo(gus.id).map((c) => String(c.params.text));
    expect(told.some((x) => x.includes("150 ⭐ went back to your Telegram Stars"))).toBe(true);
    const alert = sendsTo(ADMIN.id).at(-1);
    const text = String(alert?.params.text);
    expect(text).toContain(`server server-${home} (#${home}) is paid only until Feb 10, 2026`);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    expect(text).toContain("sent back to the customer's Telegram Stars");
    expect(JSON.stringify(alert?.params.reply_markup)).toContain(`a.s:extend:${home}`);
  });
});
