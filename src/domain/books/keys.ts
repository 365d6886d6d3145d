/**
 * Every Redis key of the books, and the ledger's idempotency keys other rooms write. The strings
 * are what is stored: changing one loses the data under it. Lua scripts get these through KEYS[],
 * or as a prefix in ARGV (`keyPrefix`) for a key they only know while they run.
 */

export const customerKeys = {
  /** A customer's record (hash): profile, language, blocks, trial. */
  customer: (id: number) => `customer:${id}`,
  /** Lowercased @username -> customer id. */
  byUsername: "customers:by-username",
  /** Where the one-time indexing of the customers recorded before the reach index has reached. */
  reachBackfill: "customers:reach:backfill",
};

/** All customers by first contact time. */
export const CUSTOMERS_ALL = "customers:all";

/**
 * The customers a broadcast reaches (not blocked by an admin, not having blocked the bot), each
 * scored with the latest expiry of their subscriptions (0: none; unlimited ones count as the far
 * future, as in the expiry index): kept by the `reach` Lua fragment in the step of every change.
 */
export const CUSTOMERS_REACH = "customers:reach";

export const walletKeys = {
  /** A customer's balance in the catalog currency (minor units). */
  wallet: (customerId: number) => `wallet:${customerId}`,
  /** A customer's ledger entries, newest first (append-only list of entry JSON). */
  ledger: (customerId: number) => `ledger:${customerId}`,
  /** Idempotency key -> the entry it produced (charge ids, order ids), as a LedgerRef. */
  applied: "ledger:applied",
  /** Every entry of every customer, in order, as LedgerRefs: reconciliation reads it. */
  journal: "ledger:journal",
  /** How many entries were taken off the journal's head (all archived): positions stay absolute. */
  journalStart: "ledger:journal:start",
};

/**
 * How many of a customer's oldest ledger entries went to the archive on disk (archiving); the
 * ledger-apply fragment reads it as `<ledger key>:archived`.
 */
export const ledgerArchivedKey = (customerId: number) => `${walletKeys.ledger(customerId)}:archived`;

/**
 * Idempotency keys of ledger movements that several rooms write or look up: fields of
 * `walletKeys.applied`, not keys of their own, but stored names all the same.
 */
export const ledgerIdemKeys = {
  /** An order paid from the wallet. */
  order: (orderId: string) => `order:${orderId}`,
  /** A Telegram charge credited (telegram_payment_charge_id). */
  charge: (chargeId: string) => `charge:${chargeId}`,
  /** An order's money back to the wallet (a failed order, a gift cancelled or expired). */
  refund: (orderId: string) => `refund:${orderId}`,
};

export const orderKeys = {
  /** An order's record (hash). */
  order: (id: string) => `order:${id}`,
  /** A customer's orders by creation time. */
  byCustomer: (customerId: number) => `orders:customer:${customerId}`,
  /** The customer's one open (unpaid) order of a plan (`p:<plan>`) or a renewal (`r:<subscription>`). */
  unpaidSlot: (customerId: number, slot: string) => `orders:unpaid:${customerId}:${slot}`,
  /** Orders made unpaid (`<customer>:<order>`) by creation time: expired ones are removed from there. */
  unpaid: "orders:unpaid",
  /** Paid orders not finished yet: resumed after a restart. */
  open: "orders:open",
  /** Failed orders not refunded yet, by time failed. */
  failed: "orders:failed",
  /**
   * Orders that went active and whose follow-ups (settlement's AfterActive: the referral reward)
   * are owed, by time of activation: added in the step that activates the order.
   */
  afterActive: "orders:after-active",
  /**
   * Finished orders by time, as stats read them before the sales counters (sales-days.ts): no
   * longer written; what is left in it is counted into the day counters once and removed.
   */
  done: "orders:done",
};

/**
 * The customer's "has paid" mark (order-paid.ts): set (to the time) in the same Lua step that
 * first marks one of their orders paid, trials aside.
 */
export const paidMarkKey = (customerId: number) => `orders:customer-paid:${customerId}`;

export const subscriptionKeys = {
  /** A subscription's record (hash). */
  sub: (id: string) => `sub:${id}`,
  /**
   * Its hosting client's ref (JSON): beside the record, not in it, so the record stays a small
   * listpack hash (Redis turns a hash whose value passes 64 bytes into a hashtable, twice the size).
   * Records written before hold `ref` among their fields.
   */
  ref: (id: string) => `sub:${id}:ref`,
  /** The links handed out for it (JSON `{links, url?}`), beside the record for the same reason. */
  links: (id: string) => `sub:${id}:links`,
  /** A customer's subscriptions by creation time. */
  byCustomer: (customerId: number) => `subs:customer:${customerId}`,
  /** All subscriptions by expiry (ms): what is due is found without scanning customers. */
  byExpiry: "subs:expiry",
};

/** The score in `subscriptionKeys.byExpiry` of a subscription without expiry: after every real one. */
export const NO_EXPIRY_SCORE = Number.MAX_SAFE_INTEGER;

export const ownerKeys = {
  /** Subscriptions whose access is this hosting client (a set; normally one). */
  byRef: (client: string) => `subs:by-ref:${client}`,
  /** Subscriptions on an xui server (all its users), for a regenerate that drops them all. */
  byServer: (serverId: number) => `subs:by-server:${serverId}`,
  /** Set once every subscription made before the index existed has been indexed. */
  built: "subs:by-ref:built",
};

/** One UTC day's sales counters (hash), by the day's number since the epoch (sales-days.ts). */
export const salesDayKey = (dayIndex: number) => `stats:day:${dayIndex}`;

export const conversionKeys = {
  /** Customers whose first paid order followed a free trial (hash: customer id -> UTC day index). */
  converted: "stats:trial-converted",
  /** The customers converted on one UTC day (set), by the day's number since the epoch. */
  day: (dayIndex: number) => `stats:trial-converted:${dayIndex}`,
};

/** Where the one-time count of the journal's older entries has reached ("done" at the end). */
export const SALES_BACKFILL_CURSOR = "stats:backfill:journal";

/** Shop-wide money totals for the metrics (hash; shop-totals.ts). */
export const SHOP_TOTALS_KEY = "stats:totals";
