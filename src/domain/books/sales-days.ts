import type { Redis } from "ioredis";
import { DAY } from "../../runtime/clock.js";
import { LuaScript } from "../../store/lua.js";
import { orderKeys, SALES_BACKFILL_CURSOR, salesDayKey, walletKeys } from "./keys.js";
import { BOOKS_LUA } from "./lua-fragments.js";

/**
 * Sales counters per UTC day, kept up to date by the steps that change them, so the Sales screen
 * reads a few small hashes however long the shop's history is:
 * - the ledger's Lua step counts revenue (purchase, renewal and pack debits, minus refunds of failed
 *   orders) as `rev:<currency>` and `rev:<currency>:<plan>`;
 * - the order's move to `active` counts it as `ord:<kind>` and `ord:<kind>:<plan>`.
 * Each counter moves in the same atomic step as the money or the order, so they never disagree
 * (the `count-sale` and `count-order` Lua fragments). A day's counters are `salesDayKey`.
 */

/** Ledger kinds that are revenue (or its refund), as the `count-sale` Lua fragment counts them. */
const SALE_KINDS: readonly string[] = ["purchase", "renewal", "pack", "refund"];

/** The day a time falls on, counted in UTC days since the epoch (the key's number). */
export const dayIndexOf = (ms: number) => Math.floor(ms / DAY);

/** One day's counters as read. */
export interface SalesDay {
  /** Revenue of the day in `currency`, total and per plan. */
  revenue: number;
  revenueByPlan: Map<string, number>;
  /** Orders finished that day, per kind, and per kind and plan (`<kind>:<plan>`). */
  orders: Map<string, number>;
  ordersByPlan: Map<string, { kind: string; planId: string; count: number }>;
}

/** The counters of `count` days from the day of `from`, in `currency` (pipelined: one read a day). */
export async function readSalesDays(
  redis: Redis,
  from: number,
  count: number,
  currency: string,
): Promise<SalesDay[]> {
  const first = dayIndexOf(from);
  const hashes = await Promise.all(
    Array.from({ length: count }, (_, i) => redis.hgetall(salesDayKey(first + i))),
  );
  return hashes.map((h) => salesDayOf(h, currency));
}

function salesDayOf(h: Record<string, string>, currency: string): SalesDay {
  const day: SalesDay = { revenue: 0, revenueByPlan: new Map(), orders: new Map(), ordersByPlan: new Map() };
  const revenue = `rev:${currency}`;
  for (const [field, value] of Object.entries(h)) {
    const n = Number(value);
    if (field === revenue) day.revenue = n;
    else if (field.startsWith(`${revenue}:`)) day.revenueByPlan.set(field.slice(revenue.length + 1), n);
    else if (field.startsWith("ord:")) {
      const [kind = "", ...plan] = field.slice(4).split(":");
      if (plan.length === 0) day.orders.set(kind, n);
      else day.ordersByPlan.set(field.slice(4), { kind, planId: plan.join(":"), count: n });
    }
  }
  return day;
}

/** One day's totals in every currency counted that day (a catalog may change its currency). */
export interface DayTotals {
  /** Revenue per currency (sales minus refunds of failed orders). */
  revenue: Map<string, number>;
  /** Refunds of orders to the wallet per currency: how many, and how much (minor units). */
  refunds: Map<string, { count: number; sum: number }>;
  /** Orders finished that day, per kind. */
  orders: Map<string, number>;
}

/** The totals of the UTC day holding `at` (one read). */
export async function readDayTotals(redis: Redis, at: number): Promise<DayTotals> {
  const h = await redis.hgetall(salesDayKey(dayIndexOf(at)));
  const totals: DayTotals = { revenue: new Map(), refunds: new Map(), orders: new Map() };
  for (const [field, value] of Object.entries(h)) {
    const [what = "", a = "", b, ...rest] = field.split(":");
    const n = Number(value);
    if (rest.length > 0) continue;
    if (what === "rev" && b === undefined) totals.revenue.set(a, n);
    else if (what === "ord" && b === undefined) totals.orders.set(a, n);
    else if (what === "refunds" && b !== undefined && (a === "n" || a === "sum")) {
      const refund = totals.refunds.get(b) ?? { count: 0, sum: 0 };
      if (a === "n") refund.count = n;
      else refund.sum = n;
      totals.refunds.set(b, refund);
    }
  }
  return totals;
}

