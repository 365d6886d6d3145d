import { autoRetry } from "@grammyjs/auto-retry";
import type { Api } from "grammy";

/**
 * Makes an Api wait out Telegram's 429 `retry_after` (and retry a 5xx) a few times, up to 10 s
 * each, so a burst does not fail a handler or a notice. The outbox does not use it: it pauses
 * its whole queue on a 429 instead.
 */
export function retryOnFlood<A extends Api>(api: A): A {
  api.config.use(autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: 10 }));
  return api;
}
