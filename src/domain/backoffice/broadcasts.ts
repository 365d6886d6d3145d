import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import { z } from "zod";
import { LOCALES, type Locale } from "../../config.js";
import { LuaScript } from "../../store/lua.js";
import { readHash } from "../../store/records.js";
import type { StaffActor } from "../catalog/index.js";
import { auditLuaArgs, auditLuaKeys, auditSubject, STAFF_LUA, writeAuditIn } from "../staff/index.js";
import { broadcastKey, broadcastStatsKey, broadcastStopKey } from "./keys.js";
import { type Audience, audienceSchema } from "./stats.js";

/**
 * A Telegram message entity (bold, link, ...) as far as the shop checks it: its kind and where it
 * sits; other fields (url, user, ...) are kept as they came and Telegram checks them.
 */
export interface TextEntity {
  type: string;
  offset: number;
  length: number;
}

/** A message's entities, checked for their shape (at most 100, as Telegram allows). */
export const textEntities = z
  .array(
    z.looseObject({
      type: z.string().min(1),
      offset: z.number().int().min(0),
      length: z.number().int().positive(),
    }),
  )
  .max(100);

/** A link button under a broadcast message: its label and an https (or tg) address. */
export interface LinkButton {
  text: string;
  url: string;
}

/** At most this many link buttons under one broadcast, each on its own row. */
export const MAX_LINK_BUTTONS = 6;

/** Link buttons, checked: a short label and an https:// or tg:// address. */
export const linkButtons = z
  .array(
    z.object({
      text: z.string().trim().min(1).max(64),
      url: z
        .string()
        .max(512)
        .refine((u) => /^(https:\/\/|tg:\/\/)\S+$/.test(u) && URL.canParse(u)),
    }),
  )
  .max(MAX_LINK_BUTTONS);

/** What an admin asks for when confirming a broadcast. */
export interface BroadcastRequest {
  /** Where the progress message and the final count go. */
  adminChatId: number;
  /** HTML (the admin's text, escaped), or the caption when `photoFileId` is set. */
  text: string;
  /** The admin's formatting: `text` is then plain text, formatted by these entities. */
  entities?: TextEntity[];
  photoFileId?: string;
  /** Link buttons under the message, one a row. */
  buttons?: LinkButton[];
  audience: Audience;
  /** Language of the progress messages (the admin's). */
  locale?: Locale;
}

/** What a Stop press did: stopping now, already stopping, already over, or no such broadcast. */
export type StopOutcome = "stopping" | "already" | "finished" | "unknown";
export const STOP_OUTCOMES = ["stopping", "already", "finished", "unknown"] as const satisfies StopOutcome[];

/**
 * The bot's way to start (and stop) a broadcast; the broadcast queue implements it and its worker
 * does the fan-out, so the bot needs neither. The staff member doing it is checked (`broadcast`)
 * and their action recorded with the broadcast's own write (see BroadcastRecords).
 */
export interface BroadcastStarter {
  start(request: BroadcastRequest, actor: StaffActor): Promise<{ id: string }>;
  /** Stops a running broadcast in every process: what was sent stays sent, the rest is dropped. */
  stop(id: string, actor: StaffActor): Promise<StopOutcome>;
}

/** How long a broadcast's record and counts are kept. */
export const BROADCAST_KEEP_SECONDS = 30 * 24 * 3_600;

/** What became of one queued message of a broadcast (a duplicate is not counted). */
export type DeliveryOutcome = "sent" | "failed" | "blocked" | "cancelled";
export type BroadcastCounts = Record<DeliveryOutcome, number>;

const optNum = z.preprocess(
  (v) => (v === undefined || v === "" ? undefined : v),
  z.coerce.number().optional(),
);
const flag = z
  .string()
  .optional()
  .transform((v) => v === "1");

const recordSchema = z.object({
  id: z.string(),
  adminChatId: z.coerce.number(),
  locale: z.enum(LOCALES),
  text: z.string(),
  /** JSON of the admin's entities, when the text keeps its formatting. */
  entities: z
    .string()
    .optional()
    .transform((v) => (v ? textEntities.parse(JSON.parse(v)) : undefined)),
  photo: z.string().optional(),
  /** JSON of the link buttons under the message. */
  buttons: z
    .string()
    .optional()
    .transform((v) => (v ? linkButtons.parse(JSON.parse(v)) : undefined)),
  audience: audienceSchema,
  createdAt: z.coerce.number(),
  /** Position in the customer list the fan-out has reached. */
  cursor: z.coerce.number().default(0),
  total: z.coerce.number().default(0),
  skipped: z.coerce.number().default(0),
  /** Every page is queued (the total is final). */
  fanned: flag,
  /** The fan-out saw the Stop and queues no more (totals are final). */
  halted: flag,
  progressMessageId: optNum,
  /** The progress text last shown, so an unchanged one is not edited again. */
  progressText: z.string().optional(),
  finishedAt: optNum,
});
export type BroadcastRecord = z.output<typeof recordSchema>;

/** The stop flag set once, unless the broadcast is unknown or over (lua/broadcast-stop.lua). */
const STOP = LuaScript.load(new URL("./lua/broadcast-stop.lua", import.meta.url), STAFF_LUA);
/** How much of a broadcast's text its audit record keeps. */
const TEXT_IN_RECORD = 200;

