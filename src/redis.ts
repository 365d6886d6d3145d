import { Redis, type RedisOptions } from "ioredis";
import type { Logger } from "./logger.js";

/**
 * Connection for update handlers and job producers: fail fast instead of queueing
 * commands while Redis is away, so a user gets an answer rather than a hang.
 */
export function createBotRedis(url: string, logger?: Logger, extra: RedisOptions = {}): Redis {
  return watched(
    new Redis(url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 5_000,
      ...extra,
    }),
    logger,
  );
}

/** Connection for BullMQ workers, which block on Redis and must wait it out (BullMQ requires null). */
export function createWorkerRedis(url: string, logger?: Logger, extra: RedisOptions = {}): Redis {
  return watched(new Redis(url, { lazyConnect: true, maxRetriesPerRequest: null, ...extra }), logger);
}

const lastError = new WeakMap<Redis, Error>();

/** Connection errors are logged (ioredis would print them as unhandled) and kept for messages. */
function watched(redis: Redis, logger?: Logger): Redis {
  redis.on("error", (err: Error) => {
    const first = !lastError.has(redis) || lastError.get(redis)?.message !== err.message;
    lastError.set(redis, err);
    if (first) logger?.warn({ err: err.message }, "Redis connection error");
  });
  return redis;
}

/** Connects a lazy connection and waits until it is ready; the error names the real cause. */
export async function connectRedis(redis: Redis): Promise<Redis> {
  if (redis.status !== "wait") return redis;
  try {
    await redis.connect();
  } catch (err) {
    throw lastError.get(redis) ?? err;
  }
  return redis;
}

/** Closes politely when connected, at once otherwise (quit would wait for a connection). */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === "ready") await redis.quit();
  else redis.disconnect();
}
