import { Api } from "grammy";
import type { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest";
import { createI18n } from "../../src/bot/i18n.js";
import type { Order } from "../../src/domain/books/index.js";
import type { Catalog } from "../../src/domain/catalog/index.js";
import { AccountKeyStore } from "../../src/domain/fleet/index.js";
import { createShopServices, type ShopRooms } from "../../src/domain/index.js";
import type { HostingClients } from "../../src/hosting/index.js";
import { ManualClock } from "../../src/runtime/clock.js";
import { createLogger } from "../../src/runtime/logger.js";
import { telegramChats } from "../../src/runtime/telegram-chats.js";
import { SecretBox } from "../../src/store/secret-box.js";
import { Notifier } from "../../src/workers/notifier.js";
import { type OrderWorker, type OrderWorkerDeps, startOrderWorker } from "../../src/workers/order-worker.js";
import { OrderQueue } from "../../src/workers/queues.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import { FakeNodeApi } from "../fakes/node-api.js";
import { FakePanelApi } from "../fakes/panel-api.js";
import { FakeTelegram } from "../fakes/telegram-api.js";
import { hostingClientsFor } from "./fake-hosting.js";
import { testRedis } from "./redis.js";
import { untilValue } from "./wait.js";

export const ORDERS_TOKEN = "777:integration-token-for-orders-test";
export const ORDERS_ADMIN = 42;

/**
 * Real BullMQ order workers against the three hosting fakes over HTTP, a fake Telegram and a
 * real Redis, with the catalog of xui (`de-xui`), panel (`multi`, two locations) and node plans.
 * Registers its own hooks; call once at the top of a test file. `extend` changes the catalog (say,
 * plans that sell traffic packs), given the harness's own.
 */
export function ordersHarness(extend: (base: Catalog) => Catalog = (base) => base) {
  const accountFake = new FakeAccountApi();
  const panelFake = new FakePanelApi({ token: "panel-token", nodes: [{ id: "2" }] });
  const nodeFake = new FakeNodeApi({ domain: "node.test" });
  const telegram = new FakeTelegram({ token: ORDERS_TOKEN });
  const clock = new ManualClock(Date.now());
  const h = {
    accountFake,
    panelFake,
    nodeFake,
    telegram,
    clock,
    xuiServers: [] as number[],
    redis: undefined as unknown as Redis,
    workerRedis: undefined as unknown as Redis,
    hosting: undefined as unknown as HostingClients,
    rooms: undefined as unknown as ShopRooms,
    queue: undefined as unknown as OrderQueue,
    worker: undefined as OrderWorker | undefined,
    /** What the shop told members of a family that ended (the outbox's messages, recorded). */
    familyEnded: [] as { customerId: number; once: string }[],
    /** How many of the next family-ended messages cannot be queued (the outbox's Redis down). */
    familyNoticeFailures: 0,
    catalog,
    startWorker,
    paidOrder,
    paidRenewal,
    orderStatus,
    untilStatus,
  };

  function catalog(): Catalog {
    return extend(baseCatalog());
  }

  function baseCatalog(): Catalog {
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
          backend: { kind: "xui", servers: h.xuiServers },
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

  function startWorker(options: Partial<OrderWorkerDeps> = {}): OrderWorker {
    const notifier = new Notifier({
      api: new Api(ORDERS_TOKEN, { fetch: telegram.fetch as never }),
      i18n: createI18n("en"),
      ...h.rooms,
      adminIds: [ORDERS_ADMIN],
      defaultLocale: "en",
      logger: createLogger("silent"),
    });
    h.worker = startOrderWorker({
      connection: h.workerRedis,
      queue: h.queue,
      orders: h.rooms.books.orders,
      fulfilment: h.rooms.settlement.fulfilment,
      afterActive: h.rooms.settlement.afterActive,
      terms: h.rooms.terms.terms,
      notifier,
      logger: createLogger("silent"),
      concurrency: 2,
      ...options,
    });
    return h.worker;
  }

  let nextCustomer = 500;

  /** A customer with enough money who has bought `planId` and paid from the wallet. */
  async function paidOrder(planId: string, kind: "purchase" | "trial" = "purchase") {
    const customerId = nextCustomer++;
    await h.rooms.books.customers.seen({ id: customerId, firstName: "C", locale: "en" });
    await h.rooms.books.wallet.credit(customerId, 1000, `seed:${customerId}`, { kind: "admin-credit" });
    const started =
      kind === "trial"
        ? await h.rooms.sales.shop.startTrial(customerId, "en")
        : await h.rooms.sales.shop.startPurchase(customerId, planId, "en");
    if (!started.ok) throw new Error(started.reason);
    if (kind === "purchase")
      expect((await h.rooms.sales.cashier.payFromBalance(customerId, started.order.id)).status).toBe("paid");
    return { customerId, orderId: started.order.id };
  }

  /** A renewal of `subscriptionId`, started and paid from the wallet (not queued). */
  async function paidRenewal(customerId: number, subscriptionId: string): Promise<string> {
    const renewal = await h.rooms.sales.shop.startRenewal(customerId, subscriptionId, "en");
    if (!renewal.ok) throw new Error(renewal.reason);
    expect((await h.rooms.sales.cashier.payFromBalance(customerId, renewal.order.id)).status).toBe("paid");
    return renewal.order.id;
  }

  function orderStatus(id: string) {
    return h.rooms.books.orders.get(id).then((o) => o?.status);
  }

  /** Waits until order `id` has `status`. */
  function untilStatus(id: string, status: Order["status"], timeoutMs?: number) {
    return untilValue(
      () => orderStatus(id),
      (s) => s === status,
      timeoutMs,
    );
  }

  beforeAll(async () => {
    await Promise.all([accountFake.start(), panelFake.start(), nodeFake.start()]);
    accountFake.addAccount({ login: "shop", password: "pw", balance: 1000 });
    const key = accountFake.addKey("shop");
    // Paid well beyond a few chained renewals: an xui renewal must end before the server does.
    h.xuiServers = [accountFake.addServer("shop", { type: "xui", daysLeft: 400 }).id];
    h.redis = await testRedis();
    h.workerRedis = h.redis.duplicate({ maxRetriesPerRequest: null });
    h.hosting = {
      ...hostingClientsFor({ account: accountFake, accountKey: key, panel: panelFake, node: nodeFake }),
      close: async () => undefined,
    };
    h.queue = new OrderQueue(h.redis, { attempts: 3, backoffMs: 40 });
    h.rooms = createShopServices({
      redis: h.redis,
      clock,
      catalog,
      hosting: h.hosting,
      logger: createLogger("silent"),
      accountKey: new AccountKeyStore(h.redis, new SecretBox(Buffer.alloc(32, 9)), key),
      nodeSubUrl: "https://sub.node.test:2096",
      // The channel gate asks the fake Bot API (inert while no channel is required).
      chats: telegramChats(new Api(ORDERS_TOKEN, { fetch: telegram.fetch as never }), telegram.botInfo.id),
      // The shop queues what it moves to paid; these tests queue each order themselves, at the
      // point they choose (after setting up a fault, or never, for the sweep), so this is a no-op.
      jobs: { enqueueOrder: async () => undefined, enqueueTermChange: async () => undefined },
      // The shop's owner (ADMIN_IDS): what a staff member does in these tests, they do.
      ownerIds: [ORDERS_ADMIN],
      familyNotices: {
        familyEnded: async (n) => {
          if (h.familyNoticeFailures > 0 && h.familyNoticeFailures--) throw new Error("the outbox is down");
          h.familyEnded.push(n);
        },
      },
    });
  });

  afterEach(async () => {
    await h.worker?.close();
    h.worker = undefined;
  });

  afterAll(async () => {
    await h.queue.close();
    await h.hosting.node?.close();
    await Promise.all([accountFake.stop(), panelFake.stop(), nodeFake.stop()]);
    await h.workerRedis.quit();
    await h.redis.quit();
  });

  beforeEach(() => {
    telegram.clear();
    clock.set(Date.now());
  });

  return h;
}
