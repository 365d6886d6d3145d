import type { Redis } from "ioredis";
import { z } from "zod";
import { type Clock, DAY } from "../../runtime/clock.js";
import type { Logger } from "../../runtime/logger.js";
import { LuaScript } from "../../store/lua.js";
import { readHash } from "../../store/records.js";
import { ARCHIVED, type ArchiveReader, dayIndexOf, type Wallet } from "../books/index.js";
import { type AutoRenew, type Cashier, parsePayload } from "../sales/index.js";
import type { CreditedPayment, PaymentNotices, SettleResult } from "./inbox-results.js";

export type { CreditedPayment, PaymentNotices, SettleResult } from "./inbox-results.js";

import { inboxKeys } from "./keys.js";

/**
 * Every Telegram `successful_payment` seen, stored raw before its update is acknowledged, and
 * kept as "pending" until the payment is credited to the ledger (rule 9). A worker credits any
 * entry left pending (a crash, a Redis blip in the handler), so a provider (fiat) payment, which
 * has no `getStarTransactions` to reconcile against, is never lost.
 *
 * Memory: the raw update (the largest part) lives in its own key, kept while the entry is pending
 * and for {@link INBOX_RAW_KEEP_MS} after it is credited by the shop's clock (Redis expires it). The entry itself, with
 * what support needs (payer, amount, payload, times, outcome), is kept for good: it is what makes a
 * late re-delivery of the update a no-op. Dropping the raw is safe for money: crediting is keyed by
 * the charge id in the ledger (`charge:<id>`; with its entry in the archive after ARCHIVE_AFTER_DAYS,
 * and both stay in Redis while a settle of the charge is under way), not by anything in the raw.
 */

/** What the bot layer hands in, taken from an update (no grammY types down here). */
export interface IncomingPayment {
  chargeId: string;
  payerId: number;
  payload: string;
  /** Minor units, as Telegram counts them. */
  amount: number;
  currency: string;
  updateId: number;
  /** The update's `successful_payment` and `from`, as received (JSON); a rail's payment as read back. */
  raw: string;
  /** The outside rail it came by (`cryptopay`, `yookassa`); none for Telegram's own payments. */
  rail?: string | undefined;
  /**
   * Why it must not pay what its payload names (see PaymentMismatch); it goes to the payer's
   * balance instead (or, in a currency not the shop's, is held for admins) and is listed.
   */
  mismatch?: PaymentMismatch | undefined;
}

/**
 * A payment that does not match what was asked: another `amount`, another `currency` (never
 * credited: it cannot be counted in the shop's), or `unknown` (no record of asking for it).
 */
export type PaymentMismatch = "amount" | "currency" | "unknown";

/**
 * How a credited entry ended: the order it paid, a top-up, nothing we know of (`unmatched`), a
 * mismatch credited to the balance (`mismatch`), or one held uncredited for admins (`held`).
 */
export type InboxOutcome = "order" | "topup" | "unmatched" | "mismatch" | "held";

/** Outcomes admins are shown in the list of payments to check. */
export const OUTCOMES_TO_CHECK: readonly InboxOutcome[] = ["unmatched", "mismatch", "held"];

const optNum = z.preprocess(
  (v) => (v === undefined || v === "" ? undefined : v),
  z.coerce.number().optional(),
);

const entrySchema = z.object({
  chargeId: z.string(),
  payerId: z.coerce.number(),
  payload: z.string(),
  amount: z.coerce.number().int(),
  currency: z.string(),
  updateId: z.coerce.number(),
  /** Gone once the entry has been credited for {@link INBOX_RAW_KEEP_MS}. */
  raw: z.string().optional(),
  recordedAt: z.coerce.number(),
  status: z.enum(["pending", "credited"]),
  creditedAt: optNum,
  outcome: z.enum(["order", "topup", "unmatched", "mismatch", "held"]).optional(),
  rail: z.string().optional(),
  mismatch: z.enum(["amount", "currency", "unknown"]).optional(),
  orderId: z.string().optional(),
});
export type InboxEntry = z.output<typeof entrySchema>;

/**
 * How long a credited entry keeps its raw update, in ms: only support looks at it (crediting,
 * replays and refunds read the entry and the ledger), and a week covers a complaint about a fresh
 * payment; it was 30 days, a third of a customer's Redis bytes for nothing read (issue 29).
 */
