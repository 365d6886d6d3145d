import type { Redis } from "ioredis";
import { DAY } from "../../runtime/clock.js";
import { LuaScript } from "../../store/lua.js";

/**
 * Sales counters per UTC day, kept up to date by the steps that change them, so the Sales screen
 * reads a few small hashes however long the shop's history is:
 * - the ledger's Lua step counts revenue (purchase and renewal debits, minus refunds of failed
 *   orders) as `rev:<currency>` and `rev:<currency>:<plan>`;
 * - the order's move to `active` counts it as `ord:<kind>` and `ord:<kind>:<plan>`.
 * Each counter moves in the same atomic step as the money or the order, so they never disagree.
 */
export const salesDayKey = (dayIndex: number) => `stats:day:${dayIndex}`;

/** The day a time falls on, counted in UTC days since the epoch (the key's number). */
export const dayIndexOf = (ms: number) => Math.floor(ms / DAY);

/**
 * Lua: `count_sale(entryJson, amount)` counts a ledger entry's revenue on its day, if it is a
 * sale or a refund (`amount` is its signed amount as exact decimal text). The day's key is named
 * from the entry's time inside the step: the shop runs on one Redis (not a cluster).
 */
export const COUNT_SALE_FN = `
local function count_sale(entryJson, amount)
  local e = cjson.decode(entryJson)
  if e.kind ~= 'purchase' and e.kind ~= 'renewal' and e.kind ~= 'refund' then return end
  local key = 'stats:day:' .. string.format('%d', math.floor(e.at / ${DAY}))
  local revenue = string.format('%d', -tonumber(amount))
  local plan = e.planId
  if type(plan) ~= 'string' then plan = '?' end
  redis.call('HINCRBY', key, 'rev:' .. e.currency, revenue)
  redis.call('HINCRBY', key, 'rev:' .. e.currency .. ':' .. plan, revenue)
end
`;

/** Lua: `count_order(kOrder, kDay)` counts an order that became active on the day `kDay`. */
export const COUNT_ORDER_FN = `
local function count_order(kOrder, kDay)
  local o = redis.call('HMGET', kOrder, 'kind', 'planId')
  if not o[1] then return end
  redis.call('HINCRBY', kDay, 'ord:' .. o[1], 1)
  redis.call('HINCRBY', kDay, 'ord:' .. o[1] .. ':' .. (o[2] or '?'), 1)
end
`;

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

/** Where the one-time count of the journal's older entries has reached ("done" at the end). */
const BACKFILL_CURSOR = "stats:backfill:journal";
const JOURNAL = "ledger:journal";
const DONE_ORDERS = "orders:done";

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

const APPLY_TRIPLES = `
local function apply_triples(from)
  for i = from, #ARGV, 3 do redis.call('HINCRBY', ARGV[i], ARGV[i + 1], ARGV[i + 2]) end
end
`;

/**
 * KEYS: the old done index. ARGV: n, n order ids, then key/field/amount triples. Counts and takes
 * the orders out of the index only if every one is still in it (another process may have counted
 * them). Returns 1 when counted.
 */
const COUNT_DONE = new LuaScript(`${APPLY_TRIPLES}
local n = tonumber(ARGV[1])
for i = 2, n + 1 do if not redis.call('ZSCORE', KEYS[1], ARGV[i]) then return 0 end end
apply_triples(n + 2)
for i = 2, n + 1 do redis.call('ZREM', KEYS[1], ARGV[i]) end
return 1
`);

/**
 * KEYS: the journal cursor. ARGV: the cursor read ('' none), the new one, then triples. Counts
 * only if the cursor is still where it was read. Returns 1 when counted.
 */
const COUNT_JOURNAL = new LuaScript(`${APPLY_TRIPLES}
if (redis.call('GET', KEYS[1]) or '') ~= ARGV[1] then return 0 end
apply_triples(3)
redis.call('SET', KEYS[1], ARGV[2])
return 1
`);

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
  const ids = await redis.zrange(DONE_ORDERS, "0", String(size - 1));
  if (ids.length === 0) return 0;
  const rows = await Promise.all(
    ids.map((id) => redis.hmget(`order:${id}`, "kind", "planId", "finishedAt", "updatedAt")),
  );
  const incs: Increments = new Map();
  for (const [kind, planId, finishedAt, updatedAt] of rows) {
    if (!kind) continue;
    const at = Number(finishedAt ?? updatedAt ?? 0);
    add(incs, at, `ord:${kind}`, 1);
    add(incs, at, `ord:${kind}:${planId ?? "?"}`, 1);
  }
  await COUNT_DONE.run(redis, [DONE_ORDERS], [ids.length, ...ids, ...triples(incs)]);
  return ids.length;
}

const entryFields = (json: string) =>
  JSON.parse(json) as { kind?: string; at?: number; amount?: number; currency?: string; planId?: string };

async function backfillJournal(redis: Redis, size: number): Promise<number> {
  const cursor = await redis.get(BACKFILL_CURSOR);
  if (cursor === "done") return 0;
  const from = Number(cursor ?? 0);
  const chunk = await redis.lrange(JOURNAL, from, from + size - 1);
  // Older entries come first: the first reference marks where counting began.
  const whole = chunk.findIndex((e) => !e.startsWith("{"));
  const old = whole < 0 ? chunk : chunk.slice(0, whole);
  const incs: Increments = new Map();
  for (const json of old) {
    const e = entryFields(json);
    if (e.kind !== "purchase" && e.kind !== "renewal" && e.kind !== "refund") continue;
    const revenue = -(e.amount ?? 0);
    add(incs, e.at ?? 0, `rev:${e.currency}`, revenue);
    add(incs, e.at ?? 0, `rev:${e.currency}:${e.planId ?? "?"}`, revenue);
  }
  const finished = whole >= 0 || chunk.length < size;
  const next = finished ? "done" : String(from + old.length);
  await COUNT_JOURNAL.run(redis, [BACKFILL_CURSOR], [cursor ?? "", next, ...triples(incs)]);
  return Math.max(old.length, finished ? 0 : 1);
}
