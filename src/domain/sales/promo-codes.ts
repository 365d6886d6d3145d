import type { Redis } from "ioredis";
import type { Clock } from "../../runtime/clock.js";
import { readHash } from "../../store/records.js";
import type { Wallet } from "../books/index.js";
import { hasPaid, type Order, type Orders, orderKeys, paidMarkKey } from "../books/index.js";
import type { StaffActor } from "../catalog/index.js";
import { auditSubject } from "../staff/index.js";
import { PROMO_CODES, pendingKey, promoCreditKey, promoKeyList, promoKeys } from "./keys.js";
import { disablePromo, promoTerms, storePromo } from "./promo-admin.js";
import {
  type CarriedPromo,
  discountedPrice,
  type NewPromo,
  PENDING_PROMO_MS,
  type PromoCode,
  type PromoKind,
  type PromoRefusal,
  type PromoUse,
  promoSchema,
  RESERVE,
  SETTLE,
} from "./promo-store.js";
import {
  customerUses,
  dueUses,
  indexOldUses,
  isMovable,
  latestUses,
  ownUses,
  refundedHolder,
} from "./promo-uses.js";

/**
 * Promo codes: a percentage or fixed discount, bonus days, or a wallet credit.
 *
 * A use is held in Redis under a key: the order's id for a discount or bonus-days code (reserved
 * when the order is opened), `w:<customer>` for a wallet credit (used at once). One Lua step
 * checks the code (disabled, expiry, plan, new customers only, uses per customer, total) and holds
 * the use, so of concurrent redemptions of the last use exactly one wins. A held use is settled
 * against its order in one Lua step too: paid (or later) makes it used, cancelled or gone frees it;
 * either happens once. A refunded order keeps its use, as the customer's: their next order with the
 * code takes it over, and so does an admin's "charge again" of that order, which carries its terms
 * (see README, "Promo codes"). Every look at a code costs O(log n) in its uses (promo-uses.ts).
 */

export {
  type CarriedPromo,
  discountedPrice,
  type NewPromo,
  normalizeCode,
  PENDING_PROMO_MS,
  PROMO_KINDS,
  type PromoCode,
  type PromoKind,
  type PromoRefusal,
  type PromoUse,
} from "./promo-store.js";

export interface PromoDeps {
  redis: Redis;
  clock: Clock;
  orders: Orders;
  wallet: Wallet;
  /** An order awaiting payment longer than this can no longer be paid: its use is freed. */
  unpaidTtlMs: number;
}

/** What a code does to an order of `listPrice` (minor units). */
export interface PromoQuote {
  code: string;
  kind: PromoKind;
  value: number;
  listPrice: number;
  price: number;
  bonusDays: number;
}

/** Uses settled per look (the rest at the next one). */
const SETTLE_BATCH = 100;

export class PromoCodes {
  constructor(private readonly deps: PromoDeps) {}

  /** Makes a code (false: it exists). Unchecked: staff make codes through `createAs`. */
  async create(input: NewPromo): Promise<boolean> {
    return storePromo(this.deps.redis, input, this.deps.clock.now());
  }

  /**
   * `actor` makes a code: refused (NotPermitted, recorded) unless their role has `promo` now; the
   * code and its audit record (`promo.create`, its terms) are one step, and a code that exists
   * already records nothing.
   */
  async createAs(actor: StaffActor, input: Omit<NewPromo, "createdBy">): Promise<boolean> {
    const promo = { ...input, createdBy: actor.id };
    const action = { action: "promo.create", subject: auditSubject("promo", input.code) };
    const entry = await actor.entry("promo", { ...action, before: "none", after: promoTerms(promo) });
    return storePromo(this.deps.redis, promo, this.deps.clock.now(), entry);
  }

  async get(code: string): Promise<PromoCode | undefined> {
    const k = promoKeys(code);
    const [promo, held] = await Promise.all([
      readHash(this.deps.redis, k.code, promoSchema, { marker: "kind", malformed: "throw" }),
      this.deps.redis.hlen(k.uses),
    ]);
    return promo && { ...promo, held };
  }

  /** Newest first. */
  async list(offset: number, limit: number): Promise<{ codes: PromoCode[]; total: number }> {
    const [ids, total] = await Promise.all([
      this.deps.redis.zrevrange(PROMO_CODES, offset, offset + limit - 1),
      this.deps.redis.zcard(PROMO_CODES),
    ]);
    const codes = await Promise.all(ids.map((id) => this.get(id)));
    return { codes: codes.filter((c): c is PromoCode => c !== undefined), total };
  }

