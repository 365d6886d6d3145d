import type { Order } from "../books/index.js";
import { type Catalog, findPlan, type Plan } from "../catalog/index.js";
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
