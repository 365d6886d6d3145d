import { z } from "zod";
import { type Clock, DAY } from "../../runtime/clock.js";
import type { Customers, OrderKind, Orders, Subscriptions, Wallet } from "../books/index.js";
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
  /** Minor units of the shop's currency: purchases, renewals and traffic packs, minus refunds. */
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

const zeroKinds = (): KindCounts => ({
  purchase: 0,
  renewal: 0,
  trial: 0,
  pack: 0,
  seat: 0,
  seats: 0,
  switch: 0,
});
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

/** The audiences counted by the reach index, and the segments found by walking the customers. */
export const AUDIENCES = ["all", "active"] as const;
export const SEGMENTS = ["expired", "never", "trial"] as const;
/** A plan's audience: customers with an active subscription of that plan (`p.<plan id>`). */
export const PLAN_AUDIENCE = /^p\.[a-z0-9_-]{1,32}$/;
export type Audience = (typeof AUDIENCES)[number] | (typeof SEGMENTS)[number] | `p.${string}`;

/** Whether `value` names an audience (a plan's is checked against the catalog where it is chosen). */
export function isAudience(value: string): value is Audience {
  return (
    (AUDIENCES as readonly string[]).includes(value) ||
    (SEGMENTS as readonly string[]).includes(value) ||
    PLAN_AUDIENCE.test(value)
  );
}

/** How many the reach index's audiences reach. */
export type AudienceCounts = Record<(typeof AUDIENCES)[number], number>;

/** An audience read back from a record or a button. */
export const audienceSchema = z.custom<Audience>((v) => typeof v === "string" && isAudience(v));

export interface AudienceDeps {
  customers: Customers;
  subscriptions: Subscriptions;
  orders: Pick<Orders, "hasPaid">;
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
  inAudience: boolean;
}

/**
 * Whether a reachable customer is in `audience`: all; active (a live subscription); expired (had
 * one, none live now); never bought (no paid order, trials aside); trial only (a trial and never
 * a paid order); a plan's (a live subscription of that plan, trials aside: they have their own).
 */
async function inAudience(deps: AudienceDeps, id: number, audience: Audience, now: number): Promise<boolean> {
  if (audience === "all") return true;
  if (audience === "never" || audience === "trial") {
    if (await deps.orders.hasPaid(id)) return false;
    if (audience === "never") return true;
  }
  const subs = await deps.subscriptions.ofCustomer(id);
  // As the reach index counts (a removed subscription gives no access).
  const live = subs.filter((s) => s.removedAt === undefined && (s.expiresAt === 0 || s.expiresAt > now));
  if (audience === "active") return live.length > 0;
  if (audience === "expired") return subs.length > 0 && live.length === 0;
  if (audience === "trial") return subs.some((s) => s.trial);
  const plan = audience.slice(2);
  return live.some((s) => s.planId === plan && !s.trial);
}

/** For each customer: can a broadcast reach them, and are they in the audience. */
async function reachOf(deps: AudienceDeps, ids: number[], audience: Audience): Promise<Reach[]> {
  const now = deps.clock.now();
  // Concurrent reads go out pipelined on the one connection.
  return Promise.all(
    ids.map(async (id) => {
      const customer = await deps.customers.get(id);
      const reachable = customer !== undefined && !customer.blocked && !customer.botBlocked;
      if (!reachable) return { id, reachable, inAudience: false };
      return { id, reachable, inAudience: await inAudience(deps, id, audience, now) };
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
  const reach = await reachOf(deps, ids, audience);
  const kept = reach.filter((r) => r.reachable && r.inAudience).map((r) => r.id);
  const skipped = reach.filter((r) => !r.reachable).length;
  return { ids: kept, skipped, next: ids.length < size ? undefined : cursor + ids.length };
}

/**
 * How many reachable customers a segment or a plan's audience holds now, by walking every
 * customer page by page (the reach index counts only all and active): asked once, when an admin
 * picks such an audience.
 */
export async function countSegment(deps: AudienceDeps, audience: Audience): Promise<number> {
  let count = 0;
  for (let cursor: number | undefined = 0; cursor !== undefined; ) {
    const page = await audiencePage(deps, audience, cursor);
    count += page.ids.length;
    cursor = page.next;
  }
  return count;
}

/**
 * How many customers each audience reaches now, counted by Redis in the reach index the customers'
 * and subscriptions' own steps keep (a few reads, however many customers the shop has).
 */
export async function countAudience(deps: AudienceDeps): Promise<AudienceCounts> {
  return deps.customers.reachCounts(deps.clock.now());
}
