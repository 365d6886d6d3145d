import { Api } from "grammy";
import type { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createI18n } from "../../src/bot/i18n.js";
import { html } from "../../src/bot/views/format.js";
import type { Catalog } from "../../src/domain/catalog.js";
import { DAY, ManualClock } from "../../src/domain/clock.js";
import type { Order } from "../../src/domain/orders.js";
import { createShopServices, type ShopServices } from "../../src/domain/services.js";
import type { HostingClients } from "../../src/hosting/index.js";
import { createLogger } from "../../src/logger.js";
import { Notifier } from "../../src/workers/notifier.js";
import { type OrderWorker, startOrderWorker } from "../../src/workers/order-worker.js";
import { OrderQueue } from "../../src/workers/queues.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import { fail } from "../fakes/http-fake.js";
import { FakeNodeApi } from "../fakes/node-api.js";
import { FakePanelApi } from "../fakes/panel-api.js";
import { FakeTelegram } from "../fakes/telegram-api.js";
import { hostingClientsFor } from "../helpers/fake-hosting.js";
import { testRedis } from "../helpers/redis.js";
import { sleep, untilValue } from "../helpers/wait.js";

const TOKEN = "777:integration-token-for-orders-test";
const ADMIN = 42;

const accountFake = new FakeAccountApi();
const panelFake = new FakePanelApi({ token: "panel-token", nodes: [{ id: "2" }] });
const nodeFake = new FakeNodeApi({ domain: "node.test" });
const telegram = new FakeTelegram({ token: TOKEN });

let redis: Redis;
let workerRedis: Redis;
let hosting: HostingClients;
let services: ShopServices;
let queue: OrderQueue;
let worker: OrderWorker | undefined;
let xuiServers: number[] = [];
const clock = new ManualClock(Date.now());

