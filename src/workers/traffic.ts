import type { Redis } from "ioredis";
import type { Locale } from "../config.js";
import type { BooksServices, Subscription } from "../domain/books/index.js";
import type { ProvisioningServices, UsageReading, UsageRound } from "../domain/provisioning/index.js";
import type { SalesServices } from "../domain/sales/index.js";
import { subscriptionTitle } from "../render/access.js";
import { formatBytes, html } from "../render/format.js";
import type { I18nLike } from "../render/i18n-like.js";
import { myCb } from "../render/shop-callbacks.js";
import { giveTurn } from "../runtime/background-turn.js";
import { type Clock, MINUTE } from "../runtime/clock.js";
import type { Logger } from "../runtime/logger.js";
import { Lease, LeaseLost } from "../store/lease.js";
import type { PeriodicTask } from "./maintenance.js";
import type { Outbox, OutboxMessage } from "./outbox.js";
import { reachable, renewKeyboard, scanExpiries } from "./reminders.js";

export const TRAFFIC_EVERY_MS = 10 * MINUTE;
/**
 * One round at a time across processes: a round holds this lease (renewed while it lasts, so a
 * round longer than its period keeps it); a round started meanwhile does nothing. A holder that
 * died leaves it to expire.
 */
export const TRAFFIC_ROUND_LEASE = "traffic:round";
export const TRAFFIC_ROUND_LEASE_MS = 2 * MINUTE;
/** Warning levels in % of the limit, most urgent first. */
export const TRAFFIC_LEVELS = [100, 80] as const;
export type TrafficLevel = (typeof TRAFFIC_LEVELS)[number];

/**
 * Entries read from `subs:expiry` (and subscription records loaded) per page: small enough that
 * a page's replies are handled between the customers' updates, not in one long block.
 */
const PAGE = 100;
/** Score of a subscription without expiry in `subs:expiry`. */
const NO_EXPIRY_SCORE = Number.MAX_SAFE_INTEGER;

export interface TrafficDeps {
  /** Holds the round's lease (TRAFFIC_ROUND_LEASE). */
  redis: Redis;
  books: Pick<BooksServices, "subscriptions" | "customers">;
  sales: Pick<SalesServices, "shop">;
  /** `usage` makes the bulk reads: one listing per backend and round. */
  provisioning: Pick<ProvisioningServices, "usage">;
  outbox: Pick<Outbox, "sendMany">;
  i18n: I18nLike;
  clock: Clock;
  logger: Logger;
  /** Language of a customer the shop does not know (default "en"). */
  defaultLocale?: Locale;
}

export interface TrafficResult {
  /** Active subscriptions looked at. */
  active: number;
  /** Of those, with a traffic limit and a usage read this round. */
  measured: number;
  queued: Record<TrafficLevel, number>;
  /** Already queued by this process earlier. */
  known: number;
  blocked: number;
  /** Not found in their backend's list (deleted on the hosting side, renamed...). */
  unmatched: number;
  /** Backends (e.g. `xui:3`, `panel`, `node`) whose bulk read failed or that are not configured. */
  skipped: string[];
  /** Another process's round held the lease (or this one lost it): this round read nothing (or stopped). */
  elsewhere?: true;
}

export interface TrafficTask extends PeriodicTask {
  run(): Promise<TrafficResult>;
}

interface Usage {
  usedBytes: number;
  limitBytes: number;
}

/**
 * A warning's once-key: per term (its expiry) and level; a term whose allowance a traffic pack
 * raised above the plan's (`packed`, GB) has keys of its own, so the warnings re-arm for the new
 * limit (a renewal moves the expiry and gives the plan's allowance afresh).
 */
export const trafficOnceKey = (subId: string, expiresAt: number, level: TrafficLevel, packed?: number) =>
  `traffic:${subId}:${expiresAt}:${level}${packed ? `:${packed}` : ""}`;

/** The highest level `used` has reached of `limit` (0 = unlimited: none). */
export function trafficLevel(usage: Usage): TrafficLevel | undefined {
  if (usage.limitBytes <= 0) return undefined;
  return TRAFFIC_LEVELS.find((level) => usage.usedBytes * 100 >= usage.limitBytes * level);
}

