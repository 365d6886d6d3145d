import type { Redis } from "ioredis";
import { type Clock, DAY } from "../../runtime/clock.js";
import type { ArchivedRecord, ArchiveFiles } from "../../store/archive-files.js";
import { keyPrefix } from "../../store/key-prefix.js";
import { fenceKey } from "../../store/lease.js";
import { LuaScript } from "../../store/lua.js";
import {
  ARCHIVED,
  type Customers,
  isFinishedStatus,
  type LedgerEntry,
  ledgerArchivedKey,
  ledgerIdemKeys,
  orderKeys,
  parseEntry,
  SALES_BACKFILL_CURSOR,
  walletKeys,
} from "../books/index.js";
import { archiveKeys, fulfilmentKeys, inboxKeys, starsRefundKeys } from "./keys.js";

/** The default of ARCHIVE_AFTER_DAYS. */
export const ARCHIVE_AFTER_DAYS = 90;

/** Ledger entries, orders and payments moved per customer and run (a backlog goes over runs). */
const PER_CUSTOMER = 100;
/** Customers read per page of the customer index. */
const PAGE = 200;
/** Journal entries taken off its head per step. */
const JOURNAL_STEP = 1_000;

/** The Redis step after the disk write (lua/archive-drop.lua). */
const DROP = LuaScript.load(new URL("./lua/archive-drop.lua", import.meta.url));
/** Archived entries taken off the journal's head (lua/journal-trim.lua). */
const TRIM_JOURNAL = LuaScript.load(new URL("./lua/journal-trim.lua", import.meta.url));

export interface ArchivingDeps {
  redis: Redis;
  clock: Clock;
  customers: Pick<Customers, "ids">;
  archive: Pick<ArchiveFiles, "append">;
  /** ARCHIVE_AFTER_DAYS. */
  afterDays?: number;
}

export interface ArchiveCounts {
  customers: number;
  ledger: number;
  orders: number;
  payments: number;
  journal: number;
}

/** A ledger entry's order id or charge id: the idempotency keys it may have been applied under. */
const idemKeysOf = (e: LedgerEntry): string[] =>
  e.ref
    ? [
        ledgerIdemKeys.charge(e.ref),
        ledgerIdemKeys.order(e.ref),
        ledgerIdemKeys.refund(e.ref),
        starsRefundKeys.debit(e.ref),
      ]
    : [];

/**
 * Moves history older than ARCHIVE_AFTER_DAYS out of Redis into the archive on disk: a customer's
 * oldest ledger entries (and the idempotency keys that name them), their finished orders (with
 * their run's fence counter) and the credited payments that paid them. What is still live stays:
 * an order not finished or whose follow-ups are owed, a payment pending or listed for admins, and
 * every entry newer than one kept. Readers (wallet history, a customer's orders, an order or a
 * payment by id, the ledger export) read the archive behind Redis, and balances, totals and day
 * counters are Redis's own, untouched.
 *
 * Crash safety: each customer's items are written and fsynced first, then removed in one Lua step
 * that checks each is as read; a crash between leaves them in both, the readers prefer Redis, and
 * the next run writes them again (the last copy wins). The caller holds a lease: one run at a time.
 */
export class Archiving {
  constructor(private readonly deps: ArchivingDeps) {}

  /** One pass over every customer, then the journal's archived head. */
  async run(): Promise<ArchiveCounts> {
    const cutoff = this.deps.clock.now() - (this.deps.afterDays ?? ARCHIVE_AFTER_DAYS) * DAY;
    const counts: ArchiveCounts = { customers: 0, ledger: 0, orders: 0, payments: 0, journal: 0 };
    for (let offset = 0; ; offset += PAGE) {
      const ids = await this.deps.customers.ids(offset, PAGE);
      for (const id of await this.due(ids, cutoff)) {
        const moved = await this.customer(id, cutoff);
        await this.noteOldest(id);
        counts.ledger += moved[0];
        counts.orders += moved[1];
        counts.payments += moved[2];
        if (moved.some((n) => n > 0)) counts.customers++;
      }
      if (ids.length < PAGE) break;
    }
    counts.journal = await this.trimJournal();
    return counts;
  }

  /**
   * Of `ids`, the customers that may have something older than `cutoff`: those never visited and
   * those whose oldest item left in Redis is older (one command for the page, so a pass over
   * customers with nothing to move costs next to nothing).
   */
  private async due(ids: readonly number[], cutoff: number): Promise<number[]> {
    if (ids.length === 0) return [];
    const oldest = await this.deps.redis.zmscore(archiveKeys.oldest, ...ids.map(String));
    return ids.filter((_, i) => {
      const at = oldest[i];
      return at === null || at === undefined || Number(at) < cutoff;
    });
  }

