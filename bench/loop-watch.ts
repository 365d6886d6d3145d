/**
 * Preloaded into a bot under a bench (`BENCH_PROFILE="--import=<root>/dist/bench/loop-watch.js"`
 * with `BENCH_PROFILE_OUTPUT=<dir>` keeping its output): writes to stderr, with wall-clock times
 * (ms since the epoch, as BENCH_TIMELINE prints its buckets), every 250 ms window in which the
 * event loop was held longer than 25 ms and every garbage collection pause over 8 ms. A first line
 * pairs the wall clock with the monotonic one a `--cpu-prof` profile's startTime is read on, so a
 * slow moment of the timeline can be found in the profile (cpu-profile.js --from-ms --to-ms).
 */
import { writeSync } from "node:fs";
import type { PerformanceEntry } from "node:perf_hooks";
import { monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";

const WINDOW_MS = 250;
const LOOP_HELD_MS = 25;
const GC_PAUSE_MS = 8;

const say = (line: string) => writeSync(2, `loop-watch ${Date.now()} ${line}\n`);
say(`start, monotonic µs ${process.hrtime.bigint() / 1000n}`);

const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
setInterval(() => {
  const held = delay.max / 1e6;
  if (held > LOOP_HELD_MS) say(`loop held ${held.toFixed(0)} ms`);
  delay.reset();
}, WINDOW_MS).unref();

new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
    if (entry.duration > GC_PAUSE_MS) say(`gc kind ${kind} ${entry.duration.toFixed(1)} ms`);
  }
}).observe({ entryTypes: ["gc"] });
