import type { Redis } from "ioredis";
import { z } from "zod";
import type { Locale } from "../../config.js";
import type { Clock } from "../../runtime/clock.js";
import { LuaScript } from "../../store/lua.js";
import {
  type Customers,
  newOrderId,
  type Order,
  type OrderJobs,
  type Orders,
  orderKeys,
  type Subscription,
  type Subscriptions,
  type UnpaidPolicy,
} from "../books/index.js";
import { type Catalog, findPlan, type Plan, type RequiredChannel, toMinor } from "../catalog/index.js";
import type { ChannelGate } from "./channel-gate.js";
import { newGiftCode } from "./gifts.js";
import { seatKeys } from "./keys.js";
import { SALES_LUA } from "./lua-fragments.js";
import { proRata, wholeDaysLeft } from "./term-value.js";

/**
 * Family seats: a plan with `seats` makes its buyer's subscription a family of `count` seats, the
 * owner's own access being seat 1. Every other seat has an invite link (`?start=seat_<code>`);
 * the first one to open it takes the seat (one Lua step, as a gift's claim) and gets a client of
 * their own through a zero-price `seat` order (settlement/seats.ts), with the owner's term. The
 * owner frees a seat (its client removed, a NEW code), adds seats mid-term (a `seats` order) and
 * renews the whole family in one payment.
 */

export const SEAT_START_PREFIX = "seat_";
const SEAT_CODE = /^[A-Za-z0-9]{12}$/;

const seatSchema = z.object({
  code: z.string(),
  memberId: z.coerce.number().optional(),
  orderId: z.string().optional(),
  claimedAt: z.coerce.number().optional(),
});

/** One seat of a family (2..count): free with its invite code, or taken by a member. */
export type Seat = z.output<typeof seatSchema> & { n: number };

export interface Family {
  subscriptionId: string;
  owner: number;
  planId: string;
  /** Seats, the owner's own included. */
  count: number;
  /** Seats 2..count. */
  seats: Seat[];
}

export type SeatClaim =
  | { status: "claimed" | "yours"; orderId: string; family: Family }
  | { status: "channel-required"; channels: RequiredChannel[] }
  | { status: "own" | "taken" | "unknown" | "blocked" };

const CLAIM = LuaScript.load(new URL("./lua/seat-claim.lua", import.meta.url), SALES_LUA);
const FREE = LuaScript.load(new URL("./lua/seat-free.lua", import.meta.url), SALES_LUA);

/** The seat code of a `/start` payload that is a seat invite, if it is one. */
export function seatCodeOf(payload: string): string | undefined {
  return payload.startsWith(SEAT_START_PREFIX) ? payload.slice(SEAT_START_PREFIX.length) : undefined;
}

/** The most seats a family of `plan` may hold (undefined: not a family plan). */
export function maxSeats(plan: Pick<Plan, "seats">): number | undefined {
  return plan.seats ? (plan.seats.max ?? plan.seats.count) : undefined;
}

/**
 * The seats a purchase of `plan` buys: `pack` pricing all its `count`; `seat` pricing the
 * buyer's pick, 2 up to max (undefined: not a family plan, or a pick out of bounds).
 */
export function seatsBought(plan: Pick<Plan, "seats">, asked: number | undefined): number | undefined {
  const seats = plan.seats;
  if (!seats) return undefined;
  if (seats.pricing === "pack") return seats.count;
  const max = maxSeats(plan) ?? seats.count;
  const n = asked ?? seats.count;
  return Number.isInteger(n) && n >= 2 && n <= max ? n : undefined;
}

/** A term of a family of `seats` (minor units): the plan price per seat, or for the pack. */
export function familyPrice(price: number, plan: Pick<Plan, "seats">, seats: number | undefined): number {
  return plan.seats?.pricing === "seat" && seats ? price * seats : price;
}

/**
 * What `added` seats cost for the `daysLeft` of the term (minor units, rounded up): the
 * per-seat price (the plan price / count for `pack` pricing) pro rata, by term-value's proRata.
 */
