import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import { z } from "zod";
import { type Clock, DAY } from "../../runtime/clock.js";
import { keyPrefix } from "../../store/key-prefix.js";
import { LuaScript } from "../../store/lua.js";
import { readHash } from "../../store/records.js";
import type { Customers } from "../books/index.js";
import {
  ledgerIdemKeys,
  MOVEMENT_PREFIXES,
  movementKeys,
  type Order,
  type OrderJobs,
  orderKeys,
  type Wallet,
} from "../books/index.js";
import type { RequiredChannel, ShopSettings } from "../catalog/index.js";
import type { ChannelGate } from "./channel-gate.js";
import { giftKeys, referralKeys, rewardKeys } from "./keys.js";
import { SALES_LUA } from "./lua-fragments.js";

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
  /** The admins' channels must be joined first (the gate covers claims): `channels` to join. */
  | { status: "channel-required"; channels: RequiredChannel[] }
  | { status: "yours" | "own" | "taken" | "cancelled" | "expired" | "unknown" | "blocked" };

/** What the buyer's Cancel gave: `ok` refunded now; otherwise the gift's state (or unknown). */
export type CancelOutcome = { status: "ok"; gift: Gift } | { status: GiftState | "unknown" };

const script = (name: string) => LuaScript.load(new URL(`./lua/${name}.lua`, import.meta.url), SALES_LUA);
/** A paid gift order starts waiting for its claim (lua/gift-park.lua). */
const PARK = script("gift-park");
/** The first claim wins: the order goes back to `paid` for the claimer (lua/gift-claim.lua). */
const CLAIM = script("gift-claim");
/** A cancel or the expiry: the buyer's money back, the order refunded (lua/gift-end.lua). */
const END = script("gift-end");

export interface GiftsDeps {
  redis: Redis;
  clock: Clock;
  wallet: Wallet;
  customers: Customers;
  settings: ShopSettings;
  /** Where a claimed gift's order goes to be provisioned (the order queue). */
  jobs: OrderJobs;
  /** The admins' required channels, in front of claims when they cover them (none: no gate). */
  gate?: Pick<ChannelGate, "check">;
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
    return readHash(this.deps.redis, giftKeys.gift(code), giftSchema, { marker: "code", malformed: "throw" });
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
    // Only an open gift someone else bought can be claimed: the gate asks nothing of the others.
    if (gift.state === "open" && gift.buyerId !== claimerId) {
      const verdict = await this.deps.gate?.check(claimerId, "gift-claim");
      if (verdict && !verdict.ok) return { status: "channel-required", channels: verdict.channels };
    }
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
    return { status: result as Exclude<ClaimOutcome["status"], "claimed" | "channel-required"> };
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
      [
        giftKeys.gift(code),
        orderKeys.order(gift.orderId),
        giftKeys.expiring,
        ...movementKeys(gift.buyerId),
        referralKeys.of(gift.buyerId),
        rewardKeys.places,
      ],
      [
        state,
        this.deps.clock.now(),
        entry,
        buyerId === undefined ? "" : String(buyerId),
        code,
        GIFT_RECORD_KEEP_MS,
        keyPrefix(ledgerIdemKeys.refund),
        ...MOVEMENT_PREFIXES,
      ],
    )) as string;
    if (result === "ok") return { status: "ok" as const, gift: (await this.get(code)) ?? gift };
    return { status: result as GiftState | "unknown" };
  }
}
