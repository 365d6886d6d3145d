import { Redis } from "ioredis";
import { inject } from "vitest";

/** Logical databases each test worker hands out in turn (a file holds one while it runs). */
const DBS_PER_WORKER = 64;
/** Workers the run's redis-server has databases for (vitest.config.ts's maxWorkers fits under it). */
export const MAX_TEST_WORKERS = 8;
/** The `--databases` the run's redis-server starts with: db 0 for the counters, then a block per worker. */
export const TEST_DATABASES = 1 + MAX_TEST_WORKERS * DBS_PER_WORKER;

/**
 * A connection to the test run's own redis-server, on a logical database nobody else in this run
 * uses, emptied first, so test files running in parallel never see each other's keys. Each worker
 * (VITEST_POOL_ID) takes from its own block of databases, in turn (INCR on db 0): files run one
 * after another in a worker, so a database comes round again only long after its file ended,
 * whatever the other workers do meanwhile.
 */
export async function testRedis(): Promise<Redis> {
  const url = redisUrl();
  const worker = (Number(process.env.VITEST_POOL_ID ?? "1") - 1) % MAX_TEST_WORKERS;
  const allocator = new Redis(url, { maxRetriesPerRequest: 3 });
  const n = await allocator.incr(`test:next-db:${worker}`);
  await allocator.quit();
  const db = 1 + worker * DBS_PER_WORKER + ((n - 1) % DBS_PER_WORKER);
  const redis = new Redis(`${url}/${db}`, { maxRetriesPerRequest: 3 });
  await redis.flushdb();
  return redis;
}

/** URL of the run's redis-server (database 0; pass a db path to use another). */
export function redisUrl(): string {
  return inject("redisUrl");
}

/** The URL of a database of the run's Redis taken as testRedis() takes one, for a process to use. */
export async function testRedisUrl(): Promise<string> {
  const redis = await testRedis();
  const db = redis.options.db ?? 0;
  await redis.quit();
  return `${redisUrl()}/${db}`;
}