  /** True when some code can be redeemed now (the order screen offers the promo step only then). */
  async anyLive(): Promise<boolean> {
    const { codes } = await this.list(0, 50);
    const now = this.deps.clock.now();
    return codes.some((c) => !c.disabled && (c.expiresAt === undefined || c.expiresAt > now));
  }

  /** Disables a code (false: no such code). Unchecked: staff use `disableAs`. */
  async disable(code: string): Promise<boolean> {
    return (await disablePromo(this.deps.redis, code)) !== "unknown";
  }

  /** `actor` disables a code, as `createAs` makes one (`promo.disable`; none when it was off). */
  async disableAs(actor: StaffActor, code: string): Promise<boolean> {
    const action = { action: "promo.disable", subject: auditSubject("promo", code) };
    const entry = await actor.entry("promo", { ...action, before: "enabled", after: "disabled" });
    return (await disablePromo(this.deps.redis, code, entry)) !== "unknown";
  }

  /** The code's latest uses, newest first, after settling those whose orders were paid or abandoned. */
  async uses(code: string, limit = 20): Promise<PromoUse[]> {
    await this.settleCode(code);
    await this.settleUses(code, await latestUses(this.deps.redis, code, limit));
    return latestUses(this.deps.redis, code, limit);
  }

  /**
   * Checks a code for this customer (and plan) without holding a use: what `/promo` and the
   * /buy step answer. The use itself is held when the order is opened (`reserve`).
   */
  async check(
    code: string,
    customerId: number,
    planId?: string,
  ): Promise<{ ok: true; promo: PromoCode } | { ok: false; reason: PromoRefusal }> {
    const promo = await this.settleCode(code);
    if (!promo) return { ok: false, reason: "invalid" };
    const now = this.deps.clock.now();
    if (promo.disabled) return { ok: false, reason: "disabled" };
    if (promo.expiresAt !== undefined && now >= promo.expiresAt) return { ok: false, reason: "expired" };
    if (planId !== undefined && promo.plans.length > 0 && !promo.plans.includes(planId))
      return { ok: false, reason: "wrong-plan" };
    if (promo.newCustomersOnly && !(await this.isNewCustomer(customerId)))
      return { ok: false, reason: "not-new" };
    const mine = Number((await this.deps.redis.hget(promoKeys(code).by, String(customerId))) ?? 0);
    const usedUp = promo.totalUses !== undefined && promo.held >= promo.totalUses;
    if (mine >= promo.perCustomer || usedUp) {
      // Their own reservations settled first; one that changed (used or freed) changes the answer.
      if (await this.settleUses(code, await customerUses(this.deps.redis, code, customerId)))
        return this.check(code, customerId, planId);
      const own = await ownUses(this.deps.redis, this.deps.orders, code, customerId);
      // Their refunded order's use is taken over as it is: their count and the total do not move.
      if (refundedHolder(own)) return { ok: true, promo };
      if (mine >= promo.perCustomer && !own.some(isMovable)) return { ok: false, reason: "already-used" };
    }
    if (usedUp) return { ok: false, reason: "used-up" };
    return { ok: true, promo };
  }

  /** What the code does to an order of `planId` priced `listPrice`; a credit code is not for orders. */
  async quote(
    code: string,
    customerId: number,
    planId: string,
    listPrice: number,
    minimum: number,
  ): Promise<{ ok: true; quote: PromoQuote } | { ok: false; reason: PromoRefusal }> {
    const checked = await this.check(code, customerId, planId);
    if (!checked.ok) return checked;
    const { kind, value } = checked.promo;
    if (kind === "credit") return { ok: false, reason: "not-for-orders" };
    const price = discountedPrice(kind, value, listPrice, minimum);
    return {
      ok: true,
      quote: { code, kind, value, listPrice, price, bonusDays: kind === "days" ? value : 0 },
    };
  }

