import type { InlineKeyboardMarkup } from "grammy/types";
import type { Locale } from "../config.js";
import type { BooksServices, Customer, Subscription, Subscriptions } from "../domain/books/index.js";
import type { SalesServices } from "../domain/sales/index.js";
import type { TermsServices } from "../domain/terms/index.js";
import type { Metrics } from "../http/metrics.js";
import { subscriptionTitle } from "../render/access.js";
import { formatDateTime, html } from "../render/format.js";
import type { I18nLike } from "../render/i18n-like.js";
import { buyCb, myCb } from "../render/shop-callbacks.js";
import { giveTurn } from "../runtime/background-turn.js";
import { type Clock, DAY, HOUR, MINUTE } from "../runtime/clock.js";
import type { Logger } from "../runtime/logger.js";
import type { PeriodicTask } from "./maintenance.js";
import type { Outbox, OutboxMessage } from "./outbox.js";

/** Thresholds, most urgent first: a reminder is due once the expiry is at most `beforeMs` away. */
export const REMINDER_THRESHOLDS = [
  { id: "expired", beforeMs: 0 },
  { id: "3h", beforeMs: 3 * HOUR },
  { id: "1d", beforeMs: DAY },
  { id: "3d", beforeMs: 3 * DAY },
] as const;
export type ReminderThreshold = (typeof REMINDER_THRESHOLDS)[number]["id"];

/** How far back an expiry still gets its "expired" notice (e.g. after the workers were down). */
export const EXPIRED_LOOKBACK_MS = 2 * DAY;
export const REMINDERS_EVERY_MS = MINUTE;

/** Entries read from `subs:expiry` per page. */
const PAGE = 500;
/**
 * Due reminders handled (records read, messages made and queued) between two turns given back at
 * the task's pace: a page of 500 due at once held the bot's process for about a second at 100 000
 * subscriptions (the day's ~2 000 reminders), and the customers' updates waited (bench/ticks.ts).
 */
const SLICE = 100;

export interface ReminderDeps {
  books: Pick<BooksServices, "subscriptions" | "customers">;
  sales: Pick<SalesServices, "shop">;
  outbox: Pick<Outbox, "sendMany">;
  i18n: I18nLike;
  clock: Clock;
  logger: Logger;
  /** Language of a customer the shop does not know (default "en"). */
  defaultLocale?: Locale;
  /** Customers' freezes: no reminder while frozen (the record's end is the freeze's end + the bank). */
  terms?: Pick<TermsServices, "freezes">;
}

export interface ReminderResult {
  /** Subscriptions in the reminder windows. */
  due: number;
  /** Reminders queued this run, by threshold. */
  queued: Record<ReminderThreshold, number>;
  /** Already queued by this process earlier (no read needed). */
  known: number;
  /** Customer blocked (by an admin) or blocked the bot. */
  blocked: number;
  /** Reached before the subscription existed (e.g. "1 day" for a one-day trial). */
  preempted: number;
  /** Gone, or the index disagrees with the record (changed mid-run; the next run sees it). */
  stale: number;
}

export interface ReminderTask extends PeriodicTask {
  run(): Promise<ReminderResult>;
}

/** The reminder task with the reminders each run queues counted in the metrics, by threshold. */
export function countReminders(task: ReminderTask, metrics: Pick<Metrics, "reminders">): ReminderTask {
  return {
    ...task,
    run: async () => {
      const result = await task.run();
      for (const [threshold, n] of Object.entries(result.queued)) {
        if (n > 0) metrics.reminders.inc({ threshold }, n);
      }
      return result;
    },
  };
}

/** The most urgent threshold an expiry has reached at `now`, if any is within the windows. */
export function reminderThreshold(expiresAt: number, now: number): ReminderThreshold | undefined {
  if (expiresAt <= 0 || expiresAt <= now - EXPIRED_LOOKBACK_MS) return undefined;
  return REMINDER_THRESHOLDS.find((t) => expiresAt <= now + t.beforeMs)?.id;
}

export const reminderOnceKey = (subId: string, expiresAt: number, threshold: ReminderThreshold) =>
  `remind:${subId}:${expiresAt}:${threshold}`;

