import type { Locale } from "../config.js";
import type { ShopRooms } from "../domain/index.js";
import { formatDate } from "../render/format.js";
import type { I18nLike } from "../render/i18n-like.js";
import { MINUTE } from "../runtime/clock.js";
import type { Logger } from "../runtime/logger.js";
import type { PeriodicTask } from "./maintenance.js";
import type { Outbox } from "./outbox.js";

export const FREEZE_ENDS_EVERY_MS = 5 * MINUTE;
/** Freezes ended per run (the rest wait for the next run). */
const BATCH = 100;

export interface FreezeEndsDeps extends Pick<ShopRooms, "books" | "terms"> {
  outbox: Pick<Outbox, "send">;
  i18n: I18nLike;
  logger: Logger;
  defaultLocale?: Locale;
  everyMs?: number;
}

/**
 * Freezes whose end has come, and unfreezes a customer started that the hosting side did not
 * answer: each is finished (SubscriptionFreezes.unfreeze, read back first, so a repeated or a
 * concurrent run gives the term back once) and its customer told, once. Returns how many ended.
 */
export async function endFreezes(deps: FreezeEndsDeps): Promise<number> {
  const { freezes } = deps.terms;
  let ended = 0;
  for (const subscriptionId of await freezes.due(BATCH)) {
    const out = await freezes.unfreeze(subscriptionId, "worker");
    if (out.kind !== "unfrozen") {
      if (out.kind === "retrying") deps.logger.warn({ subscriptionId }, "freeze end: next run");
      continue;
    }
    ended++;
    const sub = await deps.books.subscriptions.get(subscriptionId);
    if (!sub) continue;
    const locale = (await deps.books.customers.get(sub.customerId))?.locale ?? deps.defaultLocale ?? "en";
    const text = deps.i18n.t(locale, "unfreeze-done", { end: formatDate(locale, out.expiresAt) });
    await deps.outbox
      .send({ chatId: sub.customerId, text, once: `unfrozen:${subscriptionId}:${out.expiresAt}` })
      .catch((err: unknown) => deps.logger.warn({ err, subscriptionId }, "unfreeze notice not queued"));
  }
  return ended;
}

export function createFreezeEndsTask(deps: FreezeEndsDeps): PeriodicTask {
  return { name: "freeze-ends", everyMs: deps.everyMs ?? FREEZE_ENDS_EVERY_MS, run: () => endFreezes(deps) };
}
