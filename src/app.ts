import type { Server } from "node:http";
import { type Api, webhookCallback } from "grammy";
import type { Redis } from "ioredis";
import { AppLife, DRAIN_BUDGET_MS } from "./app-life.js";
import { movesWiring, outboxNotices, ticketDeskOf } from "./app-notices.js";
import { ChatLock } from "./bot/chat-lock.js";
import { registerCommands } from "./bot/commands.js";
import { createBot } from "./bot/create-bot.js";
import { allTranslations, createI18n } from "./bot/i18n.js";
import { type Config, cabinetUrl } from "./config.js";
import { catalogProblemOf, secretsOf } from "./config-checks.js";

export { DRAIN_BUDGET_MS } from "./app-life.js";

import { type Catalog, CatalogError, CatalogStore, loadCatalog } from "./domain/catalog/index.js";
import { AccountKeyStore } from "./domain/fleet/index.js";
import { createShopServices, type ShopRooms, type ShopServicesDeps } from "./domain/index.js";
import { createHostingClients, type HostingClients } from "./hosting/index.js";
import { Metrics } from "./http/metrics.js";
import { type PaymentsHandler, railNotifications } from "./http/payments.js";
import { closeServer, createHttpServer, createOperatorsServer, listen } from "./http/server.js";
import type { Rail } from "./rails/index.js";
import { setShopTimeZone } from "./render/format.js";
import { systemClock } from "./runtime/clock.js";
import { createLogger, type Logger } from "./runtime/logger.js";
import { archiveDir } from "./runtime/paths.js";
import { startLeasedPolling } from "./runtime/poller-lease.js";
import {
  closeRedis,
  connectRedis,
  createBotRedis,
  createWorkerRedis,
  describeTarget,
  type RedisTarget,
} from "./runtime/redis.js";
import { telegramFetch } from "./runtime/telegram-transport.js";
import { ArchiveFiles } from "./store/archive-files.js";
import { RateBudgets } from "./store/rate-budget.js";
import { SecretBox } from "./store/secret-box.js";
import { createWebapp, type WebappHandler } from "./webapp/index.js";
import { setCabinetMenuButton } from "./webapp/menu-button.js";
import { BROADCAST_QUEUE, BroadcastQueue } from "./workers/broadcast.js";
import { BulkMoveQueue, MOVES_QUEUE } from "./workers/bulk-move.js";
import { DailyReportQueue } from "./workers/daily-report.js";
import { DriftRunQueue } from "./workers/drift-sync.js";
import { startWorkers } from "./workers/index.js";
import { MAINTENANCE_QUEUE } from "./workers/maintenance.js";
import { OUTBOX_QUEUE, Outbox } from "./workers/outbox.js";
import { ORDERS_QUEUE, OrderQueue, QUEUE_PREFIX } from "./workers/queues.js";
import { SendBudget, underBudget } from "./workers/send-budget.js";

/** Update kinds the bot asks Telegram for. */
export const ALLOWED_UPDATES = ["message", "callback_query", "pre_checkout_query", "my_chat_member"] as const;

export interface App {
  logger: Logger;
  catalog: Catalog;
  /** The one shutdown path: stop taking updates, finish what runs, close connections. Idempotent. */
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Log destination (tests capture it). */
  logDestination?: NodeJS.WritableStream;
  /** The app cannot go on (Telegram refused the token): the caller stops it and exits non-zero. */
  onFatal?: () => void;
}