  /**
   * Holds a use of the order's code for it (atomic; a repeat for the same order is 'ok'). A customer
   * at their limit (or finding the code used up) whose use is held by a refunded order of theirs
   * takes that use over (in the same step: their count and the code's total stay). When the
   * customer's own use is held by another of their unpaid orders, that order is cancelled and the
   * use moves here: a code is on one unpaid order of a customer at a time.
   */
  async reserve(order: Order): Promise<{ ok: true } | { ok: false; reason: PromoRefusal }> {
    const code = order.promoCode;
    if (!code) return { ok: true };
    const run = async (from: string) =>
      (await RESERVE.run(
        this.deps.redis,
        [...(await this.reserveKeys(code, order.customerId)), orderKeys.order(from || order.id)],
        [order.id, order.customerId, this.deps.clock.now(), "r", order.planId, from],
      )) as string;
    let result = await run("");
    if (result === "already-used" || result === "used-up") {
      await this.settleCode(code); // indexes a code stored before the indexes
      const from = refundedHolder(await ownUses(this.deps.redis, this.deps.orders, code, order.customerId));
      if (from) result = await run(from);
      else if (result === "already-used" && (await this.moveOwnUse(code, order))) result = await run("");
    }
    if (result === "ok" || result === "again") return { ok: true };
    return { ok: false, reason: result as PromoRefusal };
  }

  /**
   * The promo terms of refunded order `old` while it still holds its use of the code: charged
   * again, the new order carries them (the same price and bonus days) and takes the use over in
   * the step that pays it. Undefined without a code, or when the use went (the customer's own next
   * order took it over).
   */
  async carried(old: Order): Promise<CarriedPromo | undefined> {
    if (!old.promoCode || old.status !== "refunded") return undefined;
    if (!(await this.deps.redis.hexists(promoKeys(old.promoCode).uses, old.id))) return undefined;
    const { promoCode: code, price, listPrice, bonusDays } = old;
    return { code, price, listPrice: listPrice ?? price, bonusDays: bonusDays ?? 0, from: old.id };
  }

  /** Settles the use an order holds (paid: used; cancelled or gone: freed), once. */
  async settle(order: Pick<Order, "id" | "promoCode" | "customerId">): Promise<string> {
    if (!order.promoCode) return "none";
    const code = order.promoCode;
    const result = (await SETTLE.run(
      this.deps.redis,
      [...promoKeyList(code), orderKeys.order(order.id)],
      [order.id],
    )) as string;
    if (result === "used") await this.forgetIf(order.customerId, code);
    return result;
  }

  /**
   * The one home of "cancel an unpaid order and free its promo use": `awaiting_payment ->
   * cancelled` (compare-and-set), then the use it held, if any, is settled from the order's
   * state: freed, or kept as used when the order was paid meanwhile. Safe to repeat.
   */
  async cancelUnpaid(
    order: Pick<Order, "id" | "promoCode" | "customerId">,
  ): Promise<{ cancelled: boolean; use: string }> {
    const cancelled = await this.deps.orders.transition(order.id, ["awaiting_payment"], "cancelled");
    return { cancelled, use: await this.settle(order) };
  }

  /**
   * A wallet-credit code: the use and the ledger entry are each keyed by customer and code, so a
   * repeated update (or a retry after a crash between the two) credits once.
   */
  async redeemCredit(
    code: string,
    customerId: number,
  ): Promise<{ ok: true; amount: number; balance: number } | { ok: false; reason: PromoRefusal }> {
    const promo = await this.get(code);
    if (!promo) return { ok: false, reason: "invalid" };
    const keys = await this.reserveKeys(code, customerId);
    const result = (await RESERVE.run(
      this.deps.redis,
      [...keys, paidMarkKey(customerId)],
      [`w:${customerId}`, customerId, this.deps.clock.now(), "u", "", ""],
    )) as string;
    if (result !== "ok" && result !== "again") return { ok: false, reason: result as PromoRefusal };
    const entry = { kind: "promo", ref: code, note: `promo ${code}` } as const;
    const credited = await this.deps.wallet.credit(
      customerId,
      promo.value,
      promoCreditKey(code, customerId),
      entry,
    );
    if (!credited.applied) return { ok: false, reason: "already-used" };
    return { ok: true, amount: promo.value, balance: credited.entry.balance };
  }