export const INBOX_RAW_KEEP_MS = 7 * 24 * 3_600_000;

/** A payment stored once, with its raw update (lua/inbox-record.lua). */
const RECORD = LuaScript.load(new URL("./lua/inbox-record.lua", import.meta.url));
/** A replayed payment's new entry dropped again while still pending (lua/inbox-forget.lua). */
const FORGET = LuaScript.load(new URL("./lua/inbox-forget.lua", import.meta.url));
/** A pending entry marked credited, its raw update set to expire (lua/inbox-mark.lua). */
const MARK = LuaScript.load(new URL("./lua/inbox-mark.lua", import.meta.url));

/** The day counters' name for Telegram's own payments (Stars and the provider token). */
export const TELEGRAM_RAIL = "telegram";
/** How long a day's counters of payments per rail are kept. */
const DAY_COUNTS_KEEP_MS = 40 * DAY;

export interface PaymentInboxDeps {
  redis: Redis;
  clock: Clock;
  cashier: Cashier;
  /** The balance a held payment's payer is told (nothing was credited). */
  wallet: Pick<Wallet, "balance">;
  /** Money that came in and paid no order renews the payer's due subscriptions (auto-renew). */
  autoRenew?: Pick<AutoRenew, "afterTopUp">;
  /** How long a credited entry keeps its raw update; {@link INBOX_RAW_KEEP_MS} by default. */
  rawKeepMs?: number;
  /** Told of every payment credited, once (the call that moved the money). */
  notices?: PaymentNotices | undefined;
  /** Where credited entries older than ARCHIVE_AFTER_DAYS went (archiving.ts). */
  archive?: ArchiveReader | undefined;
  logger?: Logger;
}

type SettledPayment = Pick<
  IncomingPayment,
  "chargeId" | "payerId" | "payload" | "amount" | "mismatch" | "rail"
>;

/** How long a settle's marker holds off the archiving (a crash leaves it behind). */
const SETTLING_MS = 60_000;

export class PaymentInbox {
  constructor(private readonly deps: PaymentInboxDeps) {}

  /** Stores a payment once (by charge id) with its raw update; true when it is new. Throws if Redis fails. */
  async record(payment: IncomingPayment): Promise<boolean> {
    const now = this.deps.clock.now();
    const fields = {
      chargeId: payment.chargeId,
      payerId: String(payment.payerId),
      payload: payment.payload,
      amount: String(payment.amount),
      currency: payment.currency,
      updateId: String(payment.updateId),
      recordedAt: String(now),
      status: "pending",
      ...(payment.rail ? { rail: payment.rail } : {}),
      ...(payment.mismatch ? { mismatch: payment.mismatch } : {}),
    };
    const result = await RECORD.run(
      this.deps.redis,
      [inboxKeys.entry(payment.chargeId), inboxKeys.pending, inboxKeys.raw(payment.chargeId)],
      [JSON.stringify(fields), payment.chargeId, now, payment.raw],
    );
    if (result !== 1) return false;
    // Read after the record: the archive is written before an entry leaves Redis, so a replay of
    // an archived payment is seen here whatever the archiving did meanwhile, and dropped.
    if (await this.archived(payment.chargeId)) {
      await FORGET.run(
        this.deps.redis,
        [inboxKeys.entry(payment.chargeId), inboxKeys.pending, inboxKeys.raw(payment.chargeId)],
        [payment.chargeId],
      );
      return false;
    }
    return true;
  }

  /** The entry as archived (credited long ago), if it left Redis. */
  private async archived(chargeId: string): Promise<InboxEntry | undefined> {
    const record = await this.deps.archive?.byId(ARCHIVED.payment, chargeId);
    return record ? entrySchema.parse(record.value) : undefined;
  }

  /** The entry in Redis, or as archived. */
  async get(chargeId: string): Promise<InboxEntry | undefined> {
    return (await this.liveEntry(chargeId)) ?? this.archived(chargeId);
  }

