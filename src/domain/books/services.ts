import type { Redis } from "ioredis";
import type { Clock } from "../../runtime/clock.js";
import type { Logger } from "../../runtime/logger.js";
import type { CatalogServices } from "../catalog/index.js";
import { Customers } from "./customers.js";
import type { ArchiveReader } from "./ledger-reads.js";
import { Orders } from "./orders.js";
import { type FamilyEnds, SubscriptionOwners } from "./subscription-owners.js";
import { Subscriptions } from "./subscriptions.js";
import { TrialConversions } from "./trial-conversions.js";
import { Wallet } from "./wallet.js";

/** The books' services: customers, their money, orders and subscriptions. */
export interface BooksServices {
  customers: Customers;
  wallet: Wallet;
  orders: Orders;
  subscriptions: Subscriptions;
  /** Which subscriptions live on a hosting client; their records follow an admin's changes. */
  owners: SubscriptionOwners;
  /** Free trials that became paying customers, per day (the daily report). */
  trialConversions: TrialConversions;
}

export interface BooksServicesDeps {
  redis: Redis;
  clock: Clock;
  logger: Logger;
  /** The wallet keeps the catalog's currency as it is when the shop starts. */
  catalog: Pick<CatalogServices, "current">;
  /** The archive on disk of old history (archiving): history and lookups read it behind Redis. */
  archive?: ArchiveReader | undefined;
  /** A removed family owner's family ends (settlement's, asked when used; none: no families). */
  families?: FamilyEnds | undefined;
}

export function createBooksServices(deps: BooksServicesDeps): BooksServices {
  const { redis, clock, logger } = deps;
  const customers = new Customers(redis, clock);
  const orders = new Orders(redis, clock, deps.archive);
  const subscriptions = new Subscriptions(redis, clock);
  return {
    customers,
    wallet: new Wallet(redis, clock, deps.catalog.current().currency, deps.archive),
    orders,
    subscriptions,
    owners: new SubscriptionOwners({ redis, subscriptions, customers, logger, families: deps.families }),
    trialConversions: new TrialConversions({ redis, customers, orders }),
  };
}
