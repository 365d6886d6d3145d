import type { Job } from "bullmq";
import type { Redis } from "ioredis";
import {
  type MoneyTotal,
  type OrderBacklog,
  readMoneyTotals,
  readOrderBacklog,
} from "../domain/books/index.js";
import { Queue } from "../runtime/library-parts.js";

/** Job states reported per queue (`prioritized` holds the waiting jobs that have a priority). */
export const QUEUE_STATES = ["waiting", "prioritized", "delayed", "active", "failed"] as const;
export type QueueState = (typeof QUEUE_STATES)[number];

export interface QueueReading {
  name: string;
  counts: Record<QueueState, number>;
  /** Seconds the oldest job ready to run has waited (0 when none waits). */
  oldestWaitingSeconds: number;
}

/** What one scrape reads from Redis; `redisUp` false means nothing else could be read. */
export interface ScrapeReading {
  redisUp: boolean;
  queues: QueueReading[];
  money: MoneyTotal[];
  orders: OrderBacklog | undefined;
  now: number;
}

export interface ScrapeSources {
  /** The process's producer connection (fails fast when Redis is gone). */
  redis: Redis;
  /** The BullMQ queues this process works with, and their key prefix. */
  queues: readonly string[];
  prefix: string;
}

/** Readings are reused for this long: several scrapers (or a fast one) cost Redis one read. */
export const SCRAPE_CACHE_MS = 5_000;
/** A scrape gives up on Redis after this long and reports it down. */
const READ_TIMEOUT_MS = 3_000;

/**
 * Reads, when /metrics is scraped, what only Redis knows: queue depths and ages, the shop's money
 * totals and its orders in flight; cached for {@link SCRAPE_CACHE_MS}.
 */
export class ScrapeReader {
  private readonly queues: Queue[];
  private cached: { at: number; reading: Promise<ScrapeReading> } | undefined;

  constructor(
    private readonly sources: ScrapeSources,
    private readonly cacheMs = SCRAPE_CACHE_MS,
  ) {
    this.queues = sources.queues.map(
      (name) => new Queue(name, { connection: sources.redis, prefix: sources.prefix }),
    );
  }

  read(): Promise<ScrapeReading> {
    const now = Date.now();
    if (!this.cached || now - this.cached.at >= this.cacheMs) {
      this.cached = { at: now, reading: this.readNow(now) };
    }
    return this.cached.reading;
  }

  close(): Promise<void> {
    return Promise.all(this.queues.map((q) => q.close())).then(() => undefined);
  }

  private async readNow(now: number): Promise<ScrapeReading> {
    const down: ScrapeReading = { redisUp: false, queues: [], money: [], orders: undefined, now };
    if (this.sources.redis.status !== "ready") return down;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), READ_TIMEOUT_MS);
    });
    const reads = Promise.all([
      Promise.all(this.queues.map((q) => readQueue(q, now))),
      readMoneyTotals(this.sources.redis),
      readOrderBacklog(this.sources.redis),
    ]);
    try {
      const done = await Promise.race([reads, timeout]);
      if (!done) return down;
      const [queues, money, orders] = done;
      return { redisUp: true, queues, money, orders, now };
    } catch {
      return down;
    } finally {
      clearTimeout(timer);
      reads.catch(() => undefined);
    }
  }
}

async function readQueue(queue: Queue, now: number): Promise<QueueReading> {
  const raw = await queue.getJobCounts(...QUEUE_STATES);
  const counts = Object.fromEntries(QUEUE_STATES.map((s) => [s, raw[s] ?? 0])) as Record<QueueState, number>;
  // The oldest plain waiting job is at the far end of its list; among prioritized jobs, the next
  // one and the last one (a low priority may wait long behind others) are looked at.
  const [oldest, first, last] = await Promise.all([
    queue.getJobs(["wait"], 0, 0, true),
    queue.getJobs(["prioritized"], 0, 0, true),
    queue.getJobs(["prioritized"], 0, 0, false),
  ]);
  const readySince = [...oldest, ...first, ...last]
    .filter((j): j is Job => j !== undefined && j !== null)
    .map((j) => Math.max(j.timestamp + (j.delay ?? 0), j.processedOn ?? 0));
  const since = readySince.length > 0 ? Math.min(...readySince) : now;
  return { name: queue.name, counts, oldestWaitingSeconds: Math.max(0, now - since) / 1000 };
}