/** Composition root: config -> logger -> catalog -> redis -> bot -> http server -> delivery. */
export async function startApp(config: Config, options: StartOptions = {}): Promise<App> {
  const logger = createLogger(config.logLevel, options.logDestination, { secrets: secretsOf(config) });
  setShopTimeZone(config.shopTimeZone);
  const catalog = await loadCatalog(config.catalogFile);
  const rails = (config.rails ?? []).map((rail) => rail.build());
  const problem = catalogProblemOf(config, rails)(catalog);
  if (problem) throw new CatalogError(problem);

  const life = new AppLife(logger);
  try {
    const core = await startCore(config, catalog, rails, logger, life);
    if (config.role !== "bot") await startAppWorkers(config, core, life);
    const healthy = async () => life.running && (await core.redis.ping()) === "PONG";
    const server =
      config.role !== "worker" ? await startBot(config, core, life, healthy, options) : undefined;
    const takesUpdates = config.delivery.mode === "webhook" && config.role !== "worker";
    const drainMs = takesUpdates ? DRAIN_BUDGET_MS : undefined;
    const payments = paymentsOf(config, core, logger);
    await startHttp(life, server ?? createHttpServer({ logger, healthy, payments }), config.http, drainMs);
    // /metrics (revenue counters among them) only here, never on the public server; every role.
    await startHttp(life, createOperatorsServer({ metrics: core.metrics, logger, healthy }), config.metrics);
    life.running = true;
  } catch (err) {
    await life.stop();
    throw err;
  }

  return { logger, catalog, stop: life.stop };
}

/** What the bot and the workers share: connections, clients, the shop's rooms and the queues. */
interface AppCore {
  redis: Redis;
  metrics: Metrics;
  box: SecretBox;
  accountKey: AccountKeyStore;
  hosting: HostingClients;
  catalogStore: CatalogStore;
  orderQueue: OrderQueue;
  rooms: ShopRooms;
  i18n: ReturnType<typeof createI18n>;
  outbox: Outbox;
  broadcasts: BroadcastQueue;
}

async function startCore(
  config: Config,
  catalog: Catalog,
  rails: readonly Rail[],
  logger: Logger,
  life: AppLife,
): Promise<AppCore> {
  const { closers } = life;
  const metrics = new Metrics({ processMetrics: true });
  const redis: Redis = createBotRedis(redisTargetOf(config), logger);
  closers.push(() => closeRedis(redis));
  await connectRedis(redis).catch((err: unknown) => {
    const why = err instanceof Error ? err.message : String(err);
    throw new Error(`cannot connect to Redis at ${describeTarget(redisTargetOf(config))}: ${why}`);
  });
  closers.push(watchForMetrics(metrics, redis));

  const box = new SecretBox(config.secretKey);
  const accountKey = new AccountKeyStore(redis, box, config.account.apiKey);
  const hosting = createHostingClients(config, () => accountKey.get(), metrics.observeHostingCall);
  closers.push(() => hosting.close());

  const catalogStore = await followCatalog(config, catalog, rails, redis, life);
  const orderQueue = new OrderQueue(redis);
  const driftRuns = new DriftRunQueue(redis);
  const reportRuns = new DailyReportQueue(redis);
  closers.push(
    () => orderQueue.close(),
    () => driftRuns.close(),
    () => reportRuns.close(),
  );
  const i18n = createI18n(config.defaultLocale);
  const outbox = new Outbox(redis);
  const broadcasts = new BroadcastQueue(redis, config.defaultLocale);
  const moveRuns = new BulkMoveQueue(redis);
  closers.push(...[outbox, broadcasts, moveRuns].map((queue) => () => queue.close()));
  const rooms = createShopServices({
    redis,
    clock: systemClock,
    catalog: catalogStore.get,
    ...{ hosting, logger, accountKey },
    ...{ nodeSubUrl: config.node?.subUrl, nodeEditDoubtMs: config.nodeEditDoubtSeconds * 1000 },
    jobs: jobsOn(orderQueue),
    archive: { files: new ArchiveFiles(archiveDir(config)), afterDays: config.archiveAfterDays },
    ...{ driftRuns, reportRuns },
    rails,
    ownerIds: config.adminIds,
    customerMessenger: outbox,
    ...outboxNotices(config, rails, { outbox, i18n, customers: () => rooms.books.customers }, () => rooms),
    ticketDesk: ticketDeskOf(config, { outbox, i18n, rooms: () => rooms }),
    moves: movesWiring(config, moveRuns, { outbox, i18n, catalog: catalogStore.get }, () => rooms),
  });
  const queues = { orderQueue, outbox, broadcasts };
  return { redis, metrics, box, accountKey, hosting, catalogStore, rooms, i18n, ...queues };
}

