import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { z } from "zod";
import type { Clock } from "../../runtime/clock.js";
import { keyPrefix } from "../../store/key-prefix.js";
import { LuaScript } from "../../store/lua.js";
import { currencyExponent } from "../catalog/index.js";
import { type AuditEntry, auditLuaArgs, auditLuaKeys } from "../staff/index.js";
import { type HistoryItem, historyItems } from "./history.js";
import { SHOP_TOTALS_KEY, salesDayKey, walletKeys } from "./keys.js";
import { type ArchiveReader, LedgerReads } from "./ledger-reads.js";
import { BOOKS_LUA } from "./lua-fragments.js";
import { readSalesDays, type SalesDay } from "./sales-days.js";

export const LEDGER_KINDS = [
  "topup", // paid by Telegram invoice (Stars or provider)
  "purchase", // a plan bought from the balance
  "renewal", // a renewal paid from the balance
  "pack", // a traffic pack for a subscription's current term, paid from the balance
  "switch", // a plan switch, its price less the credit of the term left, paid from the balance
  "switch-credit", // a plan switch's credit beyond the new plan's price, once per switch order
  "fair-refund", // an admin's refund of the unused part of a term, once per subscription term
  "refund", // a failed order's money back to the wallet
  "stars-refund", // money sent back to Telegram with refundStarPayment
  "rail-refund", // money sent back through an outside payment rail (YooKassa's refunds)
  "admin-credit",
  "admin-debit",
  "referral", // an inviter's share of an invited customer's paid order, once per order
  "referral-back", // that share taken back after the order's payment was refunded
  "promo", // a wallet-credit promo code, once per customer and code
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

const ledgerEntry = z.object({
  id: z.string(),
  at: z.number(),
  customerId: z.number(),
  kind: z.enum(LEDGER_KINDS),
  /** Signed, in minor units: + credit, - debit. */
  amount: z.number().int(),
  /** Balance after this entry. */
  balance: z.number().int(),
  currency: z.string(),
  /** What caused it: an order id, a Telegram charge id, an admin id. */
  ref: z.string().optional(),
  note: z.string().optional(),
  planId: z.string().optional(),
  /** A top-up that was an order's invoice: that order (its purchase entry follows in the same step). */
  order: z.string().optional(),
  /** A purchase bought as a gift for someone else. */
  gift: z.literal(true).optional(),
});
export type LedgerEntry = z.output<typeof ledgerEntry>;

export interface EntryInput {
  kind: LedgerKind;
  ref?: string;
  note?: string;
  planId?: string;
  order?: string;
  gift?: boolean;
}

export type DebitResult =
  | { ok: true; applied: boolean; entry: LedgerEntry }
  | { ok: false; reason: "insufficient"; balance: number };

/**
 * Where an entry lives: `<customer id>:<n>`, the customer's n-th entry (0 = their first). The
 * entry's JSON is stored once, in the customer's ledger (an append-only list, newest first, so the
 * n-th is at index -(n+1)); the journal and the idempotency hash hold this reference. Records
 * written before hold the JSON itself (it starts with "{") and are read as they are.
 */
export type LedgerRef = string;

/**
 * The five keys a wallet movement touches, in the order the `ledger-apply` Lua fragment's
 * `movement(k, a)` takes them from KEYS: wallet, ledger, idempotency hash, journal, shop totals.
 */
export function movementKeys(customerId: number): string[] {
  return [
    walletKeys.wallet(customerId),
    walletKeys.ledger(customerId),
    walletKeys.applied,
    walletKeys.journal,
    SHOP_TOTALS_KEY,
  ];
}

/**
 * The two key prefixes a wallet movement takes from ARGV after them (`movement(k, a)`): a
 * customer's ledger (an idempotency record names the entry's ledger) and a sales day (an entry
 * is counted on the day of its time).
 */
export const MOVEMENT_PREFIXES: readonly string[] = [keyPrefix(walletKeys.ledger), keyPrefix(salesDayKey)];

/** One wallet movement (lua/wallet-apply.lua over the `ledger-apply` fragment). */
const APPLY = LuaScript.load(new URL("./lua/wallet-apply.lua", import.meta.url), BOOKS_LUA);

/**
 * The stored form of an entry (since issue 29): short names, no customer id (the ledger's key
 * names it), the balance `b` spliced in last by the Lua step. Entries written before hold the
 * long names and their customer id: both read through {@link parseEntry}.
 */
const compactEntry = z.object({
  i: z.string(),
  t: z.number(),
  k: z.enum(LEDGER_KINDS),
  a: z.number().int(),
  b: z.number().int(),
  c: z.string(),
  r: z.string().optional(),
  n: z.string().optional(),
  p: z.string().optional(),
  o: z.string().optional(),
  g: z.literal(1).optional(),
});

/** A stored entry (either form) of `customerId`'s ledger. */
export function parseEntry(json: string, customerId: number): LedgerEntry {
  const raw: unknown = JSON.parse(json);
  if (typeof raw !== "object" || raw === null || !("i" in raw)) return ledgerEntry.parse(raw);
  const e = compactEntry.parse(raw);
  return ledgerEntry.parse({
    ...{ id: e.i, at: e.t, customerId, kind: e.k, amount: e.a, balance: e.b, currency: e.c },
    ...{ ref: e.r, note: e.n, planId: e.p, order: e.o, gift: e.g === 1 ? true : undefined },
  });
}

/**
 * Each customer's wallet in the catalog currency (minor units) and its append-only ledger.
 * Every movement is one Lua step with its ledger entry, keyed for idempotency, so a repeated
 * update or a retried job moves money once; a debit never takes a balance below zero.
 */
export class Wallet {
  private readonly reads: LedgerReads;

  /** `archive`: where entries older than ARCHIVE_AFTER_DAYS went (history and lookups read it too). */
  constructor(
    private readonly redis: Redis,
    private readonly clock: Clock,
    readonly currency: string,
    archive?: ArchiveReader,
  ) {
    this.reads = new LedgerReads(redis, archive);
  }

  async balance(customerId: number): Promise<number> {
    return Number((await this.redis.get(walletKeys.wallet(customerId))) ?? 0);
  }

  /**
   * Adds money once per `idempotencyKey` (e.g. `charge:<telegram_payment_charge_id>`). `audit`: a
   * staff member's credit, recorded in the same step (see lua/wallet-apply.lua).
   */
  async credit(
    customerId: number,
    amount: number,
    idempotencyKey: string,
    input: EntryInput,
    audit?: AuditEntry,
  ): Promise<{ applied: boolean; entry: LedgerEntry }> {
    if (!Number.isInteger(amount) || amount <= 0)
      throw new RangeError("credit amount must be a positive integer");
    const result = await this.apply(customerId, amount, idempotencyKey, input, false, audit);
    if (!result.ok) throw new Error("credit cannot be refused");
    return { applied: result.applied, entry: result.entry };
  }

  /**
   * Takes money once per `idempotencyKey`; refuses (changing nothing) when the balance is short.
   * `audit`: a staff member's debit, recorded in the same step only when it took the money.
   */
  async debit(
    customerId: number,
    amount: number,
    idempotencyKey: string,
    input: EntryInput,
    audit?: AuditEntry,
  ): Promise<DebitResult> {
    if (!Number.isInteger(amount) || amount <= 0)
      throw new RangeError("debit amount must be a positive integer");
    return this.apply(customerId, -amount, idempotencyKey, input, true, audit);
  }

  /** The entry an idempotency key produced, if any. */
  async applied(idempotencyKey: string): Promise<LedgerEntry | undefined> {
    const ref = await this.redis.hget(walletKeys.applied, idempotencyKey);
    if (ref) return (await this.reads.live([ref]))[0];
    return this.reads.appliedArchived(idempotencyKey);
  }

  /** Newest first. */
  async history(
    customerId: number,
    offset: number,
    limit: number,
  ): Promise<{ entries: LedgerEntry[]; total: number }> {
    return this.reads.window(customerId, offset, offset + limit - 1);
  }

  /**
   * A page of the history as the customer reads it (`historyItems`): the entries at positions
   * `[offset, offset + limit)`, newest first, with the order paid by an invoice as one item.
   */
  async historyPage(
    customerId: number,
    offset: number,
    limit: number,
  ): Promise<{ items: HistoryItem[]; total: number }> {
    const from = Math.max(0, offset - 1);
    const { entries: window, total } = await this.reads.window(customerId, from, offset + limit);
    const before = offset > 0 ? window.shift() : undefined;
    const after = window.length > limit ? window.pop() : undefined;
    return { items: historyItems(window, before, after), total };
  }

  /**
   * Entries of all customers still in Redis from journal position `from` (oldest first; positions
   * are absolute: archiving takes entries off the head and counts them in `journalStart`).
   */
  async journal(from = 0, count = 1_000): Promise<LedgerEntry[]> {
    const start = await this.journalStart();
    const first = Math.max(0, from - start);
    const last = from + count - 1 - start;
    if (last < 0) return [];
    return this.reads.live(await this.redis.lrange(walletKeys.journal, first, last));
  }

  /** The journal's first position still in Redis (those before it are archived). */
  async journalStart(): Promise<number> {
    return Number((await this.redis.get(walletKeys.journalStart)) ?? 0);
  }

  /** Every archived entry of every customer, each once (the ledger export reads them first). */
  archivedEntries(): AsyncGenerator<LedgerEntry> {
    return this.reads.allArchived();
  }

  /**
   * The sales counters of `count` UTC days from the day of `from` (revenue counted by this
   * ledger's steps, finished orders by the orders' moves), in `currency`.
   */
  salesDays(from: number, count: number, currency: string): Promise<SalesDay[]> {
    return readSalesDays(this.redis, from, count, currency);
  }

  /**
   * A ledger entry of `customerId`'s ledger for a movement of `amount`, in the stored (compact)
   * form without its balance: Lua appends that last.
   */
  entryJson(_customerId: number, amount: number, input: EntryInput): string {
    return JSON.stringify({
      ...{ i: randomUUID(), t: this.clock.now(), k: input.kind, a: amount, c: this.currency },
      ...(input.ref ? { r: input.ref } : {}),
      ...(input.note ? { n: input.note } : {}),
      ...(input.planId ? { p: input.planId } : {}),
      ...(input.order ? { o: input.order } : {}),
      ...(input.gift ? { g: 1 } : {}),
    });
  }

  private async apply(
    customerId: number,
    amount: number,
    idempotencyKey: string,
    input: EntryInput,
    floor: boolean,
    audit: AuditEntry | undefined,
  ): Promise<DebitResult> {
    const keys = movementKeys(customerId);
    const entry = this.entryJson(customerId, amount, input);
    const args = [amount, idempotencyKey, entry, floor ? "1" : "0", ...MOVEMENT_PREFIXES];
    if (audit) {
      // The script splices the balance before and after into the entry (only it knows them).
      const bare = { ...audit, before: undefined, after: undefined };
      keys.push(...auditLuaKeys(audit));
      args.push(...auditLuaArgs(bare), String(currencyExponent(this.currency)), this.currency);
    }
    const [code, payload] = (await APPLY.run(this.redis, keys, args)) as [number, string];
    if (code === -1) return { ok: false, reason: "insufficient", balance: Number(payload) };
    return { ok: true, applied: code === 1, entry: parseEntry(payload, customerId) };
  }
}
