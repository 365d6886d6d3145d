import type { Redis } from "ioredis";
import type { Clock } from "../../runtime/clock.js";
import {
  type Customers,
  isPaidStatus,
  ledgerIdemKeys,
  type Order,
  type OrderJobs,
  type Orders,
  type Wallet,
} from "../books/index.js";
import { type Catalog, findPack, findPlan, onSale } from "../catalog/index.js";
import { type AuditEntry, auditEntry, auditSubject, type StaffServices } from "../staff/index.js";
import { type ChargeResult, Checkout, type PayResult, type ReferralLimit } from "./checkout.js";
import type { Deliverability, Undeliverable } from "./delivery.js";
import {
  amountDue,
  INVOICE_TTL_MS,
  InvoiceGate,
  InvoiceLinks,
  minimumInvoice,
  parsePayload,
} from "./invoices.js";
import type { PromoCodes } from "./promo-codes.js";
import { TopUps, topUpBounds } from "./top-ups.js";

export interface CashierDeps {
  redis: Redis;
  clock: Clock;
  catalog: () => Catalog;
  customers: Customers;
  wallet: Wallet;
  orders: Orders;
  /** Where an order the cashier moved to `paid` goes to be fulfilled. */
  jobs: OrderJobs;
  /** The promo use an order holds is settled when it is paid or cancelled. */
  promos: PromoCodes;
  /** The referral first-N limit the pay step decides a payment's place by (none: referrals off). */
  referralLimit?: ReferralLimit;
  /** Whether the hosting side can deliver an order now (Shop.deliverable; none: always). */
  deliverable?: (order: Order, fresh: boolean) => Promise<Deliverability>;
  /** Who may retry a failed order (a staff member's role, read when they do). */
  staff: Pick<StaffServices, "roster">;
}

/**
 * Whether an order can still be paid: `paid` (its money is in), `closed` (cancelled, failed,
 * refunded), `expired` (older than an invoice may be, or its plan is no longer sold).
 */
export type Payability = "payable" | "paid" | "closed" | "expired";

/** The one home of "is this order payable", for a check that must not write (pre-checkout). */
export function payability(order: Order, now: number, planSold: boolean): Payability {
  if (isPaidStatus(order.status)) return "paid";
  if (order.status !== "awaiting_payment") return "closed";
  if (now - order.createdAt > INVOICE_TTL_MS || !planSold) return "expired";
  return "payable";
}

/**
 * Whether an order's plan is still sold to it: a renewal while the plan is in the catalog, a
 * purchase only while it is on sale (a retired plan keeps renewing, takes no new buyers), a
 * traffic pack while its plan still sells that pack.
 */
function planSold(catalog: Catalog, order: Order): boolean {
  const plan = findPlan(catalog, order.planId);
  if (order.kind === "pack") return findPack(plan, order.packId) !== undefined;
  return plan !== undefined && ((order.kind !== "purchase" && order.kind !== "switch") || onSale(plan));
}

/**
 * An order the customer may pay now, or why not (`gone`: not theirs, missing or closed;
 * `undeliverable`: the hosting side cannot deliver it now, `why`; the order stays open).
 */
export type PayableCheck =
  | { ok: true; order: Order }
  | { ok: false; reason: "gone" | "paid" | "expired" }
  | { ok: false; reason: "undeliverable"; why: Undeliverable };

/** What an admin's retry of a failed order did. */
export type RetryOutcome =
  | { status: "queued" }
  | { status: "gone" }
  | { status: "refunded" }
  | { status: "not-failed"; orderStatus: string };

export type PreCheckout =
  | { ok: true }
  | { ok: false; reason: "invoice-invalid" | "invoice-expired" | "blocked" | "undeliverable" };

/**
 * Takes the money for orders and top-ups: from the balance, or by invoice (what is due, one
 * invoice at a time, checked at pre-checkout, recorded once by its charge id). Money moves only
 * through Checkout and Wallet, each step atomic and idempotent. Every step that moves an order
 * to `paid` hands it to the worker itself (one home for "paid, now enqueue"): callers never do.
 */
export class Cashier {
  readonly checkout: Checkout;
  private readonly topUps: TopUps;
  private readonly gate: InvoiceGate;
  private readonly links: InvoiceLinks;

  constructor(private readonly deps: CashierDeps) {
    this.checkout = new Checkout(deps.redis, deps.wallet, deps.clock, deps.referralLimit);
    this.topUps = new TopUps(deps.redis);
    this.gate = new InvoiceGate(deps.redis);
    this.links = new InvoiceLinks(deps.redis);
  }