  /**
   * A code the customer typed (`/promo`, or the /buy step for `planId`): a wallet credit is
   * credited at once; a discount or bonus days is checked and remembered for the next order.
   * A credit code goes straight to its keyed redemption, so a retry after a crash between the
   * use and the ledger entry still credits (once).
   */
  async enter(
    customerId: number,
    code: string,
    planId?: string,
  ): Promise<
    | { status: "credited"; amount: number; balance: number }
    | { status: "remembered"; promo: PromoCode }
    | { status: "refused"; reason: PromoRefusal }
  > {
    const promo = await this.get(code);
    if (promo?.kind === "credit") {
      const credited = await this.redeemCredit(code, customerId);
      return credited.ok
        ? { status: "credited", ...credited }
        : { status: "refused", reason: credited.reason };
    }
    const checked = await this.check(code, customerId, planId);
    if (!checked.ok) return { status: "refused", reason: checked.reason };
    await this.remember(customerId, code);
    return { status: "remembered", promo: checked.promo };
  }

  /** Remembers a discount or bonus-days code for the customer's next order (PENDING_PROMO_MS). */
  async remember(customerId: number, code: string): Promise<void> {
    const value = JSON.stringify({ code, at: this.deps.clock.now() });
    await this.deps.redis.set(pendingKey(customerId), value, "PX", PENDING_PROMO_MS);
  }

  /** The code remembered for the customer, while it is fresh. */
  async pending(customerId: number): Promise<string | undefined> {
    const raw = await this.deps.redis.get(pendingKey(customerId));
    if (!raw) return undefined;
    const { code, at } = JSON.parse(raw) as { code: string; at: number };
    return this.deps.clock.now() - at < PENDING_PROMO_MS ? code : undefined;
  }

  async forget(customerId: number): Promise<void> {
    await this.deps.redis.del(pendingKey(customerId));
  }

  private async forgetIf(customerId: number, code: string): Promise<void> {
    if ((await this.pending(customerId)) === code) await this.forget(customerId);
  }

  /** No order paid yet, an unclaimed gift included (trials do not count); see order-paid.ts. */
  async isNewCustomer(customerId: number): Promise<boolean> {
    return !(await hasPaid(this.deps.redis, this.deps.orders, customerId));
  }

  /**
   * RESERVE's keys. The "new customers only" rule is decided inside RESERVE by the customer's paid
   * mark; the look first sets the mark for a customer whose orders were paid before it existed.
   */
  private async reserveKeys(code: string, customerId: number): Promise<string[]> {
    await this.isNewCustomer(customerId);
    return [...promoKeyList(code), paidMarkKey(customerId)];
  }

  /**
   * Settles the reservations of a code older than an unpaid order's life (SETTLE_BATCH of them,
   * oldest first, the rest at the next look): paid orders' become used, abandoned ones' are freed
   * (an order that can no longer be paid is cancelled first). Younger ones are settled by their
   * own steps (paid, cancelled) and, for the customer's own, when they check the code. A code
   * stored before the indexes is indexed first (once). Returns the code as it is then.
   */
  async settleCode(code: string): Promise<PromoCode | undefined> {
    const promo = await this.get(code);
    if (!promo) return undefined;
    if (!promo.indexed) await indexOldUses(this.deps.redis, code);
    const before = this.deps.clock.now() - this.deps.unpaidTtlMs;
    const due = await dueUses(this.deps.redis, code, before, SETTLE_BATCH);
    return (await this.settleUses(code, due)) ? this.get(code) : promo;
  }

  /** Settles the reserved ones of `uses` (see settleCode); true when one became used or was freed. */
  private async settleUses(code: string, uses: readonly PromoUse[]): Promise<boolean> {
    let changed = false;
    for (const use of uses.filter((u) => u.state === "reserved")) {
      const order = await this.deps.orders.get(use.key);
      const held = { id: use.key, promoCode: code, customerId: use.customerId };
      const stale = order?.status === "awaiting_payment" && this.stale(order);
      const result = stale ? (await this.cancelUnpaid(held)).use : await this.settle(held);
      if (result === "used" || result === "released") changed = true;
    }
    return changed;
  }

  private stale(order: Order): boolean {
    return this.deps.clock.now() - order.createdAt > this.deps.unpaidTtlMs;
  }

  /** Cancels the customer's other unpaid orders holding `code` and frees their uses. */
  private async moveOwnUse(code: string, order: Order): Promise<boolean> {
    let moved = false;
    for (const use of await customerUses(this.deps.redis, code, order.customerId)) {
      if (use.state !== "reserved" || use.key === order.id) continue;
      const held = { id: use.key, promoCode: code, customerId: use.customerId };
      if ((await this.cancelUnpaid(held)).use === "released") moved = true;
    }
    return moved;
  }
}
