import { randomBytes } from "node:crypto";
import type { ChainableCommander, Redis } from "ioredis";
import { z } from "zod";
import { LOCALES } from "../../config.js";
import type { Clock } from "../../runtime/clock.js";
import { LuaScript } from "../../store/lua.js";
import { readHash } from "../../store/records.js";
import { type AccessLinks, type AccessRef, accessRef } from "../books/index.js";
import { bulkMoveKeys } from "./keys.js";

/** Where a bulk move takes customers from, or to: an xui server, or a location of the panel. */
export const moveEnd = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("xui"), serverId: z.number().int().min(0) }),
  z.object({ kind: z.literal("panel"), location: z.string().regex(/^[A-Za-z0-9_.-]{1,40}$/) }),
]);
export type MoveEnd = z.output<typeof moveEnd>;

/** `xui:<id>` or `panel:<location>`: how a move's end is named in keys and callback data. */
export const moveEndKey = (end: MoveEnd): string =>
  end.kind === "xui" ? `xui:${end.serverId}` : `panel:${end.location}`;

/** Why a customer was left where they are (the report lists each with its reason). */
export const MOVE_SKIPS = [
  "gone",
  "not-on-source",
  "expired",
  "frozen",
  "pending-order",
  "busy",
  "disabled",
  "already-there",
  "no-inbounds",
  "no-main",
  "target-term",
  "cancelled",
] as const;
export type MoveSkip = (typeof MOVE_SKIPS)[number];

/** `running` -> `paused` (by an admin, or the target's runway) <-> `running`; -> `cancelled` | `done`. */
export const MOVE_STATUSES = ["running", "paused", "cancelled", "done"] as const;
export type MoveStatus = (typeof MOVE_STATUSES)[number];

const optionalNumber = z.preprocess(
  (v) => (v === undefined || v === "" ? undefined : Number(v)),
  z.number().optional(),
);
const json = <T extends z.ZodType>(schema: T) => z.string().transform((s) => schema.parse(JSON.parse(s)));

const moveSchema = z.object({
  id: z.string(),
  adminId: z.coerce.number(),
  /** Where the admin's progress message is (their chat) and the language it speaks. */
  chatId: z.coerce.number(),
  locale: z.enum(LOCALES).catch("en"),
  from: json(moveEnd),
  to: json(moveEnd),
  /** The ends' names when the move began (a server's or location's), for the admin's messages. */
  fromName: z.string().optional(),
  toName: z.string().optional(),
  status: z.enum(MOVE_STATUSES),
  /** Why it is paused: the admin, or the target's runway fell below `floorDays`. */
  pausedBy: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["admin", "runway"]).optional()),
  /** The runway (days) the check last gave, when it paused the move. */
  runwayDays: optionalNumber,
  /** The admin resumed after a runway pause: the check does not pause this move again. */
  runwayAccepted: z
    .enum(["0", "1"])
    .default("0")
    .transform((v) => v === "1"),
  floorDays: z.coerce.number(),
  total: z.coerce.number(),
  createdAt: z.coerce.number(),
  finishedAt: optionalNumber,
  progressMessageId: optionalNumber,
  progressText: z.string().optional(),
});
export type BulkMove = z.output<typeof moveSchema>;

/** One subscription's move, by stage: each stage's values are fixed before its hosting write. */
export const ITEM_STAGES = ["entered", "made", "switched", "cleaned", "told"] as const;
export type ItemStage = (typeof ITEM_STAGES)[number];

const itemSchema = z.object({
  subscriptionId: z.string(),
  stage: z.enum(ITEM_STAGES),
  /** Its member id in the subscription's term chain (a term change of mode `move`). */
  changeId: z.string(),
  from: json(accessRef),
  /** Where the new client goes (fixed once: the retry after a lost answer looks it up by name). */
  to: json(accessRef),
  expiresAt: z.coerce.number(),
  /** The new client's traffic limit: what was left on the old one (GB; 0 = unlimited). */
  trafficGb: z.coerce.number(),
  devices: z.coerce.number(),
  /** The new client as made and read back (after `made`). */
  made: json(accessRef).optional(),
  links: json(z.object({ links: z.array(z.string()), subscriptionUrl: z.string().optional() })).optional(),
  /** Attempts that failed on something that may heal (the item is given up after a few). */
  attempts: z.coerce.number().default(0),
  /** The old client could not be removed (its server no longer answers): listed in the report. */
  oldLeft: z.string().optional(),
});
export type MoveItem = z.output<typeof itemSchema>;

export type ItemOutcome =
  | { kind: "moved"; oldLeft?: string | undefined }
  | { kind: "skipped"; reason: MoveSkip }
  | { kind: "failed"; error: string };

