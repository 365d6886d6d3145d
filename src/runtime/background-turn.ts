import { setImmediate as nextTurn } from "node:timers/promises";
import { DutyCycle, type DutyCycleOptions } from "./duty-cycle.js";
import { ScopedStorage } from "./scoped-storage.js";

/** Items of a long list handled between two turns given back to the event loop. */
export const ITEMS_PER_TURN = 500;

/**
 * The pace of the background task running (a periodic task's tick), seen through its awaits;
 * switched off between ticks (left on, it hooked every promise of the bot's updates too).
 */
const running = new ScopedStorage<DutyCycle>();

/**
 * Runs a background task (a periodic task's tick) so that long work deep inside it (a hosting
 * listing's parsing and validation, hundreds of milliseconds at 100 000 clients) gives the event
 * loop back at the task's pace, not only for a turn: given back at once, such work took half the
 * loop for a second or two while customers' updates waited (bench/ticks.ts's p99 while ticking).
 */
export function inBackground<T>(pacing: DutyCycleOptions | undefined, task: () => Promise<T>): Promise<T> {
  return pacing ? running.run(new DutyCycle(pacing), task) : task();
}

/** Long work starts now: what came before it was a wait (the hosting's answer), not work. */
export function workStarts(): void {
  running.getStore()?.restart();
}

/**
 * Between two slices of long work: the event loop is given back for a turn, and inside a
 * background task for as long as its pace asks.
 */
export async function giveTurn(): Promise<void> {
  await running.getStore()?.pause();
  await nextTurn();
}

/** `visit` for every item (and its index), the loop given back every ITEMS_PER_TURN items. */
export async function eachInTurns<T>(
  items: readonly T[],
  visit: (item: T, index: number) => void,
): Promise<void> {
  workStarts();
  for (let i = 0; i < items.length; i++) {
    if (i > 0 && i % ITEMS_PER_TURN === 0) await giveTurn();
    visit(items[i] as T, i);
  }
}

/**
 * A Map of `entry(item)` for every item, in turns (eachInTurns): indexing a listing of 100 000
 * clients in one go held the process ~50 ms.
 */
export async function mapInTurns<T, K, V>(
  items: readonly T[],
  entry: (item: T) => [K, V],
): Promise<Map<K, V>> {
  const map = new Map<K, V>();
  await eachInTurns(items, (item) => {
    const [key, value] = entry(item);
    map.set(key, value);
  });
  return map;
}
