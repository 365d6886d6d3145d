import type { Redis } from "ioredis";
import type { Archiving } from "../domain/settlement/index.js";
import { HOUR, MINUTE } from "../runtime/clock.js";
import type { Logger } from "../runtime/logger.js";
import { withLease } from "../store/lease.js";
import type { PeriodicTask } from "./maintenance.js";

/** One archiver at a time, across processes (the archive on disk has one writer). */
const LEASE_KEY = "archive:lease";
const LEASE_MS = 5 * MINUTE;

export interface ArchiveTaskDeps {
  redis: Redis;
  archiving: Pick<Archiving, "run">;
  logger: Logger;
  everyMs?: number;
}

/**
 * Moves history older than ARCHIVE_AFTER_DAYS to the archive on disk, hourly, under a lease kept
 * renewed while it runs (a second process finds it busy and skips its turn).
 */
export function createArchiveTask(deps: ArchiveTaskDeps): PeriodicTask {
  return {
    name: "archive",
    everyMs: deps.everyMs ?? HOUR,
    run: async () => {
      const result = await withLease(deps.redis, LEASE_KEY, LEASE_MS, () => deps.archiving.run(), {
        lost: () => deps.logger.warn("the archive lease was lost mid-run"),
      });
      if (result !== "busy" && result.customers > 0) deps.logger.info(result, "old history archived");
      return result;
    },
  };
}
