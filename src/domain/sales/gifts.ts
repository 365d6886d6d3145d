import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import { z } from "zod";
import { type Clock, DAY } from "../../runtime/clock.js";
import { LuaScript } from "../../store/lua.js";
import type { Customers } from "../books/index.js";
import {
  APPLY_FN,
  movementKeys,
  type Order,
  type OrderJobs,
  orderKeys,
  TRIM_ORDER_FN,
  type Wallet,
} from "../books/index.js";
import type { ShopSettings } from "../catalog/index.js";

/**
 * Gifts: a purchase paid by the buyer as usual (same order, same money rules) but provisioned to
 * whoever opens its link first. The paid order waits as `awaiting_claim` with a gift record; a
 * claim moves it back to `paid` with the recipient (the normal fulfilment then makes the
 * subscription theirs, and a failure refunds the buyer); a cancel or the expiry refunds the
 * buyer's wallet. Claim, cancel and expiry each are one Lua step over the gift and its order, so
 * of any of them at the same moment exactly one wins.
 */

/** A gift link's code: 12 letters and digits (~71 bits), in `t.me/<bot>?start=gift_<code>`. */
export const GIFT_CODE = /^[A-Za-z0-9]{12}$/;
export const GIFT_START_PREFIX = "gift_";
const CODE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
/** How long a finished gift's record stays, so its link still says what became of it. */
export const GIFT_RECORD_KEEP_MS = 180 * DAY;
/** Expired gifts refunded per look (the rest at the next one). */
const EXPIRE_BATCH = 50;

export const giftKeys = {
  gift: (code: string) => `gift:${code}`,
  /** The buyer's gifts (codes by creation time), for "My gifts". */
  byBuyer: (buyerId: number) => `gifts:buyer:${buyerId}`,
  /** Open gifts by expiry time: the expiry task refunds those past it. */
  expiring: "gifts:expiring",
};

export const GIFT_STATES = ["open", "claimed", "cancelled", "expired"] as const;
export type GiftState = (typeof GIFT_STATES)[number];

const num = z.coerce.number();
const optNum = z.preprocess((v) => (v === undefined || v === "" ? undefined : v), num.optional());
const giftSchema = z.object({
  code: z.string(),
  orderId: z.string(),
  buyerId: num,
  planId: z.string(),
  /** What the buyer paid (minor units): what a cancel or the expiry gives back. */
  price: num,
  currency: z.string(),
  state: z.enum(GIFT_STATES),
  createdAt: num,
  expiresAt: num,
  claimerId: optNum,
  claimedAt: optNum,
  endedAt: optNum,
  /** When the buyer was sent the link (sent once, after a crash again). */
  linkSentAt: optNum,
});
export type Gift = z.output<typeof giftSchema>;

/** What opening a gift link gave. `yours`: claimed before by the same person (a repeated /start). */
export type ClaimOutcome =
  | { status: "claimed"; gift: Gift }
  | { status: "yours" | "own" | "taken" | "cancelled" | "expired" | "unknown" | "blocked" };

/** What the buyer's Cancel gave: `ok` refunded now; otherwise the gift's state (or unknown). */
export type CancelOutcome = { status: "ok"; gift: Gift } | { status: GiftState | "unknown" };

/**
 * Lua: a paid gift order waits for its claim. KEYS: order, gift, byBuyer, expiring, open.
 * ARGV: code, now, expiresAt, keep ms. Returns 'parked' (now or before), 'not-gift' (no gift, or
 * claimed already), 'not-paid', 'taken' (the code belongs to another order).
 */
const PARK = new LuaScript(`
local o = redis.call('HMGET', KEYS[1], 'status', 'gift', 'recipientId', 'id', 'customerId', 'planId', 'price', 'currency')
if o[2] ~= '1' or o[3] then return 'not-gift' end
if o[1] == 'awaiting_claim' then return 'parked' end
if o[1] ~= 'paid' then return 'not-paid' end
local other = redis.call('HGET', KEYS[2], 'orderId')
if other and other ~= o[4] then return 'taken' end
redis.call('HSET', KEYS[2], 'code', ARGV[1], 'orderId', o[4], 'buyerId', o[5], 'planId', o[6], 'price', o[7],
  'currency', o[8], 'state', 'open', 'createdAt', ARGV[2], 'expiresAt', ARGV[3])
redis.call('PEXPIREAT', KEYS[2], tonumber(ARGV[3]) + tonumber(ARGV[4]))
redis.call('HSET', KEYS[1], 'status', 'awaiting_claim', 'giftCode', ARGV[1], 'updatedAt', ARGV[2])
redis.call('ZREM', KEYS[5], o[4])
redis.call('ZADD', KEYS[3], ARGV[2], ARGV[1])
redis.call('ZADD', KEYS[4], ARGV[3], ARGV[1])
return 'parked'
`);

