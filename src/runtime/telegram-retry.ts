import { autoRetry } from "@grammyjs/auto-retry";
import type { Api, Transformer } from "grammy";

/** Attempts after the first for a 429 or a 5xx; a bounded wait instead of auto-retry's unlimited one. */
export const FLOOD_RETRY_ATTEMPTS = 3;
/** A 429 asking for a longer wait than this is not waited out here: the caller fails and moves on. */
export const FLOOD_MAX_DELAY_SECONDS = 10;

/**
 * Makes an Api wait out Telegram's 429 `retry_after` (and retry a 5xx) a few times, up to 10 s
 * each, so a burst does not fail a handler or a notice. Network errors are rethrown at once:
 * auto-retry would otherwise retry them forever, up to an hour apart, so a handler hung while
 * Telegram was unreachable and a delivery slept an hour after an outage. A handler gives up (the
 * error boundary answers), a job fails its attempt and BullMQ retries it with its own backoff.
 * The outbox does not use it: it pauses its whole queue on a 429 instead.
 */
export function retryOnFlood<A extends Api>(api: A): A {
  // Inside auto-retry: each 429 is seen, those it waits out too.
  reportFloodsOf(api);
  api.config.use(
    autoRetry({
      maxRetryAttempts: FLOOD_RETRY_ATTEMPTS,
      maxDelaySeconds: FLOOD_MAX_DELAY_SECONDS,
      rethrowHttpErrors: true,
    }),
  );
  return api;
}

/** Who hears of the 429s an Api receives (the metrics), set by {@link countFloods}. */
const floodListeners = new WeakMap<Api, FloodListener>();

/** Told of a 429: the method refused, and the seconds Telegram asked to wait (when it said). */
export type FloodListener = (method: string, retryAfterSeconds?: number) => void;
const reporting = new WeakSet<Api>();

/**
 * Reports every 429 answer `api` receives to `onFlood`, each attempt counted, whoever retries it
 * (auto-retry, the outbox's pause, BullMQ). Works in either order with {@link retryOnFlood}.
 */
export function countFloods(api: Api, onFlood: FloodListener): void {
  floodListeners.set(api, onFlood);
  reportFloodsOf(api);
}

/** Installs the reporting transformer once; installed before auto-retry, it sits inside it. */
function reportFloodsOf(api: Api): void {
  if (reporting.has(api)) return;
  reporting.add(api);
  // A reaction, not an async frame, waits with each call on Telegram.
  const report: Transformer = (prev, method, payload, signal) =>
    prev(method, payload, signal).then((res) => {
      if (!res.ok && res.error_code === 429) floodListeners.get(api)?.(method, res.parameters?.retry_after);
      return res;
    });
  api.config.use(report);
}
