import type { Redis } from "ioredis";
import type { Catalog } from "../../src/domain/catalog/index.js";
import { AccountKeyStore } from "../../src/domain/fleet/index.js";
import { createShopServices, type ShopRooms } from "../../src/domain/index.js";
import { createHostingClients, type HostingClients } from "../../src/hosting/index.js";
import { systemClock } from "../../src/runtime/clock.js";
import { createLogger } from "../../src/runtime/logger.js";
import { SecretBox } from "../../src/store/secret-box.js";

type ShopServicesInput = Parameters<typeof createShopServices>[0];

export interface ShopOnRedisOptions {
  /** The fake Account API's address and the shop's key on it. */
  accountUrl: string;
  accountApiKey: string;
  /** The SECRET_KEY the bot process under test runs with (the stored account key is sealed with it). */
  secretKey: Buffer;
  catalog: Catalog;
  /** What paying queues (default: nothing; the process under test runs the queue). */
  jobs?: ShopServicesInput["jobs"];
  moves?: ShopServicesInput["moves"];
}

/**
 * The shop's own services on the Redis a bot process under test uses, as the bot builds them: an
 * e2e test sets up customers, pays orders and reads records through them. Close `clients` after.
 */
export function shopOnRedis(
  redis: Redis,
  options: ShopOnRedisOptions,
): { rooms: ShopRooms; clients: HostingClients } {
  const accountKey = new AccountKeyStore(redis, new SecretBox(options.secretKey), options.accountApiKey);
  const clients = createHostingClients(
    {
      account: { url: options.accountUrl, apiKey: options.accountApiKey },
      panel: undefined,
      node: undefined,
    },
    () => accountKey.get(),
  );
  const { catalog } = options;
  const rooms = createShopServices({
    redis,
    clock: systemClock,
    catalog: () => catalog,
    hosting: clients,
    logger: createLogger("silent"),
    accountKey,
    jobs: options.jobs ?? { enqueueOrder: async () => undefined, enqueueTermChange: async () => undefined },
    ...(options.moves ? { moves: options.moves } : {}),
  });
  return { rooms, clients };
}
