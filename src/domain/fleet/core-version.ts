import type { Redis } from "ioredis";
import { CORE_VERSION_KEY } from "./keys.js";

const KEY = CORE_VERSION_KEY;

/**
 * The proxy-core version this bot last installed on each server. The Account API never tells
 * the installed version (the server object has no such field and xray-update's answer is not
 * specified), so this is the best the bot knows: undefined until it installs one itself, and
 * stale if someone changes the version in the web cabinet.
 */
export class CoreVersions {
  constructor(private readonly redis: Redis) {}

  async get(serverId: number): Promise<string | undefined> {
    return (await this.redis.hget(KEY, String(serverId))) ?? undefined;
  }

  async remember(serverId: number, version: string): Promise<void> {
    await this.redis.hset(KEY, String(serverId), version);
  }
}