  private get currency(): string {
    return this.deps.catalog().currency;
  }

  /**
   * The customer's order if it can be paid now. One past its invoice life (or whose plan went
   * off sale) is cancelled here, its promo use freed, so the next look hears "gone" at once. One
   * the hosting side cannot deliver now (checked again here: the offer may have gone stale) is
   * refused and stays open, so it can be paid once the hosting side can deliver it.
   */
  async payable(customerId: number, orderId: string): Promise<PayableCheck> {
    const order = await this.deps.orders.get(orderId);
    if (!order || order.customerId !== customerId) return { ok: false, reason: "gone" };
    const sold = planSold(this.deps.catalog(), order);
    const state = payability(order, this.deps.clock.now(), sold);
    if (state === "payable") {
      const can = await this.deliverable(order);
      if (!can.ok) return { ok: false, reason: "undeliverable", why: can };
      return { ok: true, order: (await this.deps.orders.get(order.id)) ?? order };
    }
    if (state === "expired") await this.deps.promos.cancelUnpaid(order);
    return { ok: false, reason: state === "paid" ? "paid" : state === "expired" ? "expired" : "gone" };
  }

  /**
   * The customer cancels an order awaiting payment (its promo use is free again): `paid` when it
   * was paid meanwhile, `gone` when it is not theirs or closed already.
   */
  async cancel(customerId: number, orderId: string): Promise<"cancelled" | "paid" | "gone"> {
    const order = await this.deps.orders.get(orderId);
    if (!order || order.customerId !== customerId) return "gone";
    if ((await this.deps.promos.cancelUnpaid(order)).cancelled) return "cancelled";
    const now = await this.deps.orders.get(order.id);
    return now && isPaidStatus(now.status) ? "paid" : "gone";
  }

  /**
   * Pays an order of this customer from the balance and queues it. The debit and the move to
   * `paid` are one Lua step, so of many concurrent presses exactly one sees "paid" and queues.
   * `promo-refused`: its promo terms failed at payment (see PromoPayRefusal); it is cancelled.
   */
  async payFromBalance(
    customerId: number,
    orderId: string,
    audit?: AuditEntry,
  ): Promise<PayResult | { status: "order-gone" }> {
    const order = await this.deps.orders.get(orderId);
    if (!order || order.customerId !== customerId) return { status: "order-gone" };
    const result = await this.checkout.payFromWallet(order, audit);
    if (result.status === "paid") {
      await this.deps.promos.settle(order);
      await this.enqueue(order.id);
    }
    return result;
  }