/** The catalog as sold, checked against the settings and followed across processes (reloads). */
async function followCatalog(
  config: Config,
  catalog: Catalog,
  rails: readonly Rail[],
  redis: Redis,
  life: AppLife,
): Promise<CatalogStore> {
  const catalogStore = new CatalogStore(catalog, config.catalogFile, redis, life.logger, {
    check: catalogProblemOf(config, rails),
    // A plan on a backend without settings would be paid for, fail and be refunded: off sale.
    backends: { panel: config.panel !== undefined, node: config.node !== undefined },
  });
  catalogStore.warnOffSale();
  await catalogStore.follow();
  life.closers.push(async () => catalogStore.stop());
  return catalogStore;
}

/** Makes /metrics read every queue of the shop, Redis's state and the shop's totals when scraped. */
function watchForMetrics(metrics: Metrics, redis: Redis): () => Promise<void> {
  const queues = [ORDERS_QUEUE, OUTBOX_QUEUE, BROADCAST_QUEUE, MAINTENANCE_QUEUE, MOVES_QUEUE];
  const watched = metrics.watch({ redis, queues, prefix: QUEUE_PREFIX });
  return () => watched.close();
}

/** The background workers on their own Redis connection; closing them lets running jobs finish. */
async function startAppWorkers(config: Config, core: AppCore, life: AppLife): Promise<void> {
  const workerRedis = createWorkerRedis(redisTargetOf(config), life.logger);
  life.closers.push(() => closeRedis(workerRedis));
  const { redis, i18n, rooms, hosting, orderQueue, outbox, broadcasts, metrics } = core;
  const workers = await startWorkers({
    config,
    redis,
    workerRedis,
    i18n,
    ...rooms,
    hosting,
    orderQueue,
    outbox,
    broadcasts,
    metrics,
    logger: life.logger,
  });
  life.drains.push(() => workers.close());
}

/** The bot and its delivery (a webhook or long polling), and its HTTP server with the cabinet. */
async function startBot(
  config: Config,
  core: AppCore,
  life: AppLife,
  healthy: () => Promise<boolean>,
  options: StartOptions,
): Promise<Server | undefined> {
  const { logger } = life;
  const { redis, metrics, box, rooms, catalogStore, broadcasts, i18n, outbox } = core;
  const bot = createBot({
    token: config.botToken,
    redis,
    box,
    deps: {
      config,
      logger,
      metrics,
      clock: systemClock,
      ...rooms,
      catalogFile: catalogStore,
      broadcasts,
      outbox,
    },
    client: { apiRoot: config.botApiRoot, fetch: telegramFetch },
    chatLock: chatLockFor(config, redis, life),
  });
  // The replies count into Telegram's overall limit, which the outbox (broadcasts) yields to; a
  // 429 holds every send of the process (and the outboxes) until its retry_after has run out.
  const limit = config.throughput?.telegramSendLimit;
  underBudget(new SendBudget(redis, limit), { heard: [bot.api], counted: [bot.api] }, metrics.observeFlood);
  await bot.init();
  // Every language once, from bundles that are dropped afterwards (see allTranslations).
  await registerCommands(
    bot.api,
    allTranslations(config.defaultLocale),
    config.defaultLocale,
    config.adminIds,
  );
  // The customer cabinet (Mini App): the menu button opening it, its page and API on the HTTP server.
  await setCabinetMenuButton(bot.api, config, i18n, logger);
  const webapp = cabinetOf(config, core, bot, logger);

  if (config.delivery.mode === "webhook")
    return deliverByWebhook(bot, config.delivery, life, healthy, webapp, paymentsOf(config, core, logger));
  // One poller per bot across processes: the others wait for the lease (see poller-lease.ts).
  const poller = await startLeasedPolling(bot, {
    redis,
    leaseMs: config.pollingLeaseMs,
    beforePolling: async () => {
      await bot.api.deleteWebhook();
    },
    allowedUpdates: ALLOWED_UPDATES,
    logger,
    onFatal: () => options.onFatal?.(),
  });
  life.polling = poller;
  life.drains.push(() => poller.stop());
  return createHttpServer({ logger, healthy, webapp, payments: paymentsOf(config, core, logger) });
}