export function addedSeatsPrice(
  price: number,
  plan: Pick<Plan, "seats" | "days">,
  added: number,
  daysLeft: number,
): number {
  const perSeatShare = plan.seats?.pricing === "pack" ? plan.seats.count : 1;
  return proRata(price * added, plan.days * perSeatShare, Math.min(daysLeft, plan.days), "charge");
}

export interface SeatsDeps {
  redis: Redis;
  clock: Clock;
  customers: Customers;
  orders: Orders;
  jobs: OrderJobs;
  /** The shop's currency (a seat's order is priced 0 in it). */
  currency: () => string;
  catalog: () => Catalog;
  subscriptions: Subscriptions;
  /** How long an unpaid order of added seats is handed out again and kept (the shop's). */
  unpaid: UnpaidPolicy;
  /** The admins' required channels, in front of claims as of gifts' (none: no gate). */
  gate?: Pick<ChannelGate, "check">;
}

/** Why seats cannot be added: not the owner's family, beyond the plan's max, or no term left. */
export type SeatAddRefusal = "unknown-subscription" | "too-many" | "term-over" | "blocked";

/** What adding seats costs now: the price (minor units) for the days left of the term. */
export interface SeatAddQuote {
  sub: Subscription;
  price: number;
  daysLeft: number;
  added: number;
  /** Seats after the addition, and the most the plan allows. */
  after: number;
  max: number;
}

export class Seats {
  constructor(private readonly deps: SeatsDeps) {}

  /**
   * Makes (or grows) the family of `subscriptionId` to `count` seats: each seat not there yet
   * gets an invite code. Safe to repeat (a seat there keeps its code); a count never shrinks.
   */
  async open(subscriptionId: string, owner: number, planId: string, count: number): Promise<Family> {
    const { redis } = this.deps;
    const key = seatKeys.family(subscriptionId);
    const had = Number((await redis.hget(key, "count")) ?? 0);
    await redis.hset(key, { owner: String(owner), planId, count: String(Math.max(had, count)) });
    for (let n = 2; n <= count; n++) {
      if (await redis.hexists(key, String(n))) continue;
      const code = newGiftCode();
      await redis.set(seatKeys.code(code), `${subscriptionId}:${n}`);
      await redis.hsetnx(key, String(n), JSON.stringify({ code }));
    }
    return (await this.family(subscriptionId)) as Family;
  }

  /** The family of `subscriptionId` (undefined: not a family). */
  async family(subscriptionId: string): Promise<Family | undefined> {
    const raw = await this.deps.redis.hgetall(seatKeys.family(subscriptionId));
    if (!raw.count) return undefined;
    const count = Number(raw.count);
    const seats: Seat[] = [];
    for (let n = 2; n <= count; n++) {
      const json = raw[String(n)];
      if (json) seats.push({ ...seatSchema.parse(JSON.parse(json)), n });
    }
    return { subscriptionId, owner: Number(raw.owner), planId: raw.planId ?? "", count, seats };
  }

  /** The seats of `subscriptionId`'s family (undefined: not a family). */
  async count(subscriptionId: string): Promise<number | undefined> {
    const raw = await this.deps.redis.hget(seatKeys.family(subscriptionId), "count");
    return raw ? Number(raw) : undefined;
  }

  /**
   * Opening a seat's invite link: the first one (not the owner, not blocked, past the channel
   * gate as for gifts) takes the seat, and the seat's order (price 0) is written paid in the same
   * step and queued. The same claimer again gets `yours` (and the order queued again).
   */
  async claim(code: string, claimerId: number, locale: Locale): Promise<SeatClaim> {
    const { redis, clock, orders } = this.deps;
    const where = SEAT_CODE.test(code) ? await redis.get(seatKeys.code(code)) : null;
    const [subscriptionId = "", n = ""] = where?.split(":") ?? [];
    const family = where ? await this.family(subscriptionId) : undefined;
    // A family whose owner's subscription was removed has ended (settlement/family-end.ts).
    const owner = family && (await this.deps.subscriptions.get(subscriptionId));
    if (!family || !owner || owner.removedAt !== undefined) return { status: "unknown" };
    if (await this.deps.customers.isBlocked(claimerId)) return { status: "blocked" };
    if (family.owner !== claimerId) {
      const verdict = await this.deps.gate?.check(claimerId, "gift-claim");
      if (verdict && !verdict.ok) return { status: "channel-required", channels: verdict.channels };
    }
    const id = newOrderId();
    const fields = orders.newFields(
      {
        ...{
          kind: "seat",
          customerId: claimerId,
          planId: family.planId,
          price: 0,
          currency: this.deps.currency(),
        },
        ...{ locale, subscriptionId, seat: Number(n) },
      },
      id,
    );
    const keys = [seatKeys.code(code), seatKeys.family(subscriptionId), orderKeys.order(id)];
    const [status = "unknown", orderId = ""] = (await CLAIM.run(
      redis,
      [...keys, orderKeys.byCustomer(claimerId), orderKeys.open],
      [code, claimerId, clock.now(), id, where ?? "", n, ...Object.entries(fields).flat()],
    )) as string[];
    if (status !== "ok" && status !== "yours") return { status: status as "own" | "taken" | "unknown" };
    await this.deps.jobs.enqueueOrder(orderId).catch(() => undefined);
    const now = (await this.family(subscriptionId)) ?? family;
    return { status: status === "ok" ? "claimed" : "yours", orderId, family: now };
  }

