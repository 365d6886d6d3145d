import type { Redis } from "ioredis";
import type { Order, Orders } from "../books/index.js";
import { promoKeyList, promoKeys } from "./keys.js";
import { INDEX, type PromoUse, parseUse } from "./promo-store.js";

/**
 * Reads of a code's uses through its indexes (keys.ts promoKeys), each O(log n) in the code's
 * uses plus what it returns: never the whole `uses` hash (issue 23: with 100 000 uses one such
 * read blocked Redis for 70-100 ms). Used by PromoCodes.
 */

/** One of a customer's uses of a code, with the order holding it (none for a wallet credit's). */
export interface OwnUse {
  use: PromoUse;
  order: Order | undefined;
}

/** Old uses indexed per step (each a Lua run of a few ms: about 4 calls a use). */
const INDEX_CHUNK = 250;

/** The uses held under `keys`, as they are now (keys no longer held are left out). */
export async function usesAt(redis: Redis, code: string, keys: readonly string[]): Promise<PromoUse[]> {
  if (keys.length === 0) return [];
  const values = await redis.hmget(promoKeys(code).uses, ...keys);
  return keys.flatMap((key, i) => {
    const value = values[i];
    return value ? [parseUse(key, value)] : [];
  });
}

/** The customer's uses of the code (`own` index: a lex range of `<customer>|<use key>`). */
export async function customerUses(redis: Redis, code: string, customerId: number): Promise<PromoUse[]> {
  const members = await redis.zrangebylex(promoKeys(code).own, `[${customerId}|`, `(${customerId}}`);
  const keys = members.map((m) => m.slice(m.indexOf("|") + 1));
  return (await usesAt(redis, code, keys)).filter((use) => use.customerId === customerId);
}

/**
 * The customer's uses of `code` with their orders: what decides whether their next order may take
 * one over (a use held by an unpaid order of theirs, or by a refunded one: see PromoCodes.reserve).
 * A customer holds at most their per-customer limit, so this reads a few orders.
 */
export async function ownUses(
  redis: Redis,
  orders: Pick<Orders, "get">,
  code: string,
  customerId: number,
): Promise<OwnUse[]> {
  const mine = await customerUses(redis, code, customerId);
  return Promise.all(mine.map(async (use) => ({ use, order: await orders.get(use.key) })));
}

/** Up to `limit` reserved uses reserved at or before `before` (ms), oldest first. */
export async function dueUses(
  redis: Redis,
  code: string,
  before: number,
  limit: number,
): Promise<PromoUse[]> {
  const keys = await redis.zrangebyscore(promoKeys(code).reserved, "-inf", before, "LIMIT", 0, limit);
  return usesAt(redis, code, keys);
}

/** The latest `limit` uses held, newest first. */
export async function latestUses(redis: Redis, code: string, limit: number): Promise<PromoUse[]> {
  return usesAt(redis, code, await redis.zrevrange(promoKeys(code).recent, 0, limit - 1));
}

/**
 * Indexes the uses of a code stored before the indexes, a chunk per step (HSCAN, then a Lua step
 * indexing each use as it is at that moment), and marks the code indexed after the last chunk.
 * Steps that hold, settle or free a use keep the indexes meanwhile, so a use changed between a
 * chunk's read and its step is indexed as it then is; two processes doing this at once do the
 * same work twice, harmlessly. Once per code: O(n), the only read of the whole hash. Returns how
 * many uses it indexed.
 */
export async function indexOldUses(redis: Redis, code: string): Promise<number> {
  const keys = promoKeyList(code);
  let cursor = "0";
  let indexed = 0;
  do {
    const [next, flat] = await redis.hscan(promoKeys(code).uses, cursor, "COUNT", INDEX_CHUNK);
    const chunk = flat.filter((_, i) => i % 2 === 0);
    indexed += Number(await INDEX.run(redis, keys, [next === "0" ? "1" : "0", ...chunk]));
    cursor = next;
  } while (cursor !== "0");
  return indexed;
}

/** A use the customer's next order takes over: held by their unpaid order, or by a refunded one. */
export function isMovable({ use, order }: OwnUse): boolean {
  return use.state === "reserved" || order?.status === "refunded";
}

/** The refunded order of the customer whose use of the code their next order may take over. */
export function refundedHolder(uses: readonly OwnUse[]): string | undefined {
  return uses.find(({ order }) => order?.status === "refunded")?.use.key;
}
