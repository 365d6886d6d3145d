import { Redis, type RedisOptions } from "ioredis";

/**
 * Connection for update handlers and job producers: fail fast instead of queueing
 * commands while Redis is away, so a user gets an answer rather than a hang.
 */
export function createBotRedis(url: string, extra: RedisOptions = {}): Redis {
  return new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 5_000,
    ...extra,
  });
}

/** Connection for BullMQ workers, which block on Redis and must wait it out (BullMQ requires null). */
export function createWorkerRedis(url: string, extra: RedisOptions = {}): Redis {
  return new Redis(url, { lazyConnect: true, maxRetriesPerRequest: null, ...extra });
}

/** Connects a lazy connection and waits until it is ready (or throws). */
export async function connectRedis(redis: Redis): Promise<Redis> {
  if (redis.status === "wait") await redis.connect();
  return redis;
}
