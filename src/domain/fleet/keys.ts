/** Every Redis key of the fleet room. The strings are what is stored: do not change them. */

/** Server extensions (kept under `watch:` where the server-watch worker first put them). */
export const extensionKeys = {
  /** The claim on one extension of a server for one expiry: `pending:<ms>`, `done`, ... */
  claim: (id: number, expiresAt: number) => `watch:extend:${id}:${expiresAt}`,
  /** server id -> what its last 30-day extension cost. */
  priceByServer: "watch:price:server",
  /** tariff id -> what a 30-day extension of a server of it last cost. */
  priceByTariff: "watch:price:tariff",
  /** Hash of the last extension whose price was learned: price, at (ms), serverId, serverName. */
  priceLearned: "watch:price:learned",
};

/** What the server watch knows of each server's live state (written by its outage step only). */
export const outageKeys = {
  /**
   * Hash: state (running|offline), since, checks, lastAt, admins, customers, back, backAdmins,
   * checkedAt (the last check, whatever it saw).
   */
  state: (id: number) => `watch:state:${id}`,
};

/** What the bot told each customer about the service (written where the notices are sent). */
export const serviceNoticeKeys = {
  /** Sorted set by time (ms): `<notice id>|<JSON>` per notice, the newest few of the last days. */
  log: (customerId: number) => `watch:notices:${customerId}`,
};

/** The Account API key an admin linked in chat, sealed (hash: sealed, prefix, linkedBy, linkedAt). */
export const ACCOUNT_KEY_KEY = "hosting:account-key";
/** server id -> the proxy-core version this bot last installed on it. */
export const CORE_VERSION_KEY = "servers:core-version";
/** `panel-create:<id>` -> a multi-location panel create plan (JSON, kept a week). */
export const PANEL_PLAN_PREFIX = "panel-create:";

/** The runway forecast: the servers' traffic packages, their tallied daily use, the alerts' marks. */
export const runwayKeys = {
  /** Hash: server id -> its traffic package in GB, as the admin set it on the server card. */
  packages: "runway:package",
  /** JSON: the server's daily use (35 days), the subscriptions counted and when (the hourly tally). */
  days: (serverId: number) => `runway:days:${serverId}`,
  /** Hash: `<plan>:<server>` -> a sale placed short of runway (JSON), until the staff are told. */
  shortSales: "runway:sale-short",
  /** One tally at a time across processes (a lease). */
  tallyLease: "runway:tally",
  /** Set once an alert went out: per server, resource, term (its expiry) and threshold. */
  alerted: (serverId: number, resource: string, expiresAt: number, threshold: number) =>
    `runway:alerted:${serverId}:${resource}:${expiresAt}:${threshold}`,
};

/** Admins' bulk moves of customers off a server or panel location (bulk-move*.ts). */
export const bulkMoveKeys = {
  /** A move (hash): who, from, to, status, counts' total, the progress message. */
  move: (id: string) => `bulkmove:${id}`,
  /** The subscriptions the move takes (list, fixed when it is confirmed), in their order. */
  items: (id: string) => `bulkmove:${id}:items`,
  /** One subscription's move (hash): its stage, the target fixed once, the new client. */
  item: (id: string, subscriptionId: string) => `bulkmove:${id}:item:${subscriptionId}`,
  /** What became of each subscription (hash: id -> `moved`, `skipped:<why>`, `failed:<why>`). */
  outcomes: (id: string) => `bulkmove:${id}:outcomes`,
  /** One runner at a time per subscription of a move (a lease). */
  run: (id: string, subscriptionId: string) => `bulkmove-run:${id}:${subscriptionId}`,
  /** An admin's selection being picked before the preview (set of subscription ids, kept a day). */
  picked: (adminId: number, source: string) => `bulkmove:picked:${adminId}:${source}`,
};
