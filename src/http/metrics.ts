import { Counter, collectDefaultMetrics, Histogram, Registry } from "prom-client";
import type { CallObservation } from "../hosting/request.js";

/** The process's Prometheus metrics, on a registry of its own (tests build several). */
export class Metrics {
  readonly registry = new Registry();

  readonly updates = new Counter({
    name: "bot_updates_total",
    help: "Telegram updates handled, by update type and outcome",
    labelNames: ["type", "outcome"] as const,
    registers: [this.registry],
  });

  readonly handlerSeconds = new Histogram({
    name: "bot_handler_duration_seconds",
    help: "Time spent handling one update",
    labelNames: ["type"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly hostingCalls = new Counter({
    name: "hosting_api_calls_total",
    help: "HTTP calls to the hosting APIs, by API, endpoint template and status (0 = no answer)",
    labelNames: ["api", "endpoint", "status"] as const,
    registers: [this.registry],
  });

  readonly hostingSeconds = new Histogram({
    name: "hosting_api_call_duration_seconds",
    help: "Duration of hosting API calls",
    labelNames: ["api", "endpoint"] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20],
    registers: [this.registry],
  });

  readonly jobs = new Counter({
    name: "worker_jobs_total",
    help: "Background jobs processed, by queue and outcome",
    labelNames: ["queue", "outcome"] as const,
    registers: [this.registry],
  });

  readonly driftFound = new Counter({
    name: "drift_found_total",
    help: "Drift between the shop and the hosting side found (new findings), by kind",
    labelNames: ["kind"] as const,
    registers: [this.registry],
  });

  readonly driftRepaired = new Counter({
    name: "drift_repaired_total",
    help: "Drift repaired by the reconciliation, by kind",
    labelNames: ["kind"] as const,
    registers: [this.registry],
  });

  readonly driftSeconds = new Histogram({
    name: "drift_reconciliation_duration_seconds",
    help: "Duration of one reconciliation run",
    buckets: [0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600],
    registers: [this.registry],
  });

  constructor(options: { processMetrics?: boolean } = {}) {
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry });
  }

  /** Plugs into the hosting clients' `observe` option. */
  readonly observeHostingCall = (call: CallObservation): void => {
    this.hostingCalls.inc({ api: call.api, endpoint: call.endpoint, status: String(call.status) });
    this.hostingSeconds.observe({ api: call.api, endpoint: call.endpoint }, call.durationMs / 1000);
  };
}
