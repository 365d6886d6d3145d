import { Redis } from "ioredis";
import { inject } from "vitest";

/**
 * A connection to the test run's own redis-server, on a logical database nobody else in
 * this run uses (handed out by INCR on db 0), emptied first, so test files running in
 * parallel never see each other's keys.
 */
export async function testRedis(): Promise<Redis> {
  const url = redisUrl();
  const allocator = new Redis(url, { maxRetriesPerRequest: 3 });
  const n = await allocator.incr("test:next-db");
  await allocator.quit();
  const db = 1 + ((n - 1) % 63);
  const redis = new Redis(`${url}/${db}`, { maxRetriesPerRequest: 3 });
  await redis.flushdb();
  return redis;
}

/** URL of the run's redis-server (database 0; pass a db path to use another). */
export function redisUrl(): string {
  return inject("redisUrl");
}
