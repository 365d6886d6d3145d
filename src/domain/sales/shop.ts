import type { Redis } from "ioredis";
import type { Locale } from "../../config.js";
import { type Clock, DAY, HOUR } from "../../runtime/clock.js";
import {
  type Customers,
  isInFlightStatus,
  ledgerIdemKeys,
  type NewOrder,
  type Order,
  type OrderJobs,
  type Orders,
  type Subscription,
  type Subscriptions,
  type UnpaidPolicy,
  type Wallet,
} from "../books/index.js";
import { type Catalog, currencyExponent, findPlan, type Plan, toMinor } from "../catalog/index.js";
import type { ProvisionerFor } from "../provisioning/index.js";
import { type ChargeResult, Checkout, type PayResult } from "./checkout.js";
import { InvoiceGate } from "./invoices.js";
import { topUpKey } from "./keys.js";
import { parsePayload } from "./payload.js";
import type { PromoCodes, PromoRefusal } from "./promo-codes.js";
import { TopUps, topUpBounds } from "./top-ups.js";

/** An unpaid order or a top-up invoice older than this is refused at pre-checkout. */
export const INVOICE_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * Pressing Buy (or Renew) again hands out the order awaiting payment while half its invoice life
 * is left; an unpaid order is removed an hour after its invoices stopped being accepted (so a
 * late pre-checkout still hears "expired").
 */
export const UNPAID_ORDERS: UnpaidPolicy = { reuseMs: INVOICE_TTL_MS / 2, keepMs: INVOICE_TTL_MS + HOUR };

export type ShopRefusal =
  | "blocked"
  | "unknown-plan"
  | "trial-used"
  | "no-trial"
  | "unknown-subscription"
  | "subscription-disabled"
  | "subscription-removed"
  | "order-gone"
  | "order-not-payable";

/**
 * `reused`: the customer's own order awaiting payment was handed back (not a new one). `promo`:
 * why the promo code asked for is not on the order (it was opened at the plan's price).
 */
export type Started =
  | { ok: true; order: Order; reused?: boolean; promo?: PromoRefusal }
  | { ok: false; reason: ShopRefusal };

export interface ShopDeps {
  redis: Redis;
  clock: Clock;
  catalog: () => Catalog;
  customers: Customers;
  wallet: Wallet;
  orders: Orders;
  subscriptions: Subscriptions;
  /** Reads the hosting side (a disabled access is not renewed). */
  provisioner: ProvisionerFor;
  /** Where an order the shop moved to `paid` goes to be fulfilled. */
  jobs: OrderJobs;
  /** Discounts and bonus days of promo codes, held per order. */
  promos: PromoCodes;
}

/** What an admin's retry of a failed order did. */
export type RetryOutcome =
  | { status: "queued" }
  | { status: "gone" }
  | { status: "refunded" }
  | { status: "not-failed"; orderStatus: string };

/**
 * The customer-facing operations of the shop: start purchases, renewals and trials, pay from
 * the balance or by invoice, check and record Telegram payments. Money moves only through
 * Checkout and Wallet, each step atomic and idempotent. Every step that moves an order to `paid`
 * hands it to the worker itself (one home for "paid, now enqueue"); callers never enqueue.
 */
export class Shop {
  readonly checkout: Checkout;

  constructor(private readonly deps: ShopDeps) {
    this.checkout = new Checkout(deps.redis, deps.wallet, deps.clock);
  }

  get currency(): string {
    return this.deps.catalog().currency;
  }

  plans(): readonly Plan[] {
    return this.deps.catalog().plans;
  }

  plan(id: string): Plan | undefined {
    return findPlan(this.deps.catalog(), id);
  }

  priceOf(plan: Plan): number {
    return toMinor(this.currency, plan.price);
  }