/**
 * Lua: the claim. KEYS: gift, order, open, expiring. ARGV: claimer, now, code, keep ms. Moves the
 * order back to `paid` (in the open index, so the sweep re-queues it if the enqueue is lost) with
 * the recipient. Returns 'ok', 'yours', 'own', 'expired', 'unknown' or the gift's state (its
 * 'claimed': by someone else).
 */
const CLAIM = new LuaScript(`
local g = redis.call('HMGET', KEYS[1], 'state', 'buyerId', 'claimerId', 'expiresAt', 'orderId')
if not g[1] then return 'unknown' end
if g[1] == 'claimed' and g[3] == ARGV[1] then return 'yours' end
if g[1] ~= 'open' then return g[1] end
if g[2] == ARGV[1] then return 'own' end
if tonumber(ARGV[2]) >= tonumber(g[4]) then return 'expired' end
if redis.call('HGET', KEYS[2], 'status') ~= 'awaiting_claim' then return 'unknown' end
redis.call('HSET', KEYS[1], 'state', 'claimed', 'claimerId', ARGV[1], 'claimedAt', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
redis.call('HSET', KEYS[2], 'status', 'paid', 'recipientId', ARGV[1], 'updatedAt', ARGV[2])
redis.call('ZADD', KEYS[3], ARGV[2], g[5])
redis.call('ZREM', KEYS[4], ARGV[3])
return 'ok'
`);

/**
 * Lua: a cancel by the buyer or the expiry: the buyer's money back to their wallet (keyed
 * `refund:<order>`, the key of every order refund) and the order refunded, with the gift's end.
 * KEYS: gift, order, expiring, 4 movement keys of the buyer. ARGV: end state ('cancelled' or
 * 'expired'), now, entry JSON, buyer id ('' for the expiry), code, keep ms.
 * Returns 'ok', 'unknown', or the gift's state ('open': not expired yet).
 */
const END = new LuaScript(`${APPLY_FN}${TRIM_ORDER_FN}
local g = redis.call('HMGET', KEYS[1], 'state', 'buyerId', 'expiresAt', 'orderId')
if not g[1] or (ARGV[4] ~= '' and g[2] ~= ARGV[4]) then return 'unknown' end
if g[1] ~= 'open' then return g[1] end
if ARGV[1] == 'expired' and tonumber(ARGV[2]) < tonumber(g[3]) then return 'open' end
if redis.call('HGET', KEYS[2], 'status') ~= 'awaiting_claim' then return 'unknown' end
local price = tonumber(redis.call('HGET', KEYS[2], 'price'))
if price > 0 then apply(KEYS[4], KEYS[5], KEYS[6], KEYS[7], price, 'refund:' .. g[4], ARGV[3], false) end
redis.call('HSET', KEYS[2], 'status', 'refunded', 'updatedAt', ARGV[2], 'finishedAt', ARGV[2])
trim_order(KEYS[2])
redis.call('HSET', KEYS[1], 'state', ARGV[1], 'endedAt', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[6])
redis.call('ZREM', KEYS[3], ARGV[5])
return 'ok'
`);

export interface GiftsDeps {
  redis: Redis;
  clock: Clock;
  wallet: Wallet;
  customers: Customers;
  settings: ShopSettings;
  /** Where a claimed gift's order goes to be provisioned (the order queue). */
  jobs: OrderJobs;
}

export function newGiftCode(): string {
  const bytes = randomBytes(12);
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("");
}

/** The code of a `/start` payload that is a gift link, if it is one. */
export function giftCodeOf(payload: string): string | undefined {
  if (!payload.startsWith(GIFT_START_PREFIX)) return undefined;
  return payload.slice(GIFT_START_PREFIX.length);
}

export class Gifts {
  constructor(private readonly deps: GiftsDeps) {}

  async get(code: string): Promise<Gift | undefined> {
    if (!GIFT_CODE.test(code)) return undefined;
    const h = await this.deps.redis.hgetall(giftKeys.gift(code));
    return h.code ? giftSchema.parse(h) : undefined;
  }