/** The counts of a move's outcomes so far. */
export interface MoveCounts {
  total: number;
  moved: number;
  skipped: number;
  failed: number;
}

export interface NewBulkMove {
  adminId: number;
  chatId: number;
  locale: (typeof LOCALES)[number];
  from: MoveEnd;
  to: MoveEnd;
  floorDays: number;
  subscriptionIds: readonly string[];
  fromName?: string | undefined;
  toName?: string | undefined;
  /** The admin's message that shows the progress (the confirmation, edited). */
  progressMessageId?: number | undefined;
}

/** How long a finished move's records are kept (its report can be opened again meanwhile). */
const KEPT_S = 30 * 24 * 3_600;
/** Subscription ids pushed per RPUSH. */
const PUSH_CHUNK = 500;

/** A compare-and-set move of a bulk move's status, with fields (lua/bulk-move-status.lua). */
const STATUS = LuaScript.load(new URL("./lua/bulk-move-status.lua", import.meta.url));

/** The Redis records of bulk moves: the move, its list, each subscription's stage and outcome. */
export class BulkMoveRecords {
  constructor(
    private readonly redis: Redis,
    private readonly clock: Clock,
  ) {}

  /** Records a confirmed move with its fixed list of subscriptions, in one MULTI. */
  async create(input: NewBulkMove): Promise<BulkMove> {
    const id = `mv${this.clock.now().toString(36)}${randomBytes(4).toString("hex")}`;
    const tx = this.redis.multi().hset(bulkMoveKeys.move(id), {
      ...{ id, adminId: String(input.adminId), chatId: String(input.chatId), locale: input.locale },
      ...{ from: JSON.stringify(input.from), to: JSON.stringify(input.to), status: "running" },
      ...{ floorDays: String(input.floorDays), total: String(input.subscriptionIds.length) },
      createdAt: String(this.clock.now()),
      ...(input.fromName ? { fromName: input.fromName } : {}),
      ...(input.toName ? { toName: input.toName } : {}),
      ...(input.progressMessageId !== undefined
        ? { progressMessageId: String(input.progressMessageId) }
        : {}),
    });
    for (let i = 0; i < input.subscriptionIds.length; i += PUSH_CHUNK)
      tx.rpush(bulkMoveKeys.items(id), ...input.subscriptionIds.slice(i, i + PUSH_CHUNK));
    await tx.exec();
    const move = await this.get(id);
    if (!move) throw new Error(`bulk move ${id} was not stored`);
    return move;
  }

  get(id: string): Promise<BulkMove | undefined> {
    return readHash(this.redis, bulkMoveKeys.move(id), moveSchema, { marker: "id", malformed: "throw" });
  }

  items(id: string): Promise<string[]> {
    return this.redis.lrange(bulkMoveKeys.items(id), 0, -1);
  }

  item(id: string, subscriptionId: string): Promise<MoveItem | undefined> {
    return readHash(this.redis, bulkMoveKeys.item(id, subscriptionId), itemSchema, {
      marker: "subscriptionId",
      malformed: "throw",
    });
  }

  /** Fixes an item's target once (a second runner or a retry keeps the first); returns it. */
  async fixItem(id: string, fields: Record<string, string>): Promise<MoveItem> {
    const key = bulkMoveKeys.item(id, fields.subscriptionId ?? "");
    const tx = this.redis.multi();
    for (const [k, v] of Object.entries(fields)) tx.hsetnx(key, k, v);
    await tx.exec();
    const item = await this.item(id, fields.subscriptionId ?? "");
    if (!item) throw new Error(`bulk move ${id}: item ${fields.subscriptionId} was not stored`);
    return item;
  }

  /** Queues an item's new stage (and fields) into `tx`: the caller's MULTI holds it with its own write. */
  stageIn(
    tx: ChainableCommander,
    id: string,
    subscriptionId: string,
    stage: ItemStage,
    fields: Record<string, string> = {},
  ): ChainableCommander {
    return tx.hset(bulkMoveKeys.item(id, subscriptionId), { ...fields, stage });
  }

  async setStage(id: string, subscriptionId: string, stage: ItemStage, fields: Record<string, string> = {}) {
    await this.stageIn(this.redis.multi(), id, subscriptionId, stage, fields).exec();
  }

  /** The new client made and read back, stored before the record is pointed at it. */
  async setMade(id: string, subscriptionId: string, made: AccessRef, links: AccessLinks): Promise<void> {
    await this.setStage(id, subscriptionId, "made", {
      made: JSON.stringify(made),
      links: JSON.stringify(links),
    });
  }

  /** Counts a failed attempt of an item; returns how many there were. */
  attemptFailed(id: string, subscriptionId: string): Promise<number> {
    return this.redis.hincrby(bulkMoveKeys.item(id, subscriptionId), "attempts", 1);
  }

