import type { Locale } from "../../config.js";
import {
  type AccessRef,
  type AccessState,
  GB_BYTES,
  isInFlightStatus,
  type NewOrder,
  type Order,
  type Subscription,
  termEnd,
} from "../books/index.js";
import { findPlan, onSale, type Plan, switchable, toMinor } from "../catalog/index.js";
import type { Deliverability, Delivery } from "./delivery.js";
import { termOf } from "./order-terms.js";
import { renewalsInFlight } from "./renewal-quote.js";
import type { ShopRefusal, Started } from "./shop.js";
import { type TermValue, termValue } from "./term-value.js";
import type { PackSalesDeps } from "./traffic-packs.js";

/** What a switch of a subscription to plan `to` credits and costs, as the screen shows it. */
export interface SwitchQuote {
  from: Plan;
  to: Plan;
  /** What one term of the current plan was taken to cost (minor units): paid, or the list price. */
  termPrice: number;
  /** The arithmetic of the credit (days left x price per day, or the GB left). */
  value: TermValue;
  credit: number;
  /** The new plan's price, what is left to pay, and what goes to the wallet (minor units). */
  price: number;
  toPay: number;
  surplus: number;
  /** The expiry the credit was reckoned on: the term with the paid renewals still to come. */
  basis: number;
  /** Paid renewals of the subscription not applied yet (their days are in the credit). */
  pendingRenewals: number;
}

/** What is left of a subscription's term is worth now, and what it was reckoned on (SwitchSales.worth). */
export interface TermWorth {
  ok: true;
  from: Plan;
  termPrice: number;
  /** The paid order the term's price was taken from (none: the plan's price). */
  paidBy?: Order | undefined;
  value: TermValue;
  basis: number;
  pendingRenewals: number;
}

export type SwitchQuoteResult = { ok: true; quote: SwitchQuote } | { ok: false; reason: ShopRefusal };

/** What packs need (PackSalesDeps), with the delivery check of a purchase (a switch may move its client). */
export interface SwitchSalesDeps extends Omit<PackSalesDeps, "delivery"> {
  delivery?: Pick<Delivery, "purchase"> | undefined;
}

/**
 * Whether a subscription living at `ref` can keep its client on plan `to`: the same xui server
 * listed by the plan, the same panel locations with the same inbounds, or node to node (a node
 * only adds days, so not when the new term ends before the client's). The one rule the switch's
 * offer and its fulfilment read.
 */
export function keepsClient(ref: AccessRef, to: Plan, target: number, hostingExpiry: number): boolean {
  const backend = to.backend;
  if (ref.kind !== backend.kind) return false;
  if (ref.kind === "xui" && backend.kind === "xui") return backend.servers.includes(ref.serverId);
  if (ref.kind === "panel" && backend.kind === "panel") {
    const wanted = new Map(backend.locations.map((l) => [l.node, [...l.inbound_ids].sort().join(",")]));
    if (wanted.size !== ref.locations.length || ref.locations.some((l) => !wanted.has(l))) return false;
    return ref.locations.every(
      (l) => !ref.inbounds?.[l] || [...(ref.inbounds[l] ?? [])].sort().join(",") === wanted.get(l),
    );
  }
  return ref.kind === "node" && target >= hostingExpiry;
}

/** GB used of the current term: what the client used since its limit was last set for a term. */
export function termUsedGb(
  state: Pick<AccessState, "limitBytes" | "usedBytes">,
  allowanceGb: number,
): number {
  const allowance = allowanceGb * GB_BYTES;
  const before = state.limitBytes > 0 ? Math.max(0, state.limitBytes - allowance) : 0;
  return Math.max(0, state.usedBytes - before) / GB_BYTES;
}

/**
 * The one home of a plan switch's sale: which plans a subscription may move to, what is left of
 * its term is worth (termValue, at the price paid for the term where the shop knows it), and the
 * switch opened as an order with that credit fixed on it (the quote the customer saw). Paid like
 * a renewal (the Cashier), applied in the subscription's term chain (settlement's plan-switch).
 */
export class SwitchSales {
  constructor(private readonly deps: SwitchSalesDeps) {}