function catalog(): Catalog {
  return {
    currency: "XTR",
    trial: { days: 1, traffic_gb: 1, plan: "de-xui" },
    plans: [
      {
        id: "de-xui",
        title: { en: "Germany", ru: "Германия" },
        days: 30,
        traffic_gb: 100,
        devices: 0,
        price: 150,
        backend: { kind: "xui", servers: xuiServers },
      },
      {
        id: "multi",
        title: { en: "Two locations", ru: "Две локации" },
        days: 30,
        traffic_gb: 0,
        devices: 3,
        price: 300,
        backend: {
          kind: "panel",
          locations: [
            { node: "main", inbound_ids: ["1"] },
            { node: "2", inbound_ids: ["201"] },
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

function startWorker(): OrderWorker {
  const notifier = new Notifier({
    api: new Api(TOKEN, { fetch: telegram.fetch as never }),
    i18n: createI18n("en"),
    shop: services,
    adminIds: [ADMIN],
    defaultLocale: "en",
    logger: createLogger("silent"),
  });
  worker = startOrderWorker({
    connection: workerRedis,
    queue,
    orders: services.orders,
    fulfilment: services.fulfilment,
    notifier,
    logger: createLogger("silent"),
    concurrency: 2,
  });
  return worker;
}

beforeAll(async () => {
  await Promise.all([accountFake.start(), panelFake.start(), nodeFake.start()]);
  accountFake.addAccount({ login: "shop", password: "pw", balance: 1000 });
  const key = accountFake.addKey("shop");
  xuiServers = [accountFake.addServer("shop", { type: "xui", daysLeft: 90 }).id];
  redis = await testRedis();
  workerRedis = redis.duplicate({ maxRetriesPerRequest: null });
  hosting = {
    ...hostingClientsFor({ account: accountFake, accountKey: key, panel: panelFake, node: nodeFake }),
    close: async () => undefined,
  };
  queue = new OrderQueue(redis, { attempts: 3, backoffMs: 40 });
  services = createShopServices({
    redis,
    clock,
    catalog,
    hosting,
    logger: createLogger("silent"),
    nodeSubUrl: "https://sub.node.test:2096",
    jobs: { enqueueOrder: (id) => queue.enqueue(id) },
  });
});

afterEach(async () => {
  await worker?.close();
  worker = undefined;
});

afterAll(async () => {
  await queue.close();
  await hosting.node?.close();
  await Promise.all([accountFake.stop(), panelFake.stop(), nodeFake.stop()]);
  await workerRedis.quit();
  await redis.quit();
});

beforeEach(() => {
  telegram.clear();
  clock.set(Date.now());
});

let nextCustomer = 500;

/** A customer with enough money who has bought `planId` and paid from the wallet. */
async function paidOrder(planId: string, kind: "purchase" | "trial" = "purchase") {
  const customerId = nextCustomer++;
  await services.customers.seen({ id: customerId, firstName: "C", locale: "en" });
  await services.wallet.credit(customerId, 1000, `seed:${customerId}`, { kind: "admin-credit" });
  const started =
    kind === "trial"
      ? await services.shop.startTrial(customerId, "en")
      : await services.shop.startPurchase(customerId, planId, "en");
  if (!started.ok) throw new Error(started.reason);
  if (kind === "purchase")
    expect((await services.shop.payFromBalance(customerId, started.order.id)).status).toBe("paid");
  return { customerId, orderId: started.order.id };
}

const orderStatus = (id: string) => services.orders.get(id).then((o) => o?.status);
/** Waits until order `id` has `status`. */
const untilStatus = (id: string, status: Order["status"]) =>
  untilValue(
    () => orderStatus(id),
    (s) => s === status,
  );

describe("orders through real BullMQ workers", () => {
  it("xui: provisions one client, stores the subscription and sends links and a QR code", async () => {
    startWorker();
    const { customerId, orderId } = await paidOrder("de-xui");
    await queue.enqueue(orderId);
    await untilStatus(orderId, "active");
    const server = accountFake.serverState(xuiServers[0] ?? 0);
    const mine = server.clients.filter((c) => c.email.startsWith(`c${customerId}-`));
    expect(mine).toHaveLength(1);
    const [sub] = await services.subscriptions.ofCustomer(customerId);
    expect(sub?.ref).toMatchObject({ kind: "xui", serverId: server.id, name: mine[0]?.email });
    expect(sub?.links[0]).toMatch(/^vless:\/\//);
    expect(sub?.expiresAt).toBe(clock.now() + 30 * DAY);
    const delivery = await telegram.waitFor((c) => c.method === "sendMessage" && c.chatId === customerId);
    expect(String(delivery.params.text)).toContain("Your VPN is ready: Germany");
    expect(String(delivery.params.text)).toContain("<code>vless://");
    await telegram.waitFor((c) => c.method === "sendPhoto" && c.chatId === customerId);
    expect(await services.wallet.balance(customerId)).toBe(850);
  });

  it("panel: the same UUID on both locations and the main panel's one subscription URL", async () => {
    startWorker();
    const { customerId, orderId } = await paidOrder("multi");
    await queue.enqueue(orderId);
    await untilStatus(orderId, "active");
    const [sub] = await services.subscriptions.ofCustomer(customerId);
    const name = sub?.ref.name ?? "";
    const main = panelFake.clientAt("main", name);
    const second = panelFake.clientAt("2", name);
    expect(main?.uuid).toBeDefined();
    expect(second?.uuid).toBe(main?.uuid);
    expect(sub?.subscriptionUrl).toBe(panelFake.combinedSubUrl(main?.uuid ?? ""));
  });

  it("node: a client on the master and its /sub/{uuid} link", async () => {
    startWorker();
    const { customerId, orderId } = await paidOrder("node");
    await queue.enqueue(orderId);
    await untilStatus(orderId, "active");
    const [sub] = await services.subscriptions.ofCustomer(customerId);
    const client = nodeFake.clients.get(sub?.ref.name ?? "");
    expect(client).toBeDefined();
    expect(sub?.subscriptionUrl).toBe(`https://sub.node.test:2096/sub/${client?.uuid}`);
  });

  it("a hosting API answering 503 then recovering completes the order without duplicates", async () => {
    startWorker();
    const { customerId, orderId } = await paidOrder("node");
    nodeFake.failNext("POST", "(/api)?/create", fail(503, "temporarily unavailable"), 1);
    await queue.enqueue(orderId);
    await untilStatus(orderId, "active");
    const [sub] = await services.subscriptions.ofCustomer(customerId);
    const mine = [...nodeFake.clients.values()].filter((c) => c.name === sub?.ref.name);
    expect(mine).toHaveLength(1);
    const creates = nodeFake.seen.filter(
      (r) =>
        r.method === "POST" &&
        /\/create$/.test(r.path) &&
        (r.body as { name?: string }).name === sub?.ref.name,
    );
    expect(creates).toHaveLength(2);
    expect(telegram.callsOf("sendMessage").filter((c) => c.chatId === customerId)).toHaveLength(1);
  });

  it("a final failure refunds the wallet once and tells the customer and the admins", async () => {
    startWorker();
    const { customerId, orderId } = await paidOrder("node");
    // One refusal per attempt (the queue allows 3).
    nodeFake.failNext("POST", "(/api)?/create", fail(503, "down"), 3);
    await queue.enqueue(orderId);
    await untilStatus(orderId, "refunded");
    expect(await services.wallet.balance(customerId)).toBe(1000);
    const kinds = (await services.wallet.history(customerId, 0, 10)).entries.map((e) => e.kind);
    expect(kinds).toEqual(["refund", "purchase", "admin-credit"]);
    const told = await telegram.waitFor((c) => c.method === "sendMessage" && c.chatId === customerId);
    expect(String(told.params.text)).toContain("120 ⭐ went back to your wallet");
    const alert = await telegram.waitFor((c) => c.method === "sendMessage" && c.chatId === ADMIN);
    expect(String(alert.params.text)).toContain(`Order ${orderId} failed`);
  });

  it("a panel create failing on one location is completed by the retry without duplicates", async () => {
    startWorker();
    panelFake.setUnreachable("2", true);
    const { customerId, orderId } = await paidOrder("multi");
    await queue.enqueue(orderId);
    await untilValue(
      () => services.orders.get(orderId),
      (o) => Boolean(o?.error),
    );
    panelFake.setUnreachable("2", false);
    await untilStatus(orderId, "active");
    const [sub] = await services.subscriptions.ofCustomer(customerId);
    const name = sub?.ref.name ?? "";
    expect(panelFake.clientsAt("main").filter((c) => c.name === name)).toHaveLength(1);
    expect(panelFake.clientsAt("2").filter((c) => c.name === name)).toHaveLength(1);
    expect(panelFake.clientAt("2", name)?.uuid).toBe(panelFake.clientAt("main", name)?.uuid);
  });

  it("an order interrupted by a restart is resumed and finished exactly once", async () => {
    // The process died after the payment and the placement, before the client was made.
    const { customerId, orderId } = await paidOrder("node");
    await services.orders.transition(orderId, ["paid"], "provisioning");
    const order = await services.orders.get(orderId);
    await services.orders.fixOnce(orderId, "ref", JSON.stringify({ kind: "node", name: order?.clientName }));
    expect(await services.orders.openIds()).toContain(orderId);

    const restarted = startWorker();
    expect(await restarted.resume()).toBeGreaterThanOrEqual(1);
    await untilStatus(orderId, "active");
    expect([...nodeFake.clients.values()].filter((c) => c.name === order?.clientName)).toHaveLength(1);
    expect(await services.orders.openIds()).not.toContain(orderId);
    // Resuming again (another restart) changes nothing and sends nothing twice.
    await restarted.resume();
    await sleep(200);
    expect(telegram.callsOf("sendMessage").filter((c) => c.chatId === customerId)).toHaveLength(1);
    expect(await services.wallet.balance(customerId)).toBe(880);
  });

  it("renewal keeps the remaining time and goes to an absolute target", async () => {
    startWorker();
    const { customerId, orderId } = await paidOrder("multi");
    await queue.enqueue(orderId);
    await untilStatus(orderId, "active");
    const [sub] = await services.subscriptions.ofCustomer(customerId);
    if (!sub) throw new Error("no subscription");
    const renewal = await services.shop.startRenewal(customerId, sub.id, "en");
    if (!renewal.ok) throw new Error(renewal.reason);
    expect((await services.shop.payFromBalance(customerId, renewal.order.id)).status).toBe("paid");
    await queue.enqueue(renewal.order.id);
    await untilStatus(renewal.order.id, "active");
    const target = sub.expiresAt + 30 * DAY;
    const renewed = await services.subscriptions.get(sub.id);
    expect(Math.abs((renewed?.expiresAt ?? 0) - target)).toBeLessThan(2_000);
    const patches = panelFake.seen.filter((r) => r.method === "PATCH");
    expect(patches.length).toBeGreaterThanOrEqual(2);
    for (const p of patches.slice(-2)) {
      expect(p.body).toHaveProperty("expires_at");
      expect(p.body).not.toHaveProperty("days");
    }
    expect(Math.abs(Number(panelFake.clientAt("2", sub.ref.name)?.expiresAt) * 1000 - target)).toBeLessThan(
      2_000,
    );
  });

  it("a trial is provisioned once and a failed trial can be taken again", async () => {
    startWorker();
    const { customerId, orderId } = await paidOrder("de-xui", "trial");
    expect((await services.shop.startTrial(customerId, "en")).ok).toBe(false);
    await queue.enqueue(orderId);
    await untilStatus(orderId, "active");
    const [sub] = await services.subscriptions.ofCustomer(customerId);
    expect(sub?.trial).toBe(true);
    expect(sub?.expiresAt).toBe(clock.now() + DAY);
    expect(await services.wallet.balance(customerId)).toBe(1000);
  });

  it("an order sent back by an admin after its job finished runs again", async () => {
    startWorker();
    const { customerId, orderId } = await paidOrder("node");
    nodeFake.failNext("POST", "(/api)?/create", fail(400, "bad_request"), 1);
    await queue.enqueue(orderId);
    await untilStatus(orderId, "refunded");
    // What the admin's Retry does for an order whose refund did not complete: back to paid.
    await services.orders.update(orderId, { status: "failed" });
    expect(await services.orders.transition(orderId, ["failed"], "paid")).toBe(true);
    await queue.enqueue(orderId);
    await untilStatus(orderId, "active");
    expect((await services.subscriptions.ofCustomer(customerId)).length).toBe(1);
  });

  it("a delivery Telegram refused is sent on the retry, once, without provisioning again", async () => {
    startWorker();
    const { customerId, orderId } = await paidOrder("node");
    telegram.failNext("sendMessage", { error_code: 502, description: "Bad Gateway" });
    await queue.enqueue(orderId);
    await untilValue(
      async () => telegram.callsOf("sendMessage").filter((c) => c.chatId === customerId).length,
      (n) => n === 2,
    );
    await telegram.waitFor((c) => c.method === "sendPhoto" && c.chatId === customerId);
    await untilValue(
      () => services.orders.get(orderId),
      (o) => o?.deliveredAt !== undefined,
    );
    const [sub] = await services.subscriptions.ofCustomer(customerId);
    const creates = nodeFake.seen.filter(
      (r) =>
        r.method === "POST" &&
        /\/create$/.test(r.path) &&
        (r.body as { name?: string }).name === sub?.ref.name,
    );
    expect(creates).toHaveLength(1);
    await sleep(200);
    expect(telegram.callsOf("sendMessage").filter((c) => c.chatId === customerId)).toHaveLength(2);
  });

  it("xui: a client whose create answer was lost is made again so the customer gets links", async () => {
    startWorker();
    const { customerId, orderId } = await paidOrder("de-xui");
    const order = await services.orders.get(orderId);
    const serverId = xuiServers[0] ?? 0;
    // An earlier attempt created the client, then died before it could read the answer.
    await services.orders.fixOnce(
      orderId,
      "ref",
      JSON.stringify({ kind: "xui", serverId, name: order?.clientName }),
    );
    accountFake.addClient(serverId, { email: order?.clientName ?? "", enable: true });
    await queue.enqueue(orderId);
    await untilStatus(orderId, "active");
    const [sub] = await services.subscriptions.ofCustomer(customerId);
    expect(sub?.links[0]).toMatch(/^vless:\/\//);
    const mine = accountFake.serverState(serverId).clients.filter((c) => c.email === order?.clientName);
    expect(mine).toHaveLength(1);
    expect(sub?.links[0]).toContain(mine[0]?.uuid ?? "missing");
  });

  it("xui: a renewal keeps the links the customer has and sends them again", async () => {
    startWorker();
    const { customerId, orderId } = await paidOrder("de-xui");
    await queue.enqueue(orderId);
    await untilStatus(orderId, "active");
    const [sub] = await services.subscriptions.ofCustomer(customerId);
    if (!sub) throw new Error("no subscription");
    const renewal = await services.shop.startRenewal(customerId, sub.id, "en");
    if (!renewal.ok) throw new Error(renewal.reason);
    await services.shop.payFromBalance(customerId, renewal.order.id);
    await queue.enqueue(renewal.order.id);
    await untilStatus(renewal.order.id, "active");
    const renewed = await services.subscriptions.get(sub.id);
    expect(renewed?.links).toEqual(sub.links);
    const notice = await telegram.waitFor(
      (c) => c.method === "sendMessage" && c.chatId === customerId && String(c.params.text).startsWith("🔄"),
    );
    expect(String(notice.params.text)).toContain(html(sub.links[0] ?? "missing"));
  });
});
