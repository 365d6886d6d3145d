import { performance } from "node:perf_hooks";

/**
 * A reader of the event loop's utilisation: each call answers the share of the time (0..1) the
 * loop was at work since the previous call (the first, since the reader was made).
 */
export function loopUtilisation(): () => number {
  let last = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const { utilization } = performance.eventLoopUtilization(now, last);
    last = now;
    return utilization;
  };
}