/** One `subs:expiry` entry: a subscription id and its expiry (ms). */
export interface ExpiryEntry {
  id: string;
  expiresAt: number;
}

/**
 * Pages through `subs:expiry` entries with an expiry in [from, to], soonest first: the first page
 * by score, the next ones by rank after the page's last entry, so a page costs Redis the same
 * however many entries share one expiry (every subscription without one shares a score). An
 * entry is neither skipped nor repeated when the last one read moves between pages.
 */
export async function* scanExpiries(
  subscriptions: Pick<Subscriptions, "expiringBetween" | "expiringAfter">,
  from: number,
  to: number,
  page = PAGE,
): AsyncGenerator<ExpiryEntry[]> {
  let cursor: ExpiryEntry | undefined;
  // Ids read with the cursor's expiry: a read restarting at that expiry drops them.
  let seen = new Set<string>();
  for (;;) {
    const batch = cursor
      ? await subscriptions.expiringAfter(cursor, page)
      : await subscriptions.expiringBetween(from, to, page);
    const inWindow = batch.filter((e) => e.expiresAt <= to);
    const at = cursor?.expiresAt;
    const fresh = inWindow.filter((e) => !(e.expiresAt === at && seen.has(e.id)));
    if (fresh.length > 0) yield fresh;
    const last = inWindow.at(-1);
    if (!last || batch.length < page || inWindow.length < batch.length) return;
    if (last.expiresAt !== at) seen = new Set();
    for (const e of inWindow) if (e.expiresAt === last.expiresAt) seen.add(e.id);
    cursor = last;
  }
}

/** The button under a customer notice: renew a paid subscription, else choose a plan. */
export function renewKeyboard(
  sub: Pick<Subscription, "id" | "trial">,
  renewable: boolean,
  label: { renew: string; buy: string },
): InlineKeyboardMarkup {
  const button =
    renewable && !sub.trial
      ? { text: label.renew, callback_data: myCb.pack({ act: "renew", id: sub.id }) }
      : { text: label.buy, callback_data: buyCb.pack({ act: "list", plan: "" }) };
  return { inline_keyboard: [[button]] };
}

/** The customer's language, or undefined when no notice may go to them (blocked either way). */
export function reachable(customer: Customer | undefined, fallback: Locale): Locale | undefined {
  if (customer?.blocked || customer?.botBlocked) return undefined;
  return customer?.locale ?? fallback;
}

/**
 * Expiry reminders: 3 days, 1 day and 3 hours before a subscription expires, and when it has
 * expired. What is due is read from `subs:expiry` windows only (cost follows what is due, not
 * the number of customers). Each subscription gets ONE message for the most urgent threshold
 * it has reached, keyed `remind:<sub>:<expiry>:<threshold>` so the outbox sends it at most once;
 * a renewal moves the expiry and so re-arms every threshold, and a threshold that was passed
 * over (or reached before the subscription existed) is never sent late.
 */
export function createReminderTask(deps: ReminderDeps): ReminderTask {
  const reminders = new ExpiryReminders(deps);
  return { name: "reminders", everyMs: REMINDERS_EVERY_MS, run: () => reminders.run() };
}

/** A reminder to queue: the subscription and the most urgent threshold it has reached. */
interface Ready {
  sub: Subscription;
  threshold: ReminderThreshold;
}

class ExpiryReminders {
  private readonly fallback: Locale;
  /** once-keys queued by this process -> expiry (pruned when out of the windows). */
  private readonly queued = new Map<string, number>();

  constructor(private readonly deps: ReminderDeps) {
    this.fallback = deps.defaultLocale ?? "en";
  }

  async run(): Promise<ReminderResult> {
    const now = this.deps.clock.now();
    const result: ReminderResult = {
      due: 0,
      queued: { expired: 0, "3h": 0, "1d": 0, "3d": 0 },
      known: 0,
      blocked: 0,
      preempted: 0,
      stale: 0,
    };
    for (const [once, expiresAt] of this.queued) {
      if (expiresAt <= now - EXPIRED_LOOKBACK_MS) this.queued.delete(once);
    }

    const windowEnd = now + Math.max(...REMINDER_THRESHOLDS.map((t) => t.beforeMs));
    const pages = scanExpiries(this.deps.books.subscriptions, now - EXPIRED_LOOKBACK_MS + 1, windowEnd);
    for await (const page of pages) {
      result.due += page.length;
      for (let i = 0; i < page.length; i += SLICE) {
        const ready = await this.readyOf(page.slice(i, i + SLICE), now, result);
        await this.send(ready, result);
        await giveTurn();
      }
    }
    const total = Object.values(result.queued).reduce((a, b) => a + b, 0);
    if (total > 0) this.deps.logger.info({ ...result }, "expiry reminders queued");
    return result;
  }

