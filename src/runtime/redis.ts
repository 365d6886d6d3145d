import { readFileSync } from "node:fs";
import type { ConnectionOptions } from "node:tls";
import { Redis, type RedisOptions } from "ioredis";
import type { RedisSentinel } from "../config.js";
import type { Logger } from "./logger.js";

/**
 * Where Redis is: REDIS_URL, or the master named by REDIS_MASTER_NAME as the Sentinels report it
 * (ioredis' own Sentinel support: it asks them at every (re)connect and follows a failover). With
 * Sentinel the URL's host and port are not used; its password, user name, db and TLS still apply.
 * A `rediss:` URL means TLS on every connection: to the master and to each Sentinel.
 */
export interface RedisTarget {
  url: string;
  sentinel?: RedisSentinel | undefined;
  /** REDIS_TLS_CA_FILE: the CA (PEM) that Redis's and the Sentinels' certificates are checked against. */
  tlsCaFile?: string | undefined;
}

/** The options every connection to `target` starts from; `url` alone is a plain connection. */
function targetOptions(target: string | RedisTarget): [string, RedisOptions] {
  if (typeof target === "string") return [target, {}];
  const { url, sentinel } = target;
  const tls = tlsOf(target);
  if (!sentinel) return [url, tls ? { tls } : {}];
  return [
    url,
    {
      sentinels: sentinel.sentinels.map(({ host, port }) => ({ host, port })),
      name: sentinel.masterName,
      ...(sentinel.password ? { sentinelPassword: sentinel.password } : {}),
      // ioredis speaks plain text to the Sentinels and to the master they name unless told (the
      // URL's `rediss:` alone was ignored): the passwords crossed the network in clear.
      ...(tls ? { tls, sentinelTLS: tls, enableTLSForSentinelMode: true } : {}),
    },
  ];
}

/**
 * The TLS options of a `rediss:` target (its CA when REDIS_TLS_CA_FILE names one, the system's
 * otherwise); undefined for `redis:`. A CA file with a plain URL, or one that cannot be read, is
 * refused: the process does not start rather than connect other than asked.
 */
function tlsOf({ url, tlsCaFile }: RedisTarget): ConnectionOptions | undefined {
  const secure = url.toLowerCase().startsWith("rediss:");
  if (!tlsCaFile) return secure ? {} : undefined;
  if (!secure) throw new Error("REDIS_TLS_CA_FILE is set but REDIS_URL is not rediss:// (TLS is not on)");
  try {
    return { ca: readFileSync(tlsCaFile) };
  } catch (err) {
    throw new Error(`REDIS_TLS_CA_FILE ${tlsCaFile} cannot be read: ${(err as Error).message}`);
  }
}

/** How a target reads in a message: the URL, or the Sentinels and the master's name. */
export function describeTarget(target: string | RedisTarget): string {
  if (typeof target === "string" || !target.sentinel) return "REDIS_URL";
  const { sentinels, masterName } = target.sentinel;
  const list = sentinels.map((s) => `${s.host}:${s.port}`).join(",");
  return `master ${masterName} through REDIS_SENTINELS ${list}`;
}

/**
 * Connection for update handlers and job producers: fail fast instead of queueing
 * commands while Redis is away, so a user gets an answer rather than a hang. Commands issued in
 * the same tick (many updates at once) go out in one write: a socket write per command was a
 * tenth of the bot's CPU under load.
 */
export function createBotRedis(
  target: string | RedisTarget,
  logger?: Logger,
  extra: RedisOptions = {},
): Redis {
  return lazyRedis(target, logger, {
    enableOfflineQueue: false,
    enableAutoPipelining: true,
    maxRetriesPerRequest: 1,
    connectTimeout: 5_000,
    ...extra,
  });
}

/** Connection for BullMQ workers, which block on Redis and must wait it out (BullMQ requires null). */
export function createWorkerRedis(
  target: string | RedisTarget,
  logger?: Logger,
  extra: RedisOptions = {},
): Redis {
  return lazyRedis(target, logger, { maxRetriesPerRequest: null, ...extra });
}

/** A connection to `target` (not opened until connectRedis) with `options`, its errors watched. */
function lazyRedis(target: string | RedisTarget, logger: Logger | undefined, options: RedisOptions): Redis {
  const [url, base] = targetOptions(target);
  return watched(new Redis(url, { ...base, lazyConnect: true, ...options }), logger);
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
