import { type Clock, DAY } from "../../runtime/clock.js";
import type { Customers, OrderKind, Subscriptions, Wallet } from "../books/index.js";
import type { Catalog } from "../catalog/index.js";

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
  wallet: Pick<Wallet, "salesDays">;
  customers: Customers;
  subscriptions: Subscriptions;
  catalog: () => Catalog;
  clock: Clock;
}

const zeroKinds = (): KindCounts => ({ purchase: 0, renewal: 0, trial: 0 });
const KINDS = Object.keys(zeroKinds()) as OrderKind[];
const isKind = (kind: string): kind is OrderKind => (KINDS as string[]).includes(kind);

/** Start of the UTC day holding `ms`. */
export function utcDayStart(ms: number): number {
  return Math.floor(ms / DAY) * DAY;
}

/**
 * Sales of the last `range` (today / 7 / 30 UTC days, today included): new customers, revenue
 * and finished orders by kind, per day and per plan, and the active subscriptions now.
 *
 * Revenue is the wallet ledger's (the one place money moves): purchase and renewal debits count,
 * refunds of failed orders are taken off; top-ups are not revenue until spent. Everything is read
 * from counters kept per day (sales-days.ts) and counts of indexes: a few reads per day of the
 * range, however many customers, orders and ledger entries the shop has.
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
  const plans = new Map<string, PlanStats>();
  const planOf = (planId: string): PlanStats => {
    let p = plans.get(planId);
    if (!p) {
      p = { planId, revenue: 0, orders: zeroKinds() };
      plans.set(planId, p);
    }
    return p;
  };

  const [joined, counters, activeSubscriptions] = await Promise.all([
    Promise.all(days.map((d) => deps.customers.joinedCount(d.start, Math.min(d.start + DAY, to + 1)))),
    deps.wallet.salesDays(from, count, currency),
    deps.subscriptions.activeCount(),
  ]);
  days.forEach((day, i) => {
    day.newCustomers = joined[i] ?? 0;
    const c = counters[i];
    if (!c) return;
    day.revenue = c.revenue;
    for (const kind of KINDS) day.orders[kind] = c.orders.get(kind) ?? 0;
    for (const [planId, revenue] of c.revenueByPlan) planOf(planId).revenue += revenue;
    for (const { kind, planId, count: n } of c.ordersByPlan.values()) {
      if (isKind(kind)) planOf(planId).orders[kind] += n;
    }
  });

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
      // As the reach index counts (a removed subscription gives no access).
      const active = subs.some((s) => s.removedAt === undefined && (s.expiresAt === 0 || s.expiresAt > now));
      return { id, reachable, active };
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
 * How many customers each audience reaches now, counted by Redis in the reach index the customers'
 * and subscriptions' own steps keep (a few reads, however many customers the shop has).
 */
export async function countAudience(deps: AudienceDeps): Promise<Record<Audience, number>> {
  return deps.customers.reachCounts(deps.clock.now());
}
