import { Api, GrammyError } from "grammy";
import type { Redis } from "ioredis";
import type { Config } from "../config.js";
import { throughputOf } from "../config-throughput.js";
import type { ShopRooms } from "../domain/index.js";
import { StarsRefundRefused } from "../domain/settlement/index.js";
import type { HostingClients } from "../hosting/index.js";
import type { Metrics } from "../http/metrics.js";
import type { I18nLike } from "../render/i18n-like.js";
import { MINUTE, systemClock } from "../runtime/clock.js";
import { pacingFor } from "../runtime/duty-cycle.js";
import type { Logger } from "../runtime/logger.js";
import { retryOnFlood } from "../runtime/telegram-retry.js";
import { createArchiveTask } from "./archive.js";
import { createAuditRetentionTask } from "./audit-retention.js";
import { createAutoRenewTask } from "./auto-renew.js";
import { type BroadcastQueue, startBroadcastWorker } from "./broadcast.js";
import { startBulkMoveWorker } from "./bulk-move.js";
import { createTrialGateTask } from "./channel-gate.js";
import { createDailyReportTask } from "./daily-report.js";
import { createDriftSyncTask } from "./drift-sync.js";
import { createFreezeEndsTask } from "./freeze-ends.js";
import { createGiftExpiryTask } from "./gift-expiry.js";
import { createBackfillTask, type PeriodicTask, startMaintenance } from "./maintenance.js";
import { Notifier } from "./notifier.js";
import { createOrderSweepTask } from "./order-sweep.js";
import { startOrderWorker } from "./order-worker.js";
import type { Outbox } from "./outbox.js";
import { outboxRate, startOutboxWorker } from "./outbox.js";
import type { OrderQueue } from "./queues.js";
import { createRailPollTask } from "./rail-poll.js";
import { createReconcileTask } from "./reconcile.js";
import { createInboxReconcileTask } from "./reconcile-inbox.js";
import { countReminders, createReminderTask } from "./reminders.js";
import { createRunwayTask } from "./runway.js";
import { RunwayAlerts } from "./runway-alerts.js";
import { SendBudget, takeSends, underBudget } from "./send-budget.js";
import { createServerWatchTask } from "./server-watch/index.js";
import { type StaffNotices, staffNoticesOf } from "./staff-notices.js";
import { StaffPaymentLines } from "./staff-payments.js";
import { topicRepair } from "./staff-topics.js";
import { OutboxTicketDesk, ticketDeskRooms } from "./ticket-desk.js";
import { createTicketReminderTask, DEFAULT_TICKET_REMIND_MINUTES } from "./ticket-reminders.js";
import { createTrafficTask } from "./traffic.js";

/** The rooms the workers use (of the back office's, the daily report). */
type WorkerRooms = Pick<
  ShopRooms,
  | "staff"
  | "catalog"
  | "books"
  | "provisioning"
  | "terms"
  | "fleet"
  | "sales"
  | "settlement"
  | "drift"
  | "backoffice"
>;

export interface WorkersDeps extends WorkerRooms {
  config: Config;
  /** The producers' connection (fail fast), for queue producers and small reads. */
  redis: Redis;
  /** BullMQ workers' connection (maxRetriesPerRequest: null). */
  workerRedis: Redis;
  i18n: I18nLike;
  hosting: HostingClients;
  orderQueue: OrderQueue;
  outbox: Outbox;
  broadcasts: BroadcastQueue;
  metrics: Metrics;
  logger: Logger;
}

export interface Workers {
  /** Lets running jobs finish, then stops every worker. */
  close(): Promise<void>;
}

/**
 * The background half of the process (ROLE=worker or both): order fulfilment, the rate-limited
 * outbox, and the periodic tasks on BullMQ job schedulers. Telegram is reached through grammY's
 * Api, never through a running bot.
 */