  /**
   * A purchase of `planId`; `gift`: bought for someone else, paid the same way, then provisioned to
   * whoever claims its link (see gifts.ts).
   */
  async startPurchase(
    customerId: number,
    planId: string,
    locale: Locale,
    promo?: string,
    gift = false,
  ): Promise<Started> {
    if (await this.deps.customers.isBlocked(customerId)) return { ok: false, reason: "blocked" };
    const plan = this.plan(planId);
    if (!plan) return { ok: false, reason: "unknown-plan" };
    const price = this.priceOf(plan);
    // One open order per customer and plan (and gift): a repeated Buy hands out the one awaiting payment.
    return this.open(
      {
        kind: "purchase",
        customerId,
        planId,
        price,
        currency: this.currency,
        locale,
        ...(gift ? { gift } : {}),
      },
      promo,
    );
  }

  /**
   * Opens the order, with the promo code when it applies: priced by it, then a use held for the
   * order (atomic). When the use cannot be held (the last one went meanwhile), that order is
   * cancelled and one at the plan's price is opened instead, with the reason.
   */
  private async open(input: NewOrder, promo: string | undefined): Promise<Started> {
    const { orders, promos } = this.deps;
    const plain = async (reason: PromoRefusal | undefined): Promise<Started> => {
      const { order, reused } = await orders.openFor(input, UNPAID_ORDERS);
      return { ok: true, order, reused, ...(reason ? { promo: reason } : {}) };
    };
    if (!promo) return plain(undefined);
    const quoted = await promos.quote(
      promo,
      input.customerId,
      input.planId,
      input.price,
      this.minimumInvoice(),
    );
    if (!quoted.ok) return plain(quoted.reason);
    const { listPrice, price, bonusDays } = quoted.quote;
    const { order, reused } = await orders.openFor(
      { ...input, price, promo: { code: promo, listPrice, bonusDays } },
      UNPAID_ORDERS,
    );
    const held = await promos.reserve(order);
    if (held.ok) return { ok: true, order, reused };
    await orders.transition(order.id, ["awaiting_payment"], "cancelled");
    await promos.settle(order);
    return plain(held.reason);
  }

  async startRenewal(
    customerId: number,
    subscriptionId: string,
    locale: Locale,
    promo?: string,
  ): Promise<Started> {
    if (await this.deps.customers.isBlocked(customerId)) return { ok: false, reason: "blocked" };
    const sub = await this.deps.subscriptions.get(subscriptionId);
    if (!sub || sub.customerId !== customerId || sub.trial)
      return { ok: false, reason: "unknown-subscription" };
    // The admins deleted its hosting client: there is nothing left to renew.
    if (sub.removedAt !== undefined) return { ok: false, reason: "subscription-removed" };
    const plan = this.plan(sub.planId);
    if (!plan) return { ok: false, reason: "unknown-plan" };
    const input: NewOrder = {
      kind: "renewal",
      customerId,
      planId: plan.id,
      price: this.priceOf(plan),
      currency: this.currency,
      locale,
      subscriptionId,
    };
    // An access an admin disabled (banned) stays so: a renewal must not lift it, so none is sold.
    // When the hosting side cannot be read, the renewal is sold (it waits for the side anyway).
    const state = await this.deps
      .provisioner(sub.ref.kind)
      .state(sub.ref)
      .catch(() => undefined);
    if (state && !state.enabled) return { ok: false, reason: "subscription-disabled" };
    // One open renewal per subscription: a repeated Renew hands out the one awaiting payment.
    return this.open(input, promo);
  }

  /**
   * Where a new renewal of `sub` would start: the later of now and `currentExpiry`, moved on by
   * every paid renewal of it that is not finished yet (those go first, one after the other).
   * `pending` counts them, so the screen can say why the date is later than expected.
   */
  async renewalStart(sub: Subscription, currentExpiry: number): Promise<{ start: number; pending: number }> {
    const open = (await this.deps.orders.ofCustomer(sub.customerId, 50))
      .filter((o) => o.kind === "renewal" && o.subscriptionId === sub.id && isInFlightStatus(o.status))
      .sort((a, b) => a.createdAt - b.createdAt);
    let start = Math.max(this.deps.clock.now(), currentExpiry || 0);
    for (const order of open) {
      const days = (this.plan(order.planId)?.days ?? 0) + (order.bonusDays ?? 0);
      start =
        order.targetExpiresAt !== undefined ? Math.max(start, order.targetExpiresAt) : start + days * DAY;
    }
    return { start, pending: open.length };
  }