/** The payment rails' notifications on the public server. */
function paymentsOf(config: Config, core: AppCore, logger: Logger): PaymentsHandler {
  const budgets = new RateBudgets(core.redis, "payments:rate:");
  return railNotifications(core.rooms.settlement.railPayments, logger, {
    budgets,
    trustedProxies: config.webappGuard.trustProxy,
  });
}

/**
 * Webhook replicas behind a load balancer can take updates of one chat at once: a Redis lock per
 * chat keeps its session and conversation whole. Polling has one process (the poller lease), whose
 * sequentialize is enough: no lock commands per update there.
 */
function chatLockFor(config: Config, redis: Redis, life: AppLife): ChatLock | undefined {
  if (config.delivery.mode !== "webhook") return undefined;
  const lock = new ChatLock(redis, { logger: life.logger });
  life.closers.push(() => lock.close());
  return lock;
}

type CabinetBot = { api: Api; botInfo: { username: string } };

/**
 * The cabinet on the same domain services as the chat, with the bot's Api for invoice links and
 * its @username for gift and invite links (and where a payment rail sends the payer back).
 */
function cabinetOf(config: Config, core: AppCore, bot: CabinetBot, logger: Logger): WebappHandler {
  const { books, provisioning, fleet, sales, drift, settlement } = core.rooms;
  return createWebapp({
    ...{ books, provisioning, fleet, sales, drift, settlement, logger, i18n: core.i18n, redis: core.redis },
    backoffice: core.rooms.backoffice,
    terms: core.rooms.terms,
    catalog: core.rooms.catalog,
    staff: core.rooms.staff,
    botToken: config.botToken,
    ...{ botUsername: bot.botInfo.username, cabinetUrl: cabinetUrl(config) },
    supportContact: config.supportContact,
    initDataMaxAge: config.webappInitDataMaxAge,
    guard: config.webappGuard,
    clock: systemClock,
    defaultLocale: config.defaultLocale,
    paymentProviderToken: config.paymentProviderToken,
    api: bot.api,
  });
}

async function deliverByWebhook(
  bot: ReturnType<typeof createBot>,
  delivery: Extract<Config["delivery"], { mode: "webhook" }>,
  life: AppLife,
  healthy: () => Promise<boolean>,
  webapp: WebappHandler,
  payments: PaymentsHandler,
): Promise<Server> {
  const callback = webhookCallback(bot, "http", {
    secretToken: delivery.secret,
    onTimeout: "return",
    timeoutMilliseconds: 9_000,
  });
  const handler: typeof callback = (req, res) => life.webhookUpdates.track(callback(req, res));
  const server = createHttpServer({
    logger: life.logger,
    healthy,
    webhook: { path: delivery.path, handler },
    webapp,
    payments,
  });
  await bot.api.setWebhook(delivery.url, {
    secret_token: delivery.secret,
    allowed_updates: [...ALLOWED_UPDATES],
  });
  life.logger.info({ url: delivery.url }, "webhook set");
  return server;
}

/**
 * A server listening (the public one: health, the cabinet, the webhook; or the operators': metrics,
 * health), drained at shutdown: no new webhook updates, running ones finish (their connections are
 * cut only after `drainMs`).
 */
async function startHttp(life: AppLife, server: Server, at: Config["http"], drainMs?: number): Promise<void> {
  const address = await listen(server, at.host, at.port);
  life.drains.push(async () => {
    await closeServer(server, drainMs);
    await life.webhookUpdates.drain();
  });
  life.logger.info({ host: address.address, port: address.port }, "http server listening");
}

/** Redis as configured: REDIS_URL, or the master through REDIS_SENTINELS. */
function redisTargetOf(config: Config): RedisTarget {
  return { url: config.redisUrl, sentinel: config.redisSentinel, tlsCaFile: config.redisTlsCaFile };
}

/** The domain's side of the order queue: paid orders and admins' term changes waiting for their turn. */
function jobsOn(queue: OrderQueue): ShopServicesDeps["jobs"] {
  return {
    enqueueOrder: (orderId) => queue.enqueue(orderId),
    enqueueTermChange: (changeId) => queue.enqueueTermChange(changeId),
  };
}