  /** The reminders due on a page of `subs:expiry` entries, their subscriptions read and checked. */
  private async readyOf(page: ExpiryEntry[], now: number, result: ReminderResult): Promise<Ready[]> {
    const todo: (ExpiryEntry & { threshold: ReminderThreshold })[] = [];
    for (const e of page) {
      const threshold = reminderThreshold(e.expiresAt, now);
      if (!threshold) continue;
      if (this.queued.has(reminderOnceKey(e.id, e.expiresAt, threshold))) result.known++;
      else todo.push({ ...e, threshold });
    }
    if (todo.length === 0) return [];
    const subs = await this.deps.books.subscriptions.getMany(todo.map((e) => e.id));
    const frozen = (await this.deps.terms?.freezes.frozenAmong(todo.map((e) => e.id))) ?? new Set();
    const ready: Ready[] = [];
    todo.forEach((e, i) => {
      const sub = subs[i];
      if (!sub || sub.expiresAt === 0 || sub.expiresAt !== e.expiresAt || frozen.has(sub.id)) {
        result.stale++;
        return;
      }
      const before = REMINDER_THRESHOLDS.find((t) => t.id === e.threshold)?.beforeMs ?? 0;
      // A family seat's member is not reminded: the owner is, of the whole family.
      if (sub.familyOf !== undefined || sub.expiresAt - before <= sub.createdAt) {
        result.preempted++;
        this.queued.set(reminderOnceKey(sub.id, sub.expiresAt, e.threshold), sub.expiresAt);
        return;
      }
      ready.push({ sub, threshold: e.threshold });
    });
    return ready;
  }

  /** Queues the reminders to the customers who can be reached, in their language. */
  private async send(ready: Ready[], result: ReminderResult): Promise<void> {
    const ids = [...new Set(ready.map((r) => r.sub.customerId))];
    const customers = new Map(
      await Promise.all(ids.map(async (id) => [id, await this.deps.books.customers.get(id)] as const)),
    );
    const messages: OutboxMessage[] = [];
    const sent: Ready[] = [];
    for (const r of ready) {
      const locale = reachable(customers.get(r.sub.customerId), this.fallback);
      if (!locale) {
        result.blocked++;
        continue;
      }
      messages.push(this.message(r.sub, r.threshold, locale));
      sent.push(r);
    }
    if (messages.length === 0) return;
    await this.deps.outbox.sendMany(messages);
    for (const r of sent) {
      this.queued.set(reminderOnceKey(r.sub.id, r.sub.expiresAt, r.threshold), r.sub.expiresAt);
      result.queued[r.threshold]++;
    }
  }

  private message(sub: Subscription, threshold: ReminderThreshold, locale: Locale): OutboxMessage {
    const t = (key: string, vars?: Record<string, string | number>) => this.deps.i18n.t(locale, key, vars);
    const plan = this.deps.sales.shop.plan(sub.planId);
    const vars = {
      plan: html(subscriptionTitle(t, locale, sub, plan)),
      date: formatDateTime(locale, sub.expiresAt),
    };
    const head = t(`remind-${threshold}`, vars);
    const renewable = plan !== undefined && !sub.trial;
    const hint = sub.trial ? "remind-trial-hint" : renewable ? "remind-renew-hint" : "remind-not-sold-hint";
    return {
      chatId: sub.customerId,
      text: `${head}\n\n${t(hint)}`,
      keyboard: renewKeyboard(sub, renewable, {
        renew: t("remind-button-renew"),
        buy: t("remind-button-buy"),
      }),
      once: reminderOnceKey(sub.id, sub.expiresAt, threshold),
    };
  }
}
