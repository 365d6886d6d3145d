import type { Locale } from "../../config.js";
import type { Clock } from "../../runtime/clock.js";
import {
  type Customers,
  isInFlightStatus,
  type NewOrder,
  type Order,
  type Orders,
  type Subscription,
  type Subscriptions,
  type UnpaidPolicy,
} from "../books/index.js";
import { type Catalog, findPack, findPlan, packsOf, type TrafficPack, toMinor } from "../catalog/index.js";
import type { ProvisionerFor } from "../provisioning/index.js";
import type { SubscriptionFreezes } from "../terms/index.js";
import type { Deliverability, Delivery } from "./delivery.js";
import type { ShopRefusal, Started } from "./shop.js";

/** A traffic pack offered for a subscription, with its price in minor units. */
export interface PackOffer {
  pack: TrafficPack;
  price: number;
}

export interface PackSalesDeps {
  clock: Clock;
  catalog: () => Catalog;
  customers: Customers;
  orders: Orders;
  subscriptions: Subscriptions;
  /** Reads the hosting side (a disabled access is sold nothing). */
  provisioner: ProvisionerFor;
  /** How long an unpaid order is handed out again and kept (the shop's UNPAID_ORDERS). */
  unpaid: UnpaidPolicy;
  /** Whether the hosting side can deliver an order now (none: every pack is offered). */
  delivery?: Pick<Delivery, "pack"> | undefined;
  /** Customers' freezes: a frozen subscription is sold no traffic until unfrozen. */
  freezes?: Pick<SubscriptionFreezes, "current"> | undefined;
}

/**
 * Traffic packs sold for a subscription's current term (the catalog's `traffic_packs`), opened
 * as orders of their own kind: one open order per subscription and pack, paid like a renewal
 * (the Cashier), applied in the subscription's term chain (settlement's PackFulfilment). The one
 * home of "which packs does this subscription get offered", for /my and the cabinet alike.
 */
export class PackSales {
  constructor(private readonly deps: PackSalesDeps) {}

  /**
   * The packs `sub` is offered now, from the shop's records (no hosting read): its plan's packs,
   * while it is not a trial, not removed, its term is not over, and it has a traffic limit at
   * all (an unlimited access has nothing a pack could add to).
   */
  offers(sub: Subscription): PackOffer[] {
    const catalog = this.deps.catalog();
    const now = this.deps.clock.now();
    const over = sub.expiresAt > 0 && sub.expiresAt <= now;
    if (sub.trial || sub.removedAt !== undefined || over || sub.trafficGb <= 0) return [];
    return packsOf(findPlan(catalog, sub.planId)).map((pack) => ({
      pack,
      price: toMinor(catalog.currency, pack.price),
    }));
  }

  /**
   * Opens (or hands back) the customer's order of pack `packId` for `subscriptionId`. The open
   * one awaiting payment is handed back before the hosting side is read; a new one is opened
   * only for an access that is enabled and can be reached (Shop.deliverable).
   */
  async start(customerId: number, subscriptionId: string, packId: string, locale: Locale): Promise<Started> {
    const draft = await this.draft(customerId, subscriptionId, packId, locale);
    if (!draft.ok) return draft;
    const open = await this.deps.orders.reusableFor(draft.input, this.deps.unpaid);
    if (open) return { ok: true, order: open, reused: true };
    const can = await this.sellable(draft.sub, draft.input);
    if (!can.ok) return can;
    const { order, reused } = await this.deps.orders.openFor(draft.input, this.deps.unpaid);
    return { ok: true, order, reused };
  }

