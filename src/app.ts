import type { Server } from "node:http";
import { type Api, webhookCallback } from "grammy";
import type { Redis } from "ioredis";
import { ChatLock } from "./bot/chat-lock.js";
import { registerCommands } from "./bot/commands.js";
import { createBot } from "./bot/create-bot.js";
import { createI18n } from "./bot/i18n.js";
import { type Config, cabinetUrl } from "./config.js";
import { type Catalog, CatalogError, CatalogStore, loadCatalog } from "./domain/catalog/index.js";
import { AccountKeyStore } from "./domain/fleet/index.js";
import { createShopServices, type ShopRooms, type ShopServicesDeps } from "./domain/index.js";
import { telegramInvoices } from "./domain/sales/index.js";
import { createHostingClients, type HostingClients } from "./hosting/index.js";
import { Metrics } from "./http/metrics.js";
import { type PaymentsHandler, railNotifications } from "./http/payments.js";
import { closeServer, createHttpServer, createOperatorsServer, listen } from "./http/server.js";
import type { Rail } from "./rails/index.js";
import { setShopTimeZone } from "./render/format.js";
import { systemClock } from "./runtime/clock.js";
import { InFlight, within } from "./runtime/in-flight.js";
import { createLogger, type Logger } from "./runtime/logger.js";
import { startLeasedPolling } from "./runtime/poller-lease.js";
import type { Polling } from "./runtime/polling.js";
import {
  closeRedis,
  connectRedis,
  createBotRedis,
  createWorkerRedis,
  describeTarget,
  type RedisTarget,
} from "./runtime/redis.js";
import { countFloods } from "./runtime/telegram-retry.js";
import { telegramFetch } from "./runtime/telegram-transport.js";
import { SecretBox } from "./store/secret-box.js";
import { createWebapp, type WebappHandler } from "./webapp/index.js";
import { setCabinetMenuButton } from "./webapp/menu-button.js";
import { BROADCAST_QUEUE, BroadcastQueue } from "./workers/broadcast.js";
import { channelGateWiring } from "./workers/channel-gate.js";
import { OutboxAccessNotices } from "./workers/drift-notices.js";
import { DriftRunQueue } from "./workers/drift-sync.js";
import { startWorkers } from "./workers/index.js";
import { MAINTENANCE_QUEUE } from "./workers/maintenance.js";
import { OUTBOX_QUEUE, Outbox } from "./workers/outbox.js";
import { ORDERS_QUEUE, OrderQueue, QUEUE_PREFIX } from "./workers/queues.js";
import { OutboxRailNotices } from "./workers/rail-notices.js";

/** Update kinds the bot asks Telegram for. */
export const ALLOWED_UPDATES = ["message", "callback_query", "pre_checkout_query", "my_chat_member"] as const;

/**
 * How long a shutdown waits for running handlers and jobs before closing connections anyway: within
 * the 10 s a process manager gives (main exits at 9.5 s whatever happens).
 */
export const DRAIN_BUDGET_MS = 8_000;

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
    const payments = paymentsOf(core, logger);
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

/**
 * The catalog's problem for this config, if any (checked at start and on every reload): a fiat
 * currency needs a way to be paid, PAYMENT_PROVIDER_TOKEN or an outside rail that takes it.
 */
function catalogProblemOf(config: Config, rails: readonly Rail[]): (c: Catalog) => string | undefined {
  return (c) =>
    !telegramInvoices(c.currency, config.paymentProviderToken) && !rails.some((r) => r.accepts(c.currency))
      ? `${config.catalogFile}: currency ${c.currency} needs PAYMENT_PROVIDER_TOKEN or a payment rail that takes it (CRYPTOPAY_TOKEN, YOOKASSA_SHOP_ID); or use XTR for Telegram Stars`
      : undefined;
}

/** The running app's parts that stop: what to drain, what to close, and the one shutdown path. */
class AppLife {
  readonly closers: (() => Promise<unknown>)[] = [];
  /** Stop taking work and wait for what runs (handlers, jobs); all at once, before any closer. */
  readonly drains: (() => Promise<unknown>)[] = [];
  readonly webhookUpdates = new InFlight();
  polling: Polling | undefined;
  running = false;
  private stopping: Promise<void> | undefined;

  constructor(readonly logger: Logger) {}

  readonly stop = (): Promise<void> => {
    this.stopping ??= this.shutDown();
    return this.stopping;
  };

