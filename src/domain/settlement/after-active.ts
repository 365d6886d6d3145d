import type { Logger } from "../../runtime/logger.js";
import type { Orders } from "../books/index.js";

/** One thing that follows from an order having gone active. Safe to repeat for the same order. */
export interface ActiveOrderStep {
  name: string;
  run(orderId: string): Promise<unknown>;
  /**
   * Work of this step owed from before the follow-ups were recorded with the activation (an
   * upgrade's leftovers), finished by the sweep; the number settled.
   */
  owedBefore?(before: number): Promise<number>;
}

export interface AfterActiveDeps {
  orders: Orders;
  logger: Logger;
  steps: readonly ActiveOrderStep[];
}

/**
 * What happens because an order became active runs after the fact, outside the provisioning
 * path: the step that activates an order also records that its follow-ups are owed
 * (Orders.transition, in one Lua step), the order worker runs them right after, and the order
 * sweep runs those a crash cut off. A follow-up that fails leaves them owed and the order
 * active: it never fails or delays the order. Today the follow-up is the referral reward;
 * the customer's delivery notice and the counters are the worker's and the metrics' own.
 */
export class AfterActive {
  constructor(private readonly deps: AfterActiveDeps) {}

  /** Runs every step for `orderId`; true when all of them ran and nothing is owed any more. */
  async settle(orderId: string): Promise<boolean> {
    for (const step of this.deps.steps) {
      try {
        await step.run(orderId);
      } catch (err) {
        this.deps.logger.warn(
          { err, orderId, step: step.name },
          "a step after activation failed; it is owed",
        );
        return false;
      }
    }
    await this.deps.orders.followUpsDone(orderId);
    return true;
  }

  /** Settles the follow-ups owed by orders activated before `before` (the order sweep). */
  async settleDue(before: number, batch = 100): Promise<number> {
    let settled = 0;
    for (const id of await this.deps.orders.followUpsOwed(before, batch)) {
      if (await this.settle(id)) settled++;
    }
    for (const step of this.deps.steps) settled += (await step.owedBefore?.(before)) ?? 0;
    return settled;
  }
}
