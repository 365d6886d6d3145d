import { setTimeout as sleep } from "node:timers/promises";

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

/** How long passes are paced in a process of `role` (one that takes updates keeps them first). */
export function pacingFor(role: "all" | "bot" | "worker"): DutyCycleOptions {
  return { share: role === "worker" ? WORKER_SHARE : BACKGROUND_SHARE };
}

export interface DutyCycleOptions {
  /** Most of the wall time the pass may be busy, in (0, 1]; 1 never waits. */
  share?: number;
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
  private readonly now: () => number;
  private readonly wait: (ms: number) => Promise<unknown>;
  private stepStart: number;
  /** Total time waited so far, in ms. */
  waitedMs = 0;

  constructor(options: DutyCycleOptions = {}) {
    this.share = Math.min(1, Math.max(0.01, options.share ?? BACKGROUND_SHARE));
    this.now = options.now ?? (() => performance.now());
    this.wait = options.wait ?? sleep;
    this.stepStart = this.now();
  }

  /** Ends a step: waits so the step's time is at most `share` of the time since the last pause. */
  async pause(): Promise<void> {
    const busy = this.now() - this.stepStart;
    const ms = Math.round(busy * (1 / this.share - 1));
    if (ms >= 1) {
      this.waitedMs += ms;
      await this.wait(ms);
    }
    this.stepStart = this.now();
  }
}