  private async liveEntry(chargeId: string): Promise<InboxEntry | undefined> {
    const [entry, raw] = await Promise.all([
      readHash(this.deps.redis, inboxKeys.entry(chargeId), entrySchema, {
        marker: "chargeId",
        malformed: "throw",
      }),
      this.deps.redis.get(inboxKeys.raw(chargeId)),
    ]);
    // An entry recorded before the raw had its own key keeps it among its fields.
    return entry && raw !== null && entry.raw === undefined ? { ...entry, raw } : entry;
  }

  /**
   * Credits a recorded payment (exactly once, keyed by its charge id, through Cashier.recordPayment,
   * which also queues the order it paid), then marks the entry credited. The one home of "payment
   * seen -> credited" for the live handler and the worker alike; safe to repeat at any point (a
   * failed enqueue throws before the mark, so the entry stays pending and is settled again).
   */
  async settle(payment: SettledPayment): Promise<SettleResult> {
    // Set before the entry is looked at: the archiving took the entry and the charge's ledger key
    // before (the archive answers below) or leaves both in Redis until the marker is gone.
    const marker = inboxKeys.settling(payment.chargeId);
    await this.deps.redis.set(marker, "1", "PX", SETTLING_MS);
    try {
      return await this.settleMarked(payment);
    } finally {
      await this.deps.redis.del(marker).catch(() => undefined);
    }
  }

  private async settleMarked(payment: SettledPayment): Promise<SettleResult> {
    const archived = await this.archivedOnly(payment.chargeId);
    if (archived) return this.settledLongAgo(archived);
    if (payment.mismatch === "currency") return this.hold(payment);
    // A mismatch pays nothing it names: with no payload it is the payer's balance.
    const payload = payment.mismatch ? "" : payment.payload;
    const result = await this.deps.cashier.recordPayment(
      payment.payerId,
      payload,
      payment.chargeId,
      payment.amount,
    );
    const status = result.order?.status;
    const { paid } = result;
    const target = parsePayload(payload);
    // A payment for an unknown payload, or for an order that is gone or someone else's, stays in
    // the payer's wallet; admins see it in the list of payments to check.
    const outcome: InboxOutcome = payment.mismatch
      ? "mismatch"
      : !target || (target.kind === "order" && !result.orderId)
        ? "unmatched"
        : target.kind;
    if (await this.markCredited(payment.chargeId, outcome, result.orderId)) await this.count(payment);
    if (result.credited) {
      const { currency } = result.entry;
      await this.tellCredited({ ...payment, currency, outcome, orderId: result.orderId });
    }
    // Only the call that moved the money: a repeat was looked at then (or by the periodic task).
    const renewed =
      result.credited && !paid ? await this.deps.autoRenew?.afterTopUp(payment.payerId) : undefined;
    return {
      credited: result.credited,
      paid,
      orderId: result.orderId,
      orderStatus: status,
      promoRefusal: result.order?.status === "promo-refused" ? result.order.reason : undefined,
      balance: result.entry.balance,
      outcome,
      autoRenewed: (renewed ?? []).flatMap((o) => (o.kind === "renewed" ? [o.order] : [])),
    };
  }

  /**
   * The archived entry of a charge credited long ago, when Redis holds no credited entry of it:
   * none (a replay), or a pending one a replay running beside this one recorded before it saw the
   * archive (that one is forgotten here too, so the inbox sweep does not meet it again).
   */
  private async archivedOnly(chargeId: string): Promise<InboxEntry | undefined> {
    if (!this.deps.archive) return undefined;
    const status = await this.deps.redis.hget(inboxKeys.entry(chargeId), "status");
    if (status !== null && status !== "pending") return undefined;
    const archived = await this.archived(chargeId);
    if (archived && status === "pending") {
      const keys = [inboxKeys.entry(chargeId), inboxKeys.pending, inboxKeys.raw(chargeId)];
      await FORGET.run(this.deps.redis, keys, [chargeId]);
    }
    return archived;
  }

  /** A replay of an archived payment: it was credited then, nothing moves now. */
  private async settledLongAgo(entry: InboxEntry): Promise<SettleResult> {
    const outcome = entry.outcome ?? "topup";
    return {
      ...{ credited: false, paid: outcome === "order", orderId: entry.orderId, orderStatus: undefined },
      ...{ balance: await this.deps.wallet.balance(entry.payerId), outcome, autoRenewed: [] },
    };
  }