  /** Records what became of an item, once (the first outcome stands). */
  async settle(id: string, subscriptionId: string, outcome: ItemOutcome): Promise<void> {
    await this.redis.hsetnx(bulkMoveKeys.outcomes(id), subscriptionId, outcomeText(outcome));
  }

  /** What became of one subscription, if it is settled. */
  async outcome(id: string, subscriptionId: string): Promise<ItemOutcome | undefined> {
    const text = await this.redis.hget(bulkMoveKeys.outcomes(id), subscriptionId);
    return text === null ? undefined : parseOutcome(text);
  }

  /** Every outcome so far, by subscription id. */
  async outcomes(id: string): Promise<Map<string, ItemOutcome>> {
    const raw = await this.redis.hgetall(bulkMoveKeys.outcomes(id));
    return new Map(Object.entries(raw).map(([sub, text]) => [sub, parseOutcome(text)]));
  }

  async counts(id: string, total: number): Promise<MoveCounts> {
    const counts: MoveCounts = { total, moved: 0, skipped: 0, failed: 0 };
    for (const text of await this.redis.hvals(bulkMoveKeys.outcomes(id)))
      counts[parseOutcome(text).kind] += 1;
    return counts;
  }

  /**
   * Moves the status from one of `from` to `to` with `fields`, atomically; false when it was
   * elsewhere (a cancel racing a resume: one of them wins).
   */
  async transition(
    id: string,
    from: readonly MoveStatus[],
    to: MoveStatus,
    fields: Record<string, string | number> = {},
  ): Promise<boolean> {
    const strings = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)]));
    const moved = await STATUS.run(
      this.redis,
      [bulkMoveKeys.move(id)],
      [from.join(","), to, JSON.stringify(strings)],
    );
    return moved === 1;
  }

  /** Ends the move once: `done` (or stays `cancelled`), finished now; the records kept a while. Returns whether this call ended it. */
  async finish(id: string): Promise<boolean> {
    const key = bulkMoveKeys.move(id);
    const first = await this.redis.hsetnx(key, "finishedAt", String(this.clock.now()));
    if (first) await this.transition(id, ["running", "paused"], "done");
    const tx = this.redis.multi();
    for (const k of [key, bulkMoveKeys.items(id), bulkMoveKeys.outcomes(id)]) tx.expire(k, KEPT_S);
    await tx.exec();
    return first === 1;
  }

  /** Keeps the progress message's id and its last text (edited only when the text changes). */
  async saveProgress(id: string, progress: { messageId?: number; text: string }): Promise<void> {
    await this.redis.hset(bulkMoveKeys.move(id), {
      progressText: progress.text,
      ...(progress.messageId !== undefined ? { progressMessageId: String(progress.messageId) } : {}),
    });
  }

  /** The subscriptions an admin chose on `source` for a move (kept a day). */
  async picked(adminId: number, source: string): Promise<Set<string>> {
    return new Set(await this.redis.smembers(bulkMoveKeys.picked(adminId, source)));
  }

  /** Chooses subscription `id` for a move off `source`, or unchooses it. */
  async togglePick(adminId: number, source: string, id: string): Promise<void> {
    const key = bulkMoveKeys.picked(adminId, source);
    if ((await this.redis.srem(key, id)) === 0) await this.redis.sadd(key, id);
    await this.redis.expire(key, 24 * 3_600);
  }

  /** Forgets an admin's choice on `source` (their move started). */
  async clearPicked(adminId: number, source: string): Promise<void> {
    await this.redis.del(bulkMoveKeys.picked(adminId, source));
  }

  /** Drops an item's stage record once it is settled (its outcome stays). */
  async forgetItem(id: string, subscriptionId: string): Promise<void> {
    await this.redis.expire(bulkMoveKeys.item(id, subscriptionId), KEPT_S);
  }
}

function outcomeText(o: ItemOutcome): string {
  if (o.kind === "moved") return o.oldLeft ? `moved:${o.oldLeft}` : "moved";
  return o.kind === "skipped" ? `skipped:${o.reason}` : `failed:${o.error.slice(0, 300)}`;
}

function parseOutcome(text: string): ItemOutcome {
  const cut = text.indexOf(":");
  const kind = cut < 0 ? text : text.slice(0, cut);
  const rest = cut < 0 ? "" : text.slice(cut + 1);
  if (kind === "moved") return { kind: "moved", oldLeft: rest || undefined };
  if (kind === "skipped") {
    const reason = (MOVE_SKIPS as readonly string[]).includes(rest) ? (rest as MoveSkip) : "gone";
    return { kind: "skipped", reason };
  }
  return { kind: "failed", error: rest };
}
