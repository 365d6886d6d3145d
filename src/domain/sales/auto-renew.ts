import type { Redis } from "ioredis";
import { type Clock, DAY } from "../../runtime/clock.js";
import type { Logger } from "../../runtime/logger.js";
import { keyPrefix } from "../../store/key-prefix.js";
import { LuaScript } from "../../store/lua.js";
import {
  type Customers,
  type Order,
  type Orders,
  orderKeys,
  type Subscription,
  type Subscriptions,
  type Wallet,
  wasPaidStatus,
} from "../books/index.js";
import type { Plan, ShopMaintenance, ShopSettings } from "../catalog/index.js";
import type { Cashier } from "./cashier.js";
import { autoRenewKeys } from "./keys.js";
import type { Shop, ShopRefusal } from "./shop.js";

/** Names the one order a term is auto-renewed with (lua/autorenew-claim.lua). */
const CLAIM = LuaScript.load(new URL("./lua/autorenew-claim.lua", import.meta.url));

/**
 * How long after its expiry a subscription is still auto-renewed (the workers were down at the
 * moment, or a top-up came a day late): then it renews from now, as a manual renewal would.
 */
export const AUTO_RENEW_LOOKBACK_MS = 2 * DAY;

/** Why a subscription cannot have auto-renew at all: a trial, removed by the admins, plan gone. */
export type AutoRenewUnavailable = "trial" | "removed" | "unknown-plan";

/** What turning auto-renew on or off did. */
export type AutoRenewSwitch =
  | { ok: true; on: boolean }
  | { ok: false; reason: "unknown-subscription" | "blocked" | AutoRenewUnavailable };

/**
 * What one look at a subscription due for auto-renewal came to: `renewed`, its renewal paid from
 * the balance now (and queued); `done`, this term was paid before or a renewal of it is under way;
 * `short`, the balance does not cover the price (the customer is to be told); `refused`, the shop
 * does not renew it now (why: see ShopRefusal; `off` when turned off meanwhile; `maintenance` while
 * the shop is closed to customers: nothing is sold then, it renews once the shop opens).
 */
export type AutoRenewOutcome =
  | { kind: "renewed"; sub: Subscription; order: Order }
  | { kind: "done"; sub: Subscription }
  | { kind: "short"; sub: Subscription; price: number; balance: number }
  | { kind: "refused"; sub: Subscription; reason: ShopRefusal | "off" | "maintenance" };

/** An entry of the expiry index: a subscription and its expiry (ms). */
export interface ExpiryEntry {
  id: string;
  expiresAt: number;
}

/** Pages of the expiry index's entries with an expiry in [from, to], soonest first. */
export type ExpiryScan = (from: number, to: number) => AsyncIterable<ExpiryEntry[]>;

export interface AutoRenewDeps {
  redis: Redis;
  clock: Clock;
  logger: Logger;
  settings: Pick<ShopSettings, "autoRenewDays">;
  /** While the shop is closed for maintenance nothing is renewed (none: never closed). */
  maintenance?: Pick<ShopMaintenance, "closed">;
  customers: Pick<Customers, "get" | "isBlocked">;
  wallet: Pick<Wallet, "balance">;
  orders: Pick<Orders, "get">;
  subscriptions: Pick<Subscriptions, "get" | "ofCustomer" | "expiringBetween">;
  /** The one home of a renewal's price and terms (startRenewal). */
  shop: Pick<Shop, "plan" | "priceOf" | "startRenewal" | "renewalsInFlight">;
  /** The one home of the charge (payable, payFromBalance: paid, then queued). */
  cashier: Pick<Cashier, "payable" | "payFromBalance">;
}

/**
 * Auto-renew from the balance: a customer turns it on per subscription; while it is on, the
 * subscription is renewed by an ordinary renewal order (Shop.startRenewal, paid by
 * Cashier.payFromBalance, fulfilled by the order worker through the term chain) once it is due:
 * `autoRenewDays` (Settings) before its expiry, never earlier than its plan's own term (so the
 * term it buys is never due at once), and up to two days after it. Each term is paid at most once:
 * the order it is paid with is named in one Lua step (lua/autorenew-claim.lua) that every worker,
 * a restart and a top-up go through, and only that order is paid (atomically, by the cashier).
 * A crash anywhere leaves either nothing paid (the next look starts over with the same order) or
 * a paid order the order sweep queues again (rule 9).
 */
export class AutoRenew {
  constructor(private readonly deps: AutoRenewDeps) {}

