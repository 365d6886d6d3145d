import type { Order } from "../../src/domain/books/index.js";
import { DAY } from "../../src/runtime/clock.js";
import { type Backend, FAMILY, PACKS, PLAN_DAYS, PLAN_GB, PLANS, REFERRAL, ROLLOVER_CAP } from "./world.js";

/*
 * What the model knows independently of the shop: who is who, which orders it paid, and for each
 * subscription the changes of its term in the order they were applied. The expected term is
 * folded from those changes, never read back from the shop.
 */

/** One change of a subscription's term, as the model saw it applied (in this order). */
export type TermEvent =
  | { kind: "renewal"; ref: string; days: number; at: number }
  | { kind: "pack"; ref: string; gb: number; at: number }
  | { kind: "add"; ref: string; days: number; at: number }
  | { kind: "set"; ref: string; target: number; at: number }
  /** A plan switch: the new plan's days from the attempt that fixed its term, its traffic afresh. */
  | { kind: "switch"; ref: string; target: number; backend: Backend; at: number }
  /** A customer's freeze took hold at `at` (the term left is banked); given back at its unfreeze. */
  | { kind: "freeze"; ref: string; at: number }
  | { kind: "unfreeze"; ref: string; at: number };

export interface ModelSub {
  id: string;
  customerId: number;
  backend: Backend;
  /**
   * An admin's fair refund ended its term "now": xui counts whole days rounded up (0 is no
   * expiry), so the term checks leave it (its money is still checked).
   */
  ended?: boolean;
  /** The backend it was bought on (a switch moves `backend`). */
  firstBackend: Backend;
  orderId: string;
  /** The purchase's term: the clock of its first attempt plus its days. */
  base: number;
  baseWhy: string;
  events: TermEvent[];
}

export interface ModelOrder {
  id: string;
  customerId: number;
  kind: "purchase" | "renewal" | "pack" | "seat" | "seats" | "switch";
  /** Switch: the clock of the last attempt made before its term was fixed (the one that fixed it). */
  switchAt?: number;
  gift: boolean;
  backend: Backend;
  price: number;
  /** Renewal and pack: the subscription renewed or topped up. */
  subId?: string;
  /** Pack: the GB it adds. */
  packGb?: number;
  /** Purchase: the clock when an attempt first fixed its term. */
  firstAttemptAt?: number;
  /** Purchase: the invited customer's bonus days the model expects on it. */
  referralBonus: number;
  failedAttempts: number;
  /** Seen going active (its days are counted once). */
  active?: boolean;
}

export interface ModelChange {
  id: string;
  subId: string;
  mode: "add" | "set";
  days: number;
  target: number;
}

export interface ModelGift {
  code: string;
  orderId: string;
  buyerId: number;
  open: boolean;
}

export const backendOfPlan = (planId: string): Backend =>
  (planId === FAMILY.id ? FAMILY.backend : undefined) ??
  (Object.entries(PLANS).find(([, id]) => id === planId)?.[0] as Backend | undefined) ??
  (() => {
    throw new Error(`no backend for plan ${planId}`);
  })();

/** The days a paid order buys besides a referral bonus: the plan's and a promo code's bonus. */
export const orderDays = (order: Pick<Order, "bonusDays">): number => PLAN_DAYS + (order.bonusDays ?? 0);

