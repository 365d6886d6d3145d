import type { Redis } from "ioredis";
import { currencyExponent } from "../catalog/index.js";
import { orderKeys } from "./orders.js";

/**
 * Shop-wide running totals kept in Redis for the metrics: the Telegram payments credited and the
 * refunds, per currency, counted by the ledger's Lua step itself (so exactly once per movement,
 * whichever process made it, and never out of step with the money). A process exposes what Redis
 * holds: every bot and worker process shows the same figures.
 */
export const SHOP_TOTALS_KEY = "stats:totals";

/** Ledger kinds counted: a Telegram payment credited, and money given back (to the wallet, to Telegram). */
export const COUNTED_KINDS = ["topup", "refund", "stars-refund"] as const;

/**
 * Lua: `count_ledger(entryJson, amount)` adds a ledger movement of a counted kind to the totals:
 * `n:<kind>:<currency>` by one, `amount:<kind>:<currency>` by its size in minor units (`amount` is
 * its signed exact decimal text).
 */
export const COUNT_LEDGER_FN = `
local function count_ledger(entryJson, amount)
  local e = cjson.decode(entryJson)
  if e.kind ~= 'topup' and e.kind ~= 'refund' and e.kind ~= 'stars-refund' then return end
  local size = (string.gsub(amount, '^-', ''))
  redis.call('HINCRBY', '${SHOP_TOTALS_KEY}', 'n:' .. e.kind .. ':' .. e.currency, 1)
  redis.call('HINCRBY', '${SHOP_TOTALS_KEY}', 'amount:' .. e.kind .. ':' .. e.currency, size)
end
`;

/** One counted kind in one currency: how many movements, and their total in major units. */
export interface MoneyTotal {
  kind: (typeof COUNTED_KINDS)[number];
  currency: string;
  count: number;
  amount: number;
}

/** The money totals as kept (one HGETALL of a small hash). */
export async function readMoneyTotals(redis: Redis): Promise<MoneyTotal[]> {
  const h = await redis.hgetall(SHOP_TOTALS_KEY);
  const out: MoneyTotal[] = [];
  for (const [field, value] of Object.entries(h)) {
    const m = /^n:([^:]+):(.+)$/.exec(field);
    const kind = COUNTED_KINDS.find((k) => k === m?.[1]);
    if (!m || !kind) continue;
    const currency = m[2] ?? "";
    const minor = Number(h[`amount:${kind}:${currency}`] ?? 0);
    out.push({ kind, currency, count: Number(value), amount: minor / 10 ** currencyExponent(currency) });
  }
  return out;
}

/** Orders in flight (paid, not active yet) and failed ones not refunded, from the indexes the orders keep. */
export interface OrderBacklog {
  inFlight: number;
  failed: number;
  /** When the longest-waiting order in flight was paid (or last moved); undefined when none. */
  oldestInFlightAt: number | undefined;
}

export async function readOrderBacklog(redis: Redis): Promise<OrderBacklog> {
  const [inFlight, failed, oldest] = await Promise.all([
    redis.zcard(orderKeys.open),
    redis.zcard(orderKeys.failed),
    redis.zrange(orderKeys.open, "0", "0", "WITHSCORES"),
  ]);
  return { inFlight, failed, oldestInFlightAt: oldest[1] === undefined ? undefined : Number(oldest[1]) };
}
