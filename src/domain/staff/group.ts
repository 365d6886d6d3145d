import type { Redis } from "ioredis";
import { z } from "zod";
import { LuaScript } from "../../store/lua.js";
import { readHash } from "../../store/records.js";
import { type AuditLog, auditSubject } from "./audit.js";
import { staffKeys } from "./keys.js";
import type { StaffRoster } from "./roster.js";

/**
 * The staff group: a forum supergroup the bot posts to, one topic per kind of notice, created by
 * the bot when an owner sets the group up. Where a notice goes (the group's topic, each staff
 * member's private chat, or both) is `routing`; tickets always have their own threads there.
 */

export const STAFF_TOPICS = ["alerts", "payments", "orders", "reconciliation", "report", "tickets"] as const;
export type StaffTopic = (typeof STAFF_TOPICS)[number];

/** Where notices go: staff members' private chats, the group, or both. */
export const ROUTINGS = ["private", "group", "both"] as const;
export type Routing = (typeof ROUTINGS)[number];

const topicsSchema = z.partialRecord(z.enum(STAFF_TOPICS), z.number().int().positive());

const groupSchema = z.object({
  chatId: z.coerce.number().int(),
  title: z.string().default(""),
  topics: z.string().transform((raw, ctx) => {
    try {
      return topicsSchema.parse(JSON.parse(raw));
    } catch {
      ctx.addIssue({ code: "custom", message: "topics are not a topic map" });
      return z.NEVER;
    }
  }),
  routing: z.enum(ROUTINGS).default("both"),
  /** The hour of the daily report in the shop's time zone (0-23); none: no report. */
  reportHour: z.preprocess(
    (v) => (v === "" || v === undefined ? undefined : v),
    z.coerce.number().int().min(0).max(23).optional(),
  ),
});
export type StaffGroupSettings = z.output<typeof groupSchema>;

/** How long one sender may take to make a deleted topic again before another may try. */
const REMAKE_HOLD_MS = 30_000;
/** How long a moved topic's old id keeps leading to the new one (senders queued before the move). */
const MOVES_KEPT_MS = 7 * 24 * 3_600_000;
/** The group's topic of a kind replaced by a new one, and the move remembered (lua/topic-replace.lua). */
const REPLACE = LuaScript.load(new URL("./lua/topic-replace.lua", import.meta.url));

/**
 * What became of a topic found deleted: made again (or by another sender before: its new id),
 * being made by another sender right now (try again shortly), or not a topic of the staff group.
 */
export type TopicReplacement = { kind: "moved"; threadId: number } | { kind: "busy" } | { kind: "unknown" };

/** Where one notice goes: a chat, and the topic in it (none: a private chat). */
export interface NoticeTarget {
  chatId: number;
  threadId?: number | undefined;
}

export class StaffGroup {
  constructor(private readonly deps: { redis: Redis; roster: StaffRoster; audit: AuditLog }) {}

  async get(): Promise<StaffGroupSettings | undefined> {
    return readHash(this.deps.redis, staffKeys.group, groupSchema, {
      marker: "chatId",
      malformed: "undefined",
    });
  }

  /**
   * Sets the group up (`actorId` must hold `staff`): its chat, the topics made in it, where
   * notices go and the report's hour. Recorded in the audit log in the same step.
   */
  async set(actorId: number, settings: StaffGroupSettings): Promise<void> {
    const role = await this.deps.roster.require(
      actorId,
      "staff",
      "group.set",
      auditSubject("group", settings.chatId),
    );
    const before = await this.get();
    const fields = {
      chatId: String(settings.chatId),
      title: settings.title,
      topics: JSON.stringify(settings.topics),
      routing: settings.routing,
      reportHour: settings.reportHour === undefined ? "" : String(settings.reportHour),
    };
    const tx = this.deps.redis.multi().del(staffKeys.group).hset(staffKeys.group, fields);
    await this.deps.audit.recordIn(tx, {
      actorId,
      role,
      action: "group.set",
      subject: auditSubject("group", settings.chatId),
      before: before ? `${before.chatId} ${before.routing}` : "none",
      after: `${settings.chatId} ${settings.routing} report=${settings.reportHour ?? "off"}`,
    });
  }

  /** Stops using the group (notices go to private chats again). */
  async clear(actorId: number): Promise<void> {
    const role = await this.deps.roster.require(actorId, "staff", "group.clear", "group");
    const before = await this.get();
    const tx = this.deps.redis.multi().del(staffKeys.group);
    await this.deps.audit.recordIn(tx, {
      actorId,
      role,
      action: "group.clear",
      subject: auditSubject("group", before?.chatId ?? "none"),
      before: before ? String(before.chatId) : "none",
      after: "none",
    });
  }

  /**
   * Where a notice of `topic` goes: the group's topic when the group takes it, each of
   * `privateIds` (the staff who would get it privately) when routing says so, or when there is
   * no group (or no topic of that kind in it).
   */
  async targets(topic: StaffTopic, privateIds: readonly number[]): Promise<NoticeTarget[]> {
    const group = await this.get();
    const threadId = group?.topics[topic];
    const inGroup = group !== undefined && threadId !== undefined && group.routing !== "private";
    const privately = !inGroup || group.routing === "both";
    return [
      ...(inGroup ? [{ chatId: group.chatId, threadId }] : []),
      ...(privately ? privateIds.map((chatId) => ({ chatId })) : []),
    ];
  }

  /**
   * A topic of the group deleted by hand (a send to `threadId` found no thread): `make` creates
   * one for its kind, once however many senders find it gone at the same moment (the others are
   * told `busy`, then `moved`), and the group uses it from then on. Not a staff action: nothing
   * is recorded in the audit log.
   */
  async replaceTopic(
    chatId: number,
    threadId: number,
    make: (topic: StaffTopic) => Promise<number>,
  ): Promise<TopicReplacement> {
    const field = `${chatId}:${threadId}`;
    // The group before the moves: a replacement finishing between the two reads (it writes both
    // at once) then shows as a move, not as a thread that was never one of the group's topics.
    const group = await this.get();
    const moved = await this.deps.redis.hget(staffKeys.topicMoves, field);
    if (moved !== null) return { kind: "moved", threadId: Number(moved) };
    const topic =
      group?.chatId === chatId ? STAFF_TOPICS.find((k) => group.topics[k] === threadId) : undefined;
    if (!topic) return { kind: "unknown" };
    const hold = await this.deps.redis.set(staffKeys.topicRemake(field), "1", "PX", REMAKE_HOLD_MS, "NX");
    if (!hold) return { kind: "busy" };
    const made = await make(topic);
    await REPLACE.run(
      this.deps.redis,
      [staffKeys.group, staffKeys.topicMoves],
      [chatId, topic, threadId, made, field, MOVES_KEPT_MS],
    );
    return { kind: "moved", threadId: made };
  }
}
