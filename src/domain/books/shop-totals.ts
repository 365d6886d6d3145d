import type { Redis } from "ioredis";
import { currencyExponent } from "../catalog/index.js";
import { orderKeys, SHOP_TOTALS_KEY } from "./keys.js";

/**
 * Shop-wide running totals kept in Redis for the metrics: the Telegram payments credited and the
 * refunds, per currency, counted by the ledger's Lua step itself (so exactly once per movement,
 * whichever process made it, and never out of step with the money: the `count-ledger` Lua
 * fragment) in `SHOP_TOTALS_KEY`. A process exposes what Redis holds: every bot and worker
 * process shows the same figures.
 */

/**
 * Ledger kinds counted: a Telegram payment credited, and money given back (to the wallet, to
 * Telegram). lua/count-ledger.lua names the same kinds.
 */
export const COUNTED_KINDS = ["topup", "refund", "stars-refund", "rail-refund"] as const;

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
