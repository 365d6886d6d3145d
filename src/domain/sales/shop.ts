import type { Locale } from "../../config.js";
import { type Clock, HOUR } from "../../runtime/clock.js";
import {
  type Customers,
  type NewOrder,
  type Order,
  type Orders,
  type Subscription,
  type Subscriptions,
  termEnd,
  type UnpaidPolicy,
} from "../books/index.js";
import { type Catalog, findPlan, onSale, type Plan, toMinor } from "../catalog/index.js";
import type { ProvisionerFor } from "../provisioning/index.js";
import type { SubscriptionFreezes } from "../terms/index.js";
import type { Cashier } from "./cashier.js";
import { channelRequired, type ShopGate } from "./channel-gate.js";
import type { Deliverability, Delivery, Undeliverable } from "./delivery.js";
import { INVOICE_TTL_MS } from "./invoices.js";
import { termOf } from "./order-terms.js";
import { SwitchSales } from "./plan-switch.js";
import type { CarriedPromo, PromoCodes, PromoRefusal } from "./promo-codes.js";
import { type QuotedOrder, type RenewalQuote, renewalQuote, renewalsInFlight } from "./renewal-quote.js";
import { familyPrice, type Seats, seatsBought } from "./seats.js";
import type { ShopRefusal, Started } from "./shop-answers.js";
import { PackSales } from "./traffic-packs.js";

/**
 * Pressing Buy (or Renew) again hands out the order awaiting payment while half its invoice life
 * is left; an unpaid order is removed an hour after its invoices stopped being accepted (so a
 * late pre-checkout still hears "expired").
 */
export const UNPAID_ORDERS: UnpaidPolicy = { reuseMs: INVOICE_TTL_MS / 2, keepMs: INVOICE_TTL_MS + HOUR };

export type { ShopRefusal, Started } from "./shop-answers.js";

/** A new order's fields, or why none can be opened. */
type OrderInput =
  | { ok: true; input: NewOrder; moveTo?: Order["ref"] }
  | { ok: false; reason: ShopRefusal; why?: Undeliverable };

export interface ShopDeps {
  clock: Clock;
  catalog: () => Catalog;
  customers: Customers;
  orders: Orders;
  subscriptions: Subscriptions;
  /** Reads the hosting side (a disabled access is not renewed). */
  provisioner: ProvisionerFor;
  /** Discounts and bonus days of promo codes, held per order. */
  promos: PromoCodes;
  /** Takes the money (the trial is paid from nothing, and queued, by it). */
  cashier: Cashier;
  /** Whether the hosting side can deliver an order now (none: every order is offered). */
  delivery?: Delivery;
  /** The admins' required channels in front of trials and new purchases (none: no gate). */
  gate?: ShopGate;
  /** Family plans' seats: a family's renewal is priced by its seats (none: no families). */
  seats?: Pick<Seats, "count">;
  /** Customers' freezes: a frozen subscription is not renewed (nor topped up) until unfrozen. */
  freezes?: Pick<SubscriptionFreezes, "current">;
}

/**
 * What a customer can buy and on what terms: the plans and their prices, purchases, renewals
 * and trials opened as orders (one open order per plan or subscription, a promo code's use held
 * with it), and what a renewal would buy. Paying is the Cashier's.
 */
export class Shop {
  /** Traffic packs for a subscription's current term, sold on the shop's rules. */
  readonly packs: PackSales;
  /** Plan switches with the credit of the term left. */
  readonly switches: SwitchSales;

  constructor(private readonly deps: ShopDeps) {
    this.packs = new PackSales({ ...deps, unpaid: UNPAID_ORDERS });
    this.switches = new SwitchSales({ ...deps, unpaid: UNPAID_ORDERS });
  }

  get currency(): string {
    return this.deps.catalog().currency;
  }

  /** The plans sold to new customers (a retired plan is left out; its subscriptions still renew). */
  plans(): readonly Plan[] {
    return this.deps.catalog().plans.filter(onSale);
  }

