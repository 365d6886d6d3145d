import type { Clock } from "../../runtime/clock.js";
import { isInFlightStatus, type Order, type Orders, type Subscription, termEnd } from "../books/index.js";
import { type Catalog, findPlan } from "../catalog/index.js";
import { termOf } from "./order-terms.js";

/** What a renewal's screen needs of its order. */
export type QuotedOrder = Pick<Order, "id" | "kind" | "planId" | "bonusDays">;

/** Its days, the expiry it reaches if paid now, and how many paid renewals go first. */
export interface RenewalQuote {
  days: number;
  next: number;
  pending: number;
}

/**
 * What renewal `order` of `sub` buys, as the renewal screen shows it: its days (the plan's
 * and a promo code's bonus) and the expiry it reaches if paid now. The target is fixed with the
 * same termOf and termEnd when the renewal's turn comes (Fulfilment), from the term the
 * renewals before it left: every paid renewal of `sub` not finished yet goes first (`pending`
 * counts them, so the screen can say why the date is later than expected). (Shop.renewalQuote.)
 */
export async function renewalQuote(
  deps: { catalog: () => Catalog; clock: Clock; orders: Orders },
  sub: Subscription,
  order: QuotedOrder,
  currentExpiry: number,
): Promise<RenewalQuote> {
  const catalog = deps.catalog();
  const now = deps.clock.now();
  const earlier = (await renewalsInFlight(deps.orders, sub)).filter((o) => o.id !== order.id);
  let start = currentExpiry;
  for (const o of earlier) {
    const days = findPlan(catalog, o.planId) ? termOf(catalog, o).days : (o.bonusDays ?? 0);
    start = o.targetExpiresAt !== undefined ? Math.max(start, o.targetExpiresAt) : termEnd(start, now, days);
  }
  const { days } = termOf(catalog, order);
  return { days, next: termEnd(start, now, days), pending: earlier.length };
}

/** The paid renewals of `sub` not finished yet, in their chain's order (Shop.renewalsInFlight). */
export async function renewalsInFlight(
  orders: Pick<Orders, "ofCustomer">,
  sub: Pick<Subscription, "id" | "customerId">,
): Promise<Order[]> {
  return (await orders.ofCustomer(sub.customerId, 50))
    .filter((o) => o.kind === "renewal" && o.subscriptionId === sub.id && isInFlightStatus(o.status))
    .sort((a, b) => a.createdAt - b.createdAt);
}