  /** Whether a subscription can have auto-renew: not a trial, not removed, its plan in force. */
  unavailable(sub: Subscription): AutoRenewUnavailable | undefined {
    if (sub.trial) return "trial";
    if (sub.removedAt !== undefined) return "removed";
    return this.deps.shop.plan(sub.planId) ? undefined : "unknown-plan";
  }

  async isOn(subscriptionId: string): Promise<boolean> {
    return (await this.deps.redis.sismember(autoRenewKeys.on, subscriptionId)) === 1;
  }

  /** Which of `ids` have auto-renew on (one round trip, for a list). */
  async onOf(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const flags = await this.deps.redis.smismember(autoRenewKeys.on, ...ids);
    return new Set(ids.filter((_id, i) => flags[i] === 1));
  }

  /** The customer turns auto-renew of their own subscription on or off (a repeat sets the same). */
  async set(customerId: number, subscriptionId: string, on: boolean): Promise<AutoRenewSwitch> {
    const sub = await this.deps.subscriptions.get(subscriptionId);
    if (!sub || sub.customerId !== customerId) return { ok: false, reason: "unknown-subscription" };
    if (on) {
      if (await this.deps.customers.isBlocked(customerId)) return { ok: false, reason: "blocked" };
      const unavailable = this.unavailable(sub);
      if (unavailable) return { ok: false, reason: unavailable };
      await this.deps.redis.sadd(autoRenewKeys.on, sub.id);
    } else {
      await this.deps.redis.srem(autoRenewKeys.on, sub.id);
    }
    this.deps.logger.info({ customerId, subscriptionId, on }, "auto-renew switched");
    return { ok: true, on };
  }

  /** How long before its expiry `sub` (of `plan`) is due: the setting, at most the plan's term. */
  leadMs(plan: Pick<Plan, "days">, days: number): number {
    return Math.min(days, plan.days) * DAY;
  }

  /** The days before its expiry `sub` renews itself, as its card says it (the setting, capped). */
  async leadDays(sub: Pick<Subscription, "planId">): Promise<number> {
    const days = await this.deps.settings.autoRenewDays();
    return Math.min(days, this.deps.shop.plan(sub.planId)?.days ?? days);
  }

  /**
   * Whether `sub` is due at `now` with the setting at `days`: its expiry less than the lead away
   * (strictly: the term a renewal buys is then never due at once) and not long past.
   */
  isDue(sub: Pick<Subscription, "planId" | "expiresAt">, now: number, days: number): boolean {
    const plan = this.deps.shop.plan(sub.planId);
    if (!plan || sub.expiresAt <= 0) return false;
    return sub.expiresAt - now < this.leadMs(plan, days) && sub.expiresAt > now - AUTO_RENEW_LOOKBACK_MS;
  }

  /**
   * Every subscription with auto-renew on that is due now, each looked at once (the periodic task):
   * read from the expiry index's window only, so the cost follows what is due. `scan` pages
   * through the window (the workers' scanExpiries); without it, one read of at most 10 000.
   */
  async runDue(scan: ExpiryScan = (from, to) => this.onePage(from, to)): Promise<AutoRenewOutcome[]> {
    const now = this.deps.clock.now();
    const days = await this.deps.settings.autoRenewDays();
    const outcomes: AutoRenewOutcome[] = [];
    for await (const page of scan(now - AUTO_RENEW_LOOKBACK_MS + 1, now + days * DAY)) {
      outcomes.push(
        ...(await this.renewEach(
          page.map((e) => e.id),
          days,
        )),
      );
    }
    return outcomes;
  }

  private async *onePage(from: number, to: number): AsyncGenerator<ExpiryEntry[]> {
    yield await this.deps.subscriptions.expiringBetween(from, to, 10_000);
  }

  /**
   * After money came into the customer's wallet (a top-up): their subscriptions with auto-renew on
   * that are due renew at once. Never throws (the payment is credited already; the periodic task
   * looks again within a minute).
   */
  async afterTopUp(customerId: number): Promise<AutoRenewOutcome[]> {
    try {
      const subs = await this.deps.subscriptions.ofCustomer(customerId);
      return await this.renewEach(
        subs.map((s) => s.id),
        await this.deps.settings.autoRenewDays(),
      );
    } catch (err) {
      this.deps.logger.warn({ err, customerId }, "auto-renew after a top-up failed; the task retries");
      return [];
    }
  }

