import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { CallObservation } from "../hosting/request.js";
import { ScrapeReader, type ScrapeReading, type ScrapeSources } from "./scrape.js";

/** The process's Prometheus metrics, on a registry of its own (tests build several). */
export class Metrics {
  readonly registry = new Registry();

  readonly updates = this.counter(
    "bot_updates_total",
    "Telegram updates handled, by update type and outcome",
    ["type", "outcome"],
  );
  readonly handlerSeconds = this.histogram(
    "bot_handler_duration_seconds",
    "Time spent handling one update",
    ["type"],
    [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  );
  readonly hostingCalls = this.counter(
    "hosting_api_calls_total",
    "HTTP calls to the hosting APIs, by API, endpoint template and status (0 = no answer)",
    ["api", "endpoint", "status"],
  );
  readonly hostingSeconds = this.histogram(
    "hosting_api_call_duration_seconds",
    "Duration of hosting API calls",
    ["api", "endpoint"],
    [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20],
  );
  readonly jobs = this.counter("worker_jobs_total", "Background jobs processed, by queue and outcome", [
    "queue",
    "outcome",
  ]);
  readonly driftFound = this.counter(
    "drift_found_total",
    "Drift between the shop and the hosting side found (new findings), by kind",
    ["kind"],
  );
  readonly driftRepaired = this.counter(
    "drift_repaired_total",
    "Drift repaired by the reconciliation, by kind",
    ["kind"],
  );
  readonly driftSeconds = this.histogram(
    "drift_reconciliation_duration_seconds",
    "Duration of one reconciliation run",
    [],
    [0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600],
  );
  readonly telegram429 = this.counter(
    "telegram_429_total",
    "429 Too Many Requests answers from the Telegram Bot API (every attempt, waited out or not), by method",
    ["method"],
  );
  readonly reminders = this.counter(
    "reminders_sent_total",
    "Expiry reminders queued to customers (once per subscription, expiry and threshold), by threshold",
    ["threshold"],
  );

  // Read from Redis when scraped (see watch): the same in every process of the shop.
  readonly redisUp = this.gauge(
    "redis_up",
    "1 when this process's Redis connection is ready and answers",
    [],
  );
  readonly queueJobs = this.gauge("queue_jobs", "Jobs in each BullMQ queue, by state", ["queue", "state"]);
  readonly queueOldest = this.gauge(
    "queue_oldest_waiting_seconds",
    "How long the oldest job ready to run has waited in each queue (0 when none waits)",
    ["queue"],
  );
  readonly ordersNow = this.gauge(
    "shop_orders",
    "Orders by state, from the orders' own indexes: in_flight (paid, not active yet), failed (not refunded)",
    ["state"],
  );
  readonly oldestInFlight = this.gauge(
    "shop_order_oldest_in_flight_seconds",
    "How long ago the longest-waiting paid order was paid (or last moved) without becoming active (0 when none)",
    [],
  );
  readonly payments = this.redisCounter(
    "shop_payments_total",
    "Telegram payments credited, by currency (kept in Redis by the ledger: the same in every process)",
    ["currency"],
  );
  readonly paymentAmount = this.redisCounter(
    "shop_payment_amount_total",
    "Total of the Telegram payments credited, in major units of the currency",
    ["currency"],
  );
  readonly refunds = this.redisCounter(
    "shop_refunds_total",
    "Refunds (kind refund: to the wallet; stars-refund: back to Telegram; rail-refund: back through a payment rail), by currency and kind",
    ["currency", "kind"],
  );
  readonly refundAmount = this.redisCounter(
    "shop_refund_amount_total",
    "Total of the refunds, in major units of the currency",
    ["currency", "kind"],
  );

  private scrape: ScrapeReader | undefined;

  constructor(options: { processMetrics?: boolean } = {}) {
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry });
  }

  /**
   * Makes /metrics read the queues, the Redis connection and the shop's totals when it is scraped
   * (cached a few seconds). Returns a closer for the queue handles it opens.
   */
  watch(sources: ScrapeSources, cacheMs?: number): { close(): Promise<void> } {
    const reader = new ScrapeReader(sources, cacheMs);
    this.scrape = reader;
    return { close: () => reader.close() };
  }

  /** A counter this process counts. */
  private counter<L extends string>(name: string, help: string, labelNames: L[]): Counter<L> {
    return new Counter<L>({ name, help, labelNames, registers: [this.registry] });
  }

  /** A histogram this process observes. */
  private histogram<L extends string>(
    name: string,
    help: string,
    labelNames: L[],
    buckets: number[],
  ): Histogram<L> {
    return new Histogram<L>({ name, help, labelNames, buckets, registers: [this.registry] });
  }

  /** A counter kept in Redis (by the ledger's step), shown as read when scraped. */
  private redisCounter<L extends string>(name: string, help: string, labelNames: L[]): Counter<L> {
    return new Counter<L>({
      name,
      help,
      labelNames,
      registers: [this.registry],
      collect: () => this.collectScrape(),
    });
  }

  /** A gauge filled from the scrape reading. */
  private gauge<L extends string>(name: string, help: string, labelNames: L[]): Gauge<L> {
    return new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [this.registry],
      collect: () => this.collectScrape(),
    });
  }

  /** The collect of every scrape-time metric: fills them all from the (cached) reading. */
  private async collectScrape(): Promise<void> {
    const reading = await this.scrape?.read();
    if (reading) this.fill(reading);
  }

  /** Sets every scrape-time gauge from one reading (each gauge's collect calls it; it is cheap). */
  private fill(r: ScrapeReading): void {
    for (const g of [this.queueJobs, this.queueOldest, this.ordersNow, this.payments, this.paymentAmount])
      g.reset();
    for (const g of [this.refunds, this.refundAmount]) g.reset();
    this.redisUp.set(r.redisUp ? 1 : 0);
    for (const q of r.queues) {
      for (const [state, n] of Object.entries(q.counts)) this.queueJobs.set({ queue: q.name, state }, n);
      this.queueOldest.set({ queue: q.name }, q.oldestWaitingSeconds);
    }
    if (r.orders) {
      this.ordersNow.set({ state: "in_flight" }, r.orders.inFlight);
      this.ordersNow.set({ state: "failed" }, r.orders.failed);
      const since = r.orders.oldestInFlightAt;
      this.oldestInFlight.set(since === undefined ? 0 : Math.max(0, r.now - since) / 1000);
    }
    for (const t of r.money) {
      if (t.kind === "topup") {
        this.payments.inc({ currency: t.currency }, t.count);
        this.paymentAmount.inc({ currency: t.currency }, t.amount);
      } else {
        this.refunds.inc({ currency: t.currency, kind: t.kind }, t.count);
        this.refundAmount.inc({ currency: t.currency, kind: t.kind }, t.amount);
      }
    }
  }

  /** Plugs into countFloods (telegram-retry.ts). */
  readonly observeFlood = (method: string): void => {
    this.telegram429.inc({ method });
  };

  /** Plugs into the hosting clients' `observe` option. */
  readonly observeHostingCall = (call: CallObservation): void => {
    this.hostingCalls.inc({ api: call.api, endpoint: call.endpoint, status: String(call.status) });
    this.hostingSeconds.observe({ api: call.api, endpoint: call.endpoint }, call.durationMs / 1000);
  };
}
