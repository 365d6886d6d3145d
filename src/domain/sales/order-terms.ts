import type { Order } from "../books/index.js";
import { type Catalog, findPack, findPlan, type Plan, type TrafficPack } from "../catalog/index.js";
import { ProvisioningError } from "../provisioning/index.js";

/**
 * What an order buys: the plan that serves it (a trial: its catalog plan's backend with the
 * trial's term), its days and its traffic. The one rule for the fulfilment that applies a term
 * and for the renewal screen that shows it (Shop.renewalQuote); where the days start is
 * termEnd's (books).
 */
export function termOf(
  catalog: Catalog,
  order: Pick<Order, "planId" | "kind" | "bonusDays">,
): { plan: Plan; days: number; trafficGb: number } {
  const plan = findPlan(catalog, order.planId);
  if (!plan) throw new ProvisioningError(`plan ${order.planId} is no longer in the catalog`, true);
  if (order.kind === "trial" && catalog.trial) {
    return { plan, days: catalog.trial.days, trafficGb: catalog.trial.traffic_gb };
  }
  // A promo code's bonus days belong to this order's term: fixed with it once, like the rest.
  return { plan, days: plan.days + (order.bonusDays ?? 0), trafficGb: plan.traffic_gb };
}

/**
 * The traffic pack a pack order buys, and the plan that sells it: the one rule for the
 * fulfilment that applies it and the screens that show it. A pack the catalog no longer sells
 * cannot be applied (permanent: the order is refunded).
 */
export function packOf(
  catalog: Catalog,
  order: Pick<Order, "planId" | "packId">,
): { plan: Plan; pack: TrafficPack } {
  const plan = findPlan(catalog, order.planId);
  const pack = findPack(plan, order.packId);
  if (!plan || !pack)
    throw new ProvisioningError(
      `traffic pack ${order.packId ?? "?"} of plan ${order.planId} is no longer in the catalog`,
      true,
    );
  return { plan, pack };
}
