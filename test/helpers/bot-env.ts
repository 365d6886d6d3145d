import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { Redis } from "ioredis";
import type { FakeAccountApi } from "../fakes/account-api.js";
import type { FakeTelegram } from "../fakes/telegram-api.js";
import { germanyCatalog } from "./catalogs.js";
import { redisUrl } from "./redis.js";

export { germanyCatalog } from "./catalogs.js";

/** Writes `yaml` as catalog.yaml in a new temporary folder named from `prefix`; returns its path. */
export function writeCatalog(prefix: string, yaml: string): string {
  const file = join(mkdtempSync(join(tmpdir(), prefix)), "catalog.yaml");
  writeFileSync(file, yaml);
  return file;
}

/** One plan, `node` (the customer's own node, 30 days for 120 Stars): no hosting account needed. */
export const NODE_CATALOG = `currency: XTR
plans:
  - id: node
    title: { en: "Own node, 30 days", ru: "Своя нода, 30 дней" }
    days: 30
    price: 120
    backend: { kind: node }
`;

/**
 * The shop's hosting account on the (started) fake `hosting` with 1000 on its balance, its API key
 * and one x-ui server with 90 days left; the Germany plan on that server written as the catalog.
 */
export function germanyShop(
  hosting: FakeAccountApi,
  prefix: string,
): { key: string; serverId: number; catalogFile: string } {
  hosting.addAccount({ login: "shop", password: "pw", balance: 1000 });
  const key = hosting.addKey("shop");
  const serverId = hosting.addServer("shop", { type: "xui", daysLeft: 90 }).id;
  return { key, serverId, catalogFile: writeCatalog(prefix, germanyCatalog(serverId)) };
}

export interface BotEnvBase {
  /** The fake Bot API the bot talks to (its token is the bot's). */
  telegram: FakeTelegram;
  /** The test's Redis connection (the bot uses its database) or a REDIS_URL. */
  redis: Redis | string;
  catalogFile: string;
}

/**
 * The environment of a bot process (or of parseConfig) against the test's fakes: admin 1, a fixed
 * SECRET_KEY, the hosting account API on a port where nothing listens, LOG_LEVEL warn, the
 * operators' listener on any free port; `extra` adds or overrides (HTTP_PORT, METRICS_PORT,
 * BOT_MODE, ACCOUNT_API_URL ...).
 */
export function botEnv(base: BotEnvBase, extra: Record<string, string> = {}): Record<string, string> {
  const { telegram, redis, catalogFile } = base;
  return {
    BOT_TOKEN: telegram.token,
    BOT_API_ROOT: telegram.apiRoot,
    REDIS_URL: typeof redis === "string" ? redis : `${redisUrl()}/${redis.options.db ?? 0}`,
    ADMIN_IDS: "1",
    SECRET_KEY: Buffer.alloc(32, 7).toString("base64"),
    ACCOUNT_API_URL: "http://127.0.0.1:9",
    CATALOG_FILE: catalogFile,
    LOG_LEVEL: "warn",
    // The operators' listener (/metrics) on a free port: processes of parallel tests never clash.
    METRICS_PORT: "0",
    // The archive of old history beside the test's catalog, never the project's data/archive.
    ARCHIVE_DIR: join(dirname(catalogFile), "archive"),
    ...extra,
  };
}
