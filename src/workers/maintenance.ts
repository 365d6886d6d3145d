import type { Redis } from "ioredis";
import type { Customers } from "../domain/books/index.js";
import { backfillSalesDays } from "../domain/books/index.js";
import type { Metrics } from "../http/metrics.js";
import { inBackground } from "../runtime/background-turn.js";
import type { DutyCycleOptions } from "../runtime/duty-cycle.js";
import { Queue, UnrecoverableError, Worker } from "../runtime/library-parts.js";
import type { Logger } from "../runtime/logger.js";
import { inJobScope, QUEUE_PREFIX } from "./queues.js";

export const MAINTENANCE_QUEUE = "maintenance";
/**
 * Tasks run at least this often start at once when first registered: they are light, and a
 * customer or a payment waits on them (reminders, the order sweep, the rails' polls).
 */
export const AT_ONCE_UP_TO_MS = 2 * 60_000;

/** A periodic job: run every `everyMs` by a BullMQ job scheduler (one run at a time per task). */
export interface PeriodicTask {
  name: string;
  everyMs: number;
  /** `data`: what a job queued by hand carries (`{}` from the schedule); validate it before use. */
  run(data?: unknown): Promise<unknown>;
}

export interface Maintenance {
  queue: Queue;
  worker: Worker;
  /** Runs a task now (admin "refresh", tests), outside its schedule. */
  runNow(name: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Where in its period a less frequent task runs (ms past each multiple of its period; undefined:
 * at once). BullMQ runs a scheduler with `every` at once when it is first registered, so on a
 * fresh Redis every heavy pass (traffic, drift, the daily report...) would start together with
 * the bot; each gets a stable point of its period instead, picked from its name, so every process
 * registers the same schedule and no run comes later than one period after the start.
 */
export function firstRunOffset(name: string, everyMs: number): number | undefined {
  if (everyMs <= AT_ONCE_UP_TO_MS) return undefined;
  let h = 2_166_136_261;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 16_777_619) >>> 0;
  // Never 0: BullMQ reads an offset of 0 as "at once".
  return 1 + (h % (everyMs - 1));
}

/**
 * Registers the periodic tasks with `upsertJobScheduler` (idempotent at every start, so several
 * processes agree on one schedule; first runs spread by firstRunOffset) and runs them in a worker.
 */
export async function startMaintenance(deps: {
  connection: Redis;
  producer: Redis;
  tasks: readonly PeriodicTask[];
  logger: Logger;
  metrics?: Metrics;
  /** The pace of long work inside a tick (runtime/background-turn.ts); none: given back a turn at a time. */
  pacing?: DutyCycleOptions;
}): Promise<Maintenance> {
  const byName = new Map(deps.tasks.map((t) => [t.name, t]));
  const queue = new Queue(MAINTENANCE_QUEUE, { connection: deps.producer, prefix: QUEUE_PREFIX });
  for (const task of deps.tasks) {
    await queue.upsertJobScheduler(
      task.name,
      { every: task.everyMs, offset: firstRunOffset(task.name, task.everyMs) },
      { name: task.name, data: {}, opts: { removeOnComplete: 50, removeOnFail: 200 } },
    );
  }
  const worker = new Worker(
    MAINTENANCE_QUEUE,
    inJobScope(MAINTENANCE_QUEUE, async (job) => {
      const task = byName.get(job.name);
      if (!task) throw new UnrecoverableError(`unknown task ${job.name}`);
      try {
        const result = await inBackground(deps.pacing, () => task.run(job.data));
        deps.metrics?.jobs.inc({ queue: MAINTENANCE_QUEUE, outcome: "ok" });
        return result;
      } catch (err) {
        deps.metrics?.jobs.inc({ queue: MAINTENANCE_QUEUE, outcome: "error" });
        deps.logger.error({ err, task: job.name }, "periodic task failed");
        throw err;
      }
    }),
    { connection: deps.connection, prefix: QUEUE_PREFIX, concurrency: 2 },
  );
  worker.on("error", (err) => deps.logger.error({ err }, "maintenance worker error"));
  return {
    queue,
    worker,
    runNow: async (name) => {
      await queue.add(name, {}, { removeOnComplete: 50, removeOnFail: 200 });
    },
    close: async () => {
      await worker.close();
      await queue.close();
    },
  };
}

/**
 * Fills, once, the counters and indexes the admin screens read with what was recorded before they
 * were kept: the sales day counters (backfillSalesDays) and the broadcast reach index
 * (Customers.backfillReach); a few thousand records per run until done, then a read or two.
 */
export function createBackfillTask(
  redis: Redis,
  customers: Pick<Customers, "backfillReach">,
  everyMs = 10 * 60_000,
): PeriodicTask {
  return {
    name: "counters-backfill",
    everyMs,
    run: async () => ({ sales: await backfillSalesDays(redis), reach: await customers.backfillReach() }),
  };
}