  /** The free trial, once per Telegram user; the order is paid at once (price 0). */
  async startTrial(customerId: number, locale: Locale): Promise<Started> {
    const trial = this.deps.catalog().trial;
    if (!trial) return { ok: false, reason: "no-trial" };
    if (await this.deps.customers.isBlocked(customerId)) return { ok: false, reason: "blocked" };
    if (!(await this.deps.customers.claimTrial(customerId))) return { ok: false, reason: "trial-used" };
    const order = await this.deps.orders.create({
      kind: "trial",
      customerId,
      planId: trial.plan,
      price: 0,
      currency: this.currency,
      locale,
    });
    const paid = await this.checkout.payFromWallet(order);
    if (paid.status === "paid" || paid.status === "already-paid") await this.enqueue(order.id);
    return { ok: true, order: (await this.deps.orders.get(order.id)) ?? order };
  }

  /**
   * Pays an order of this customer from the balance and queues it. The debit and the move to
   * `paid` are one Lua step, so of many concurrent presses exactly one sees "paid" and queues.
   */
  async payFromBalance(customerId: number, orderId: string): Promise<PayResult | { status: "order-gone" }> {
    const order = await this.deps.orders.get(orderId);
    if (!order || order.customerId !== customerId) return { status: "order-gone" };
    const result = await this.checkout.payFromWallet(order);
    if (result.status === "paid") {
      await this.deps.promos.settle(order);
      await this.enqueue(order.id);
    }
    return result;
  }

  /**
   * An admin's retry of a failed order: `failed -> paid` (compare-and-set, so a double tap moves
   * it once), then queued. Refused when its money already went back (the refund's ledger entry
   * exists: the order is closed as refunded) or when it is not failed any more.
   */
  async retryFailed(orderId: string): Promise<RetryOutcome> {
    const { orders, wallet } = this.deps;
    const order = await orders.get(orderId);
    if (!order) return { status: "gone" };
    const refunded = async () => (await wallet.applied(ledgerIdemKeys.refund(order.id))) !== undefined;
    if (order.status === "failed" && (await refunded())) {
      // The money went back but the order was not closed (a crash in between): close it now.
      await orders.transition(order.id, ["failed"], "refunded");
      return { status: "refunded" };
    }
    if (!(await orders.transition(order.id, ["failed"], "paid"))) {
      const now = (await orders.get(order.id)) ?? order;
      if (now.status === "refunded") return { status: "refunded" };
      return { status: "not-failed", orderStatus: now.status };
    }
    if (await refunded()) {
      // A refund landed while we moved it: the money is back, so the order is not provisioned.
      await orders.transition(order.id, ["paid"], "refunded");
      return { status: "refunded" };
    }
    await this.enqueue(order.id);
    return { status: "queued" };
  }

  /**
   * Hands a paid order to the worker. A failure here is thrown to the caller, and the order
   * stays paid in the open index: the order sweep queues it again (rule 9).
   */
  private enqueue(orderId: string): Promise<void> {
    return this.deps.jobs.enqueueOrder(orderId);
  }

  /**
   * The invoice amount for what the balance does not cover (at least the smallest Telegram
   * accepts), remembered on the order so pre-checkout can check it.
   */
  async invoiceAmount(order: Order): Promise<number> {
    const balance = await this.deps.wallet.balance(order.customerId);
    const due = Math.max(order.price - balance, this.minimumInvoice());
    await this.deps.orders.update(order.id, { invoiceAmount: due });
    return due;
  }