  /**
   * What pack order `order` of `sub` gives, as its confirmation shows it: the term's allowance now
   * and with it (GB). Packs of `sub` paid earlier and still being added go first (`pending` counts
   * them): this one comes on top of them, as the chain applies them.
   */
  async quote(
    sub: Subscription,
    order: Pick<Order, "id" | "planId" | "packId">,
  ): Promise<{ gb: number; current: number; next: number; pending: number }> {
    const catalog = this.deps.catalog();
    const gbOf = (o: Pick<Order, "planId" | "packId">) =>
      findPack(findPlan(catalog, o.planId), o.packId)?.gb ?? 0;
    const earlier = (await this.deps.orders.ofCustomer(sub.customerId, 50)).filter(
      (o) =>
        o.kind === "pack" && o.subscriptionId === sub.id && o.id !== order.id && isInFlightStatus(o.status),
    );
    const gb = gbOf(order);
    const before = earlier.reduce((sum, o) => sum + gbOf(o), 0);
    const round2 = (n: number) => Math.round(n * 100) / 100;
    return { gb, current: sub.trafficGb, next: round2(sub.trafficGb + before + gb), pending: earlier.length };
  }

  /** The same pack for the same subscription again (an admin's "charge again" of a refunded one). */
  async again(old: Order): Promise<{ ok: true; input: NewOrder } | { ok: false; reason: ShopRefusal }> {
    const draft = await this.draft(old.customerId, old.subscriptionId ?? "", old.packId ?? "", old.locale);
    if (!draft.ok) return draft;
    const can = await this.sellable(draft.sub, draft.input);
    return can.ok ? { ok: true, input: draft.input } : can;
  }

  /** What charging refunded pack order `old` again costs: the pack's price now (none: not sold). */
  againQuote(old: Order): { price: number; promo: undefined } | undefined {
    const catalog = this.deps.catalog();
    const pack = findPack(findPlan(catalog, old.planId), old.packId);
    return pack ? { price: toMinor(catalog.currency, pack.price), promo: undefined } : undefined;
  }

  /**
   * Whether pack order `order` can be delivered now (Delivery.pack: its access is there and
   * reachable; the term does not move, so no server needs paying longer). The Shop's one check
   * of an order (Shop.deliverable) asks this for a pack, at the offer and again at payment.
   */
  async deliverable(order: Pick<Order, "subscriptionId">, fresh = false): Promise<Deliverability> {
    const { delivery, subscriptions } = this.deps;
    const sub = order.subscriptionId ? await subscriptions.get(order.subscriptionId) : undefined;
    return delivery && sub ? delivery.pack(sub, fresh) : { ok: true };
  }

  /** The order's fields from the shop's own records (no hosting read), or why none is sold. */
  private async draft(
    customerId: number,
    subscriptionId: string,
    packId: string,
    locale: Locale,
  ): Promise<{ ok: true; input: NewOrder; sub: Subscription } | { ok: false; reason: ShopRefusal }> {
    if (await this.deps.customers.isBlocked(customerId)) return { ok: false, reason: "blocked" };
    const sub = await this.deps.subscriptions.get(subscriptionId);
    if (!sub || sub.customerId !== customerId) return { ok: false, reason: "unknown-subscription" };
    if (sub.removedAt !== undefined) return { ok: false, reason: "subscription-removed" };
    const offer = this.offers(sub).find((o) => o.pack.id === packId);
    if (!offer) return { ok: false, reason: "pack-not-offered" };
    const input: NewOrder = {
      kind: "pack",
      customerId,
      planId: sub.planId,
      price: offer.price,
      currency: this.deps.catalog().currency,
      locale,
      subscriptionId,
      packId,
    };
    return { ok: true, input, sub };
  }

  /**
   * An access an admin disabled (banned) is sold nothing; one the hosting side cannot deliver to
   * now is refused with why. When the hosting side cannot be read, the pack is sold (it waits).
   */
  private async sellable(
    sub: Subscription,
    input: NewOrder,
  ): Promise<{ ok: true } | Extract<Started, { ok: false }>> {
    if (await this.deps.freezes?.current(sub.id)) return { ok: false, reason: "subscription-frozen" };
    const state = await this.deps
      .provisioner(sub.ref.kind)
      .state(sub.ref)
      .catch(() => undefined);
    if (state && !state.enabled) return { ok: false, reason: "subscription-disabled" };
    const can = await this.deliverable(input);
    return can.ok ? { ok: true } : { ok: false, reason: "undeliverable", why: can };
  }
}
