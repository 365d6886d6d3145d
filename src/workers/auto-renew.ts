import type { Locale } from "../config.js";
import type { BooksServices } from "../domain/books/index.js";
import { formatMoney } from "../domain/catalog/index.js";
import type { AutoRenewOutcome, SalesServices } from "../domain/sales/index.js";
import { autoRenewedText, shortBalanceNotice } from "../render/auto-renew.js";
import type { I18nLike } from "../render/i18n-like.js";
import { MINUTE } from "../runtime/clock.js";
import type { Logger } from "../runtime/logger.js";
import type { PeriodicTask } from "./maintenance.js";
import type { Outbox, OutboxMessage } from "./outbox.js";
import { reachable, scanExpiries } from "./reminders.js";

export const AUTO_RENEW_EVERY_MS = MINUTE;

export interface AutoRenewTaskDeps {
  books: Pick<BooksServices, "customers" | "subscriptions">;
  sales: Pick<SalesServices, "autoRenew" | "shop">;
  outbox: Pick<Outbox, "sendMany">;
  i18n: I18nLike;
  logger: Logger;
  defaultLocale?: Locale;
  everyMs?: number;
}

/** What one run did, by outcome (`refused` counts every reason). */
export type AutoRenewRun = Record<AutoRenewOutcome["kind"], number>;

/** The once-key of a short balance notice: once per subscription and term. */
export const shortNoticeOnce = (subId: string, expiresAt: number) => `autorenew-short:${subId}:${expiresAt}`;

/**
 * The periodic auto-renewal (a BullMQ job scheduler like the reminders): every subscription with
 * auto-renew on that is due is renewed from the balance (AutoRenew.runDue: one order per term,
 * paid once across workers and restarts). Its owner hears that it was renewed (the access and its
 * new term follow from the order worker, as for any renewal), or, when the balance is short, once
 * per term, with a Top up button; the expiry reminders go on as for any subscription.
 */
export function createAutoRenewTask(deps: AutoRenewTaskDeps): PeriodicTask {
  return { name: "auto-renew", everyMs: deps.everyMs ?? AUTO_RENEW_EVERY_MS, run: () => autoRenewDue(deps) };
}

export async function autoRenewDue(deps: AutoRenewTaskDeps): Promise<AutoRenewRun> {
  // The window a page at a time, as the reminders read theirs.
  const outcomes = await deps.sales.autoRenew.runDue((from, to) =>
    scanExpiries(deps.books.subscriptions, from, to),
  );
  const run: AutoRenewRun = { renewed: 0, done: 0, short: 0, refused: 0 };
  const messages: OutboxMessage[] = [];
  for (const outcome of outcomes) {
    run[outcome.kind]++;
    const message = await noticeOf(deps, outcome);
    if (message) messages.push(message);
  }
  if (messages.length > 0) await deps.outbox.sendMany(messages);
  if (run.renewed + run.short > 0) deps.logger.info({ ...run }, "auto-renew run");
  return run;
}

/** The owner's notice of an outcome (renewed, or short), in their language; none for the others. */
async function noticeOf(
  deps: AutoRenewTaskDeps,
  outcome: AutoRenewOutcome,
): Promise<OutboxMessage | undefined> {
  if (outcome.kind !== "renewed" && outcome.kind !== "short") return undefined;
  const { sub } = outcome;
  const locale = reachable(await deps.books.customers.get(sub.customerId), deps.defaultLocale ?? "en");
  if (!locale) return undefined;
  const t = (key: string, vars?: Record<string, string | number>) => deps.i18n.t(locale, key, vars);
  const { shop } = deps.sales;
  const plan = shop.plan(sub.planId);
  if (outcome.kind === "renewed") {
    const price = formatMoney(outcome.order.currency, outcome.order.price, locale);
    return {
      chatId: sub.customerId,
      text: autoRenewedText(t, locale, sub, plan, price),
      once: `autorenew-renewed:${outcome.order.id}`,
    };
  }
  const notice = shortBalanceNotice(t, locale, { ...outcome, plan, currency: shop.currency });
  return { chatId: sub.customerId, ...notice, once: shortNoticeOnce(sub.id, sub.expiresAt) };
}
