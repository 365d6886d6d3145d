import type { Server } from "node:http";
import { webhookCallback } from "grammy";
import type { Redis } from "ioredis";
import { registerCommands } from "./bot/commands.js";
import { createBot } from "./bot/create-bot.js";
import { createI18n } from "./bot/i18n.js";
import type { Config } from "./config.js";
import { AccountKeyStore } from "./domain/account-key.js";
import { type Catalog, CatalogError, loadCatalog } from "./domain/catalog.js";
import { CatalogStore } from "./domain/catalog-store.js";
import { systemClock } from "./domain/clock.js";
import { SecretBox } from "./domain/secret-box.js";
import { createShopServices } from "./domain/services.js";
import { createHostingClients } from "./hosting/index.js";
import { Metrics } from "./http/metrics.js";
import { closeServer, createHttpServer, listen } from "./http/server.js";
import { InFlight, within } from "./in-flight.js";
import { createLogger, type Logger } from "./logger.js";
import { type Polling, startPolling } from "./polling.js";
import { closeRedis, connectRedis, createBotRedis, createWorkerRedis } from "./redis.js";
import { BroadcastQueue } from "./workers/broadcast.js";
import { startWorkers } from "./workers/index.js";
import { Outbox } from "./workers/outbox.js";
import { OrderQueue } from "./workers/queues.js";

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
  const catalog = await loadCatalog(config.catalogFile);
  const catalogProblem = (c: Catalog) =>
    c.currency !== "XTR" && !config.paymentProviderToken
      ? `${config.catalogFile}: currency ${c.currency} needs PAYMENT_PROVIDER_TOKEN (or use XTR for Telegram Stars)`
      : undefined;
  const problem = catalogProblem(catalog);
  if (problem) throw new CatalogError(problem);

  const metrics = new Metrics({ processMetrics: true });
  const closers: (() => Promise<unknown>)[] = [];
  /** Stop taking work and wait for what runs (handlers, jobs); all at once, before any closer. */
  const drains: (() => Promise<unknown>)[] = [];
  let polling: Polling | undefined;
  const webhookUpdates = new InFlight();
  let running = false;
  let stopping: Promise<void> | undefined;

  const stop = () => {
    stopping ??= (async () => {
      running = false;
      const handlers = (polling?.handlers() ?? 0) + webhookUpdates.size;
      logger.info({ handlers }, "waiting for running work");
      const work = Promise.all(
        drains.map((drain) => drain().catch((err: unknown) => logger.warn({ err }, "error while stopping"))),
      );
      if (!(await within(work, DRAIN_BUDGET_MS))) {
        logger.warn(`running work did not finish within ${DRAIN_BUDGET_MS / 1000} s; closing anyway`);
      }
      // Reverse order of start: delivery first, connections last.
      for (const close of closers.reverse()) {
        await close().catch((err: unknown) => logger.warn({ err }, "error while closing"));
      }
      logger.info("stopped");
    })();
    return stopping;
  };

  try {
    const redis: Redis = createBotRedis(config.redisUrl, logger);
    closers.push(() => closeRedis(redis));
    await connectRedis(redis).catch((err: unknown) => {
      throw new Error(
        `cannot connect to Redis at REDIS_URL: ${err instanceof Error ? err.message : String(err)}`,
      );
    });

    const box = new SecretBox(config.secretKey);
    const accountKey = new AccountKeyStore(redis, box, config.account.apiKey);
    const hosting = createHostingClients(config, () => accountKey.get(), metrics.observeHostingCall);
    closers.push(() => hosting.close());

    const catalogStore = new CatalogStore(catalog, config.catalogFile, redis, logger, {
      check: catalogProblem,
      // A plan on a backend without settings would be paid for, fail and be refunded: off sale.
      backends: { panel: config.panel !== undefined, node: config.node !== undefined },
    });
    catalogStore.warnOffSale();
    await catalogStore.follow();
    closers.push(async () => catalogStore.stop());
    const catalogNow = catalogStore.get;
    const orderQueue = new OrderQueue(redis);
    closers.push(() => orderQueue.close());
    const shop = createShopServices({
      redis,
      clock: systemClock,
      catalog: catalogNow,
      hosting,
      logger,
      accountKey,
      nodeSubUrl: config.node?.subUrl,
      jobs: { enqueueOrder: (orderId) => orderQueue.enqueue(orderId) },
    });
    const i18n = createI18n(config.defaultLocale);

    const outbox = new Outbox(redis);
    closers.push(() => outbox.close());
    const broadcasts = new BroadcastQueue(redis, config.defaultLocale);
    closers.push(() => broadcasts.close());

    if (config.role !== "bot") {
      const workerRedis = createWorkerRedis(config.redisUrl, logger);
      closers.push(() => closeRedis(workerRedis));
      const workers = await startWorkers({
        config,
        redis,
        workerRedis,
        i18n,
        shop,
        hosting,
        orderQueue,
        outbox,
        broadcasts,
        metrics,
        logger,
      });
      // Closing workers lets their running jobs finish first.
      drains.push(() => workers.close());
    }

    const healthy = async () => running && (await redis.ping()) === "PONG";
    let server: Server | undefined;

    if (config.role !== "worker") {
      const bot = createBot({
        token: config.botToken,
        redis,
        deps: {
          config,
          logger,
          redis,
          metrics,
          clock: systemClock,
          hosting,
          accountKey,
          box,
          shop,
          catalog: catalogStore,
          broadcasts,
        },
        client: { apiRoot: config.botApiRoot },
      });
      await bot.init();
      await registerCommands(bot.api, i18n, config.defaultLocale, config.adminIds);

      if (config.delivery.mode === "webhook") {
        const callback = webhookCallback(bot, "http", {
          secretToken: config.delivery.secret,
          onTimeout: "return",
          timeoutMilliseconds: 9_000,
        });
        const handler: typeof callback = (req, res) => webhookUpdates.track(callback(req, res));
        server = createHttpServer({
          metrics,
          logger,
          healthy,
          webhook: { path: config.delivery.path, handler },
        });
        await bot.api.setWebhook(config.delivery.url, {
          secret_token: config.delivery.secret,
          allowed_updates: [...ALLOWED_UPDATES],
        });
        logger.info({ url: config.delivery.url }, "webhook set");
      } else {
        await bot.api.deleteWebhook();
        const poller = startPolling(bot, {
          allowedUpdates: ALLOWED_UPDATES,
          logger,
          onFatal: () => options.onFatal?.(),
        });
        polling = poller;
        drains.push(() => poller.stop());
        logger.info({ username: bot.botInfo.username }, "polling for updates");
      }
    }

    server ??= createHttpServer({ metrics, logger, healthy });
    const address = await listen(server, config.http.host, config.http.port);
    const httpServer = server;
    // No new webhook updates; running ones finish (their connections are cut only at the budget).
    const takesUpdates = config.delivery.mode === "webhook" && config.role !== "worker";
    drains.push(async () => {
      await closeServer(httpServer, takesUpdates ? DRAIN_BUDGET_MS : undefined);
      await webhookUpdates.drain();
    });
    logger.info({ host: address.address, port: address.port }, "http server listening");
    running = true;
  } catch (err) {
    await stop();
    throw err;
  }

  return { logger, catalog, stop };
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
  ].filter((s): s is string => typeof s === "string" && s !== "");
}