  /**
   * Records the time of the customer's oldest ledger entry and order left in Redis (now when
   * there is none: anything added later is newer). Payments leave with their order or entry.
   */
  private async noteOldest(customerId: number): Promise<void> {
    const { redis, clock } = this.deps;
    const [entry, order] = await Promise.all([
      redis.lindex(walletKeys.ledger(customerId), -1),
      redis.zrange(orderKeys.byCustomer(customerId), "0", "0", "WITHSCORES"),
    ]);
    const times = [clock.now()];
    if (entry !== null) times.push(parseEntry(entry, customerId).at);
    if (order[1] !== undefined) times.push(Number(order[1]));
    await redis.zadd(archiveKeys.oldest, Math.min(...times), String(customerId));
  }

  /** Archives one customer's items older than `cutoff`; [ledger, orders, payments] moved. */
  async customer(customerId: number, cutoff: number): Promise<[number, number, number]> {
    let ledger = await this.oldEntries(customerId, cutoff);
    const orders = await this.oldOrders(customerId, cutoff);
    const charges = [
      ...orders.flatMap((o) => (o.chargeId ? [o.chargeId] : [])),
      ...ledger.entries.flatMap((e) => (e.kind === "topup" && e.ref ? [e.ref] : [])),
    ];
    const payments = await this.oldPayments([...new Set(charges)], cutoff);
    ledger = await this.beforeLiveCharges(ledger, payments);
    if (ledger.entries.length === 0 && orders.length === 0 && payments.length === 0) return [0, 0, 0];
    const idem = await this.idemPairs(customerId, ledger, payments);
    const records: ArchivedRecord[] = [
      ...ledger.entries.map((e, i) => ({
        kind: ARCHIVED.ledger,
        subject: customerId,
        id: e.id,
        seq: ledger.base + i,
        value: e,
      })),
      ...idem.map(([key, ref]) => ({
        kind: ARCHIVED.ledgerKey,
        subject: customerId,
        id: key,
        value: refNumber(ref),
      })),
      ...orders.map((o) => ({ kind: ARCHIVED.order, subject: customerId, id: o.id, value: o })),
      ...payments.map((p) => ({ kind: ARCHIVED.payment, subject: customerId, id: p.chargeId, value: p })),
    ];
    await this.deps.archive.append(customerId, records);
    const keys = [
      ...[walletKeys.ledger(customerId), ledgerArchivedKey(customerId), walletKeys.applied],
      orderKeys.byCustomer(customerId),
      ...orders.flatMap((o) => [orderKeys.order(o.id), fenceKey(fulfilmentKeys.run(o.id))]),
      ...payments.flatMap((p) => [
        ...[inboxKeys.entry(p.chargeId), inboxKeys.raw(p.chargeId), inboxKeys.settling(p.chargeId)],
      ]),
    ];
    const args = [
      ...[ledger.entries.length, ledger.base, ledger.newestJson, idem.length, ...idem.flat()],
      ...[orders.length, ...orders.flatMap((o) => [o.id, o.updatedAt])],
      ...payments.map((p) => p.creditedAt),
    ];
    return (await DROP.run(this.deps.redis, keys, args.map(String))) as [number, number, number];
  }

  /** The customer's oldest entries older than `cutoff`, oldest first, as stored. */
  private async oldEntries(customerId: number, cutoff: number) {
    const key = walletKeys.ledger(customerId);
    const [raw, base] = await Promise.all([
      this.deps.redis.lrange(key, -PER_CUSTOMER, -1),
      this.deps.redis.get(ledgerArchivedKey(customerId)),
    ]);
    const oldestFirst = raw.reverse();
    const entries: LedgerEntry[] = [];
    for (const json of oldestFirst) {
      const entry = parseEntry(json, customerId);
      if (entry.at >= cutoff) break;
      entries.push(entry);
    }
    return ledgerPart(entries, oldestFirst, Number(base ?? 0));
  }

  /**
   * `ledger` up to its first entry credited by a charge whose inbox entry stays in Redis (listed
   * for admins, or not marked credited yet): a settle of that charge finds its credit by the
   * ledger key, which must keep pointing at an entry in Redis.
   */
  private async beforeLiveCharges(ledger: OldLedger, payments: readonly { chargeId: string }[]) {
    const leaving = new Set(payments.map((p) => p.chargeId));
    const refs = ledger.entries.map((e) => (e.ref && !leaving.has(e.ref) ? e.ref : undefined));
    const pipe = this.deps.redis.pipeline();
    for (const ref of refs) if (ref) pipe.exists(inboxKeys.entry(ref));
    const found = ((await pipe.exec()) ?? []).map(([, n]) => n === 1);
    let at = 0;
    const cut = refs.findIndex((ref) => ref !== undefined && found[at++] === true);
    return cut < 0 ? ledger : ledgerPart(ledger.entries.slice(0, cut), ledger.jsons, ledger.base);
  }