  /**
   * Looks at each of `ids` that has auto-renew on. One that fails (Redis or the hosting side
   * throwing, an answer lost) is logged and left to the next look, never holding up the others:
   * whatever it did is found again by then (the term's named order, a paid order in flight).
   */
  private async renewEach(ids: readonly string[], days: number): Promise<AutoRenewOutcome[]> {
    const on = await this.onOf(ids);
    const outcomes: AutoRenewOutcome[] = [];
    for (const id of ids) {
      if (!on.has(id)) continue;
      try {
        const outcome = await this.renewIfDue(id, days);
        if (outcome) outcomes.push(outcome);
      } catch (err) {
        this.deps.logger.error({ err, subscriptionId: id }, "auto-renew failed; the next look tries again");
      }
    }
    return outcomes;
  }

  /** Looks at one subscription: renewed, or why not; undefined when it is not due (any more). */
  private async renewIfDue(subscriptionId: string, days: number): Promise<AutoRenewOutcome | undefined> {
    const before = await this.deps.subscriptions.get(subscriptionId);
    if (!before) return undefined;
    // A renewal under way moves the term: none is added beside it (read before the term is).
    if ((await this.deps.shop.renewalsInFlight(before)).length > 0) return { kind: "done", sub: before };
    const sub = await this.deps.subscriptions.get(subscriptionId);
    if (!sub || !this.isDue(sub, this.deps.clock.now(), days)) return undefined;
    if (this.unavailable(sub)) return undefined;
    if (await this.deps.customers.isBlocked(sub.customerId))
      return { kind: "refused", sub, reason: "blocked" };
    if (await this.termPaid(sub)) return { kind: "done", sub };
    // Closed for maintenance: no sale, no notice; the lookback renews it once the shop opens.
    if (await this.deps.maintenance?.closed()) return { kind: "refused", sub, reason: "maintenance" };
    const outcome = await this.renew(sub);
    if (outcome.kind === "renewed")
      this.deps.logger.info(
        { subscriptionId: sub.id, orderId: outcome.order.id, term: sub.expiresAt },
        "auto-renewed from the balance",
      );
    return outcome;
  }

  /** Whether this term was paid by its auto-renewal before (whatever became of that order). */
  private async termPaid(sub: Subscription): Promise<boolean> {
    const [term, orderId] = await this.deps.redis.hmget(autoRenewKeys.term(sub.id), "term", "order");
    if (term !== String(sub.expiresAt) || !orderId) return false;
    return wasPaidStatus((await this.deps.orders.get(orderId))?.status);
  }

  /**
   * The renewal of `sub`'s current term: opened (or the one named for this term taken up), named
   * as the term's order, then paid from the balance. An order past its invoice life is closed by
   * the cashier's look: a second round opens a new one.
   */
  private async renew(sub: Subscription): Promise<AutoRenewOutcome> {
    const { shop, cashier, wallet, customers } = this.deps;
    const plan = shop.plan(sub.planId);
    if (!plan) return { kind: "refused", sub, reason: "unknown-plan" };
    for (let round = 0; round < 2; round++) {
      const price = shop.priceOf(plan);
      const balance = await wallet.balance(sub.customerId);
      // Short: no order is opened for it (the customer is told; a top-up brings it back here).
      if (balance < price) return { kind: "short", sub, price, balance };
      const locale = (await customers.get(sub.customerId))?.locale ?? "en";
      const started = await shop.startRenewal(sub.customerId, sub.id, locale, undefined, true);
      if (!started.ok) return { kind: "refused", sub, reason: started.reason };
      const orderId = await this.claim(sub, started.order.id);
      // Turned off while this look was under way: nothing is paid.
      if (!(await this.isOn(sub.id))) return { kind: "refused", sub, reason: "off" };
      const check = await cashier.payable(sub.customerId, orderId);
      if (!check.ok) {
        if (check.reason === "paid") return { kind: "done", sub };
        if (check.reason === "undeliverable") return { kind: "refused", sub, reason: "undeliverable" };
        continue; // expired or closed: it can never be paid, the next round names a new one
      }
      const paid = await cashier.payFromBalance(sub.customerId, orderId);
      if (paid.status === "paid")
        return { kind: "renewed", sub, order: (await this.deps.orders.get(orderId)) ?? check.order };
      if (paid.status === "already-paid") return { kind: "done", sub };
      if (paid.status === "insufficient") return { kind: "short", sub, price, balance: paid.balance };
      return { kind: "refused", sub, reason: "order-not-payable" };
    }
    return { kind: "refused", sub, reason: "order-gone" };
  }

  /** The order `sub`'s current term is paid with: `candidate`, or the one named before it. */
  private async claim(sub: Subscription, candidate: string): Promise<string> {
    const [, orderId] = (await CLAIM.run(
      this.deps.redis,
      [autoRenewKeys.term(sub.id)],
      [String(sub.expiresAt), candidate, keyPrefix(orderKeys.order)],
    )) as [number, string];
    return orderId;
  }
}
