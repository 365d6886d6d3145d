import {
  createConcurrentSink,
  createRunner,
  createSource,
  type RunnerHandle,
  type UpdateSupplier,
} from "@grammyjs/runner";
import { type Bot, type BotError, type Context, GrammyError } from "grammy";
import type { Update } from "grammy/types";
import { InFlight } from "./in-flight.js";
import type { Logger } from "./logger.js";

/** An update kind for `allowed_updates`. */
export type UpdateKind = Exclude<keyof Update, "update_id">;

export interface PollingOptions {
  allowedUpdates: readonly UpdateKind[];
  logger: Logger;
  /** Called once when polling cannot go on: Telegram refuses the token (401/404). */
  onFatal(): void;
  /** Waits between failed getUpdates calls: the first, doubled each time up to the last. */
  backoffMs?: { first: number; max: number };
}

export interface Polling {
  /** Update handlers running now. */
  handlers(): number;
  /** Stops fetching and resolves once the running handlers have finished. */
  stop(): Promise<void>;
}

const DEFAULT_BACKOFF = { first: 500, max: 30_000 };

/** The runner's (and grammY's) AbortSignal type, from their shim. */
type FetchSignal = Parameters<UpdateSupplier<Update>["supply"]>[1];

/**
 * Long polling through grammY runner's source and concurrent sink, with our own fetch loop: the
 * runner's own one rethrows a 409 (a second poller, a rolling deploy) and kills the process, prints
 * errors (bot token included) to the console and backs off without limit. Here a 409, a 429 and an
 * unreachable Telegram are waited out with a bounded backoff and one clear log line; only a refused
 * token ends polling, through `onFatal`. Running handlers are tracked so a shutdown can wait for them.
 */
export function startPolling<C extends Context>(bot: Bot<C>, options: PollingOptions): Polling {
  const { logger } = options;
  const inFlight = new InFlight();
  const source = createSource(fetchLoop(bot, options));
  const sink = createConcurrentSink<Update, BotError<C>>(
    { consume: (update) => inFlight.track(bot.handleUpdate(update)) },
    async (error) => {
      try {
        await bot.errorHandler(error);
      } catch (err) {
        logger.error({ err }, "unhandled bot error");
      }
    },
  );
  const runner: RunnerHandle = createRunner(source, sink);
  runner.start();
  runner.task()?.catch((err: unknown) => {
    if (refusedToken(err)) {
      logger.error(
        { description: err.description },
        "Telegram refused the bot token: check BOT_TOKEN (revoked or mistyped); stopping",
      );
    } else logger.error({ err }, "polling failed; stopping");
    options.onFatal();
  });

  return {
    handlers: () => inFlight.size,
    stop: async () => {
      if (runner.isRunning()) await runner.stop();
      await inFlight.drain();
    },
  };
}

/** What kept the last getUpdates calls from answering (each said once until polling works again). */
type Trouble = "conflict" | "unreachable" | "flood";

/** Telegram refused the token (401/404): polling cannot go on. */
function refusedToken(err: unknown): err is GrammyError {
  return err instanceof GrammyError && (err.error_code === 401 || err.error_code === 404);
}

/** The fetch loop: updates from the last offset on, a failed call waited out with a bounded backoff. */
function fetchLoop<C extends Context>(bot: Bot<C>, options: PollingOptions): UpdateSupplier<Update> {
  const { logger } = options;
  const backoff = options.backoffMs ?? DEFAULT_BACKOFF;
  let offset = 0;
  return {
    supply: async (batchSize, signal) => {
      let wait = backoff.first;
      let trouble: Trouble | undefined;
      for (;;) {
        try {
          const updates = await bot.api.getUpdates(
            {
              offset,
              limit: Math.max(1, Math.min(batchSize, 100)),
              timeout: 30,
              allowed_updates: options.allowedUpdates,
            },
            signal,
          );
          if (trouble) logger.info("polling again");
          const last = updates.at(-1);
          if (last) offset = last.update_id + 1;
          return updates;
        } catch (err) {
          if (signal.aborted) throw err;
          if (refusedToken(err)) throw err;
          const next = troubleOf(err, trouble, wait, logger);
          trouble = next.trouble;
          await pause(next.delay, signal);
          wait = Math.min(wait * 2, backoff.max);
        }
      }
    },
  };
}

/** What a failed getUpdates call means, logged once per kind of trouble, and how long to wait. */
function troubleOf(
  err: unknown,
  before: Trouble | undefined,
  wait: number,
  logger: Logger,
): { trouble: Trouble; delay: number } {
  if (err instanceof GrammyError && err.error_code === 409) {
    logger.warn(
      { description: err.description },
      `another process is polling this bot (or a webhook is set); retrying in ${wait / 1000} s`,
    );
    return { trouble: "conflict", delay: wait };
  }
  if (err instanceof GrammyError && err.error_code === 429) {
    const delay = (err.parameters.retry_after ?? 1) * 1_000;
    if (before !== "flood") logger.warn({ waitMs: delay }, "Telegram asked to slow down polling");
    return { trouble: "flood", delay };
  }
  // Said once per outage; the error is masked by the logger (it names the token's URL).
  if (before !== "unreachable") logger.warn({ err }, "Telegram unreachable while polling; retrying");
  return { trouble: "unreachable", delay: wait };
}

/** Waits `ms`, or rejects at once when `signal` aborts (a shutdown must not sit out a backoff). */
function pause(ms: number, signal: FetchSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", abort);
    };
    const abort = () => {
      done();
      reject(new Error("polling stopped"));
    };
    const timer = setTimeout(() => {
      done();
      resolve();
    }, ms);
    signal.addEventListener("abort", abort);
  });
}
