import type { Clock } from "../../runtime/clock.js";
import type { Order, Subscription, Subscriptions, Wallet } from "../books/index.js";
import type { ShopRefusal, SwitchSales, TermWorth } from "../sales/index.js";
import { railOfCharge, type StarsRefundResult, type StarsRefunds } from "../settlement/index.js";
import { auditEntry, auditSubject, type StaffServices } from "../staff/index.js";
import type { RequestOutcome, SubscriptionTerms } from "../terms/index.js";

/**
 * Where a fair refund goes: back as Stars when the term was paid by one Telegram Stars payment and
 * the refund is that whole payment (Telegram refunds only whole payments), else the balance, and
 * why: `not-stars` (paid from the balance, another currency, or the price is not known),
 * `partial` (part of the term is used: less than the whole payment), `shared` (the payment
 * covered only part of the order, the rest came from the balance).
 */
export type FairRefundRoute =
  | { to: "stars"; order: Order }
  | { to: "balance"; why: "not-stars" | "partial" | "shared" };

export interface FairRefundQuote {
  sub: Subscription;
  worth: TermWorth;
  amount: number;
  route: FairRefundRoute;
}

export type FairRefundOutcome =
  | {
      status: "refunded";
      amount: number;
      to: "balance" | "stars";
      stars?: StarsRefundResult;
      ended: RequestOutcome | undefined;
    }
  /** Nothing more: this term was refunded already (a second tap, a second admin). */
  | { status: "already"; ended: RequestOutcome | undefined }
  | { status: "nothing" }
  | { status: "refused"; reason: ShopRefusal };

export interface FairRefundsDeps {
  clock: Clock;
  subscriptions: Subscriptions;
  wallet: Wallet;
  switches: Pick<SwitchSales, "worth">;
  terms: Pick<SubscriptionTerms, "request">;
  starsRefunds?: Pick<StarsRefunds, "refund"> | undefined;
  staff: Pick<StaffServices, "roster">;
}

/** The wallet's idempotency key of a fair refund: once per subscription and term (its basis). */
export const fairRefundKey = (subscriptionId: string, basis: number) =>
  `fair-refund:${subscriptionId}:${basis}`;

/**
 * The one home of an admin's fair refund: what is left of a subscription's term is worth (the
 * same termValue as a switch's credit), paid to the customer's balance once per term (the wallet's
 * idempotency key names the subscription and the term's end, so two taps or two admins at once
 * credit once; the audit entry is written in the same step), or sent on back as Stars where the
 * whole Stars payment of the term is refunded; then the term ends now through the terms
 * authority (the client expires as at the end of a term). A crash after the money and before the
 * term's end is finished by the next tap: the money is not paid again, the term still ends.
 */
export class FairRefunds {
  constructor(private readonly deps: FairRefundsDeps) {}

  /** What refunding `subscriptionId` now would pay and where, as the admin's screen shows it. */
  async quote(subscriptionId: string): Promise<FairRefundQuote | { refused: ShopRefusal }> {
    const sub = await this.deps.subscriptions.get(subscriptionId);
    if (!sub || sub.trial) return { refused: "unknown-subscription" };
    if (sub.removedAt !== undefined) return { refused: "subscription-removed" };
    const worth = await this.deps.switches.worth(sub);
    if (!worth.ok) return { refused: worth.reason };
    const amount = worth.value.amount;
    return { sub, worth, amount, route: await this.routeOf(worth, amount) };
  }

  /** Refunds the unused part of `subscriptionId`'s term (a staff member with `money`). */
  async refund(
    actorId: number,
    subscriptionId: string,
    sendStars: (userId: number, chargeId: string) => Promise<unknown>,
  ): Promise<FairRefundOutcome> {
    const subject = auditSubject("subscription", subscriptionId);
    const role = await this.deps.staff.roster.require(actorId, "money", "subscription.fair-refund", subject);
    const quote = await this.quote(subscriptionId);
    if ("refused" in quote) return { status: "refused", reason: quote.refused };
    const { sub, amount, route, worth } = quote;
    if (amount <= 0) return { status: "nothing" };
    const note = `${worth.value.daysLeft} days left (${worth.value.limitedBy}); to ${route.to}`;
    const audit = auditEntry(
      { actorId, role, action: "subscription.fair-refund", subject, note },
      this.deps.clock.now(),
    );
    const credited = await this.deps.wallet.credit(
      sub.customerId,
      amount,
      fairRefundKey(sub.id, worth.basis),
      { kind: "fair-refund", ref: sub.id, planId: sub.planId },
      audit,
    );
    const ended = await this.endTerm(sub, actorId);
    if (!credited.applied) return { status: "already", ended };
    if (route.to === "balance" || !this.deps.starsRefunds)
      return { status: "refunded", amount, to: "balance", ended };
    const stars = await this.deps.starsRefunds.refund(route.order, sendStars);
    return { status: "refunded", amount, to: "stars", stars, ended };
  }

  /** The term set to now through the terms authority (in the subscription's chain). */
  private async endTerm(sub: Subscription, actorId: number): Promise<RequestOutcome | undefined> {
    const now = this.deps.clock.now();
    if (sub.expiresAt > 0 && sub.expiresAt <= now) return undefined;
    const { ref } = sub;
    const client = ref.kind === "xui" ? { kind: ref.kind, serverId: ref.serverId, name: ref.name } : ref;
    return this.deps.terms.request({ client, mode: "set", target: now, adminId: actorId });
  }

  /** Stars only for the whole of one Stars payment that paid the whole term's order. */
  private async routeOf(worth: TermWorth, amount: number): Promise<FairRefundRoute> {
    const order = worth.paidBy;
    // Telegram sends back only its own Stars payments: a rail's payment (even one priced in XTR) is not one.
    if (!order?.chargeId || order.currency !== "XTR" || railOfCharge(order.chargeId))
      return { to: "balance", why: "not-stars" };
    if ((order.invoiceAmount ?? 0) < order.price) return { to: "balance", why: "shared" };
    if (amount < order.price) return { to: "balance", why: "partial" };
    return { to: "stars", order };
  }
}
