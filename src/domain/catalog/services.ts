import type { Redis } from "ioredis";
import type { Clock } from "../../runtime/clock.js";
import type { Catalog } from "./catalog.js";
import { ShopMaintenance } from "./maintenance.js";
import { RequiredChannels } from "./required-channels.js";
import { ShopSettings } from "./settings.js";

/** The catalog room's services: what the shop sells now and the admins' shop-wide switches. */
export interface CatalogServices {
  /** The catalog in force (the file as last loaded or reloaded). */
  current: () => Catalog;
  /** Shop-wide switches the admins set (auto-extend, outage grace, extension cost, currency). */
  settings: ShopSettings;
  /** Whether the shop is closed to customers: the admins' switch and the automatic maintenance. */
  maintenance: ShopMaintenance;
  /** The channels customers must join for what the channel gate covers (its coverage: settings). */
  requiredChannels: RequiredChannels;
}

export interface CatalogServicesDeps {
  redis: Redis;
  /** The catalog in force. */
  catalog: () => Catalog;
  /** The maintenance's end time and the automatic maintenance are read against it. */
  clock: Clock;
}

export function createCatalogServices(deps: CatalogServicesDeps): CatalogServices {
  // One instance for the whole shop: it holds no state, every read goes to Redis.
  return {
    current: deps.catalog,
    settings: new ShopSettings(deps.redis),
    maintenance: new ShopMaintenance({ redis: deps.redis, clock: deps.clock }),
    requiredChannels: new RequiredChannels(deps.redis),
  };
}