/**
 * Traffic warnings at 80 % and 100 % of the limit, once each per term (keyed by the expiry, so a
 * renewal, which moves the expiry and raises the limit, re-arms them). Usage is read in bulk per
 * backend each round through the domain's UsageReader (one listing per xui server, the main
 * panel's, the node's list and counters; a panel access off the main panel on its own); clients
 * are matched by the name in `sub.ref`. A backend whose read fails, or that is not configured, is
 * skipped this round. When usage jumped past both levels only the 100 % warning is sent.
 */
export function createTrafficTask(deps: TrafficDeps): TrafficTask {
  const warnings = new TrafficWarnings(deps);
  return { name: "traffic", everyMs: TRAFFIC_EVERY_MS, run: () => warnings.run() };
}

function emptyResult(): TrafficResult {
  return {
    active: 0,
    measured: 0,
    queued: { 100: 0, 80: 0 },
    known: 0,
    blocked: 0,
    unmatched: 0,
    skipped: [],
  };
}

/** A warning to queue: the subscription, the level it reached and its usage. */
interface Due {
  sub: Subscription;
  level: TrafficLevel;
  usage: Usage;
}

class TrafficWarnings {
  private readonly fallback: Locale;
  /** once-keys queued by this process -> expiry (pruned once the term is over). */
  private readonly queued = new Map<string, number>();

  constructor(private readonly deps: TrafficDeps) {
    this.fallback = deps.defaultLocale ?? "en";
  }

  /** One round under the round lease; another round holding it makes this one a no-op. */
  async run(): Promise<TrafficResult> {
    const { redis, logger } = this.deps;
    const lease = await Lease.take(redis, TRAFFIC_ROUND_LEASE, { ms: TRAFFIC_ROUND_LEASE_MS });
    if (!lease) {
      logger.info("traffic: another round is running; this one skipped");
      return { ...emptyResult(), elsewhere: true };
    }
    lease.keepRenewed({ failed: (err) => logger.warn({ err, lease: lease.key }, "lease renewal failed") });
    const result = emptyResult();
    try {
      return await this.round(lease, result);
    } catch (err) {
      if (!(err instanceof LeaseLost)) throw err;
      logger.warn("traffic: the round lost its lease and stopped; the next round goes on");
      return { ...result, elsewhere: true };
    } finally {
      await lease.release();
    }
  }

  private async round(lease: Lease, result: TrafficResult): Promise<TrafficResult> {
    const { deps } = this;
    const now = deps.clock.now();
    for (const [once, expiresAt] of this.queued) {
      if (expiresAt !== 0 && expiresAt <= now) this.queued.delete(once);
    }

    // One bulk read per backend and round, made when first needed; a failed one skips its backend.
    const round = deps.provisioning.usage.round();
    result.skipped = round.skipped;

    // A round reads every live subscription: paced (the tick's pace, runtime/background-turn.ts),
    // so the bot's updates in the same process go first.
    for await (const page of scanExpiries(deps.books.subscriptions, now + 1, NO_EXPIRY_SCORE, PAGE)) {
      // A round that lost its lease (it ran past it unrenewed) stops before writing anything more.
      await lease.hold();
      const subs = await deps.books.subscriptions.getMany(page.map((e) => e.id));
      // Every live subscription is read (the cabinet's daily usage points); limited ones are warned.
      const live = subs.filter(
        (s): s is Subscription => s !== undefined && (s.expiresAt === 0 || s.expiresAt > now),
      );
      result.active += subs.filter((s) => s !== undefined).length;
      const due = await this.dueOf(live, round, result, now);
      if (due.length > 0) await this.send(due, result);
      await giveTurn();
    }
    if (result.queued[80] + result.queued[100] > 0 || result.skipped.length > 0) {
      deps.logger.info({ ...result }, "traffic warnings checked");
    }
    return result;
  }

