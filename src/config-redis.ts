import { ConfigError } from "./config.js";

/** How Redis is reached: a URL, or Sentinels that name the master; TLS with a CA file. */
export interface RedisSentinel {
  sentinels: { host: string; port: number }[];
  masterName: string;
  password: string | undefined;
}

/** The Redis settings as parsed by the environment's schema. */
interface RedisSettings {
  REDIS_URL: string;
  REDIS_SENTINELS?: { host: string; port: number }[] | undefined;
  REDIS_MASTER_NAME?: string | undefined;
  REDIS_SENTINEL_PASSWORD?: string | undefined;
  REDIS_TLS_CA_FILE?: string | undefined;
}

/** REDIS_SENTINELS with REDIS_MASTER_NAME: Redis is found through Sentinel; one without the other is refused. */
export function redisSentinelOf(e: RedisSettings): RedisSentinel | undefined {
  const { REDIS_SENTINELS: sentinels, REDIS_MASTER_NAME: masterName } = e;
  if (sentinels && !masterName)
    throw new ConfigError("REDIS_MASTER_NAME is required when REDIS_SENTINELS is set");
  if (masterName && !sentinels)
    throw new ConfigError("REDIS_SENTINELS is required when REDIS_MASTER_NAME is set");
  return sentinels && masterName ? { sentinels, masterName, password: e.REDIS_SENTINEL_PASSWORD } : undefined;
}

/** REDIS_TLS_CA_FILE applies to TLS only: with a plain `redis:` URL it is refused, not ignored. */
export function redisTlsCaFileOf(e: RedisSettings): string | undefined {
  if (e.REDIS_TLS_CA_FILE && !e.REDIS_URL.toLowerCase().startsWith("rediss:"))
    throw new ConfigError("REDIS_TLS_CA_FILE is set but REDIS_URL is not rediss:// (TLS is not on)");
  return e.REDIS_TLS_CA_FILE;
}