export class Model {
  readonly customers: number[] = [];
  readonly invitedBy = new Map<number, number>();
  /** Invited customer -> the purchase holding their bonus days. */
  readonly bonusHolder = new Map<number, string>();
  readonly orders = new Map<string, ModelOrder>();
  readonly subs = new Map<string, ModelSub>();
  readonly changes = new Map<string, ModelChange>();
  /** Customers' freezes asked and waiting for their turn (change id -> subscription). */
  readonly freezesAsked = new Map<string, string>();
  /** Frozen subscriptions -> the freeze's change id; and an unfreeze's first attempt (its target is fixed then). */
  readonly frozen = new Map<string, string>();
  readonly unfreezeFirstAt = new Map<string, number>();
  /** Failed attempts of admins' changes waiting in the queue. */
  readonly changeTries = new Map<string, number>();
  readonly gifts: ModelGift[] = [];
  /** Family owners' subscriptions (the seats they bought), and the seat members' subscriptions. */
  readonly families = new Map<string, { owner: number; bought: number }>();
  readonly seatSubs = new Set<string>();
  /** Telegram charge ids the model paid with (each must be credited exactly once). */
  readonly charges: string[] = [];
  /** Charges Telegram sent back to the payer's Stars (each debited from the wallet once, net). */
  readonly starsRefunded = new Set<string>();
  /** Hosting clients a failed order named as left behind (`kind:name` or `xui:<server>:<name>`). */
  readonly namedOrphans = new Set<string>();
  /** Orders opened and not paid (yet). */
  readonly unpaid = new Set<string>();
  /** Paid orders whose money went back (a charge again may take them up). */
  readonly refundedOrders = new Set<string>();
  /** Fair refunds paid per subscription (each its own term's). */
  readonly fairRefunds = new Map<string, number>();
  readonly log: string[] = [];
  /** Panel locations the final reconciliation set back (a refunded renewal reached only some). */
  locationRepairs = 0;
  private nextCustomer = 1001;

  newCustomerId(): number {
    return this.nextCustomer++;
  }

  paid(order: Order): ModelOrder {
    const known = this.orders.get(order.id);
    if (known) return known;
    const m: ModelOrder = {
      id: order.id,
      customerId: order.customerId,
      kind: order.kind === "trial" ? "purchase" : order.kind,
      gift: order.gift === "1",
      backend: backendOfPlan(order.planId),
      price: order.price,
      ...(order.subscriptionId && order.kind !== "purchase" ? { subId: order.subscriptionId } : {}),
      ...(order.kind === "pack" ? { packGb: PACKS.find((p) => p.id === order.packId)?.gb ?? 0 } : {}),
      referralBonus: 0,
      failedAttempts: 0,
    };
    this.orders.set(order.id, m);
    this.unpaid.delete(order.id);
    return m;
  }

  /**
   * A fulfilment attempt of purchase `order` is about to fix its term (the first one does): the
   * clock now, and the invited customer's bonus days when no other purchase of theirs holds them.
   */
  attempting(order: Order, now: number): void {
    const m = this.orders.get(order.id);
    if (m?.kind === "switch" && order.targetExpiresAt === undefined) m.switchAt = now;
    if (m?.kind !== "purchase" || m.firstAttemptAt !== undefined) return;
    if (order.gift === "1" && order.recipientId === undefined) return;
    m.firstAttemptAt = now;
    const invited = this.invitedBy.has(order.customerId);
    if (invited && !m.gift && order.price > 0 && !this.bonusHolder.has(order.customerId)) {
      this.bonusHolder.set(order.customerId, order.id);
      m.referralBonus = REFERRAL.bonus_days;
    }
  }

  /**
   * Order `order` went active: a purchase made subscription `subId`, a renewal added its days.
   * Returns what the model cannot account for, if anything.
   */
  activated(order: Order, subId: string, now: number): string | undefined {
    const m = this.orders.get(order.id);
    if (!m) return `order ${order.id} went active, but the model never paid it`;
    // Two runs of one job at once (a stalled job run again) may both see it go active.
    if (m.active) return undefined;
    m.active = true;
    if (m.kind === "seat") this.seatSubs.add(subId);
    if (m.kind === "seat" || m.kind === "seats") return undefined;
    if (m.kind === "switch") {
      const sub = this.subs.get(m.subId ?? "");
      if (!sub || m.switchAt === undefined) return `switch ${order.id} of ${m.subId} went active unseen`;
      const target = m.switchAt + PLAN_DAYS * DAY;
      sub.events.push({ kind: "switch", ref: order.id, target, backend: m.backend, at: now });
      sub.backend = m.backend;
      return undefined;
    }
    if (m.kind === "renewal" || m.kind === "pack") {
      const sub = this.subs.get(m.subId ?? "");
      if (!sub) return `${m.kind} ${order.id} of ${m.subId}, a subscription the model does not know`;
      sub.events.push(
        m.kind === "pack"
          ? { kind: "pack", ref: order.id, gb: m.packGb ?? 0, at: now }
          : { kind: "renewal", ref: order.id, days: orderDays(order), at: now },
      );
      return undefined;
    }
    if (m.firstAttemptAt === undefined) return `purchase ${order.id} went active without an attempt`;
    const days = orderDays(order) + m.referralBonus;
    this.subs.set(subId, {
      id: subId,
      customerId: order.recipientId ?? order.customerId,
      backend: m.backend,
      firstBackend: m.backend,
      orderId: order.id,
      base: m.firstAttemptAt + days * DAY,
      baseWhy: `first attempt + ${days} days (plan ${PLAN_DAYS}, promo ${order.bonusDays ?? 0}, referral ${m.referralBonus})`,
      events: [],
    });
    return undefined;
  }

