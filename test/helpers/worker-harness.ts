import type { Worker } from "bullmq";
import { Api } from "grammy";
import type { Redis } from "ioredis";
import { createI18n } from "../../src/bot/i18n.js";
import type { Catalog } from "../../src/domain/catalog/index.js";
import { AccountKeyStore } from "../../src/domain/fleet/index.js";
import { createShopServices, type ShopRooms } from "../../src/domain/index.js";
import type { RailNotices } from "../../src/domain/settlement/index.js";
import { AccountApi } from "../../src/hosting/account/index.js";
import type { HostingClients } from "../../src/hosting/index.js";
import type { Rail } from "../../src/rails/index.js";
import { ManualClock } from "../../src/runtime/clock.js";
import { createLogger, type Logger } from "../../src/runtime/logger.js";
import { SecretBox } from "../../src/store/secret-box.js";
import { Outbox, type OutboxMessage, type SendOutcome, startOutboxWorker } from "../../src/workers/outbox.js";
import { FakeTelegram } from "../fakes/telegram-api.js";
import { TEST_CATALOG, TEST_SECRET_KEY } from "./bot-harness.js";
import { testRedis } from "./redis.js";
import { until } from "./wait.js";

export const WORKER_TOKEN = "900900:worker-harness-token-for-tests";
/** The shop's owner in the worker harness (ADMIN_IDS): the staff member domain tests act as. */
export const HARNESS_OWNER = 7300;

export interface WorkerHarness {
  redis: Redis;
  /** A second connection for BullMQ workers (maxRetriesPerRequest: null). */
  workerRedis: Redis;
  telegram: FakeTelegram;
  /** grammY Api wired to the in-process fake Bot API. */
  api: Api;
  clock: ManualClock;
  i18n: ReturnType<typeof createI18n>;
  logger: Logger;
  rooms: ShopRooms;
  /** What the domain queued (paid orders, admins' term changes), in order; a test may empty it. */
  enqueued: string[];
  outbox: Outbox;
  /** Starts the outbox worker (rate limits overridable for fast tests). */
  startOutbox(limits?: { perSecond?: number; perChatGapMs?: number }): Worker<OutboxMessage, SendOutcome>;
  /** Waits until the outbox has no job left waiting, active or delayed (the outbox worker must run). */
  drainOutbox(): Promise<void>;
  close(): Promise<void>;
}

export interface WorkerHarnessOptions {
  catalog?: Catalog;
  hosting?: Partial<HostingClients>;
  /** Start of the manual clock (ms). Default: now. */
  now?: number;
  /** Outside payment rails (e.g. a MemoryRail); none by default. */
  rails?: readonly Rail[];
  /** How payers hear of rail payments credited away from the chat (default: not told). */
  railNotices?: RailNotices;
}

/**
 * Everything a worker test needs on real Redis: the shop's rooms, a Telegram fake that records
 * sends (with their times), a manual clock for the domain, and the outbox.
 */
export async function createWorkerHarness(options: WorkerHarnessOptions = {}): Promise<WorkerHarness> {
  const redis = await testRedis();
  const workerRedis = redis.duplicate({ maxRetriesPerRequest: null });
  const telegram = new FakeTelegram({ token: WORKER_TOKEN });
  const api = new Api(WORKER_TOKEN, { fetch: telegram.fetch as never });
  const clock = new ManualClock(options.now ?? Date.now());
  const logger = createLogger("silent");
  const hosting: HostingClients = {
    account:
      options.hosting?.account ?? new AccountApi({ baseUrl: "http://127.0.0.1:9", apiKey: () => undefined }),
    panel: options.hosting?.panel,
    node: options.hosting?.node,
    close: async () => undefined,
  };
  const enqueued: string[] = [];
  const record = async (id: string) => void enqueued.push(id);
  const outbox = new Outbox(redis);
  const rooms = createShopServices({
    redis,
    clock,
    catalog: () => options.catalog ?? TEST_CATALOG,
    hosting,
    logger,
    accountKey: new AccountKeyStore(redis, new SecretBox(TEST_SECRET_KEY), undefined),
    jobs: { enqueueOrder: record, enqueueTermChange: record },
    rails: options.rails,
    railNotices: options.railNotices,
    ownerIds: [HARNESS_OWNER],
    customerMessenger: outbox,
  });
  const workers: Worker[] = [];
  return {
    redis,
    workerRedis,
    telegram,
    api,
    clock,
    i18n: createI18n("en"),
    logger,
    rooms,
    enqueued,
    outbox,
    startOutbox: (limits = {}) => {
      const worker = startOutboxWorker({
        connection: workerRedis,
        redis,
        api,
        customers: rooms.books.customers,
        logger,
        ...limits,
      });
      workers.push(worker);
      return worker;
    },
    drainOutbox: () =>
      until(async () => {
        const counts = await outbox.queue.getJobCounts("waiting", "active", "delayed", "prioritized");
        return Object.values(counts).every((n) => n === 0);
      }),
    close: async () => {
      for (const w of workers) await w.close();
      await outbox.close();
      await workerRedis.quit();
      await redis.quit();
    },
  };
}
