import type { Redis } from "ioredis";
import type { Clock } from "../../runtime/clock.js";
import type { OneTimeTokens } from "../../store/one-time.js";
import type { Customer, Customers, Order, Orders, Wallet } from "../books/index.js";
import { formatMoney, type Plan } from "../catalog/index.js";
import type { CarriedPromo, Cashier, Shop, ShopRefusal } from "../sales/index.js";
import { type AuditInput, auditEntry, auditSubject, type StaffServices } from "../staff/index.js";
import { RETRY_PREFIX } from "./keys.js";

/**
 * An admin's "charge again" of a refunded order: a new order for the same plan (a renewal of the
 * same subscription for a renewal), paid from the wallet (where the refund went) and queued by
 * the shop. What was refunded is charged: an order that had a promo code is charged again at its
 * price and bonus days, and its use of the code moves to the new order when that is paid
 * (Shop.startAgain); without one, at the plan's price. Offered behind a one-time confirmation
 * bound to the price it shows, and done once per refunded order: a lock keyed by it holds
 * "pending" while it runs, then the new order's id for 90 days. Confirming needs `money`; the
 * payment writes its audit entry (`order.charge-again` on `customer:<id>`) in its own Lua step.
 */

const RETRY_LOCK_SECONDS = 600;
const RETRY_KEEP_SECONDS = 90 * 86_400;
const PENDING = "pending";

/**
 * A refunded order other than a trial can be charged again; not a gift (charged again it would be
 * the buyer's own access, which is not what they bought).
 */
export function canChargeAgain(order: Order): boolean {
  return order.status === "refunded" && order.kind !== "trial" && !order.gift;
}

/** What the admin is asked to confirm, or why there is nothing to confirm. */
export type ChargeAgainOffer =
  | {
      status: "offer";
      order: Order;
      customer: Customer;
      plan: Plan;
      price: number;
      /** The refunded order's promo terms, charged again with it. */
      promo: CarriedPromo | undefined;
      balance: number;
      /** The confirmation's one-time token. */
      token: string;
    }
  /** The order or the customer is gone, or the order is not this customer's. */
  | { status: "outdated" }
  | { status: "not-refunded"; order: Order }
  | { status: "plan-gone"; planId: string };

/** What a confirmed charge did. */
export type ChargeAgainOutcome =
  | { status: "queued"; order: Order }
  | { status: "outdated" }
  | { status: "used" }
  | { status: "expired" }
  | { status: "not-refunded"; order: Order }
  /** Charged again before: `next` is the order that did it. */
  | { status: "already"; next: string }
  /** Another confirmation is charging it right now. */
  | { status: "busy" }
  | { status: "refused"; reason: ShopRefusal; planId: string }
  | { status: "insufficient"; price: number; balance: number; currency: string }
  /** The refunded order's use of its promo code went meanwhile (the customer's own order took it). */
  | { status: "promo-gone" }
  | { status: "failed" };

export interface ChargeAgainDeps {
  redis: Redis;
  clock: Clock;
  staff: Pick<StaffServices, "roster">;
  shop: Shop;
  cashier: Cashier;
  orders: Orders;
  customers: Customers;
  wallet: Wallet;
  confirmations: OneTimeTokens;
}

/**
 * What the confirmation token of charging `orderId` of `customerId` again at `price` confirms: a
 * token shown with one price does not confirm another.
 */
const retryAction = (customerId: number, orderId: string, price: number) =>
  `customers:retry:${customerId}:${orderId}:${price}`;

export class ChargeAgain {
  constructor(private readonly deps: ChargeAgainDeps) {}

  /** The confirmation of charging `orderId` again (with its token), when it can be. */
  async offer(customerId: number, orderId: string): Promise<ChargeAgainOffer> {
    const { orders, customers, shop, wallet, confirmations } = this.deps;
    const [order, customer] = await Promise.all([orders.get(orderId), customers.get(customerId)]);
    if (!order || order.customerId !== customerId || !customer) return { status: "outdated" };
    if (!canChargeAgain(order)) return { status: "not-refunded", order };
    const plan = shop.plan(order.planId);
    const quote = await shop.againQuote(order);
    if (!plan || !quote) return { status: "plan-gone", planId: order.planId };
    const { price, promo } = quote;
    const token = await confirmations.issue(retryAction(customerId, order.id, price));
    const balance = await wallet.balance(customerId);
    return { status: "offer", order, customer, plan, price, promo, balance, token };
  }

  /**
   * `actorId` (needs `money`) charges `orderId` again once `token` is claimed, at most once per
   * refunded order.
   */
  async confirm(
    actorId: number,
    customerId: number,
    orderId: string,
    token: string,
  ): Promise<ChargeAgainOutcome> {
    const { orders, redis, confirmations } = this.deps;
    const subject = auditSubject("customer", customerId);
    const role = await this.deps.staff.roster.require(actorId, "money", "order.charge-again", subject);
    const old = await orders.get(orderId);
    if (!old || old.customerId !== customerId) return { status: "outdated" };
    // The price now: a token shown with another one (the terms changed since) is not claimed.
    const price = (await this.deps.shop.againQuote(old))?.price ?? -1;
    const claim = await confirmations.claim(token, retryAction(customerId, old.id, price));
    if (claim === "used") return { status: "used" };
    if (claim === "unknown") return { status: "expired" };
    if (!canChargeAgain(old)) return { status: "not-refunded", order: old };
    const lock = RETRY_PREFIX + old.id;
    if ((await redis.set(lock, PENDING, "EX", RETRY_LOCK_SECONDS, "NX")) !== "OK") {
      const held = await redis.get(lock);
      return held && held !== PENDING ? { status: "already", next: held } : { status: "busy" };
    }
    const outcome = await this.charge(old, price, { actorId, role, action: "order.charge-again", subject });
    if (outcome.status === "queued") await redis.set(lock, outcome.order.id, "EX", RETRY_KEEP_SECONDS);
    else await redis.del(lock);
    return outcome;
  }

  /**
   * The new order at the confirmed `price`, paid from the balance (the shop queues it); cancelled
   * when it cannot be paid, or when its terms are not the confirmed ones any more.
   */
  private async charge(old: Order, price: number, who: AuditInput): Promise<ChargeAgainOutcome> {
    const { shop, cashier } = this.deps;
    const started = await shop.startAgain(old);
    if (!started.ok) return { status: "refused", reason: started.reason, planId: old.planId };
    const next = started.order;
    const money = formatMoney(next.currency, next.price);
    const change = { ...who, before: `order ${old.id} refunded`, after: `order ${next.id} paid, ${money}` };
    const audit = auditEntry(change, this.deps.clock.now());
    // Other terms than the confirmed ones (the old order's promo use went meanwhile) are not charged.
    const paid =
      next.price === price ? await cashier.payFromBalance(old.customerId, next.id, audit) : undefined;
    // Already paid: the customer's own tap paid and queued it.
    if (paid?.status === "paid" || paid?.status === "already-paid") return { status: "queued", order: next };
    // The customer's own order awaiting payment (handed back by the shop) stays theirs to pay.
    if (!started.reused) await cashier.cancel(old.customerId, next.id);
    if (paid?.status === "insufficient") {
      return { status: "insufficient", price: next.price, balance: paid.balance, currency: next.currency };
    }
    if (!paid || paid.status === "promo-refused") return { status: "promo-gone" };
    return { status: "failed" };
  }
}
