import { Redis } from "ioredis";
import { inject } from "vitest";

/**
 * The `--databases` the run's redis-server starts with: db 0 for the counter, then more than a
 * whole run takes (about a thousand), so no database is handed out twice in a run. Files share a
 * worker (vitest.config.ts, isolate off), and a client or BullMQ worker a file left open must
 * never find a later file's keys.
 */
export const TEST_DATABASES = 4096;

/**
 * A connection to the test run's own redis-server, on a logical database nobody else in this run
 * uses (handed out by INCR on db 0), emptied first, so test files running in parallel never see
 * each other's keys.
 */
export async function testRedis(): Promise<Redis> {
  const url = redisUrl();
  const allocator = new Redis(url, { maxRetriesPerRequest: 3 });
  const n = await allocator.incr("test:next-db");
  await allocator.quit();
  const db = 1 + ((n - 1) % (TEST_DATABASES - 1));
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
