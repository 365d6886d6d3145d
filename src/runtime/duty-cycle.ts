import { setTimeout as sleep } from "node:timers/promises";
import { loopUtilisation } from "./loop-utilisation.js";

/**
 * Share of the process's time a long background pass may take (a traffic round or a drift
 * reconciliation over every subscription): the periodic tasks run in the bot's own process when
 * ROLE is unset, and a pass over 100 000 subscriptions would otherwise hold the event loop from
 * the customers' updates for seconds (bench/ticks.ts measures the interactive p99 while they run).
 */
export const BACKGROUND_SHARE = 0.2;

/**
 * The share in a process that takes no updates (ROLE=worker): there a pass only shares the event
 * loop with other jobs (outbox sends, orders), and a fifth would stretch a round over 100 000
 * subscriptions past its own period on a busy machine.
 */
export const WORKER_SHARE = 0.8;

/**
 * The share in a process that takes updates while they keep its event loop busy (at work at least
 * BUSY_LOOP of a pass's last wait): there every millisecond a pass takes is one the updates wait,
 * and a fifth moved the interactive p99 by a third under a saturating load (bench/ticks.ts).
 */
export const BUSY_SHARE = 0.05;
/** The loop's utilisation during a pass's wait at or above which other work is waiting. */
export const BUSY_LOOP = 0.5;

/** How long passes are paced in a process of `role` (one that takes updates keeps them first). */
export function pacingFor(role: "all" | "bot" | "worker"): DutyCycleOptions {
  return role === "worker" ? { share: WORKER_SHARE } : { share: BACKGROUND_SHARE, busyShare: BUSY_SHARE };
}

export interface DutyCycleOptions {
  /** Most of the wall time the pass may be busy, in (0, 1]; 1 never waits. */
  share?: number;
  /** The share while other work keeps the event loop busy (see BUSY_LOOP); default: `share`. */
  busyShare?: number;
  /** The loop's utilisation since the previous call, 0..1 (loop-utilisation.ts; injectable for tests). */
  utilisation?: () => number;
  /** Milliseconds from a monotonic clock (performance.now), injectable for tests. */
  now?: () => number;
  wait?: (ms: number) => Promise<unknown>;
}

/**
 * Paces a pass made of steps (pages): `pause()` after each step waits in proportion to the time
 * the step took, so the pass is busy at most `share` of its wall time and other work (updates,
 * other jobs) gets the event loop in between. It measures wall time, so time spent waiting on
 * Redis or a hosting API counts as busy: the pacing errs on the side of the updates.
 */
export class DutyCycle {
  private readonly share: number;
  private readonly busyShare: number;
  private readonly utilisation: (() => number) | undefined;
  private othersBusy = false;
  private readonly now: () => number;
  private readonly wait: (ms: number) => Promise<unknown>;
  private stepStart: number;
  /** Total time waited so far, in ms. */
  waitedMs = 0;

  constructor(options: DutyCycleOptions = {}) {
    this.share = Math.min(1, Math.max(0.01, options.share ?? BACKGROUND_SHARE));
    this.busyShare = Math.min(this.share, Math.max(0.01, options.busyShare ?? this.share));
    // Only a pass that yields more to busy neighbours needs to watch the loop.
    this.utilisation = this.busyShare < this.share ? (options.utilisation ?? loopUtilisation()) : undefined;
    this.now = options.now ?? (() => performance.now());
    this.wait = options.wait ?? sleep;
    this.stepStart = this.now();
  }

  /**
   * Ends a step: waits so the step's time is at most the share of the time since the last pause:
   * `busyShare` when the loop stayed busy through the previous wait (updates were being handled
   * while the pass stood aside), else `share`.
   */
  async pause(): Promise<void> {
    const busy = this.now() - this.stepStart;
    const share = this.othersBusy ? this.busyShare : this.share;
    const ms = Math.round(busy * (1 / share - 1));
    if (ms >= 1) {
      this.waitedMs += ms;
      // Opens the window: the next reading covers the wait alone.
      this.utilisation?.();
      await this.wait(ms);
      const during = this.utilisation?.();
      this.othersBusy = during !== undefined && during >= BUSY_LOOP;
    }
    this.stepStart = this.now();
  }

  /** A step starts now: the time since the last pause was a wait, not this pass's work. */
  restart(): void {
    this.stepStart = this.now();
  }
}