  /**
   * The warnings due on a page of live subscriptions (usage read from this round's listings); the
   * page's readings are also the day's usage points, recorded in one step. Only subscriptions with
   * a traffic limit are warned.
   */
  private async dueOf(
    live: Subscription[],
    round: Pick<UsageRound, "of">,
    result: TrafficResult,
    now: number,
  ) {
    // Undefined when its backend was skipped this round.
    const reads = await Promise.all(live.map((sub) => round.of(sub.ref)));
    const readings: UsageReading[] = [];
    const due: Due[] = [];
    live.forEach((sub, i) => {
      const usage = reads[i];
      const limited = sub.trafficGb > 0;
      if (usage === "unmatched" && limited) result.unmatched++;
      if (usage === undefined || usage === "unmatched") return;
      readings.push({ subscriptionId: sub.id, usedBytes: usage.usedBytes });
      if (!limited) return;
      result.measured++;
      const level = trafficLevel(usage);
      if (level === undefined) return;
      if (this.queued.has(this.onceKey(sub, level))) result.known++;
      else due.push({ sub, level, usage });
    });
    await this.deps.provisioning.usage.history.recordMany(readings, now);
    return due;
  }

  /** Queues the due warnings to the customers who can be reached, in their language. */
  private async send(due: Due[], result: TrafficResult): Promise<void> {
    const ids = [...new Set(due.map((d) => d.sub.customerId))];
    const customers = new Map(
      await Promise.all(ids.map(async (id) => [id, await this.deps.books.customers.get(id)] as const)),
    );
    const messages: OutboxMessage[] = [];
    const sent: Due[] = [];
    for (const d of due) {
      const locale = reachable(customers.get(d.sub.customerId), this.fallback);
      if (!locale) {
        result.blocked++;
        continue;
      }
      messages.push(this.message(d, locale));
      sent.push(d);
    }
    if (messages.length === 0) return;
    await this.deps.outbox.sendMany(messages);
    for (const d of sent) {
      this.queued.set(this.onceKey(d.sub, d.level), d.sub.expiresAt);
      result.queued[d.level]++;
    }
  }

  private message({ sub, level, usage }: Due, locale: Locale): OutboxMessage {
    const t = (key: string, vars?: Record<string, string | number>) => this.deps.i18n.t(locale, key, vars);
    const plan = this.deps.sales.shop.plan(sub.planId);
    const percent = Math.floor((usage.usedBytes * 100) / usage.limitBytes);
    const head = t(`traffic-${level}`, {
      plan: html(subscriptionTitle(t, locale, sub, plan)),
      used: formatBytes(locale, usage.usedBytes),
      limit: formatBytes(locale, usage.limitBytes),
      percent: String(percent),
    });
    const renewable = plan !== undefined && !sub.trial;
    const hint = sub.trial
      ? "traffic-trial-hint"
      : renewable
        ? "traffic-renew-hint"
        : "traffic-not-sold-hint";
    return {
      chatId: sub.customerId,
      text: `${head}\n\n${t(hint)}`,
      keyboard: this.keyboard(sub, renewable, t),
      once: this.onceKey(sub, level),
    };
  }

  /** Renew (or Buy), and "Add traffic" (the card, with its packs) while the subscription is offered packs. */
  private keyboard(sub: Subscription, renewable: boolean, t: (key: string) => string) {
    const keyboard = renewKeyboard(sub, renewable, {
      renew: t("traffic-button-renew"),
      buy: t("traffic-button-buy"),
    });
    if (this.deps.sales.shop.packs.offers(sub).length === 0) return keyboard;
    const card = { text: t("traffic-button-packs"), callback_data: myCb.pack({ act: "card", id: sub.id }) };
    return { inline_keyboard: [...keyboard.inline_keyboard, [card]] };
  }

  private onceKey(sub: Subscription, level: TrafficLevel): string {
    const planGb = this.deps.sales.shop.plan(sub.planId)?.traffic_gb ?? sub.trafficGb;
    return trafficOnceKey(sub.id, sub.expiresAt, level, sub.trafficGb > planGb ? sub.trafficGb : undefined);
  }
}