/**
 * Broadcasts as Redis keeps them, for the queue (start, stop, status), its worker (fan-out and
 * progress) and the outbox (delivery counts, the stop flag): one keyspace, one owner.
 */
export class BroadcastRecords {
  constructor(private readonly redis: Redis) {}

  /**
   * Records a new broadcast (kept 30 days) and returns its id, `bc<time><random>`. With `actor`
   * (a staff member's send): refused (NotPermitted, recorded) unless their role has `broadcast`
   * now, and the broadcast and its audit record (`broadcast.send`) are one step. Without: the
   * unchecked path of tools and tests.
   */
  async create(request: BroadcastRequest & { locale: Locale }, actor?: StaffActor): Promise<string> {
    const action = "broadcast.send";
    const role = actor ? await actor.role("broadcast", { action, subject: "broadcast:new" }) : undefined;
    const id = `bc${Date.now().toString(36)}${randomBytes(4).toString("hex")}`;
    const fields: Record<string, string> = {
      id,
      adminChatId: String(request.adminChatId),
      locale: request.locale,
      text: request.text,
      audience: request.audience,
      createdAt: String(Date.now()),
    };
    if (request.photoFileId) fields.photo = request.photoFileId;
    if (request.entities?.length) fields.entities = JSON.stringify(request.entities);
    if (request.buttons?.length) fields.buttons = JSON.stringify(linkButtons.parse(request.buttons));
    const key = broadcastKey(id);
    const tx = this.redis.multi().hset(key, fields).expire(key, BROADCAST_KEEP_SECONDS);
    if (actor && role) {
      const after = `${request.audience}: ${request.text.slice(0, TEXT_IN_RECORD)}`;
      writeAuditIn(tx, actor.entryAs(role, { action, subject: auditSubject("broadcast", id), after }));
    }
    await tx.exec();
    return id;
  }

  /** The record, or undefined once it expired (or never was). */
  async get(id: string): Promise<BroadcastRecord | undefined> {
    return readHash(this.redis, broadcastKey(id), recordSchema, { marker: "id", malformed: "throw" });
  }

  async counts(id: string): Promise<BroadcastCounts> {
    const h = await this.redis.hgetall(broadcastStatsKey(id));
    return {
      sent: Number(h.sent ?? 0),
      failed: Number(h.failed ?? 0),
      blocked: Number(h.blocked ?? 0),
      cancelled: Number(h.cancelled ?? 0),
    };
  }

  /** Counts one message's outcome (the outbox, as each goes out or is dropped). */
  async count(id: string, outcome: DeliveryOutcome): Promise<void> {
    await this.redis.hincrby(broadcastStatsKey(id), outcome, 1);
  }

  async isStopped(id: string): Promise<boolean> {
    return (await this.redis.exists(broadcastStopKey(id))) === 1;
  }

  /**
   * Sets the stop flag once, unless the broadcast is unknown or over. With `actor`: checked and
   * recorded as `create` (`broadcast.stop`; only the press that stops it is recorded).
   */
  async stop(id: string, actor?: StaffActor): Promise<StopOutcome> {
    const action = { action: "broadcast.stop", subject: auditSubject("broadcast", id) };
    const entry = actor
      ? await actor.entry("broadcast", { ...action, before: "sending", after: "stopped" })
      : undefined;
    const outcome = await STOP.run(
      this.redis,
      [broadcastKey(id), broadcastStopKey(id), ...(entry ? auditLuaKeys(entry) : [])],
      [String(Date.now()), String(BROADCAST_KEEP_SECONDS), ...(entry ? auditLuaArgs(entry) : [])],
    );
    return outcome as StopOutcome;
  }

  /** The progress message now shows `text` (and, once sent, has the id `messageId`). */
  async saveProgress(id: string, progress: { text: string; messageId?: number }): Promise<void> {
    const fields: Record<string, string> = { progressText: progress.text };
    if (progress.messageId !== undefined) fields.progressMessageId = String(progress.messageId);
    await this.redis.hset(broadcastKey(id), fields);
  }

  /**
   * One page of the fan-out is queued: the position moves to `next` (unchanged and marked fanned
   * out when there is no next page), `queued` and `skipped` add to the totals, in one step.
   */
  async advance(id: string, page: { cursor: number; next?: number; queued: number; skipped: number }) {
    const key = broadcastKey(id);
    const tx = this.redis
      .multi()
      .hset(key, "cursor", String(page.next ?? page.cursor))
      .hincrby(key, "total", page.queued)
      .hincrby(key, "skipped", page.skipped);
    if (page.next === undefined) tx.hset(key, "fanned", "1");
    await tx.exec();
  }

  /** The fan-out stopped queuing at the Stop: the totals so far are final. */
  async halt(id: string): Promise<void> {
    await this.redis.hset(broadcastKey(id), "halted", "1");
  }

  /** Over: the record and the counts are kept 30 days from now. */
  async finish(id: string): Promise<void> {
    await this.redis
      .multi()
      .hset(broadcastKey(id), "finishedAt", String(Date.now()))
      .expire(broadcastKey(id), BROADCAST_KEEP_SECONDS)
      .expire(broadcastStatsKey(id), BROADCAST_KEEP_SECONDS)
      .exec();
  }
}
