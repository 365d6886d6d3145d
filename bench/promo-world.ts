/**
 * A promo code's world for the promo benchmark and its cost test: the shop's rooms on a Redis of
 * their own (an xui plan, no hosting reached), and uses seeded in the shape the shop stored before
 * its indexes (issue 23, finding 4).
 */
import type { Redis } from "ioredis";
import { CatalogStore } from "../src/domain/catalog/index.js";
import { AccountKeyStore } from "../src/domain/fleet/index.js";
import { createShopServices, type ShopRooms } from "../src/domain/index.js";
import { promoKeys } from "../src/domain/sales/keys.js";
import { createHostingClients } from "../src/hosting/index.js";
import type { ManualClock } from "../src/runtime/clock.js";
import { createLogger } from "../src/runtime/logger.js";
import { SecretBox } from "../src/store/secret-box.js";

/** The shop's rooms with one xui plan `p` (150 XTR, 30 days); nothing is queued or hosted. */
export function promoWorld(redis: Redis, clock: ManualClock, name: string): ShopRooms {
  const logger = createLogger("silent");
  const plan = { title: { en: "Plan", ru: "План" }, days: 30, traffic_gb: 0, devices: 0, price: 150 };
  const catalog = new CatalogStore(
    {
      currency: "XTR",
      trial: undefined,
      plans: [{ id: "p", ...plan, backend: { kind: "xui", servers: [1] } }],
    },
    name,
    redis,
    logger,
  );
  return createShopServices({
    redis,
    clock,
    catalog: catalog.get,
    hosting: createHostingClients(
      { account: { url: "http://127.0.0.1:9", apiKey: undefined }, panel: undefined, node: undefined },
      async () => undefined,
    ),
    logger,
    accountKey: new AccountKeyStore(redis, new SecretBox(Buffer.alloc(32, 7)), undefined),
    jobs: { enqueueOrder: async () => undefined, enqueueTermChange: async () => undefined },
  });
}

/**
 * Writes `n` used uses of `code` as the shop stored them before its indexes (one hash of uses,
 * one of counts by customer), by customers `firstCustomer + i`, the newest at `at`.
 */
export async function seedOldUses(
  redis: Redis,
  code: string,
  n: number,
  at: number,
  firstCustomer: number,
): Promise<void> {
  const k = promoKeys(code);
  for (let from = 0; from < n; from += 2000) {
    const uses: string[] = [];
    const by: string[] = [];
    for (let i = from; i < Math.min(n, from + 2000); i++) {
      uses.push(`o-${code}-${i}`, `${firstCustomer + i}|u|${at - n + i}`);
      by.push(String(firstCustomer + i), "1");
    }
    await redis
      .pipeline()
      .hset(k.uses, ...uses)
      .hset(k.by, ...by)
      .exec();
  }
  await redis.hset(k.code, "used", String(n));
  await redis.hdel(k.code, "indexed"); // as a code made before the indexes
}