  /**
   * The plans `sub` may switch to: on sale, switchable, not its own (none for a trial or a frozen
   * one). Families stay out both ways: a switch prices one term, not a family's seats, and would
   * leave the members' seats without their family.
   */
  async targets(sub: Subscription): Promise<Plan[]> {
    const catalog = this.deps.catalog();
    const from = findPlan(catalog, sub.planId);
    if (!from || !switchable(from) || sub.trial || sub.removedAt !== undefined) return [];
    if (from.seats || sub.familyOf !== undefined) return [];
    if (sub.expiresAt > 0 && sub.expiresAt <= this.deps.clock.now()) return [];
    if (await this.frozen(sub)) return [];
    return catalog.plans.filter((p) => p.id !== from.id && onSale(p) && switchable(p) && !p.seats);
  }

  /**
   * What switching `sub` to `toPlanId` credits and costs now (reads the usage of a traffic plan).
   * A frozen subscription is refused as renewals and packs are: unfrozen first, then switched.
   */
  async quote(sub: Subscription, toPlanId: string): Promise<SwitchQuoteResult> {
    if (await this.frozen(sub)) return { ok: false, reason: "subscription-frozen" };
    const to = (await this.targets(sub)).find((p) => p.id === toPlanId);
    if (!to) return { ok: false, reason: "switch-not-offered" };
    const worth = await this.worth(sub);
    if (!worth.ok) return worth;
    const { from, termPrice, value, basis, pendingRenewals } = worth;
    const price = toMinor(this.deps.catalog().currency, to.price);
    const credit = value.amount;
    const toPay = Math.max(0, price - credit);
    const surplus = Math.max(0, credit - price);
    const quote = { from, to, termPrice, value, credit, price, toPay, surplus, basis, pendingRenewals };
    return { ok: true, quote };
  }

  /**
   * What is left of `sub`'s term is worth now (termValue): its days left with the paid renewals
   * still to come (`basis`), at the price paid for the term (`paidBy`, where the shop knows it),
   * the GB used read from the hosting side on a traffic plan. Refused while a pack or a switch
   * of it is in flight (what it changes is not settled yet). The switch's credit and the admin's
   * fair refund read it.
   */
  async worth(sub: Subscription): Promise<TermWorth | { ok: false; reason: ShopRefusal }> {
    const catalog = this.deps.catalog();
    const from = findPlan(catalog, sub.planId);
    if (!from) return { ok: false, reason: "switch-not-offered" };
    const inFlight = await this.inFlight(sub);
    if (inFlight.some((o) => o.kind !== "renewal")) return { ok: false, reason: "switch-not-offered" };
    const usedGb = sub.trafficGb > 0 ? await this.usedGb(sub) : 0;
    if (usedGb === undefined) return { ok: false, reason: "hosting-unknown" };
    const now = this.deps.clock.now();
    let basis = sub.expiresAt;
    for (const r of inFlight)
      basis =
        r.targetExpiresAt ?? termEnd(basis, now, findPlan(catalog, r.planId) ? termOf(catalog, r).days : 0);
    const { termPrice, paidBy } = await this.termPrice(sub, from);
    const { trafficGb } = sub;
    const value = termValue({ termPrice, termDays: from.days, expiresAt: basis, now, trafficGb, usedGb });
    return { ok: true, from, termPrice, paidBy, value, basis, pendingRenewals: inFlight.length };
  }

  /** The quote a switch order carries (fixed when it was opened), as its confirmation shows it. */
  fixedQuote(order: Pick<Order, "price" | "planId" | "switchCredit">): { credit: number; price: number } {
    const credit = order.switchCredit ?? 0;
    const to = findPlan(this.deps.catalog(), order.planId);
    return { credit, price: to ? toMinor(this.deps.catalog().currency, to.price) : order.price + credit };
  }

