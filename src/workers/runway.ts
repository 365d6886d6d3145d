import type { FleetServices } from "../domain/fleet/index.js";
import { giveTurn } from "../runtime/background-turn.js";
import { HOUR } from "../runtime/clock.js";
import type { Logger } from "../runtime/logger.js";
import type { PeriodicTask } from "./maintenance.js";
import type { RunwayAlerts } from "./runway-alerts.js";

/** The runway's pass: daily use moves by the day, so an hour is soon enough. */
export const RUNWAY_EVERY_MS = HOUR;

export interface RunwayTaskDeps {
  fleet: Pick<FleetServices, "tally">;
  /** The alerts ahead, checked after each tally. */
  alerts: Pick<RunwayAlerts, "run">;
  logger: Logger;
}

/**
 * The hourly runway pass: each server's subscriptions' daily use added up (the forecast's input,
 * one small record per server; one process at a time, paced page by page), then the alerts ahead
 * (each sent once whoever runs them).
 */
export function createRunwayTask(deps: RunwayTaskDeps): PeriodicTask {
  return {
    name: "runway",
    everyMs: RUNWAY_EVERY_MS,
    run: async () => {
      // Paged at the tick's pace (runtime/background-turn.ts).
      const tallied = await deps.fleet.tally.run({ between: giveTurn }).catch(skipped(deps, "tally"));
      if (tallied && !tallied.elsewhere)
        deps.logger.info({ ...tallied }, "runway: servers' daily use tallied");
      const alerts = await deps.alerts.run().catch(skipped(deps, "alerts"));
      return { tallied, alerts };
    },
  };
}

/**
 * A step the hosting account could not serve (none linked, the API down): skipped this hour with
 * a warning (the server watch alerts about the API itself); the next run tries again.
 */
function skipped(deps: RunwayTaskDeps, step: string) {
  return (err: unknown): undefined => {
    deps.logger.warn({ err, step }, "runway: step skipped this hour");
    return undefined;
  };
}
