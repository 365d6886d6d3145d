import { type AccessState, GB_BYTES, type Order, type Orders, type Subscription } from "../books/index.js";
import type { Plan } from "../catalog/index.js";
import type { ProvisionerFor } from "../provisioning/index.js";

/**
 * Traffic rollover (a plan's `rollover: { cap_gb }`): the GB of the plan's allowance the ending
 * term left unused carry into the renewal, up to the cap. The one rule:
 * - what is left is the hosting side's limit less what was used, at the renewal's turn;
 * - the term's extras (a carry it got, packs bought in it: the record's allowance above the
 *   plan's GB) are spent first, so only the plan's own GB left can carry: a carry never carries
 *   again, and a renewal paid twice carries, at the second's turn, only what is left of the
 *   plan's GB the first gave, never the first's carry;
 * - an unlimited plan or access carries nothing.
 * Fixed once on the renewal order before its first hosting write (`rolloverGb`), like its
 * target: a retry, a restart or a lost answer applies the same carry once.
 */
export function carryGb(input: {
  plan: Pick<Plan, "traffic_gb" | "rollover">;
  state: Pick<AccessState, "limitBytes" | "usedBytes">;
  /** The record's allowance of the ending term (GB): the plan's, plus its carry and packs. */
  allowanceGb: number;
}): number {
  const { plan, state } = input;
  const cap = plan.rollover?.cap_gb ?? 0;
  if (cap <= 0 || plan.traffic_gb <= 0 || state.limitBytes <= 0) return 0;
  const left = Math.max(0, state.limitBytes - state.usedBytes) / GB_BYTES;
  const extras = Math.max(0, input.allowanceGb - plan.traffic_gb);
  const planLeft = Math.min(plan.traffic_gb, Math.max(0, left - extras));
  return Math.floor(Math.min(cap, planLeft) * 100) / 100;
}

/**
 * The carry of renewal `order` (fixed once, before its hosting write; 0 for a plan without
 * rollover, without reading the hosting side).
 */
export async function fixCarry(
  deps: { orders: Pick<Orders, "fixOnce">; provisioner: ProvisionerFor },
  order: Order,
  sub: Subscription,
  plan: Plan,
): Promise<number> {
  if (order.rolloverGb !== undefined) return order.rolloverGb;
  if (!plan.rollover || plan.traffic_gb <= 0) return 0;
  const state = await deps.provisioner(sub.ref.kind).state(sub.ref);
  const gb = carryGb({ plan, state, allowanceGb: sub.trafficGb });
  return Number(await deps.orders.fixOnce(order.id, "rolloverGb", String(gb)));
}
