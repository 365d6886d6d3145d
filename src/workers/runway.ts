import type { FleetServices } from "../domain/fleet/index.js";
import { HOUR } from "../runtime/clock.js";
import { DutyCycle, type DutyCycleOptions } from "../runtime/duty-cycle.js";
import type { Logger } from "../runtime/logger.js";
import type { PeriodicTask } from "./maintenance.js";

/** The runway's pass: daily use moves by the day, so an hour is soon enough. */
export const RUNWAY_EVERY_MS = HOUR;

export interface RunwayTaskDeps {
  fleet: Pick<FleetServices, "tally">;
  logger: Logger;
  /** How the tally is paced between pages (default: BACKGROUND_SHARE of the process's time). */
  pacing?: DutyCycleOptions;
}

/**
 * The hourly runway pass: each server's subscriptions' daily use added up (the forecast's input,
 * one small record per server). One process at a time (the tally's lease); paced page by page.
 */
export function createRunwayTask(deps: RunwayTaskDeps): PeriodicTask {
  return {
    name: "runway",
    everyMs: RUNWAY_EVERY_MS,
    run: async () => {
      const pace = new DutyCycle(deps.pacing);
      const tallied = await deps.fleet.tally.run({ between: () => pace.pause() });
      if (!tallied.elsewhere) deps.logger.info({ ...tallied }, "runway: servers' daily use tallied");
      return { tallied };
    },
  };
}
