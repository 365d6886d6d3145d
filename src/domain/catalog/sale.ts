import { type Catalog, onSale, type Plan } from "./catalog.js";

/** Which hosting backends have their settings (xui needs only ACCOUNT_API_URL, always set). */
export interface ConfiguredBackends {
  panel: boolean;
  node: boolean;
}

/** A plan in the file that cannot be delivered here, and the settings it is waiting for. */
export interface OffSalePlan {
  plan: Plan;
  /** Environment variables that must be set for it to go on sale. */
  needs: readonly string[];
}

export interface Sale {
  /** The catalog as sold: deliverable plans only; no trial when its plan is off sale. */
  catalog: Catalog;
  offSale: readonly OffSalePlan[];
  /** The trial's plan id when the file offers a trial that cannot be delivered. */
  trialOff: string | undefined;
}

const NEEDS: Record<Plan["backend"]["kind"], (b: ConfiguredBackends) => readonly string[]> = {
  xui: () => [],
  panel: (b) => (b.panel ? [] : ["PANEL_API_URL", "PANEL_API_TOKEN"]),
  node: (b) => (b.node ? [] : ["NODE_API_URL", "NODE_API_TOKEN"]),
};

/**
 * What of `catalog` can be sold with the backends configured: a plan whose backend has no
 * settings would be paid for and then fail and be refunded, so it is left off sale (and the
 * admins are told) instead of stopping a shop that can sell its other plans.
 */
export function forSale(catalog: Catalog, configured: ConfiguredBackends): Sale {
  const offSale: OffSalePlan[] = [];
  const plans = catalog.plans.filter((plan) => {
    const needs = NEEDS[plan.backend.kind](configured);
    if (needs.length > 0) offSale.push({ plan, needs });
    return needs.length === 0;
  });
  // A retired plan is not given away as the trial either (it is no longer sold).
  const trialPlan = plans.find((p) => p.id === catalog.trial?.plan);
  const retiredTrial = trialPlan !== undefined && !onSale(trialPlan);
  if (offSale.length === 0 && !retiredTrial) return { catalog, offSale, trialOff: undefined };
  const trialOff =
    catalog.trial && (retiredTrial || offSale.some((o) => o.plan.id === catalog.trial?.plan))
      ? catalog.trial.plan
      : undefined;
  return {
    catalog: { ...catalog, trial: trialOff ? undefined : catalog.trial, plans },
    offSale,
    trialOff,
  };
}

/** One log line per plan off sale: the file, the plan and what it needs. */
export function offSaleMessage(file: string, off: OffSalePlan): string {
  return `${file}: plan ${off.plan.id} is off sale: it needs ${off.needs.join(" and ")}`;
}

/** The log lines of a sale's gaps, in file order (then the trial). */
export function offSaleMessages(file: string, sale: Sale): string[] {
  const lines = sale.offSale.map((o) => offSaleMessage(file, o));
  if (sale.trialOff) lines.push(`${file}: the free trial is off: its plan ${sale.trialOff} is off sale`);
  return lines;
}
