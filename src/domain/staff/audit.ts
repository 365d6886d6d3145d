import { randomBytes } from "node:crypto";
import type { ChainableCommander, Redis } from "ioredis";
import { z } from "zod";
import { LuaScript, luaFragment } from "../../store/lua.js";
import { auditKeys } from "./keys.js";
import type { Role } from "./roles.js";

/**
 * The audit log: every change staff make (money, hosting, customers, catalog, settings, staff,
 * tickets), recorded once with who, what, on which subject, before and after, when, and how it
 * ended. A change kept in Redis is recorded in the same step as the change (`writeIn` inside its
 * MULTI, or the `audit-record` Lua fragment inside its script), so a crash never leaves one without
 * the other. A change made elsewhere (a hosting API call) is recorded before it is tried
 * (`begin`, outcome `started`) and finished after (`finish`); one whose process died in between is
 * later marked `unknown` (`settleStarted`), never lost.
 */

export const AUDIT_OUTCOMES = ["done", "refused", "failed", "started", "unknown"] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** A short text of a value before or after a change (JSON or words), cut to keep entries small. */
const STATE_MAX = 500;
const cut = (s: string | undefined) => (s === undefined ? undefined : s.slice(0, STATE_MAX));

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.number(),
  actorId: z.number().int(),
  role: z.string(),
  /** What was done, `area.verb` (`wallet.credit`, `server.extend`, `staff.role`, `ticket.answer`). */
  action: z.string().max(64),
  /** What it was done to: `<kind>:<id>` (`customer:42`, `server:7`, `plan:de`, `staff:99`). */
  subject: z.string().max(128),
  before: z.string().max(STATE_MAX).optional(),
  after: z.string().max(STATE_MAX).optional(),
  outcome: z.enum(AUDIT_OUTCOMES),
  /** Why it was refused or failed, or a word more about it. */
  note: z.string().max(300).optional(),
});
export type AuditEntry = z.output<typeof auditEntrySchema>;

/** What a caller says about an action; the log adds the id and the time. */
export interface AuditInput {
  actorId: number;
  role: Role | string;
  action: string;
  subject: string;
  before?: string | undefined;
  after?: string | undefined;
  outcome?: AuditOutcome;
  note?: string | undefined;
}

/** A subject for the log, `<kind>:<id>`. */
export const auditSubject = (kind: string, id: string | number) => `${kind}:${id}`;

/** The Lua fragments of the staff room, for `-- @include audit-record` in any room's scripts. */
export const STAFF_LUA: Readonly<Record<string, string>> = {
  "audit-record": luaFragment(new URL("./lua/audit-record.lua", import.meta.url)),
};

/** A new entry for `input` at `now`: ids sort by time (base-36 ms, then random). */
export function auditEntry(input: AuditInput, now: number): AuditEntry {
  const id = `${now.toString(36).padStart(9, "0")}-${randomBytes(4).toString("hex")}`;
  return auditEntrySchema.parse({
    ...input,
    id,
    at: now,
    outcome: input.outcome ?? "done",
    before: cut(input.before),
    after: cut(input.after),
    note: input.note?.slice(0, 300),
  });
}

/** The keys `audit_record` writes for `entry` (pass them in the script's KEYS). */
export function auditLuaKeys(entry: AuditEntry): string[] {
  return [
    auditKeys.entries,
    auditKeys.log,
    auditKeys.byActor(entry.actorId),
    auditKeys.bySubject(entry.subject),
  ];
}

/** The arguments of `audit_record` for `entry`: id, JSON, time (pass them in the script's ARGV). */
export function auditLuaArgs(entry: AuditEntry): string[] {
  return [entry.id, JSON.stringify(entry), String(entry.at)];
}

/**
 * Adds `entry`'s writes to `tx` (a MULTI making the change it records): one step. A `started`
 * entry is also listed among the started ones (settleStarted reads that list, not the whole log).
 */