  /**
   * The idempotency keys pointing at `ledger`'s entries, with the ref each holds and, for a
   * charge's key, the 1-based place of its payment among `payments` (0: none; its inbox entry
   * left Redis before).
   */
  private async idemPairs(
    customerId: number,
    ledger: { entries: LedgerEntry[]; base: number },
    payments: readonly { chargeId: string }[],
  ): Promise<[string, string, number][]> {
    const wanted = ledger.entries.flatMap((e, i) =>
      idemKeysOf(e).map((key) => ({
        key,
        ref: `${customerId}:${ledger.base + i}`,
        charge: chargeOf(e, key),
      })),
    );
    if (wanted.length === 0) return [];
    const { redis } = this.deps;
    const held = await redis.hmget(walletKeys.applied, ...wanted.map((w) => w.key));
    const places = new Map(payments.map((p, i) => [p.chargeId, i + 1]));
    const pairs: [string, string, number][] = [];
    for (const [i, w] of wanted.entries()) {
      if (held[i] === w.ref) pairs.push([w.key, w.ref, w.charge ? (places.get(w.charge) ?? 0) : 0]);
    }
    return pairs;
  }

  /** The customer's finished orders made before `cutoff`, finished before it and owing nothing. */
  private async oldOrders(customerId: number, cutoff: number): Promise<StoredOrder[]> {
    const { redis } = this.deps;
    const ids = await redis.zrangebyscore(
      orderKeys.byCustomer(customerId),
      "-inf",
      cutoff,
      "LIMIT",
      0,
      PER_CUSTOMER,
    );
    const found = await Promise.all(
      ids.map(async (id) => {
        const [fields, owed] = await Promise.all([
          redis.hgetall(orderKeys.order(id)),
          redis.zscore(orderKeys.afterActive, id),
        ]);
        const done = Number(fields.finishedAt ?? fields.updatedAt ?? Number.POSITIVE_INFINITY);
        return isFinishedStatus(fields.status ?? "") && done < cutoff && owed === null ? fields : undefined;
      }),
    );
    return found.filter((f): f is StoredOrder => f !== undefined && typeof f.id === "string");
  }

  /** The credited inbox entries of `charges` credited before `cutoff` and not listed for admins. */
  private async oldPayments(charges: string[], cutoff: number) {
    const { redis } = this.deps;
    const found = await Promise.all(
      charges.map(async (charge) => {
        const [fields, listed] = await Promise.all([
          redis.hgetall(inboxKeys.entry(charge)),
          redis.zscore(inboxKeys.unmatched, charge),
        ]);
        const credited = fields.status === "credited" && Number(fields.creditedAt) < cutoff;
        return credited && listed === null
          ? { ...fields, chargeId: charge, creditedAt: fields.creditedAt ?? "" }
          : undefined;
      }),
    );
    return found.filter((p) => p !== undefined);
  }

  /** Takes the archived head off the journal, a step at a time. */
  private async trimJournal(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = (await TRIM_JOURNAL.run(
        this.deps.redis,
        [walletKeys.journal, walletKeys.journalStart, SALES_BACKFILL_CURSOR],
        [keyPrefix(walletKeys.ledger), JOURNAL_STEP],
      )) as number;
      total += n;
      if (n < JOURNAL_STEP) return total;
    }
  }
}

/** An order's hash as stored (its fields are what orderSchema reads back from the archive). */
type StoredOrder = Record<string, string> & { id: string; updatedAt?: string };

/** A customer's oldest ledger entries to archive, oldest first, with their JSON as stored. */
interface OldLedger {
  entries: LedgerEntry[];
  jsons: string[];
  base: number;
  /** The newest of them as stored (what the Redis step checks is still there). */
  newestJson: string;
}

function ledgerPart(entries: LedgerEntry[], jsons: string[], base: number): OldLedger {
  const newestJson = entries.length > 0 ? (jsons[entries.length - 1] ?? "") : "";
  return { entries, jsons, base, newestJson };
}

/** The charge id a ledger key names when it is the entry's charge key. */
function chargeOf(e: LedgerEntry, key: string): string | undefined {
  return e.ref && key === ledgerIdemKeys.charge(e.ref) ? e.ref : undefined;
}

/** The entry number in a ref `<customer>:<n>`. */
function refNumber(ref: string): number {
  return Number(ref.slice(ref.lastIndexOf(":") + 1));
}
