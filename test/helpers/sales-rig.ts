import { Api } from "grammy";
import type { Redis } from "ioredis";
import { createI18n } from "../../src/bot/i18n.js";
import type { Catalog } from "../../src/domain/catalog/index.js";
import { ManualClock } from "../../src/runtime/clock.js";
import { createLogger } from "../../src/runtime/logger.js";
import { Notifier } from "../../src/workers/notifier.js";
import { type OrderWorker, startOrderWorker } from "../../src/workers/order-worker.js";
import { OrderQueue } from "../../src/workers/queues.js";
import type { FakeAccountApi } from "../fakes/account-api.js";
import { fail } from "../fakes/http-fake.js";
import { createTestBot, TEST_TOKEN, type TestBot } from "./bot-harness.js";
import { testRedis } from "./redis.js";

/** The shop's account on the fake: its API key, its x-ui server, and one that refuses new clients. */
export interface ShopAccount {
  key: string;
  serverId: number;
  /** Active and paid long enough (so its plan is sold), but every client creation is refused. */
  refusingServerId: number;
}

/** Starts `fake` with the shop's account (1000 on its balance), its API key and two x-ui servers. */
export async function startShopAccount(fake: FakeAccountApi): Promise<ShopAccount> {
  await fake.start();
  fake.addAccount({ login: "shop", password: "pw", balance: 1000 });
  const key = fake.addKey("shop");
  const serverId = fake.addServer("shop", { type: "xui", daysLeft: 400 }).id;
  const refusingServerId = fake.addServer("shop", { type: "xui", daysLeft: 400 }).id;
  fake.failNext(
    "POST",
    `/api/v1/servers/${refusingServerId}/clients`,
    fail(400, "inbound has no room for a client"),
    1_000_000,
  );
  return { key, serverId, refusingServerId };
}

/**
 * The catalog of a shop on one xui server, plus "broken", a plan on the server that refuses new
 * clients: it is sold (the hosting side shows nothing wrong before), its orders fail for good
 * after payment and are refunded.
 */
export function xuiShopCatalog(account: Omit<ShopAccount, "key">, extra: Partial<Catalog> = {}): Catalog {
  const plan = {
    title: { en: "Germany", ru: "Германия" },
    days: 30,
    traffic_gb: 100,
    devices: 0,
    price: 150,
  };
  return {
    currency: "XTR",
    trial: undefined,
    ...extra,
    plans: [
      { id: "de-xui", ...plan, backend: { kind: "xui", servers: [account.serverId] } },
      { id: "broken", ...plan, backend: { kind: "xui", servers: [account.refusingServerId] } },
    ],
  };
}

export interface SalesRig {
  t: TestBot;
  redis: Redis;
  queue: OrderQueue;
  clock: ManualClock;
  notifier: Notifier;
  /** Starts a real BullMQ order worker on the rig's queue. */
  startWorker(): void;
  close(): Promise<void>;
}

export interface SalesRigOptions {
  catalog: Catalog;
  accountUrl: string;
  accountApiKey: string;
  adminIds?: number[];
  /** Order attempts before an order fails (default 3). */
  attempts?: number;
  /** What enqueuing an order does (default: add it to the rig's queue). */
  enqueue?: (queue: OrderQueue, orderId: string) => Promise<void>;
  /** The fake panel and node (none: their plans cannot be sold). */
  panel?: { url: string; token: string };
  node?: { url: string; token: string; certSha256?: string };
}

/** A bot selling on the fake account, its order queue, a notifier and (once started) a real worker. */
export async function makeSalesRig(options: SalesRigOptions): Promise<SalesRig> {
  const redis = await testRedis();
  const queue = new OrderQueue(redis, { attempts: options.attempts ?? 3, backoffMs: 40 });
  const clock = new ManualClock(Date.now());
  const enqueue = options.enqueue ?? ((q, id) => q.enqueue(id));
  const adminIds = options.adminIds ?? [];
  const t = await createTestBot({
    redis,
    clock,
    catalog: options.catalog,
    accountUrl: options.accountUrl,
    accountApiKey: options.accountApiKey,
    adminIds,
    panel: options.panel,
    node: options.node,
    rateLimit: false,
    jobs: {
      enqueueOrder: (id) => enqueue(queue, id),
      enqueueTermChange: (id) => queue.enqueueTermChange(id),
    },
  });
  const workerRedis = redis.duplicate({ maxRetriesPerRequest: null });
  const notifier = new Notifier({
    api: new Api(TEST_TOKEN, { fetch: t.telegram.fetch as never }),
    i18n: createI18n("en"),
    catalog: t.deps.catalog,
    books: t.deps.books,
    sales: t.deps.sales,
    adminIds,
    defaultLocale: "en",
    logger: createLogger("silent"),
  });
  let worker: OrderWorker | undefined;
  return {
    t,
    redis,
    queue,
    clock,
    notifier,
    startWorker: () => {
      worker = startOrderWorker({
        connection: workerRedis,
        queue,
        orders: t.deps.books.orders,
        fulfilment: t.deps.settlement.fulfilment,
        afterActive: t.deps.settlement.afterActive,
        terms: t.deps.terms.terms,
        notifier,
        logger: createLogger("silent"),
        concurrency: 2,
      });
    },
    close: async () => {
      await worker?.close();
      await queue.close();
      await workerRedis.quit();
      await t.close();
      await redis.quit();
    },
  };
}