  /**
   * Opens (or hands back) the customer's switch of `subscriptionId` to `toPlanId`, its credit
   * fixed on the order from the quote made now. Two presses at once make one order (Orders.openFor).
   */
  async start(
    customerId: number,
    subscriptionId: string,
    toPlanId: string,
    locale: Locale,
  ): Promise<Started & { quote?: SwitchQuote }> {
    if (await this.deps.customers.isBlocked(customerId)) return { ok: false, reason: "blocked" };
    const sub = await this.deps.subscriptions.get(subscriptionId);
    if (!sub || sub.customerId !== customerId) return { ok: false, reason: "unknown-subscription" };
    if (sub.removedAt !== undefined) return { ok: false, reason: "subscription-removed" };
    // Before the hosting side's state: a frozen client is disabled there, but it is the freeze that refuses.
    if (await this.frozen(sub)) return { ok: false, reason: "subscription-frozen" };
    const state = await this.deps
      .provisioner(sub.ref.kind)
      .state(sub.ref)
      .catch(() => undefined);
    if (state && !state.enabled) return { ok: false, reason: "subscription-disabled" };
    const quoted = await this.quote(sub, toPlanId);
    if (!quoted.ok) return quoted;
    const { quote } = quoted;
    const input: NewOrder = {
      kind: "switch",
      customerId,
      planId: quote.to.id,
      price: quote.toPay,
      currency: this.deps.catalog().currency,
      locale,
      subscriptionId,
      switchQuote: { credit: quote.credit, surplus: quote.surplus, basis: quote.basis },
    };
    const can = await this.deliverable(input);
    if (!can.ok) return { ok: false, reason: "undeliverable", why: can };
    const { order, reused } = await this.deps.orders.openFor(input, this.deps.unpaid);
    return { ok: true, order, reused, quote };
  }

  /**
   * Whether switch order `order` can be delivered now: a new client on the new plan needs room
   * for the new term (Delivery.purchase); the same client needs nothing more.
   */
  async deliverable(order: Pick<Order, "planId" | "subscriptionId">, fresh = false): Promise<Deliverability> {
    const { delivery, subscriptions, clock } = this.deps;
    const to = findPlan(this.deps.catalog(), order.planId);
    const sub = order.subscriptionId ? await subscriptions.get(order.subscriptionId) : undefined;
    if (!delivery || !to || !sub) return { ok: true };
    const target = termEnd(0, clock.now(), to.days);
    if (keepsClient(sub.ref, to, target, sub.expiresAt)) return { ok: true };
    return delivery.purchase(to, target, fresh);
  }

  /** Whether `sub`'s customer froze it (terms/freezes.ts). */
  private async frozen(sub: Subscription): Promise<boolean> {
    return (await this.deps.freezes?.current(sub.id)) !== undefined;
  }

  /** Paid changes of `sub` not applied yet (renewals, packs, switches), in the chain's order. */
  private async inFlight(sub: Subscription): Promise<Order[]> {
    const others = (await this.deps.orders.ofCustomer(sub.customerId, 50)).filter(
      (o) => o.kind !== "renewal" && o.subscriptionId === sub.id && isInFlightStatus(o.status),
    );
    return [...(await renewalsInFlight(this.deps.orders, sub)), ...others];
  }

  /** The GB used of the current term, from the hosting side (undefined: it cannot be read now). */
  private async usedGb(sub: Subscription): Promise<number | undefined> {
    const state = await this.deps
      .provisioner(sub.ref.kind)
      .state(sub.ref)
      .catch(() => undefined);
    return state ? termUsedGb(state, sub.trafficGb) : undefined;
  }

  /**
   * The price paid for the current term: the last paid purchase, renewal or switch of the
   * subscription on its plan (after a promo code; a switch's credit counts as paid), never more
   * than the plan's price now; the plan's price when the shop does not know it.
   */
  private async termPrice(sub: Subscription, plan: Plan): Promise<{ termPrice: number; paidBy?: Order }> {
    const list = toMinor(this.deps.catalog().currency, plan.price);
    const paid = (await this.deps.orders.ofCustomer(sub.customerId, 50))
      .filter(
        (o) =>
          o.status === "active" &&
          (o.subscriptionId === sub.id || `s${o.id.slice(1)}` === sub.id) &&
          o.planId === plan.id &&
          (o.kind === "purchase" || o.kind === "renewal" || o.kind === "switch"),
      )
      .sort((a, b) => (b.paidAt ?? b.createdAt) - (a.paidAt ?? a.createdAt))[0];
    if (!paid) return { termPrice: list };
    const termPrice = Math.min(list, paid.price + (paid.kind === "switch" ? (paid.switchCredit ?? 0) : 0));
    return { termPrice, paidBy: paid };
  }
}