  private async shutDown(): Promise<void> {
    const { logger } = this;
    this.running = false;
    const handlers = (this.polling?.handlers() ?? 0) + this.webhookUpdates.size;
    logger.info({ handlers }, "waiting for running work");
    const work = Promise.all(
      this.drains.map((drain) =>
        drain().catch((err: unknown) => logger.warn({ err }, "error while stopping")),
      ),
    );
    if (!(await within(work, DRAIN_BUDGET_MS))) {
      logger.warn(`running work did not finish within ${DRAIN_BUDGET_MS / 1000} s; closing anyway`);
    }
    // Reverse order of start: delivery first, connections last.
    for (const close of this.closers.reverse()) {
      await close().catch((err: unknown) => logger.warn({ err }, "error while closing"));
    }
    logger.info("stopped");
  }
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
    throw new Error(
      `cannot connect to Redis at ${describeTarget(redisTargetOf(config))}: ${err instanceof Error ? err.message : String(err)}`,
    );
  });
  closers.push(watchForMetrics(metrics, redis));

  const box = new SecretBox(config.secretKey);
  const accountKey = new AccountKeyStore(redis, box, config.account.apiKey);
  const hosting = createHostingClients(config, () => accountKey.get(), metrics.observeHostingCall);
  closers.push(() => hosting.close());

  const catalogStore = new CatalogStore(catalog, config.catalogFile, redis, logger, {
    check: catalogProblemOf(config, rails),
    // A plan on a backend without settings would be paid for, fail and be refunded: off sale.
    backends: { panel: config.panel !== undefined, node: config.node !== undefined },
  });
  catalogStore.warnOffSale();
  await catalogStore.follow();
  closers.push(async () => catalogStore.stop());
  const orderQueue = new OrderQueue(redis);
  closers.push(() => orderQueue.close());
  const driftRuns = new DriftRunQueue(redis);
  closers.push(() => driftRuns.close());
  const i18n = createI18n(config.defaultLocale);
  const outbox = new Outbox(redis);
  closers.push(() => outbox.close());
  const rooms = createShopServices({
    redis,
    clock: systemClock,
    catalog: catalogStore.get,
    ...{ hosting, logger, accountKey },
    ...{ nodeSubUrl: config.node?.subUrl, nodeEditDoubtMs: config.nodeEditDoubtSeconds * 1000 },
    jobs: jobsOn(orderQueue),
    driftRuns,
    accessNotices: new OutboxAccessNotices({ outbox, i18n, defaultLocale: config.defaultLocale }),
    ...channelGateWiring(config, { outbox, i18n, customers: () => rooms.books.customers }),
    rails,
    railNotices: new OutboxRailNotices({
      ...{ outbox, i18n, defaultLocale: config.defaultLocale },
      customers: () => rooms.books.customers,
    }),
  });
  const broadcasts = new BroadcastQueue(redis, config.defaultLocale);
  closers.push(() => broadcasts.close());
  return {
    redis,
    metrics,
    box,
    accountKey,
    hosting,
    catalogStore,
    orderQueue,
    rooms,
    i18n,
    outbox,
    broadcasts,
  };
}

/** Makes /metrics read every queue of the shop, Redis's state and the shop's totals when scraped. */
function watchForMetrics(metrics: Metrics, redis: Redis): () => Promise<void> {
  const queues = [ORDERS_QUEUE, OUTBOX_QUEUE, BROADCAST_QUEUE, MAINTENANCE_QUEUE];
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
  const { redis, metrics, box, rooms, catalogStore, broadcasts, i18n } = core;
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
    },
    client: { apiRoot: config.botApiRoot, fetch: telegramFetch },
    chatLock: chatLockFor(config, redis, life),
  });
  countFloods(bot.api, metrics.observeFlood);
  await bot.init();
  await registerCommands(bot.api, i18n, config.defaultLocale, config.adminIds);
  // The customer cabinet (Mini App): the menu button opening it, its page and API on the HTTP server.
  await setCabinetMenuButton(bot.api, config, i18n, logger);
  const webapp = cabinetOf(config, core, bot, logger);

  if (config.delivery.mode === "webhook")
    return deliverByWebhook(bot, config.delivery, life, healthy, webapp, paymentsOf(core, logger));
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
  return createHttpServer({ logger, healthy, webapp, payments: paymentsOf(core, logger) });
}

/** The payment rails' notifications on the public server. */
function paymentsOf(core: AppCore, logger: Logger): PaymentsHandler {
  return railNotifications(core.rooms.settlement.railPayments, logger);
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
    catalog: core.rooms.catalog,
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

/** Values the logger masks wherever they appear, whatever their shape. */
function secretsOf(config: Config): string[] {
  const redisPassword = URL.canParse(config.redisUrl) ? new URL(config.redisUrl).password : "";
  return [
    config.botToken,
    config.account.apiKey,
    config.panel?.token,
    config.node?.token,
    config.delivery.mode === "webhook" ? config.delivery.secret : undefined,
    config.paymentProviderToken,
    redisPassword ? decodeURIComponent(redisPassword) : undefined,
    config.redisSentinel?.password,
    ...(config.rails ?? []).flatMap((rail) => rail.secrets),
  ].filter((s): s is string => typeof s === "string" && s !== "");
}

/** The domain's side of the order queue: paid orders and admins' term changes waiting for their turn. */
function jobsOn(queue: OrderQueue): ShopServicesDeps["jobs"] {
  return {
    enqueueOrder: (orderId) => queue.enqueue(orderId),
    enqueueTermChange: (changeId) => queue.enqueueTermChange(changeId),
  };
}