export async function startWorkers(deps: WorkersDeps): Promise<Workers> {
  const { config, redis, workerRedis, i18n, metrics, logger, books } = deps;
  // The outbox and broadcasts handle 429 themselves (they pause the whole queue); direct
  // notices (order delivery, failures) retry on their own.
  const api = new Api(config.botToken, { apiRoot: config.botApiRoot });
  const noticeApi = new Api(config.botToken, { apiRoot: config.botApiRoot });
  // Telegram's overall limit: direct notices and the outbox take their place in each second
  // (the bot's replies only count); a 429 holds every send until its retry_after has run out.
  const { telegramSendLimit, orderConcurrency } = config.throughput ?? throughputOf({});
  const budget = new SendBudget(redis, telegramSendLimit);
  // Each attempt of a direct notice, retries included, takes its place in the second (see takeSends).
  takeSends(noticeApi, budget);
  retryOnFlood(noticeApi);
  underBudget(budget, { heard: [api, noticeApi], counted: [] }, metrics.observeFlood);
  const { defaultLocale } = config;
  const { staffNotices, notifier } = noticesOf(deps, noticeApi);
  const orderWorker = startOrderWorker({
    connection: workerRedis,
    queue: deps.orderQueue,
    orders: books.orders,
    fulfilment: deps.settlement.fulfilment,
    afterActive: deps.settlement.afterActive,
    terms: deps.terms.terms,
    ...{ notifier, logger, metrics },
    // A failed order paid by a Stars invoice, or on a rail that refunds (YooKassa), goes back the way it came.
    ...{ starsRefunds: deps.settlement.starsRefunds, refundStars: starsRefundSender(api) },
    railPayments: deps.settlement.railPayments,
    concurrency: orderConcurrency,
  });
  const outboxWorker = startOutboxWorker({
    ...{ connection: workerRedis, redis, api, budget, perSecond: outboxRate(telegramSendLimit) },
    ...{ customers: books.customers, logger, metrics },
    // A staff group's or a live ticket's topic deleted by hand is made again, the message sent there.
    ...{ threadGone: topicRepair({ ...deps.staff, ...deps.backoffice, api, i18n, defaultLocale, logger }) },
  });
  const adminJobs = adminJobWorkers(deps, api);
  const maintenance = await startMaintenance({
    connection: workerRedis,
    producer: redis,
    logger,
    metrics,
    tasks: periodicTasks(deps, api, notifier, staffNotices),
    pacing: pacingFor(deps.config.role),
  });
  await orderWorker.resume();
  const running = [orderWorker, outboxWorker, ...adminJobs, maintenance];
  return {
    close: async () => {
      await Promise.all(running.map((w) => w.close()));
    },
  };
}

/** The workers of the admins' long jobs: broadcasts and bulk moves, each editing a progress message. */
function adminJobWorkers(deps: WorkersDeps, api: Api) {
  const { redis, workerRedis, outbox, i18n, logger, metrics, books } = deps;
  const broadcastWorker = startBroadcastWorker({
    connection: workerRedis,
    redis,
    queue: deps.broadcasts,
    outbox,
    api,
    ...{ customers: books.customers, subscriptions: books.subscriptions, orders: books.orders },
    clock: systemClock,
    i18n,
    logger,
    metrics,
  });
  const moveWorker = startBulkMoveWorker({
    ...deps,
    connection: workerRedis,
    moves: deps.fleet.bulkMoves,
    api,
  });
  return [broadcastWorker, moveWorker];
}

/** The periodic tasks: reminders, traffic, the server watch, reconciliations and the order sweep. */
/** Staff are reminded of support tickets left waiting (TICKET_REMIND_MINUTES). */
function ticketReminderTask(deps: WorkersDeps, api: Api): PeriodicTask {
  const { config, outbox, i18n, logger } = deps;
  return createTicketReminderTask({
    tickets: deps.backoffice.tickets,
    desk: new OutboxTicketDesk({
      ...{ api, outbox, i18n, defaultLocale: config.defaultLocale },
      rooms: () => ticketDeskRooms(deps),
    }),
    ...{ clock: systemClock, logger },
    remindMs: (config.ticketRemindMinutes ?? DEFAULT_TICKET_REMIND_MINUTES) * MINUTE,
  });
}

/** The hourly runway pass (the servers' daily use tallied for the forecast) and the alerts ahead. */
function runwayTask(deps: WorkersDeps, staffNotices: StaffNotices): PeriodicTask {
  const { fleet, redis, logger } = deps;
  const alerts = new RunwayAlerts({
    ...{ redis, forecasts: fleet.forecasts, staffNotices, logger, clock: systemClock },
    ...{ settings: deps.catalog.settings, sales: fleet.runwaySales },
  });
  return createRunwayTask({ fleet, alerts, logger });
}