export function writeAuditIn(tx: ChainableCommander, entry: AuditEntry): ChainableCommander {
  const json = JSON.stringify(entry);
  tx.hset(auditKeys.entries, entry.id, json)
    .zadd(auditKeys.log, entry.at, entry.id)
    .zadd(auditKeys.byActor(entry.actorId), entry.at, entry.id)
    .zadd(auditKeys.bySubject(entry.subject), entry.at, entry.id);
  return entry.outcome === "started" ? tx.zadd(auditKeys.started, entry.at, entry.id) : tx;
}

/**
 * Runs a MULTI holding an audit record; throws when a command in it failed (a wrong-typed key:
 * Redis runs the rest of a transaction all the same, so the caller must not report it done).
 */
export async function execAudited(tx: ChainableCommander): Promise<void> {
  const results = await tx.exec();
  const failed = results?.find(([err]) => err !== null)?.[0];
  if (failed) throw failed;
}

/** Sets a started entry's outcome only while it is still the entry read (see the script). */
const FINISH = LuaScript.load(new URL("./lua/audit-finish.lua", import.meta.url));
/** Entries settled or trimmed per step (a run repeats steps up to its own limit). */
const BATCH = 500;

/** The note of an entry whose process stopped before its outcome was known. */
const STOPPED = "the process stopped before the outcome was known";

/** Which entries to read: all, one staff member's, or one subject's. */
export type AuditFilter = { actorId?: number; subject?: string };

export class AuditLog {
  constructor(
    private readonly redis: Redis,
    private readonly now: () => number,
  ) {}

  /** Records an action that changed nothing in Redis by itself (or whose change is already made). */
  async record(input: AuditInput): Promise<AuditEntry> {
    const entry = auditEntry(input, this.now());
    await execAudited(writeAuditIn(this.redis.multi(), entry));
    return entry;
  }

  /** Records `input` in `tx` (a MULTI making the change) and runs it: the change and its record in one step. */
  async recordIn(tx: ChainableCommander, input: AuditInput): Promise<AuditEntry> {
    const entry = auditEntry(input, this.now());
    await execAudited(writeAuditIn(tx, entry));
    return entry;
  }

  /** Records an action about to be tried outside Redis (a hosting call): `started`, finished later. */
  async begin(input: Omit<AuditInput, "outcome">): Promise<AuditEntry> {
    return this.record({ ...input, outcome: "started" });
  }

  /**
   * How a `begin`'s action ended (`after`: what it made). A finished one is left as it is: the
   * outcome is written only over the `started` entry as read (a late finish never overwrites the
   * `unknown` of settleStarted, nor the other way round).
   */
  async finish(
    entry: AuditEntry,
    outcome: Exclude<AuditOutcome, "started">,
    after?: string,
    note?: string,
  ): Promise<void> {
    await this.settle(entry.id, outcome, after, note);
  }

