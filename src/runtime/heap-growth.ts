import { setFlagsFromString } from "node:v8";
import { loopUtilisation } from "./loop-utilisation.js";

/**
 * How far V8 lets the old generation grow past what its last full collection kept alive.
 *
 * V8 picks that factor itself, up to 4x when collections are cheap next to the work between
 * them. Under a burst of updates that let the bot's ~50 MB of live objects reach ~270 MB of RSS
 * (1.7x a bare grammY bot), all of it garbage waiting for a collection nobody needed yet. On the
 * small VPS a shop runs on, memory is the limit, so the process sets the factor itself:
 * - busy (the event loop at work at least half the time): `percent`, 50 by default. Under the
 *   bench's burst that held RSS at ~175 MB at the same throughput; 20 cost about a tenth more CPU.
 * - calm (most of a shop's day): at most 30, which holds ~10 MB more back (165 vs 176 MB with
 *   Telegram answering in 100 ms), paid in CPU the loop has to spare (0.8 vs 0.7 ms per
 *   interaction there; 20 saved no more memory and cost more CPU).
 * The factor is read each time V8 computes the next limit, which is why setting it while the
 * process runs takes effect. 0 leaves V8's own choice.
 */
export const CALM_PERCENT = 30;

/**
 * The node flags every way of starting the bot passes (`npm start`, the Dockerfile, scripts/start;
 * deploy-files.test.ts keeps them in step): V8 sizes the young generation only at start-up.
 *
 * With hundreds of updates in flight (Telegram answering in 100 ms, or a burst), V8's default
 * 16 MB semi-space filled every few hundred ms while most of what an update allocates was still
 * waiting on Telegram or Redis: each scavenge copied that in-flight state (20-40 ms per scavenge
 * under the bench's load) and promoted it to the old generation, which then needed full
 * collections: a quarter of the bot's CPU went to GC (13% for a bare grammY bot). 32 MB lets
 * most of it die young; it costs up to 32 MB more RSS under load (V8 shrinks the young generation
 * again when allocation calms down). Since the middleware runs flat (bot/routes.ts) an update in
 * flight holds far less, yet 9-13 MB still survive each scavenge at 500 updates in flight: 16 MB
 * measured 1.17 ms of CPU per interaction at 181 MB RSS there, 32 MB 0.86 ms at 207 MB.
 */
export const START_FLAGS: readonly string[] = ["--max-semi-space-size=32"];
/** Below this share of the time at work, the event loop is calm. */
export const CALM_UTILISATION = 0.5;
/** How often the loop's utilisation is looked at. */
export const LOOK_EVERY_MS = 5_000;

export interface HeapGrowthDeps {
  setFlags(flags: string): void;
  /** Share of the time the event loop worked since the previous call (0..1). */
  utilisation(): number;
}

/** Applies the growth now and adapts it every few seconds; returns what stops the adapting. */
export function startHeapGrowth(percent: number, deps: HeapGrowthDeps = nodeDeps()): () => void {
  if (percent <= 0) return () => {};
  let current = 0;
  const apply = (p: number) => {
    if (p === current) return;
    deps.setFlags(`--heap-growing-percent=${Math.round(p)}`);
    current = p;
  };
  apply(percent);
  const calm = Math.min(percent, CALM_PERCENT);
  if (calm === percent) return () => {};
  const timer = setInterval(
    () => apply(deps.utilisation() < CALM_UTILISATION ? calm : percent),
    LOOK_EVERY_MS,
  );
  timer.unref();
  return () => clearInterval(timer);
}

function nodeDeps(): HeapGrowthDeps {
  return { setFlags: setFlagsFromString, utilisation: loopUtilisation() };
}