function periodicTasks(
  deps: WorkersDeps,
  api: Api,
  notifier: Notifier,
  staffNotices: StaffNotices,
): PeriodicTask[] {
  const { config, redis, i18n, hosting, outbox, logger, books, sales, terms } = deps;
  const clock = systemClock;
  const payments = new StaffPaymentLines({ staff: () => staffNotices, customers: () => books.customers });
  const common = { books, sales, terms, outbox, i18n, clock, logger, defaultLocale: config.defaultLocale };
  return [
    countReminders(createReminderTask(common), deps.metrics),
    createAutoRenewTask(common),
    createTrafficTask({ ...common, redis, provisioning: deps.provisioning }),
    createServerWatchTask({
      ...common,
      account: hosting.account,
      extension: deps.fleet.serverExtension,
      noticeLog: deps.fleet.notices,
      redis,
      settings: deps.catalog.settings,
      maintenance: deps.catalog.maintenance,
      adminIds: config.adminIds,
      staffNotices,
    }),
    createReconcileTask({ api, redis, books, sales, outbox, i18n, logger, payments }),
    createInboxReconcileTask({ books, settlement: deps.settlement, outbox, i18n, logger }),
    createRailPollTask({
      ...{ railPayments: deps.settlement.railPayments, logger },
      everyMs: (config.railPollSeconds ?? 60) * 1000,
    }),
    createBackfillTask(redis, books.customers),
    ...[createGiftExpiryTask(common), createFreezeEndsTask(common)],
    createTrialGateTask(sales),
    createAuditRetentionTask({ audit: deps.staff.audit, logger, keepDays: config.auditKeepDays }),
    ...(deps.settlement.archiving
      ? [createArchiveTask({ redis, archiving: deps.settlement.archiving, logger })]
      : []),
    createDriftSyncTask({
      ...{ books, drift: deps.drift, outbox, i18n, logger, metrics: deps.metrics },
      ...{ adminIds: config.adminIds, staffNotices, defaultLocale: config.defaultLocale },
      everyMs:
        config.driftSyncMinutes === undefined ? undefined : Math.round(config.driftSyncMinutes * MINUTE),
    }),
    ...[ticketReminderTask(deps, api), runwayTask(deps, staffNotices)],
    dailyReportTask(deps, staffNotices),
    createOrderSweepTask({
      redis,
      orders: books.orders,
      queue: deps.orderQueue,
      fulfilment: deps.settlement.fulfilment,
      afterActive: deps.settlement.afterActive,
      termChanges: deps.terms.changes,
      notifier,
      clock,
      logger,
    }),
  ];
}

/**
 * The staff's notices (the staff group's topics and the staff by role, through the outbox) and
 * the notifier of orders, whose failures the staff hear of through them.
 */
function noticesOf(deps: WorkersDeps, api: Api): { staffNotices: StaffNotices; notifier: Notifier } {
  const { config, i18n, outbox, books, logger } = deps;
  const { defaultLocale } = config;
  const staffNotices = staffNoticesOf(deps.staff, {
    outbox,
    i18n,
    defaultLocale,
    customers: books.customers,
  });
  const notifier = new Notifier({
    ...{ api, i18n, catalog: deps.catalog, books, sales: deps.sales },
    ...{ adminIds: config.adminIds, staffNotices, defaultLocale, logger },
  });
  return { staffNotices, notifier };
}

/** The staff's daily report at the owner's hour (SHOP_TIME_ZONE), and when an owner asks for it. */
function dailyReportTask(deps: WorkersDeps, staffNotices: StaffNotices): PeriodicTask {
  const { config, redis, logger, sales, settlement } = deps;
  return createDailyReportTask({
    ...{ reports: deps.backoffice.dailyReports, group: deps.staff.group, staffNotices },
    ...{ redis, clock: systemClock, logger, timeZone: config.shopTimeZone },
    currency: () => sales.shop.currency,
    railName: (id) => settlement.railPayments.rail(id)?.name,
  });
}

/** Sends a Stars charge back through Telegram; a 4xx is Telegram saying no (StarsRefundRefused). */
function starsRefundSender(api: Api) {
  return async (userId: number, chargeId: string): Promise<void> => {
    try {
      await api.refundStarPayment(userId, chargeId);
    } catch (err) {
      // A 5xx or a network error may hide a refund that happened: not a refusal.
      if (err instanceof GrammyError && err.error_code < 500) throw new StarsRefundRefused(err.description);
      throw err;
    }
  };
}
