import { setFlagsFromString } from "node:v8";

/**
 * How far V8 lets the old generation grow past what its last full collection kept alive.
 *
 * V8 picks that factor itself, up to 4x when collections are cheap next to the work between
 * them. Under a burst of updates that let the bot's ~50 MB of live objects reach ~270 MB of RSS
 * (1.7x a bare grammY bot), all of it garbage waiting for a collection nobody needed yet. On the
 * small VPS a shop runs on, memory is the limit and the CPU idles, so the process sets a fixed
 * factor: 50% (1.5x the live size) held RSS under load to ~175 MB at the same throughput and CPU
 * per update (`npm run bench`; 20% began to cost CPU). The factor is read each time V8 computes
 * the next limit, which is why setting it once the process runs takes effect. 0 leaves V8's own.
 */
export function applyHeapGrowth(
  percent: number,
  setFlags: (flags: string) => void = setFlagsFromString,
): void {
  if (percent > 0) setFlags(`--heap-growing-percent=${Math.round(percent)}`);
}
