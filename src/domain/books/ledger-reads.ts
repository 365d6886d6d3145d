import type { Redis } from "ioredis";
import type { ArchiveFiles } from "../../store/archive-files.js";
import { ledgerArchivedKey, walletKeys } from "./keys.js";
import { type LedgerEntry, type LedgerRef, parseEntry } from "./wallet.js";

/** Kinds of records in the archive on disk, not Redis keys. */
export const ARCHIVED = {
  /** A ledger entry (its number in the customer's ledger as the record's seq). */
  ledger: "ledger",
  /** A ledger idempotency key whose entry was archived (value: the entry's number). */
  ledgerKey: "ledger-key",
  /** A finished order's record. */
  order: "order",
  /** A credited payment's inbox entry (settlement's). */
  payment: "payment",
} as const;

/** What the books read of the archive on disk (store/archive-files.ts). */
export type ArchiveReader = Pick<ArchiveFiles, "ofSubject" | "byId" | "shards">;

/** The values of `subject`'s archived records of `kind` whose ids are not in `inRedis` (each once). */
export async function archivedBesides(
  archive: ArchiveReader,
  kind: string,
  subject: number,
  inRedis: readonly string[],
): Promise<unknown[]> {
  const byId = new Map<string, unknown>();
  for (const r of await archive.ofSubject(subject, kind))
    if (!inRedis.includes(r.id)) byId.set(r.id, r.value);
  return [...byId.values()];
}

/**
 * A customer's ledger read across Redis and the archive: positions count from the newest entry
 * (0) to the oldest (total - 1); the `archived` oldest ones are on disk. An archived entry still
 * in Redis (a crash between the disk write and the Redis step) has a number at or above the
 * base, so it is read from Redis only: a repeat never shows twice.
 */
export class LedgerReads {
  constructor(
    private readonly redis: Redis,
    private readonly archive: ArchiveReader | undefined,
  ) {}

  /** Entries at positions [from, to] (inclusive, clipped), and the ledger's total length. */
  async window(
    customerId: number,
    from: number,
    to: number,
  ): Promise<{ entries: LedgerEntry[]; total: number }> {
    const key = walletKeys.ledger(customerId);
    const [len, base] = await Promise.all([this.redis.llen(key), this.base(customerId)]);
    const total = len + base;
    const live =
      from < len
        ? (await this.redis.lrange(key, from, Math.min(to, len - 1))).map((j) => parseEntry(j, customerId))
        : [];
    if (to < len || base === 0 || !this.archive) return { entries: live, total };
    const archived = await this.archivedOf(customerId, base);
    // Position p >= len is the entry numbered base - 1 - (p - len).
    const older: LedgerEntry[] = [];
    for (let p = Math.max(from, len); p <= Math.min(to, total - 1); p++) {
      const entry = archived.get(base - 1 - (p - len));
      if (entry) older.push(entry);
    }
    return { entries: [...live, ...older], total };
  }

  /** The entries `refs` point at, as the journal lists them: archived ones are skipped. */
  async live(refs: readonly LedgerRef[]): Promise<LedgerEntry[]> {
    const customers = [
      ...new Set(refs.filter((r) => !r.startsWith("{")).map((r) => r.slice(0, r.lastIndexOf(":")))),
    ];
    const bases = new Map<string, number>();
    await Promise.all(customers.map(async (c) => bases.set(c, await this.base(Number(c)))));
    const reads = refs.map(async (ref): Promise<LedgerEntry | undefined> => {
      // An entry written inline in the journal (the old form) holds its customer id.
      if (ref.startsWith("{")) return parseEntry(ref, 0);
      const at = ref.lastIndexOf(":");
      const customer = ref.slice(0, at);
      const n = Number(ref.slice(at + 1)) - (bases.get(customer) ?? 0);
      if (n < 0) return undefined;
      const json = await this.redis.lindex(walletKeys.ledger(Number(customer)), -1 - n);
      return json === null ? undefined : parseEntry(json, Number(customer));
    });
    return (await Promise.all(reads)).filter((e): e is LedgerEntry => e !== undefined);
  }

  /** The archived entry an idempotency key produced (its key left Redis with it). */
  async appliedArchived(idempotencyKey: string): Promise<LedgerEntry | undefined> {
    const key = await this.archive?.byId(ARCHIVED.ledgerKey, idempotencyKey);
    if (!key || typeof key.value !== "number") return undefined;
    return (await this.archivedOf(key.subject, Number.POSITIVE_INFINITY)).get(key.value);
  }

  /** Every archived entry of every customer (the ledger export), each once. */
  async *allArchived(): AsyncGenerator<LedgerEntry> {
    if (!this.archive) return;
    for await (const shard of this.archive.shards(ARCHIVED.ledger)) {
      const seen = new Set<string>();
      const bases = new Map<number, number>();
      for (const r of shard) {
        if (r.seq === undefined || seen.has(`${r.subject}:${r.seq}`)) continue;
        seen.add(`${r.subject}:${r.seq}`);
        if (!bases.has(r.subject)) bases.set(r.subject, await this.base(r.subject));
        // Still in Redis (the step after the disk write did not run): the journal lists it.
        if (r.seq >= (bases.get(r.subject) ?? 0)) continue;
        yield parseEntry(JSON.stringify(r.value), r.subject);
      }
    }
  }

  /** How many of the customer's oldest entries are archived. */
  async base(customerId: number): Promise<number> {
    return Number((await this.redis.get(ledgerArchivedKey(customerId))) ?? 0);
  }

  /** The customer's archived entries below `base`, by number (the last written wins). */
  private async archivedOf(customerId: number, base: number): Promise<Map<number, LedgerEntry>> {
    const byNumber = new Map<number, LedgerEntry>();
    for (const r of (await this.archive?.ofSubject(customerId, ARCHIVED.ledger)) ?? []) {
      if (r.seq !== undefined && r.seq < base)
        byNumber.set(r.seq, parseEntry(JSON.stringify(r.value), customerId));
    }
    return byNumber;
  }
}