type Increments = Map<string, Map<string, number>>;

function add(incs: Increments, at: number, field: string, by: number): void {
  const key = salesDayKey(dayIndexOf(at));
  const fields = incs.get(key) ?? new Map<string, number>();
  fields.set(field, (fields.get(field) ?? 0) + by);
  incs.set(key, fields);
}

/** The increments as flat key, field, amount triples for the scripts below. */
function triples(incs: Increments): string[] {
  const out: string[] = [];
  for (const [key, fields] of incs) for (const [field, by] of fields) out.push(key, field, String(by));
  return out;
}

const script = (name: string) => LuaScript.load(new URL(`./lua/${name}.lua`, import.meta.url), BOOKS_LUA);
/** Counts orders of the old done index, only if all are still in it (lua/count-done.lua). */
const COUNT_DONE = script("count-done");
/** Counts a chunk of the journal, only if the cursor did not move (lua/count-journal.lua). */
const COUNT_JOURNAL = script("count-journal");

/**
 * Counts, once, what the shop recorded before these counters existed: the journal entries stored
 * whole (the ledger has written references, and counted, since) and the orders left in the old
 * `orders:done` index (no longer written). Each chunk's counts and its progress (the cursor moved,
 * the orders taken out of the index) are one script, checked against what was read, so a crash or
 * a second process never counts twice. Returns how many it counted in this call (at most `chunks`
 * chunks of each); 0 once all is done.
 */
export async function backfillSalesDays(redis: Redis, chunks = 20, size = 500): Promise<number> {
  let counted = 0;
  for (let i = 0; i < chunks; i++) {
    const n = (await backfillOrders(redis, size)) + (await backfillJournal(redis, size));
    if (n === 0) break;
    counted += n;
  }
  return counted;
}

async function backfillOrders(redis: Redis, size: number): Promise<number> {
  const ids = await redis.zrange(orderKeys.done, "0", String(size - 1));
  if (ids.length === 0) return 0;
  const rows = await Promise.all(
    ids.map((id) => redis.hmget(orderKeys.order(id), "kind", "planId", "finishedAt", "updatedAt")),
  );
  const incs: Increments = new Map();
  for (const [kind, planId, finishedAt, updatedAt] of rows) {
    if (!kind) continue;
    const at = Number(finishedAt ?? updatedAt ?? 0);
    add(incs, at, `ord:${kind}`, 1);
    add(incs, at, `ord:${kind}:${planId ?? "?"}`, 1);
  }
  await COUNT_DONE.run(redis, [orderKeys.done], [ids.length, ...ids, ...triples(incs)]);
  return ids.length;
}

const entryFields = (json: string) =>
  JSON.parse(json) as { kind?: string; at?: number; amount?: number; currency?: string; planId?: string };

async function backfillJournal(redis: Redis, size: number): Promise<number> {
  const cursor = await redis.get(SALES_BACKFILL_CURSOR);
  if (cursor === "done") return 0;
  const from = Number(cursor ?? 0);
  const chunk = await redis.lrange(walletKeys.journal, from, from + size - 1);
  // Older entries come first: the first reference marks where counting began.
  const whole = chunk.findIndex((e) => !e.startsWith("{"));
  const old = whole < 0 ? chunk : chunk.slice(0, whole);
  const incs: Increments = new Map();
  for (const json of old) {
    const e = entryFields(json);
    if (!SALE_KINDS.includes(e.kind ?? "")) continue;
    const revenue = -(e.amount ?? 0);
    add(incs, e.at ?? 0, `rev:${e.currency}`, revenue);
    add(incs, e.at ?? 0, `rev:${e.currency}:${e.planId ?? "?"}`, revenue);
  }
  const finished = whole >= 0 || chunk.length < size;
  const next = finished ? "done" : String(from + old.length);
  await COUNT_JOURNAL.run(redis, [SALES_BACKFILL_CURSOR], [cursor ?? "", next, ...triples(incs)]);
  return Math.max(old.length, finished ? 0 : 1);
}
