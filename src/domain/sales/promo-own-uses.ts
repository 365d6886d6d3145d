import type { Redis } from "ioredis";
import type { Order, Orders } from "../books/index.js";
import { promoKeys } from "./keys.js";
import { type PromoUse, parseUse } from "./promo-store.js";

/** One of a customer's uses of a code, with the order holding it (none for a wallet credit's). */
export interface OwnUse {
  use: PromoUse;
  order: Order | undefined;
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
  const raw = await redis.hgetall(promoKeys(code).uses);
  const mine = Object.entries(raw)
    .map(([key, value]) => parseUse(key, value))
    .filter((use) => use.customerId === customerId);
  return Promise.all(mine.map(async (use) => ({ use, order: await orders.get(use.key) })));
}

/** A use the customer's next order takes over: held by their unpaid order, or by a refunded one. */
export function isMovable({ use, order }: OwnUse): boolean {
  return use.state === "reserved" || order?.status === "refunded";
}

/** The refunded order of the customer whose use of the code their next order may take over. */
export function refundedHolder(uses: readonly OwnUse[]): string | undefined {
  return uses.find(({ order }) => order?.status === "refunded")?.use.key;
}