  /**
   * What adding `added` seats to the owner's family `subscriptionId` costs now (the per-seat price
   * for the whole days left of the term, addedSeatsPrice), or why it cannot be done.
   */
  async addQuote(
    customerId: number,
    subscriptionId: string,
    added: number,
  ): Promise<{ ok: true; quote: SeatAddQuote } | { ok: false; reason: SeatAddRefusal }> {
    const { subscriptions, catalog, clock } = this.deps;
    if (await this.deps.customers.isBlocked(customerId)) return { ok: false, reason: "blocked" };
    const sub = await subscriptions.get(subscriptionId);
    const plan = sub && findPlan(catalog(), sub.planId);
    const count = await this.count(subscriptionId);
    if (!sub || sub.customerId !== customerId || sub.removedAt !== undefined || !plan?.seats || !count)
      return { ok: false, reason: "unknown-subscription" };
    const max = maxSeats(plan) ?? count;
    if (!Number.isInteger(added) || added < 1 || count + added > max)
      return { ok: false, reason: "too-many" };
    const daysLeft = wholeDaysLeft(sub.expiresAt, clock.now());
    if (daysLeft < 1) return { ok: false, reason: "term-over" };
    const price = addedSeatsPrice(toMinor(catalog().currency, plan.price), plan, added, daysLeft);
    return { ok: true, quote: { sub, price, daysLeft, added, after: count + added, max } };
  }

  /**
   * Opens (or hands back) the owner's order of `added` seats, priced by addQuote; paid like a
   * renewal (the Cashier), applied in the family's term chain (settlement/seats.ts).
   */
  async startAdd(
    customerId: number,
    subscriptionId: string,
    added: number,
    locale: Locale,
  ): Promise<
    { ok: true; order: Order; reused: boolean; quote: SeatAddQuote } | { ok: false; reason: SeatAddRefusal }
  > {
    const quoted = await this.addQuote(customerId, subscriptionId, added);
    if (!quoted.ok) return quoted;
    const { sub, price } = quoted.quote;
    const { order, reused } = await this.deps.orders.openFor(
      {
        ...{ kind: "seats", customerId, planId: sub.planId, price, currency: this.deps.currency() },
        ...{ locale, subscriptionId, seats: added },
      },
      this.deps.unpaid,
    );
    return { ok: true, order, reused, quote: quoted.quote };
  }

  /**
   * Frees seat `n` of the family, taken by the member's order `orderId`, under a NEW invite
   * code (the old link opens nothing). Returns the seat as it is now.
   */
  async free(subscriptionId: string, n: number, orderId: string): Promise<Seat | undefined> {
    const family = await this.family(subscriptionId);
    const seat = family?.seats.find((s) => s.n === n);
    if (!seat) return undefined;
    const code = newGiftCode();
    await FREE.run(
      this.deps.redis,
      [seatKeys.family(subscriptionId), seatKeys.code(seat.code), seatKeys.code(code)],
      [n, orderId, code, `${subscriptionId}:${n}`],
    );
    return (await this.family(subscriptionId))?.seats.find((s) => s.n === n);
  }
}
