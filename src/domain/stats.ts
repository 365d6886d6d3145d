import type { Catalog } from "./catalog.js";
import { type Clock, DAY, MINUTE } from "./clock.js";
import type { Customers } from "./customers.js";
import type { OrderKind, Orders } from "./orders.js";
import type { Subscriptions } from "./subscriptions.js";
import type { LedgerEntry, Wallet } from "./wallet.js";

// ---------------------------------------------------------------------------------------------
// Sales stats
// ---------------------------------------------------------------------------------------------

export const STATS_RANGES = ["today", "7d", "30d"] as const;
export type StatsRange = (typeof STATS_RANGES)[number];

const RANGE_DAYS: Record<StatsRange, number> = { today: 1, "7d": 7, "30d": 30 };

export type KindCounts = Record<OrderKind, number>;

export interface DayStats {
  /** Start of the UTC day (ms). */
  start: number;
  newCustomers: number;
  /** Minor units of the shop's currency: purchases and renewals, minus refunds. */
  revenue: number;
  /** Orders finished (delivered) that day, by kind. */
  orders: KindCounts;
}

export interface PlanStats {
  planId: string;
  revenue: number;
  orders: KindCounts;
}

export interface SalesStats {
  range: StatsRange;
  /** [from, to) in ms: from the start of the first UTC day to now. */
  from: number;
  to: number;
  currency: string;
  /** Oldest first, one per UTC day of the range (today included). */
  days: DayStats[];
  /** Plans with any order or revenue in the range: catalog order first, then plans no longer sold. */
  plans: PlanStats[];
  total: Omit<DayStats, "start">;
  /** Subscriptions not expired right now (trials included). */
  activeSubscriptions: number;
}

export interface StatsDeps {
  wallet: Wallet;
  orders: Orders;
  customers: Customers;
  subscriptions: Subscriptions;
  catalog: () => Catalog;
  clock: Clock;
}

/** Ledger kinds that are sales (debits: the amount is negative) and the one that undoes a sale. */
const SALE_KINDS = new Set<LedgerEntry["kind"]>(["purchase", "renewal"]);
const REFUND_KIND: LedgerEntry["kind"] = "refund";

/** How many journal entries one read takes. */
export const JOURNAL_CHUNK = 1_000;
/**
 * Entries are appended in time order, but each takes its time just before its atomic step, so two
 * movements racing can land a few milliseconds out of order: the search starts this much earlier.
 */
const JOURNAL_SKEW_MS = MINUTE;

const zeroKinds = (): KindCounts => ({ purchase: 0, renewal: 0, trial: 0 });

/** Start of the UTC day holding `ms`. */
export function utcDayStart(ms: number): number {
  return Math.floor(ms / DAY) * DAY;
}

/**
 * Sales of the last `range` (today / 7 / 30 UTC days, today included): new customers, revenue
 * and finished orders by kind, per day and per plan, and the active subscriptions now.
 *
 * Revenue is read from the wallet ledger (the one place money moves): purchase and renewal debits
 * count, refunds of failed orders are taken off; top-ups are not revenue until spent.
 */
export async function computeStats(deps: StatsDeps, range: StatsRange): Promise<SalesStats> {
  const to = deps.clock.now();
  const count = RANGE_DAYS[range];
  const from = utcDayStart(to) - (count - 1) * DAY;
  const currency = deps.catalog().currency;
  const days: DayStats[] = Array.from({ length: count }, (_, i) => ({
    start: from + i * DAY,
    newCustomers: 0,
    revenue: 0,
    orders: zeroKinds(),
  }));
  const dayOf = (ms: number): DayStats | undefined =>
    ms >= from && ms < to + 1 ? days[Math.floor((ms - from) / DAY)] : undefined;
  const plans = new Map<string, PlanStats>();
  const planOf = (planId: string): PlanStats => {
    let p = plans.get(planId);
    if (!p) {
      p = { planId, revenue: 0, orders: zeroKinds() };
      plans.set(planId, p);
    }
    return p;
  };

  const [joined, done, activeSubscriptions] = await Promise.all([
    Promise.all(days.map((d) => deps.customers.joinedBetween(d.start, Math.min(d.start + DAY, to + 1)))),
    deps.orders.doneBetween(from, to + 1),
    deps.subscriptions.activeCount(),
  ]);
  joined.forEach((ids, i) => {
    const day = days[i];
    if (day) day.newCustomers = ids.length;
  });

  for (const order of done) {
    const day = dayOf(order.finishedAt ?? order.updatedAt);
    if (!day) continue;
    day.orders[order.kind]++;
    planOf(order.planId).orders[order.kind]++;
  }

  for await (const entry of journalSince(deps.wallet, from)) {
    if (entry.at > to || entry.currency !== currency) continue;
    // A sale is a debit (negative), a refund a credit (positive): both count as minus the amount.
    if (!SALE_KINDS.has(entry.kind) && entry.kind !== REFUND_KIND) continue;
    const revenue = -entry.amount;
    const day = dayOf(entry.at);
    if (!day) continue;
    day.revenue += revenue;
    planOf(entry.planId ?? "?").revenue += revenue;
  }

  const planList = inCatalogOrder([...plans.values()], deps.catalog());
  return { range, from, to, currency, days, plans: planList, total: totalOf(days), activeSubscriptions };
}

