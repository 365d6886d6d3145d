import type { RailPayments } from "../domain/settlement/index.js";
import type { Logger } from "../runtime/logger.js";
import type { PeriodicTask } from "./maintenance.js";

export interface RailPollDeps {
  railPayments: Pick<RailPayments, "rails" | "poll">;
  logger: Logger;
  everyMs?: number;
}

/**
 * Looks at every configured payment rail: whether it answers (the checkout shows a rail that
 * does not as unavailable), which of its recent payments are paid but not credited (a lost
 * notification is credited within a minute or two) and which open ones should close. One rail
 * failing does not stop the others; each run is safe in any number of processes (crediting is
 * keyed by the payment).
 */
export async function pollRails(
  deps: RailPollDeps,
): Promise<{ rail: string; up: boolean; credited: number }[]> {
  const seen: { rail: string; up: boolean; credited: number }[] = [];
  for (const rail of deps.railPayments.rails) {
    try {
      const polled = await deps.railPayments.poll(rail.id);
      if (polled.credited > 0 || polled.closed > 0)
        deps.logger.warn({ rail: rail.id, ...polled }, "rail poll credited or closed payments");
      seen.push({ rail: rail.id, up: polled.up, credited: polled.credited });
    } catch (err) {
      deps.logger.warn({ err, rail: rail.id }, "rail poll failed");
      seen.push({ rail: rail.id, up: false, credited: 0 });
    }
  }
  return seen;
}

export function createRailPollTask(deps: RailPollDeps): PeriodicTask {
  return { name: "rail-poll", everyMs: deps.everyMs ?? 60_000, run: () => pollRails(deps) };
}