  /** A plan in force by id, retired ones included (renewals, orders and screens of old buys). */
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
    seats?: number,
  ): Promise<Started> {
    const made = await this.purchaseInput(customerId, planId, locale, gift, seats);
    if (!made.ok) return made;
    // The gate stands here, not in purchaseInput: an admin's "charge again" is not a new purchase.
    const refused = channelRequired(await this.deps.gate?.check(customerId, "purchase"));
    if (refused) return refused;
    // One open order per customer and plan (and gift): a repeated Buy hands out the one awaiting payment.
    return this.open(made.input, promo);
  }

  private async purchaseInput(
    customerId: number,
    planId: string,
    locale: Locale,
    gift: boolean,
    asked?: number,
  ): Promise<OrderInput> {
    if (await this.deps.customers.isBlocked(customerId)) return { ok: false, reason: "blocked" };
    const plan = this.plan(planId);
    const seats = plan && seatsBought(plan, asked);
    if (!plan || !onSale(plan) || (plan.seats && !seats)) return { ok: false, reason: "unknown-plan" };
    const input: NewOrder = {
      kind: "purchase",
      customerId,
      planId,
      price: familyPrice(this.priceOf(plan), plan, seats),
      ...(seats ? { seats } : {}),
      currency: this.currency,
      locale,
      ...(gift ? { gift } : {}),
    };
    const can = await this.deliverable({ ...input, id: "" });
    return can.ok ? { ok: true, input } : { ok: false, reason: "undeliverable", why: can };
  }

  /**
   * What charging refunded order `old` again costs (undefined when its plan is gone): its own
   * price and promo terms while it still holds its use of the code (see PromoCodes.carried), else
   * the plan's price. The one rule for the admin's confirmation and for the charge itself.
   */
  async againQuote(old: Order): Promise<{ price: number; promo: CarriedPromo | undefined } | undefined> {
    if (old.kind === "pack") return this.packs.againQuote(old);
    if (old.kind === "switch") return undefined; // its credit was for a term since moved on
    const plan = old.kind === "seats" || old.kind === "seat" ? undefined : this.plan(old.planId); // not again
    if (!plan) return undefined;
    const promo = await this.deps.promos.carried(old);
    return { price: promo?.price ?? this.priceOf(plan), promo };
  }

  /**
   * A new order doing refunded order `old` again (an admin's "charge again"): a purchase of the
   * same plan, or a renewal of the same subscription, on the terms of `againQuote`. One carrying
   * the old order's promo terms holds no use of its own: it takes the old order's over in the step
   * that pays it (lua/pay-order.lua), so a charge that is never paid leaves the use where it was.
   */
  async startAgain(old: Order): Promise<Started> {
    if (old.kind === "switch") return { ok: false, reason: "switch-not-offered" };
    const made =
      old.kind === "pack"
        ? await this.packs.again(old)
        : old.kind === "renewal" && old.subscriptionId
          ? await this.renewalInput(old.customerId, old.subscriptionId, old.locale)
          : await this.purchaseInput(old.customerId, old.planId, old.locale, false, old.seats);
    if (!made.ok) return made;
    const carried = await this.deps.promos.carried(old);
    if (!carried) return this.open(made.input, undefined);
    const { price, ...promo } = carried;
    const { order, reused } = await this.deps.orders.openFor({ ...made.input, price, promo }, UNPAID_ORDERS);
    return { ok: true, order, reused };
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
      this.deps.cashier.minimumInvoice(),
    );
    if (!quoted.ok) return plain(quoted.reason);
    const { listPrice, price, bonusDays } = quoted.quote;
    const { order, reused } = await orders.openFor(
      { ...input, price, promo: { code: promo, listPrice, bonusDays } },
      UNPAID_ORDERS,
    );
    const held = await promos.reserve(order);
    if (held.ok) return { ok: true, order, reused };
    await promos.cancelUnpaid(order);
    return plain(held.reason);
  }

  /**
   * A renewal of `subscriptionId`. The customer's open renewal of it (awaiting payment, young
   * enough, at the plan's price, no promo code asked) is handed back before the hosting side is
   * read: pressing Renew again costs no hosting call. `unattended` (auto-renew): always read, and
   * a side that cannot be read refuses it (`hosting-unknown`, asked again later).
   */
  async startRenewal(
    customerId: number,
    subscriptionId: string,
    locale: Locale,
    promo?: string,
    unattended = false,
  ): Promise<Started> {
    const draft = await this.renewalDraft(customerId, subscriptionId, locale);
    if (!draft.ok) return draft;
    if (promo === undefined && !unattended) {
      const open = await this.deps.orders.reusableFor(draft.input, UNPAID_ORDERS);
      // Handed back before any hosting read (a flood of Renew presses reads nothing); whether it
      // can be delivered is asked again when it is paid (Cashier.payable, pre-checkout).
      if (open) return { ok: true, order: open, reused: true };
    }
    const made = await this.sellable(draft.sub, draft.input, unattended);
    if (!made.ok) return made;
    // One open renewal per subscription: a repeated Renew hands out the one awaiting payment.
    const started = await this.open(made.input, promo);
    if (!started.ok || !made.moveTo) return started;
    await this.deps.orders.update(started.order.id, { ref: JSON.stringify(made.moveTo) });
    return { ...started, order: { ...started.order, ref: made.moveTo } };
  }

  private async renewalInput(
    customerId: number,
    subscriptionId: string,
    locale: Locale,
  ): Promise<OrderInput> {
    const draft = await this.renewalDraft(customerId, subscriptionId, locale);
    return draft.ok ? this.sellable(draft.sub, draft.input) : draft;
  }

  /** A renewal's fields from the shop's own records (no hosting read), or why none can be opened. */
  private async renewalDraft(
    customerId: number,
    subscriptionId: string,
    locale: Locale,
  ): Promise<{ ok: true; input: NewOrder; sub: Subscription } | { ok: false; reason: ShopRefusal }> {
    if (await this.deps.customers.isBlocked(customerId)) return { ok: false, reason: "blocked" };
    const sub = await this.deps.subscriptions.get(subscriptionId);
    if (!sub || sub.customerId !== customerId || sub.trial || sub.familyOf !== undefined)
      return { ok: false, reason: "unknown-subscription" };
    // The admins deleted its hosting client: there is nothing left to renew.
    if (sub.removedAt !== undefined) return { ok: false, reason: "subscription-removed" };
    const plan = this.plan(sub.planId);
    if (!plan) return { ok: false, reason: "unknown-plan" };
    const input: NewOrder = {
      kind: "renewal",
      customerId,
      planId: plan.id,
      // A family renews every seat in one payment (per seat, or the pack's price).
      price: familyPrice(this.priceOf(plan), plan, await this.deps.seats?.count(sub.id)),
      currency: this.currency,
      locale,
      subscriptionId,
    };
    return { ok: true, input, sub };
  }

  /**
   * An access an admin disabled (banned) stays so: a renewal must not lift it, so none is sold.
   * When the hosting side cannot be read, the renewal is sold (it waits for the side anyway).
   */
  private async sellable(sub: Subscription, input: NewOrder, unattended = false): Promise<OrderInput> {
    if (await this.deps.freezes?.current(sub.id)) return { ok: false, reason: "subscription-frozen" };
    const state = await this.deps
      .provisioner(sub.ref.kind)
      .state(sub.ref)
      .catch(() => undefined);
    if (state && !state.enabled) return { ok: false, reason: "subscription-disabled" };
    if (!state && unattended) return { ok: false, reason: "hosting-unknown" };
    const can = await this.renewable(sub, { ...input, id: "" });
    if (!can.ok) return { ok: false, reason: "undeliverable", why: can };
    return { ok: true, input, ...(can.moveTo ? { moveTo: can.moveTo } : {}) };
  }

  /**
   * Whether `order` can be delivered now (Delivery; the Cashier asks again, `fresh`, before the
   * money is taken). A renewal moved to another server when it was offered stays there while that
   * server still holds its term; else it is checked afresh (and moved again, or refused).
   */
  async deliverable(
    order: Pick<Order, "id" | "kind" | "planId" | "subscriptionId"> &
      Partial<Pick<Order, "bonusDays" | "ref">>,
    fresh = false,
  ) {
    const { delivery } = this.deps;
    const plan = this.plan(order.planId);
    if (!delivery || !plan || order.kind === "trial") return { ok: true } as Deliverability;
    if (order.kind === "pack" || order.kind === "seats") return this.packs.deliverable(order, fresh);
    if (order.kind === "switch") return this.switches.deliverable(order, fresh);
    if (order.kind === "purchase") {
      const bonus = this.deps.catalog().referral?.bonus_days ?? 0;
      const days = termOf(this.deps.catalog(), order).days + bonus;
      return delivery.purchase(plan, termEnd(0, this.deps.clock.now(), days), fresh);
    }
    const sub = order.subscriptionId ? await this.deps.subscriptions.get(order.subscriptionId) : undefined;
    if (!sub) return { ok: true } as Deliverability;
    const can = await this.renewable(sub, order, fresh);
    const moved = order.ref?.kind === "xui" ? order.ref : undefined;
    if (order.id && can.ok && (can.moveTo?.serverId ?? 0) !== (moved?.serverId ?? 0)) {
      // Where it can go now is what its payment buys (the confirmation shows it before paying).
      await this.deps.orders.update(order.id, { ref: can.moveTo ? JSON.stringify(can.moveTo) : "" });
    }
    return can;
  }

  private async renewable(
    sub: Subscription,
    order: Pick<Order, "id" | "kind" | "planId" | "bonusDays" | "ref">,
    fresh = false,
  ): Promise<Deliverability> {
    const plan = this.plan(order.planId);
    if (!this.deps.delivery || !plan) return { ok: true };
    const { next } = await this.renewalQuote(sub, order, sub.expiresAt);
    const moved = order.ref?.kind === "xui" ? order.ref : undefined;
    if (moved && (await this.deps.delivery.stillThere(moved, next, fresh)))
      return { ok: true, moveTo: moved };
    return this.deps.delivery.renewal(plan, sub, next, fresh);
  }

  /** What renewal `order` of `sub` buys, as the renewal screen shows it (renewal-quote.ts). */
  renewalQuote(sub: Subscription, order: QuotedOrder, currentExpiry: number): Promise<RenewalQuote> {
    return renewalQuote(this.deps, sub, order, currentExpiry);
  }

  /** The paid renewals of `sub` not finished yet, in their chain's order. */
  renewalsInFlight(sub: Pick<Subscription, "id" | "customerId">): Promise<Order[]> {
    return renewalsInFlight(this.deps.orders, sub);
  }

  /** Whether the admins are to be told now of an order refused as `why` (once per cause for a while). */
  async undeliverableAlertDue(why: Undeliverable): Promise<boolean> {
    return (await this.deps.delivery?.alertDue(why)) ?? false;
  }

  /**
   * The free trial offered to this customer, if any: the catalog sells one (the sold catalog has
   * none while its plan cannot be delivered or is retired), and they neither used theirs nor are
   * blocked. The chat's main menu and the cabinet offer it by this rule.
   */
  async trialOffer(customerId: number): Promise<NonNullable<Catalog["trial"]> | undefined> {
    const trial = this.deps.catalog().trial;
    if (!trial || !(await this.deps.customers.mayClaimTrial(customerId))) return undefined;
    return trial;
  }

  /** The free trial, once per user, paid at once (price 0); behind the gate, watched if taken through it. */
  async startTrial(customerId: number, locale: Locale): Promise<Started> {
    const trial = this.deps.catalog().trial;
    if (!trial) return { ok: false, reason: "no-trial" };
    if (await this.deps.customers.isBlocked(customerId)) return { ok: false, reason: "blocked" };
    if (!(await this.deps.customers.mayClaimTrial(customerId))) return { ok: false, reason: "trial-used" };
    // Asked after "used": nobody joins a channel for a trial they cannot have.
    const verdict = await this.deps.gate?.check(customerId, "trial");
    if (verdict && !verdict.ok) return { ok: false, reason: "channel-required", channels: verdict.channels };
    if (!(await this.deps.customers.claimTrial(customerId))) return { ok: false, reason: "trial-used" };
    if (verdict?.gated) await this.deps.gate?.watchTrial(customerId);
    const order = await this.deps.orders.create({
      kind: "trial",
      customerId,
      planId: trial.plan,
      price: 0,
      currency: this.currency,
      locale,
    });
    await this.deps.cashier.payFromBalance(customerId, order.id);
    return { ok: true, order: (await this.deps.orders.get(order.id)) ?? order };
  }
}