  /** A payment in a currency not the shop's: nothing credited, listed for admins (`held`). */
  private async hold(payment: Pick<IncomingPayment, "chargeId" | "payerId">): Promise<SettleResult> {
    const marked = await this.markCredited(payment.chargeId, "held");
    return {
      credited: false,
      held: marked,
      paid: false,
      orderId: undefined,
      orderStatus: undefined,
      balance: await this.deps.wallet.balance(payment.payerId),
      outcome: "held",
      autoRenewed: [],
    };
  }

  /** The staff's line of a credited payment; its failure never undoes or fails the credit. */
  private async tellCredited(payment: CreditedPayment): Promise<void> {
    await this.deps.notices?.credited(payment).catch((err: unknown) => {
      this.deps.logger?.warn({ err, charge: payment.chargeId }, "the staff's payment line was not queued");
    });
  }

  /** Counts a payment marked credited into its day, per rail (`telegram` for Telegram's own). */
  private async count(payment: Pick<IncomingPayment, "rail" | "amount">): Promise<void> {
    const rail = payment.rail ?? TELEGRAM_RAIL;
    const key = inboxKeys.day(dayIndexOf(this.deps.clock.now()));
    await this.deps.redis
      .multi()
      .hincrby(key, `${rail}:n`, 1)
      .hincrby(key, `${rail}:sum`, payment.amount)
      .pexpire(key, DAY_COUNTS_KEEP_MS)
      .exec();
  }

  /** How many payments each rail brought on the day of `at`, and their sum (minor units). */
  async day(at: number): Promise<Map<string, { count: number; sum: number }>> {
    const fields = await this.deps.redis.hgetall(inboxKeys.day(dayIndexOf(at)));
    const days = new Map<string, { count: number; sum: number }>();
    for (const [field, value] of Object.entries(fields)) {
      const [rail, what] = field.split(":");
      if (!rail || (what !== "n" && what !== "sum")) continue;
      const day = days.get(rail) ?? { count: 0, sum: 0 };
      if (what === "n") day.count = Number(value);
      else day.sum = Number(value);
      days.set(rail, day);
    }
    return days;
  }

  /** Marks an entry credited (after the ledger has it); an unknown or credited one is left alone. */
  async markCredited(chargeId: string, outcome: InboxOutcome, orderId?: string): Promise<boolean> {
    const now = this.deps.clock.now();
    const result = await MARK.run(
      this.deps.redis,
      [inboxKeys.entry(chargeId), inboxKeys.pending, inboxKeys.unmatched, inboxKeys.raw(chargeId)],
      [chargeId, now, outcome, orderId ?? "", now + (this.deps.rawKeepMs ?? INBOX_RAW_KEEP_MS)],
    );
    return result === 1;
  }

  /** Entries recorded at least `olderThanMs` ago and not credited yet, oldest first. */
  async pending(olderThanMs: number, limit = 100): Promise<InboxEntry[]> {
    const ids = await this.deps.redis.zrangebyscore(
      inboxKeys.pending,
      "-inf",
      this.deps.clock.now() - olderThanMs,
      "LIMIT",
      0,
      limit,
    );
    const entries = await this.entries(ids);
    if (entries.length < ids.length) {
      // An index entry without its record (a recording that failed half-way and was never sent
      // again) has nothing to credit; recording is one script, so none is half-done right now.
      const known = new Set(entries.map((e) => e.chargeId));
      const ghosts = ids.filter((id) => !known.has(id));
      await this.deps.redis.zrem(inboxKeys.pending, ...ghosts);
    }
    return entries;
  }

  /** Payments admins should look at (matched nothing, did not match, or held), newest first. */
  async unmatched(limit = 20): Promise<InboxEntry[]> {
    return this.entries(await this.deps.redis.zrevrange(inboxKeys.unmatched, 0, limit - 1));
  }

  async counts(): Promise<{ pending: number; unmatched: number }> {
    const [pending, unmatched] = await Promise.all([
      this.deps.redis.zcard(inboxKeys.pending),
      this.deps.redis.zcard(inboxKeys.unmatched),
    ]);
    return { pending, unmatched };
  }

  private async entries(ids: string[]): Promise<InboxEntry[]> {
    const found = await Promise.all(ids.map((id) => this.get(id)));
    return found.filter((e): e is InboxEntry => e !== undefined);
  }
}