  /** Order `id` was refunded: a purchase holding the referral bonus lets it go. */
  refunded(id: string): void {
    this.refundedOrders.add(id);
    const m = this.orders.get(id);
    if (m && this.bonusHolder.get(m.customerId) === id) this.bonusHolder.delete(m.customerId);
  }

  /** An admin's change was applied (now, or by a later apply). */
  changeApplied(change: ModelChange, now: number): void {
    const sub = this.subs.get(change.subId);
    if (!sub) return;
    sub.events.push(
      change.mode === "add"
        ? { kind: "add", ref: change.id, days: change.days, at: now }
        : { kind: "set", ref: change.id, target: change.target, at: now },
    );
    this.changes.delete(change.id);
  }

  /** Freeze `changeId` of `subId` took hold at `at`. */
  froze(subId: string, changeId: string, at: number): void {
    this.freezesAsked.delete(changeId);
    this.frozen.set(subId, changeId);
    this.subs.get(subId)?.events.push({ kind: "freeze", ref: changeId, at });
  }

  /** The freeze of `subId` ended: the bank given back from its first unfreeze attempt. */
  unfroze(subId: string, now: number): void {
    const ref = this.frozen.get(subId) ?? "";
    const at = this.unfreezeFirstAt.get(subId) ?? now;
    this.frozen.delete(subId);
    this.unfreezeFirstAt.delete(subId);
    this.subs.get(subId)?.events.push({ kind: "unfreeze", ref, at });
  }

  /**
   * The term a subscription's applied changes add up to (a traffic pack leaves it as it is): a
   * freeze banks what is left of it, its unfreeze gives exactly that back from its own time.
   */
  expected(sub: ModelSub): number {
    let term = sub.base;
    let bank = 0;
    for (const e of sub.events) {
      if (e.kind === "pack") continue;
      if (e.kind === "freeze") bank = Math.max(0, term - e.at);
      else if (e.kind === "unfreeze") term = e.at + bank;
      else term = e.kind === "set" || e.kind === "switch" ? e.target : Math.max(e.at, term) + e.days * DAY;
    }
    return term;
  }

  /**
   * The term's traffic allowance (GB) its changes add up to: the plan's, given afresh by each
   * renewal, plus the packs applied since; an admin's term change leaves it as it is.
   */
  expectedTraffic(sub: ModelSub): number {
    let gb = PLAN_GB[sub.firstBackend];
    let backend = sub.firstBackend;
    for (const e of sub.events) {
      if (e.kind === "switch") [backend, gb] = [e.backend, PLAN_GB[e.backend]];
      // No traffic is used in this world: a renewal of a plan with rollover carries the plan's
      // GB up to the cap (the extras of the term before are spent first, never carried).
      if (e.kind === "renewal") gb = PLAN_GB[backend] + Math.min(ROLLOVER_CAP[backend], PLAN_GB[backend]);
      if (e.kind === "pack") gb = Math.round((gb + e.gb) * 100) / 100;
    }
    return gb;
  }

  describe(sub: ModelSub): string {
    const steps = sub.events.map((e) =>
      e.kind === "set" || e.kind === "switch"
        ? `${e.kind} ${new Date(e.target).toISOString()} (${e.ref})`
        : e.kind === "pack"
          ? `+${e.gb} GB pack (${e.ref})`
          : e.kind === "freeze" || e.kind === "unfreeze"
            ? `${e.kind} at ${new Date(e.at).toISOString()} (${e.ref})`
            : `+${e.days}d ${e.kind} (${e.ref})`,
    );
    return `${sub.id} on ${sub.backend}: ${sub.baseWhy}${steps.length ? `, then ${steps.join(", ")}` : ""}`;
  }
}