  minimumInvoice(): number {
    return this.currency === "XTR" ? 1 : 10 ** currencyExponent(this.currency);
  }

  /**
   * One invoice message per order and amount at a time: false when one went out just now (the
   * press is pointed at it instead).
   */
  claimOrderInvoice(order: Order, due: number): Promise<boolean> {
    return new InvoiceGate(this.deps.redis).claim(order.customerId, `o:${order.id}:${due}`);
  }

  /** One top-up invoice per amount while it is unpaid: false when the last one is still pending. */
  async claimTopUpInvoice(customerId: number, amount: number): Promise<boolean> {
    if (await new InvoiceGate(this.deps.redis).claim(customerId, `t:${amount}`)) return true;
    return !(await new TopUps(this.deps.redis).pending(customerId, amount));
  }

  /** Registers a top-up invoice of `amount` minor units; returns its payload id. */
  async startTopUp(customerId: number, amount: number): Promise<{ ok: true; id: string } | { ok: false }> {
    const { min, max } = topUpBounds(this.currency);
    if (!Number.isInteger(amount) || amount < min || amount > max) return { ok: false };
    // One pending top-up per amount: asking again reuses it (one payload, paid at most once).
    const id = await new TopUps(this.deps.redis).start(customerId, amount, INVOICE_TTL_MS);
    return { ok: true, id };
  }

  /**
   * Checks a pre-checkout query: the order or top-up still exists, belongs to the payer, is
   * payable, and the amount and currency are exactly what was invoiced. Returns a refusal key.
   */
  async checkPreCheckout(
    from: number,
    payload: string,
    total: number,
    currency: string,
  ): Promise<{ ok: true } | { ok: false; reason: "invoice-invalid" | "invoice-expired" | "blocked" }> {
    const target = parsePayload(payload);
    if (!target || currency !== this.currency) return { ok: false, reason: "invoice-invalid" };
    if (await this.deps.customers.isBlocked(from)) return { ok: false, reason: "blocked" };
    if (target.kind === "topup") {
      const raw = await this.deps.redis.get(topUpKey(target.id));
      if (!raw) return { ok: false, reason: "invoice-expired" };
      const topup = JSON.parse(raw) as { customerId: number; amount: number };
      return topup.customerId === from && topup.amount === total
        ? { ok: true }
        : { ok: false, reason: "invoice-invalid" };
    }
    const order = await this.deps.orders.get(target.orderId);
    if (!order || order.customerId !== from || order.invoiceAmount !== total) {
      return { ok: false, reason: "invoice-invalid" };
    }
    if (order.status !== "awaiting_payment" || this.deps.clock.now() - order.createdAt > INVOICE_TTL_MS) {
      return { ok: false, reason: "invoice-expired" };
    }
    if (!this.plan(order.planId)) return { ok: false, reason: "invoice-expired" };
    return { ok: true };
  }

  /**
   * Records a successful payment exactly once (by charge id) and pays its order from the wallet
   * in the same atomic step. Whatever happens to the order, the money is in the wallet. An order
   * it paid (now, or before: a repeat after a crash before the enqueue) is queued; `paid` says so.
   */
  async recordPayment(
    from: number,
    payload: string,
    chargeId: string,
    total: number,
  ): Promise<ChargeResult & { orderId: string | undefined; paid: boolean }> {
    const target = parsePayload(payload);
    const order = target?.kind === "order" ? await this.deps.orders.get(target.orderId) : undefined;
    const usable = order && order.customerId === from ? order : undefined;
    const result = await this.checkout.creditCharge(from, chargeId, total, usable);
    if (target?.kind === "topup") await this.deps.redis.del(topUpKey(target.id));
    const status = result.order?.status;
    const paid = usable !== undefined && (status === "paid" || status === "already-paid");
    if (paid) {
      // The promo use is settled from the order's state, so a repeat settles it once.
      await this.deps.promos.settle(usable);
      await this.enqueue(usable.id);
    }
    return { ...result, orderId: usable?.id, paid };
  }
}