  /**
   * A staff member's retry of a failed order (`actorId` needs `money`): `failed -> paid`
   * (compare-and-set, so a double tap moves it once) with its audit record in the same step, then
   * queued. Refused when its money already went back (the refund's ledger entry exists: the order
   * is closed as refunded) or when it is not failed any more.
   */
  async retryFailed(actorId: number, orderId: string): Promise<RetryOutcome> {
    const { orders, wallet } = this.deps;
    const order = await orders.get(orderId);
    const subject = auditSubject("customer", order?.customerId ?? 0);
    const role = await this.deps.staff.roster.require(actorId, "money", "order.retry", subject);
    if (!order) return { status: "gone" };
    const refunded = async () => (await wallet.applied(ledgerIdemKeys.refund(order.id))) !== undefined;
    if (order.status === "failed" && (await refunded())) {
      // The money went back but the order was not closed (a crash in between): close it now.
      await orders.transition(order.id, ["failed"], "refunded");
      return { status: "refunded" };
    }
    const audit = auditEntry(
      { actorId, role, action: "order.retry", subject, before: `order ${order.id} failed`, after: "paid" },
      this.deps.clock.now(),
    );
    if (!(await orders.transition(order.id, ["failed"], "paid", {}, audit))) {
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

  /** What an invoice for `order` asks with `balance` in the wallet (see amountDue). */
  due(order: Pick<Order, "price">, balance: number): number {
    return amountDue(order.price, balance, this.currency);
  }

  /** The smallest invoice Telegram takes in the shop's currency. */
  minimumInvoice(): number {
    return minimumInvoice(this.currency);
  }

  /** The amount due now, remembered on the order so pre-checkout can check it. */
  async invoiceAmount(order: Order): Promise<number> {
    const due = this.due(order, await this.deps.wallet.balance(order.customerId));
    await this.deps.orders.update(order.id, { invoiceAmount: due });
    return due;
  }

  /**
   * One invoice message per order and amount at a time: false when one went out just now (the
   * press is pointed at it instead).
   */
  claimOrderInvoice(order: Order, due: number): Promise<boolean> {
    return this.gate.claim(order.customerId, `o:${order.id}:${due}`);
  }

  /** One top-up invoice per amount while it is unpaid: false when the last one is still pending. */
  async claimTopUpInvoice(customerId: number, amount: number): Promise<boolean> {
    if (await this.gate.claim(customerId, `t:${amount}`)) return true;
    return !(await this.topUps.pending(customerId, amount));
  }

  /**
   * The invoice link of open `order` for `due` (the cabinet's `createInvoiceLink`): the one made
   * before for that amount and language while the order is open, else a new one from `make`.
   */
  orderInvoiceLink(
    order: Order,
    due: number,
    language: string,
    make: () => Promise<string>,
  ): Promise<string> {
    const lifeMs = order.createdAt + INVOICE_TTL_MS - this.deps.clock.now();
    return this.links.linkFor({ kind: "order", orderId: order.id }, due, language, lifeMs, make);
  }

  /** The invoice link of pending top-up `id` of `amount`, made once per language while it is pending. */
  async topUpInvoiceLink(
    id: string,
    amount: number,
    language: string,
    make: () => Promise<string>,
  ): Promise<string> {
    const lifeMs = await this.topUps.lifeLeft(id);
    return this.links.linkFor({ kind: "topup", id }, amount, language, lifeMs, make);
  }

  /** Registers a top-up invoice of `amount` minor units; returns its payload id. */
  async startTopUp(customerId: number, amount: number): Promise<{ ok: true; id: string } | { ok: false }> {
    const { min, max } = topUpBounds(this.currency);
    if (!Number.isInteger(amount) || amount < min || amount > max) return { ok: false };
    // One pending top-up per amount: asking again reuses it (one payload, paid at most once).
    return { ok: true, id: await this.topUps.start(customerId, amount, INVOICE_TTL_MS) };
  }

  /**
   * Checks a pre-checkout query: the order or top-up still exists, belongs to the payer, is
   * payable, and the amount and currency are exactly what was invoiced. Writes nothing.
   */
  async checkPreCheckout(
    from: number,
    payload: string,
    total: number,
    currency: string,
  ): Promise<PreCheckout> {
    const target = parsePayload(payload);
    if (!target || currency !== this.currency) return { ok: false, reason: "invoice-invalid" };
    if (await this.deps.customers.isBlocked(from)) return { ok: false, reason: "blocked" };
    if (target.kind === "topup") {
      const topUp = await this.topUps.read(target.id);
      if (!topUp) return { ok: false, reason: "invoice-expired" };
      return topUp.customerId === from && topUp.amount === total
        ? { ok: true }
        : { ok: false, reason: "invoice-invalid" };
    }
    const order = await this.deps.orders.get(target.orderId);
    if (!order || order.customerId !== from || order.invoiceAmount !== total) {
      return { ok: false, reason: "invoice-invalid" };
    }
    const sold = planSold(this.deps.catalog(), order);
    if (payability(order, this.deps.clock.now(), sold) !== "payable") {
      return { ok: false, reason: "invoice-expired" };
    }
    // The last moment before the money is taken: what the hosting side cannot deliver is refused.
    if (!(await this.deliverable(order, true)).ok) return { ok: false, reason: "undeliverable" };
    return { ok: true };
  }

  /**
   * Whether the hosting side can deliver `order` now (always, without a check); `fresh` at the
   * moment Telegram takes the money, else from the server list read a moment ago.
   */
  private deliverable(order: Order, fresh = false): Promise<Deliverability> {
    return this.deps.deliverable?.(order, fresh) ?? Promise.resolve({ ok: true });
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
    if (target?.kind === "topup") await this.topUps.forget(target.id);
    const status = result.order?.status;
    const paid = usable !== undefined && (status === "paid" || status === "already-paid");
    if (paid) {
      // The promo use is settled from the order's state, so a repeat settles it once.
      await this.deps.promos.settle(usable);
      await this.enqueue(usable.id);
    }
    return { ...result, orderId: usable?.id, paid };
  }

  /**
   * Hands a paid order to the worker. A failure here is thrown to the caller, and the order
   * stays paid in the open index: the order sweep queues it again (rule 9).
   */
  private enqueue(orderId: string): Promise<void> {
    return this.deps.jobs.enqueueOrder(orderId);
  }
}