/** Plans in catalog order first, then plans no longer sold (by id). */
function inCatalogOrder(plans: PlanStats[], catalog: Catalog): PlanStats[] {
  const catalogOrder = catalog.plans.map((p) => p.id);
  const rank = (id: string) => {
    const i = catalogOrder.indexOf(id);
    return i < 0 ? catalogOrder.length : i;
  };
  return plans.sort((a, b) => rank(a.planId) - rank(b.planId) || (a.planId < b.planId ? -1 : 1));
}

/** The days of a range added up. */
function totalOf(days: DayStats[]): Omit<DayStats, "start"> {
  const total = { newCustomers: 0, revenue: 0, orders: zeroKinds() };
  for (const d of days) {
    total.newCustomers += d.newCustomers;
    total.revenue += d.revenue;
    for (const k of Object.keys(total.orders) as OrderKind[]) total.orders[k] += d.orders[k];
  }
  return total;
}

/**
 * Journal entries from (about) `from` on, read in chunks of {@link JOURNAL_CHUNK}. The first
 * position is found by a galloping binary search on the entries' times (a few single-entry reads),
 * so a 30-day report reads 30 days of entries, not the shop's whole history.
 *
 * At scale the place for an index is the ledger's Lua step: a per-day hash of sales counters
 * (HINCRBY stats:<day> revenue/plan fields) updated with the entry would make this O(days).
 */
async function* journalSince(wallet: Wallet, from: number): AsyncGenerator<LedgerEntry> {
  let position = await firstPositionAtOrAfter(wallet, from - JOURNAL_SKEW_MS);
  for (;;) {
    const chunk = await wallet.journal(position, JOURNAL_CHUNK);
    for (const entry of chunk) if (entry.at >= from) yield entry;
    if (chunk.length < JOURNAL_CHUNK) return;
    position += chunk.length;
  }
}

/** Position of the first journal entry at or after `at` (the journal length when there is none). */
async function firstPositionAtOrAfter(wallet: Wallet, at: number): Promise<number> {
  const timeAt = async (i: number) => (await wallet.journal(i, 1))[0]?.at ?? Number.POSITIVE_INFINITY;
  if ((await timeAt(0)) >= at) return 0;
  // Invariant: the entry at `lo` is before `at`; the one at `hi` is at/after it, or missing.
  let lo = 0;
  let hi = 1;
  while ((await timeAt(hi)) < at) {
    lo = hi;
    hi *= 2;
  }
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if ((await timeAt(mid)) < at) lo = mid;
    else hi = mid;
  }
  return hi;
}

// ---------------------------------------------------------------------------------------------
// Audiences: who a broadcast reaches (counted for the admin, walked by the broadcast worker)
// ---------------------------------------------------------------------------------------------

export const AUDIENCES = ["all", "active"] as const;
export type Audience = (typeof AUDIENCES)[number];

export interface AudienceDeps {
  customers: Customers;
  subscriptions: Subscriptions;
  clock: Clock;
}

export interface AudiencePage {
  /** Customers of this page the broadcast goes to. */
  ids: number[];
  /** Customers of this page left out: blocked by an admin, or they blocked the bot. */
  skipped: number;
  /** Cursor of the next page; undefined after the last one. */
  next: number | undefined;
}

/** Customers fetched per page when walking an audience. */
export const AUDIENCE_PAGE = 500;

interface Reach {
  id: number;
  reachable: boolean;
  active: boolean;
}

/** For each customer: can a broadcast reach them, and do they hold an active subscription. */
async function reachOf(deps: AudienceDeps, ids: number[], withSubs: boolean): Promise<Reach[]> {
  const now = deps.clock.now();
  // Concurrent reads go out pipelined on the one connection.
  return Promise.all(
    ids.map(async (id) => {
      const customer = await deps.customers.get(id);
      const reachable = customer !== undefined && !customer.blocked && !customer.botBlocked;
      if (!reachable || !withSubs) return { id, reachable, active: false };
      const subs = await deps.subscriptions.ofCustomer(id);
      return { id, reachable, active: subs.some((s) => s.expiresAt === 0 || s.expiresAt > now) };
    }),
  );
}

/**
 * One page of an audience: the customers at positions [cursor, cursor + size) of the list of all
 * customers (oldest first, so positions stay put while new customers join at the end), keeping
 * those the broadcast reaches. Pages are cheap to resume from after a crash.
 */
export async function audiencePage(
  deps: AudienceDeps,
  audience: Audience,
  cursor: number,
  size = AUDIENCE_PAGE,
): Promise<AudiencePage> {
  const ids = await deps.customers.ids(cursor, size);
  const reach = await reachOf(deps, ids, audience === "active");
  const kept = reach.filter((r) => r.reachable && (audience === "all" || r.active)).map((r) => r.id);
  const skipped = reach.filter((r) => !r.reachable).length;
  return { ids: kept, skipped, next: ids.length < size ? undefined : cursor + ids.length };
}

/**
 * How many customers each audience reaches now. Reads every customer once (a small shop's
 * scale; a large one would keep a set of reachable customers updated as they change).
 */
export async function countAudience(
  deps: AudienceDeps,
  size = AUDIENCE_PAGE,
): Promise<Record<Audience, number>> {
  const counts: Record<Audience, number> = { all: 0, active: 0 };
  for (let cursor = 0; ; cursor += size) {
    const ids = await deps.customers.ids(cursor, size);
    for (const r of await reachOf(deps, ids, true)) {
      if (r.reachable) counts.all++;
      if (r.reachable && r.active) counts.active++;
    }
    if (ids.length < size) return counts;
  }
}