  /**
   * A paid gift order starts waiting for its claim (fulfilment calls this instead of
   * provisioning). The code is fixed on the order first, so a re-run parks it under the same one
   * (and one waiting already gives its code). Returns the code, or undefined when the order is not
   * an unclaimed paid gift.
   */
  async park(order: Order): Promise<string | undefined> {
    const { redis, clock } = this.deps;
    const key = orderKeys.order(order.id);
    await redis.hsetnx(key, "giftCode", newGiftCode());
    const code = (await redis.hget(key, "giftCode")) ?? "";
    const now = clock.now();
    const expiresAt = now + (await this.deps.settings.giftExpiryDays()) * DAY;
    const result = await PARK.run(
      redis,
      [key, giftKeys.gift(code), giftKeys.byBuyer(order.customerId), giftKeys.expiring, orderKeys.open],
      [code, now, expiresAt, GIFT_RECORD_KEEP_MS],
    );
    if (result === "taken") throw new Error(`gift code of order ${order.id} is taken`);
    return result === "parked" ? code : undefined;
  }

  /**
   * Opening a gift link: the first one (not the buyer) gets it. The order is then queued for its
   * fulfilment with the claimer as the owner; should the enqueue be lost, the order sweep queues
   * it (the order is paid and in the open index from the claim's step on).
   */
  async claim(code: string, claimerId: number): Promise<ClaimOutcome> {
    const gift = await this.get(code);
    if (!gift) return { status: "unknown" };
    if (await this.deps.customers.isBlocked(claimerId)) return { status: "blocked" };
    const result = (await CLAIM.run(
      this.deps.redis,
      [giftKeys.gift(code), orderKeys.order(gift.orderId), orderKeys.open, giftKeys.expiring],
      [claimerId, this.deps.clock.now(), code, GIFT_RECORD_KEEP_MS],
    )) as string;
    if (result === "ok") {
      await this.deps.jobs.enqueueOrder(gift.orderId).catch(() => undefined);
      return { status: "claimed", gift: (await this.get(code)) ?? gift };
    }
    if (result === "claimed") return { status: "taken" };
    return { status: result as Exclude<ClaimOutcome["status"], "claimed"> };
  }

  /** The buyer cancels an unclaimed gift: the money goes back to their wallet, once. */
  async cancel(code: string, buyerId: number): Promise<CancelOutcome> {
    return this.end(code, "cancelled", buyerId);
  }

  /** Refunds gifts whose link expired (the expiry task); returns the ones refunded by this call. */
  async expireDue(batch = EXPIRE_BATCH): Promise<Gift[]> {
    const now = this.deps.clock.now();
    const codes = await this.deps.redis.zrangebyscore(giftKeys.expiring, "-inf", now, "LIMIT", 0, batch);
    const expired: Gift[] = [];
    for (const code of codes) {
      const outcome = await this.end(code, "expired", undefined);
      if (outcome.status === "ok") expired.push(outcome.gift);
      // A gift that is gone or already ended leaves the index.
      else if (outcome.status !== "open") await this.deps.redis.zrem(giftKeys.expiring, code);
    }
    return expired;
  }

  /** The buyer's most recent gifts, newest first (records gone are dropped from the list). */
  async ofBuyer(buyerId: number, limit = 10): Promise<Gift[]> {
    const key = giftKeys.byBuyer(buyerId);
    const codes = await this.deps.redis.zrevrange(key, 0, limit - 1);
    const gifts = await Promise.all(codes.map((c) => this.get(c)));
    const gone = codes.filter((_c, i) => gifts[i] === undefined);
    if (gone.length > 0) await this.deps.redis.zrem(key, ...gone);
    return gifts.filter((g): g is Gift => g !== undefined);
  }

  /** Marks the link as sent; false when it was marked before. */
  async markLinkSent(code: string): Promise<boolean> {
    return (
      (await this.deps.redis.hsetnx(giftKeys.gift(code), "linkSentAt", String(this.deps.clock.now()))) === 1
    );
  }

  private async end(code: string, state: "cancelled" | "expired", buyerId: number | undefined) {
    const gift = await this.get(code);
    if (!gift || (buyerId !== undefined && gift.buyerId !== buyerId)) return { status: "unknown" as const };
    const entry = this.deps.wallet.entryJson(gift.buyerId, gift.price, {
      kind: "refund",
      ref: gift.orderId,
      planId: gift.planId,
      note: `gift ${state}`,
    });
    const result = (await END.run(
      this.deps.redis,
      [giftKeys.gift(code), orderKeys.order(gift.orderId), giftKeys.expiring, ...movementKeys(gift.buyerId)],
      [
        state,
        this.deps.clock.now(),
        entry,
        buyerId === undefined ? "" : String(buyerId),
        code,
        GIFT_RECORD_KEEP_MS,
      ],
    )) as string;
    if (result === "ok") return { status: "ok" as const, gift: (await this.get(code)) ?? gift };
    return { status: result as GiftState | "unknown" };
  }
}
