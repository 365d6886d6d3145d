import { InFlight, within } from "./runtime/in-flight.js";
import type { Logger } from "./runtime/logger.js";
import type { Polling } from "./runtime/polling.js";

/**
 * How long a shutdown waits for running handlers and jobs before closing connections anyway: within
 * the 10 s a process manager gives (main exits at 9.5 s whatever happens).
 */
export const DRAIN_BUDGET_MS = 8_000;

/** The running app's parts that stop: what to drain, what to close, and the one shutdown path. */
export class AppLife {
  readonly closers: (() => Promise<unknown>)[] = [];
  /** Stop taking work and wait for what runs (handlers, jobs); all at once, before any closer. */
  readonly drains: (() => Promise<unknown>)[] = [];
  readonly webhookUpdates = new InFlight();
  polling: Polling | undefined;
  running = false;
  private stopping: Promise<void> | undefined;

  constructor(readonly logger: Logger) {}

  readonly stop = (): Promise<void> => {
    this.stopping ??= this.shutDown();
    return this.stopping;
  };

  private async shutDown(): Promise<void> {
    const { logger } = this;
    this.running = false;
    const handlers = (this.polling?.handlers() ?? 0) + this.webhookUpdates.size;
    logger.info({ handlers }, "waiting for running work");
    const work = Promise.all(
      this.drains.map((drain) =>
        drain().catch((err: unknown) => logger.warn({ err }, "error while stopping")),
      ),
    );
    if (!(await within(work, DRAIN_BUDGET_MS))) {
      logger.warn(`running work did not finish within ${DRAIN_BUDGET_MS / 1000} s; closing anyway`);
    }
    // Reverse order of start: delivery first, connections last.
    for (const close of this.closers.reverse()) {
      await close().catch((err: unknown) => logger.warn({ err }, "error while closing"));
    }
    logger.info("stopped");
  }
}