  /** Writes the outcome of started entry `id`; false when it was not (or no longer) started. */
  private async settle(
    id: string,
    outcome: Exclude<AuditOutcome, "started">,
    after?: string,
    note?: string,
  ): Promise<boolean> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const raw = await this.redis.hget(auditKeys.entries, id);
      const current = raw === null ? undefined : auditEntrySchema.safeParse(JSON.parse(raw)).data;
      if (raw === null || current?.outcome !== "started") {
        await this.redis.zrem(auditKeys.started, id);
        return false;
      }
      const done = auditEntrySchema.parse({
        ...current,
        outcome,
        after: cut(after) ?? current.after,
        note: note?.slice(0, 300) ?? current.note,
      });
      const keys = [auditKeys.entries, auditKeys.started];
      if ((await FINISH.run(this.redis, keys, [id, raw, JSON.stringify(done)])) === 1) return true;
    }
    return false;
  }

  /**
   * Runs `act` between `begin` and `finish`: done with what it returns (`describe` says it),
   * refused or failed with its error's message (then rethrown).
   */
  async around<T>(
    input: Omit<AuditInput, "outcome">,
    act: () => Promise<T>,
    describe?: (result: T) => string | undefined,
  ): Promise<T> {
    const entry = await this.begin(input);
    try {
      const result = await act();
      await this.finish(entry, "done", describe?.(result));
      return result;
    } catch (err) {
      await this.finish(
        entry,
        err instanceof Error && err.name === "NotPermitted" ? "refused" : "failed",
        undefined,
        err instanceof Error ? err.message : String(err),
      );
      throw err;
    }
  }

  async get(id: string): Promise<AuditEntry | undefined> {
    const raw = await this.redis.hget(auditKeys.entries, id);
    if (raw === null) return undefined;
    const parsed = auditEntrySchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  }

  /** Entries newest first, `limit` of them from `offset`, and how many there are. */
  async page(
    filter: AuditFilter,
    offset: number,
    limit: number,
  ): Promise<{ entries: AuditEntry[]; total: number }> {
    const key = this.indexOf(filter);
    const [ids, total] = await Promise.all([
      this.redis.zrevrange(key, offset, offset + limit - 1),
      this.redis.zcard(key),
    ]);
    return { entries: await this.many(ids), total };
  }

  /** Every entry of `filter` from `from` (ms), oldest first, in chunks (the CSV export). */
  async *all(filter: AuditFilter, from = 0, chunk = 500): AsyncGenerator<AuditEntry[]> {
    const key = this.indexOf(filter);
    let offset = 0;
    for (;;) {
      const ids = await this.redis.zrangebyscore(key, from, "+inf", "LIMIT", offset, chunk);
      if (ids.length === 0) return;
      yield await this.many(ids);
      offset += ids.length;
    }
  }

  /**
   * Marks entries still `started` after `olderThanMs` as `unknown`: their process died between
   * trying the action and hearing how it ended (the hosting side may or may not have it). Reads
   * the list of started entries, not the whole log; at most `limit` a run.
   */
  async settleStarted(olderThanMs: number, limit = 2_000): Promise<number> {
    const cutoff = this.now() - olderThanMs;
    let settled = 0;
    while (settled < limit) {
      const ids = await this.redis.zrangebyscore(auditKeys.started, "-inf", cutoff, "LIMIT", 0, BATCH);
      if (ids.length === 0) break;
      // An entry gone or finished meanwhile only leaves the list.
      for (const id of ids) if (await this.settle(id, "unknown", undefined, STOPPED)) settled++;
    }
    return settled;
  }

  /**
   * Forgets entries older than `keepMs`, with their places in every index (a staff member's, a
   * subject's, the started list), at most `limit` a run, oldest first.
   */
  async trim(keepMs: number, limit = 5_000): Promise<number> {
    const before = this.now() - keepMs;
    let trimmed = 0;
    while (trimmed < limit) {
      const batch = Math.min(BATCH, limit - trimmed);
      const ids = await this.redis.zrangebyscore(auditKeys.log, "-inf", before, "LIMIT", 0, batch);
      if (ids.length === 0) break;
      const raws = await this.redis.hmget(auditKeys.entries, ...ids);
      const tx = this.redis
        .multi()
        .hdel(auditKeys.entries, ...ids)
        .zrem(auditKeys.log, ...ids);
      tx.zrem(auditKeys.started, ...ids);
      raws.forEach((raw, i) => {
        const entry = raw === null ? undefined : auditEntrySchema.safeParse(JSON.parse(raw)).data;
        const id = ids[i] ?? "";
        if (entry) tx.zrem(auditKeys.byActor(entry.actorId), id).zrem(auditKeys.bySubject(entry.subject), id);
      });
      await tx.exec();
      trimmed += ids.length;
    }
    return trimmed;
  }

  private indexOf(filter: AuditFilter): string {
    if (filter.actorId !== undefined) return auditKeys.byActor(filter.actorId);
    if (filter.subject !== undefined) return auditKeys.bySubject(filter.subject);
    return auditKeys.log;
  }

  /** The entries of `ids` still kept (an index may name one trimmed since: it is dropped). */
  private async many(ids: string[]): Promise<AuditEntry[]> {
    if (ids.length === 0) return [];
    const raws = await this.redis.hmget(auditKeys.entries, ...ids);
    const entries: AuditEntry[] = [];
    for (const raw of raws) {
      if (raw === null) continue;
      const parsed = auditEntrySchema.safeParse(JSON.parse(raw));
      if (parsed.success) entries.push(parsed.data);
    }
    return entries;
  }
}
