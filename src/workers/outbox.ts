import { createHash } from "node:crypto";
import type { Job } from "bullmq";
import { type Api, GrammyError } from "grammy";
import type { InlineKeyboardMarkup, MessageEntity } from "grammy/types";
import type { Redis } from "ioredis";
import { z } from "zod";
import { BroadcastRecords } from "../domain/backoffice/index.js";
import type { Customers } from "../domain/books/index.js";
import type { Metrics } from "../http/metrics.js";
import { linkKeyboard } from "../render/link-buttons.js";
import { DelayedError, Queue, Worker } from "../runtime/library-parts.js";
import type { Logger } from "../runtime/logger.js";
import { inJobScope, QUEUE_PREFIX } from "./queues.js";
import type { SendBudget } from "./send-budget.js";

export const OUTBOX_QUEUE = "outbox";

/**
 * Telegram allows about 30 messages a second overall: the outbox paces itself to 28, one at a
 * time (at most 29 in any second), and the send budget (send-budget.ts) takes the replies the
 * bot sends meanwhile off that.
 */
export const OUTBOX_PER_SECOND = 28;
/** The outbox's pace under an overall limit of `limit` a second: one below it, as 28 is to 29. */
export const outboxRate = (limit: number): number => Math.max(1, limit - 1);
/** And one message a second per chat. */
export const PER_CHAT_GAP_MS = 1_000;
/** How long a "sent" record keeps a once-only message from going out again. */
const SENT_TTL_SECONDS = 60 * 24 * 3600;

const keyboard = z.custom<InlineKeyboardMarkup>(
  (v) =>
    typeof v === "object" &&
    v !== null &&
    Array.isArray((v as { inline_keyboard?: unknown }).inline_keyboard),
);

/** Telegram message entities (bold, links, ...), checked for their shape; Telegram checks the rest. */
export const messageEntities = z
  .array(
    z.looseObject({
      type: z.string().min(1),
      offset: z.number().int().min(0),
      length: z.number().int().positive(),
    }),
  )
  .max(100)
  .transform((list) => list as MessageEntity[]);

export const outboxMessage = z
  .object({
    chatId: z.number().int(),
    /**
     * HTML text (or the caption when `photo` is set); plain text when `entities` is set. A
     * broadcast's messages carry none: the text, formatting and photo are read from the
     * broadcast's record when each goes out, so a fan-out to 100 000 customers stores them once.
     */
    text: z.string().min(1).max(4096).optional(),
    /** The text's formatting as entities (a broadcast keeps the admin's): no HTML parsing then. */
    entities: messageEntities.optional(),
    /** A Telegram file_id of a photo to send with `text` as its caption. */
    photo: z.string().optional(),
    keyboard: keyboard.optional(),
    /** Sent at most once per key (e.g. `remind:<sub>:<expiry>:3d`). */
    once: z.string().max(200).optional(),
    /** Counted into this broadcast's progress. */
    broadcastId: z.string().max(64).optional(),
    /** The forum topic of a group it goes to (the staff group's alerts, a ticket's thread). */
    threadId: z.number().int().positive().optional(),
  })
  .refine((m) => m.text !== undefined || m.broadcastId !== undefined, "a message needs a text")
  .refine((m) => !m.photo || (m.text ?? "").length <= 1024, "a caption holds at most 1024 characters");
export type OutboxMessage = z.output<typeof outboxMessage>;
/** A message as it goes out: with its text (a broadcast's read from its record). */
type Sendable = OutboxMessage & { text: string };

/** `cancelled`: a message of a broadcast that was stopped before it went out. */
export type SendOutcome = "sent" | "blocked" | "failed" | "duplicate" | "cancelled";

const sentKey = (once: string) => `outbox:sent:${once}`;
/** BullMQ job ids may not contain ":"; a digest of the once-key serves. */
const onceJobId = (once: string) => `once-${createHash("sha1").update(once).digest("base64url")}`;

/**
 * BullMQ's limiter counts per fixed window; a sliding second can then see up to (windows + 1)
 * windows' worth. Windows of one message each keep that peak at the wanted rate + 1 and the
 * average at the rate (5 windows of 200 ms held 25/s to stay under 30); rates past 100/s (tests)
 * go in 10 ms windows.
 */
export function limiterFor(perSecond: number): { max: number; duration: number } {
  const duration = Math.max(10, Math.ceil(1000 / perSecond));
  return { max: Math.max(1, Math.floor((perSecond * duration) / 1000)), duration };
}
const gapKey = (chatId: number) => `outbox:gap:${chatId}`;

/**
 * A broadcast's messages wait behind everything else (BullMQ takes jobs without a priority
 * before prioritised ones): a purchase's delivery, a reminder or an outage notice never queues
 * behind a 100 000-customer fan-out.
 */
const BROADCAST_PRIORITY = 100;
/**
 * A broadcast's message to a chat has its own job id: a fan-out retried after a crash between
 * queuing a page and saving its cursor queues that page again, and BullMQ keeps the jobs it
 * already has (waiting, or among the completed it keeps) instead of sending twice.
 */
const broadcastJobId = (broadcastId: string, chatId: number) => `${broadcastId}-to-${chatId}`;
const jobOptions = (data: OutboxMessage) => ({
  jobId: data.once
    ? onceJobId(data.once)
    : data.broadcastId
      ? broadcastJobId(data.broadcastId, data.chatId)
      : undefined,
  ...(data.broadcastId ? { priority: BROADCAST_PRIORITY } : {}),
  attempts: 5,
  backoff: { type: "exponential" as const, delay: 2_000 },
  removeOnComplete: { age: 24 * 3600, count: 10_000 },
  removeOnFail: { age: 7 * 24 * 3600 },
});

/** Producer side: queue a message for rate-limited delivery. */
export class Outbox {
  readonly queue: Queue<OutboxMessage>;

  constructor(connection: Redis) {
    this.queue = new Queue<OutboxMessage>(OUTBOX_QUEUE, { connection, prefix: QUEUE_PREFIX });
  }

  /**
   * Queues one message. A `once` key doubles as the job id, so queuing the same reminder twice
   * (a scan repeated after a crash) keeps one job.
   */
  async send(message: OutboxMessage, options: { delayMs?: number } = {}): Promise<void> {
    const data = outboxMessage.parse(message);
    await this.queue.add("send", data, { ...jobOptions(data), delay: options.delayMs });
  }

  async sendMany(messages: OutboxMessage[]): Promise<void> {
    await this.queue.addBulk(
      messages.map((m) => {
        const data = outboxMessage.parse(m);
        return { name: "send", data, opts: jobOptions(data) };
      }),
    );
  }

  /** Drops a queued once-only message (tests, admin clean-up). */
  async forget(once: string): Promise<void> {
    await this.queue.remove(onceJobId(once));
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}

export interface OutboxWorkerDeps {
  connection: Redis;
  /** For the once-records and per-chat gaps (the bot's connection is fine). */
  redis: Redis;
  api: Api;
  customers: Customers;
  logger: Logger;
  metrics?: Metrics;
  perSecond?: number;
  perChatGapMs?: number;
  /** Telegram's overall limit shared with the bot's replies (none: the limiter alone paces). */
  budget?: SendBudget;
  /**
   * A forum topic a message was for is gone (deleted by hand): the thread it goes to now (the
   * staff group's topic made again), or none. Asked once per message; a throw retries the job.
   */
  threadGone?: (chatId: number, threadId: number) => Promise<number | undefined>;
}

/** Telegram's answers to a send into a forum topic that no longer exists. */
const THREAD_GONE = /message thread not found|TOPIC_DELETED|TOPIC_ID_INVALID/i;

/**
 * Delivers queued messages within Telegram's limits: at most `perSecond` overall (BullMQ's
 * limiter), one per chat per second, obeying 429 `retry_after`; a chat that blocked the bot is
 * marked and skipped next time; a once-only message is never sent twice.
 */
export function startOutboxWorker(deps: OutboxWorkerDeps): Worker<OutboxMessage, SendOutcome> {
  const delivery = new OutboxDelivery(deps, (ms) => worker.rateLimit(ms));
  const worker: Worker<OutboxMessage, SendOutcome> = new Worker<OutboxMessage, SendOutcome>(
    OUTBOX_QUEUE,
    inJobScope(OUTBOX_QUEUE, (job: Job<OutboxMessage, SendOutcome>, token?: string) =>
      delivery.process(job, token),
    ),
    {
      connection: deps.connection,
      prefix: QUEUE_PREFIX,
      concurrency: 8,
      limiter: limiterFor(deps.perSecond ?? OUTBOX_PER_SECOND),
    },
  );
  worker.on("error", (err) => deps.logger.error({ err }, "outbox worker error"));
  return worker;
}

/** One outbox job: skipped, held back for its chat's gap, or sent, and its outcome counted. */
class OutboxDelivery {
  private readonly gap: number;
  private readonly broadcasts: BroadcastRecords;
  private readonly contents = new Map<string, Pick<Sendable, "text" | "entities" | "photo" | "keyboard">>();

  constructor(
    private readonly deps: OutboxWorkerDeps,
    /** Pauses the whole queue (Telegram's 429 applies to the bot, not the chat). */
    private readonly rateLimit: (ms: number) => Promise<void>,
  ) {
    this.gap = deps.perChatGapMs ?? PER_CHAT_GAP_MS;
    this.broadcasts = new BroadcastRecords(deps.redis);
  }

  async process(job: Job<OutboxMessage, SendOutcome>, token?: string): Promise<SendOutcome> {
    const { redis } = this.deps;
    const queued = outboxMessage.parse(job.data);
    const skipped = await this.skipped(queued);
    if (skipped) return this.record(queued, skipped);
    const message = await this.withText(queued);
    // The broadcast's record expired (30 days) before this message went out.
    if (!message) return this.record(queued, "cancelled");
    // One message per chat per second: a second one waits its turn.
    const free = await redis.set(gapKey(message.chatId), "1", "PX", this.gap, "NX");
    if (!free) {
      await job.moveToDelayed(Date.now() + this.gap, token);
      throw new DelayedError();
    }
    // The bot's places are taken for now (replies to customers went first): wait for the next.
    const wait = (await this.deps.budget?.take()) ?? 0;
    if (wait > 0) {
      await redis.del(gapKey(message.chatId));
      await this.rateLimit(wait);
      throw Worker.RateLimitError();
    }
    const sent = await this.sendOrMove(message, job);
    if (sent !== "sent") return sent;
    if (message.once) await redis.set(sentKey(message.once), "1", "EX", SENT_TTL_SECONDS);
    return this.record(message, "sent");
  }

  /**
   * Sends `message`; one whose forum topic was deleted goes once more to the topic that replaces
   * it (see `threadGone`), and fails for good if that fails too.
   */
  private async sendOrMove(message: Sendable, job: Job<OutboxMessage, SendOutcome>): Promise<SendOutcome> {
    try {
      await this.send(message);
      return "sent";
    } catch (err) {
      const threadId = await this.movedThread(err, message);
      if (threadId === undefined) return await this.sendFailed(err, job, message);
      const moved = { ...message, threadId };
      try {
        await this.send(moved);
        this.deps.logger.info({ chatId: message.chatId, threadId }, "sent to a forum topic made again");
        return "sent";
      } catch (again) {
        return await this.sendFailed(again, job, moved);
      }
    }
  }

  /** Where a message refused for its deleted topic goes now (undefined: it does not move). */
  private async movedThread(err: unknown, message: Sendable): Promise<number | undefined> {
    const gone = err instanceof GrammyError && err.error_code === 400 && THREAD_GONE.test(err.description);
    if (!gone || message.threadId === undefined || !this.deps.threadGone) return undefined;
    return this.deps.threadGone(message.chatId, message.threadId);
  }

  /** Why the message is not sent at all: sent before, its broadcast stopped, or a blocked chat. */
  private async skipped(message: OutboxMessage): Promise<SendOutcome | undefined> {
    if (message.once && (await this.deps.redis.exists(sentKey(message.once)))) return "duplicate";
    if (message.broadcastId && (await this.broadcasts.isStopped(message.broadcastId))) return "cancelled";
    if (message.broadcastId && (await this.deps.customers.get(message.chatId))?.botBlocked) return "blocked";
    return undefined;
  }

  /** The message with its text: a broadcast's text, formatting and photo come from its record. */
  private async withText(message: OutboxMessage): Promise<Sendable | undefined> {
    if (message.text !== undefined) return { ...message, text: message.text };
    const id = message.broadcastId ?? "";
    let content = this.contents.get(id);
    if (!content) {
      const rec = await this.broadcasts.get(id);
      if (!rec) return undefined;
      content = {
        text: rec.text,
        entities: rec.entities as MessageEntity[] | undefined,
        photo: rec.photo,
        keyboard: linkKeyboard(rec.buttons),
      };
      // A broadcast's content never changes: a few recent ones are kept in memory.
      if (this.contents.size >= 8) this.contents.delete(this.contents.keys().next().value ?? "");
      this.contents.set(id, content);
    }
    return { ...message, ...content };
  }

  private async send(message: Sendable): Promise<void> {
    const { entities } = message;
    const options = {
      parse_mode: entities ? undefined : ("HTML" as const),
      reply_markup: message.keyboard,
      ...(message.threadId ? { message_thread_id: message.threadId } : {}),
    };
    if (message.photo) {
      await this.deps.api.sendPhoto(message.chatId, message.photo, {
        ...options,
        caption: message.text,
        caption_entities: entities,
      });
    } else {
      await this.deps.api.sendMessage(message.chatId, message.text, {
        ...options,
        entities,
        link_preview_options: { is_disabled: true },
      });
    }
  }

  /** A refused send: a 429 pauses the queue, 403 marks the chat, 400 fails it, the rest retries. */
  private async sendFailed(
    err: unknown,
    job: Job<OutboxMessage, SendOutcome>,
    message: OutboxMessage,
  ): Promise<SendOutcome> {
    const { deps } = this;
    if (err instanceof GrammyError && err.error_code === 429) {
      const waitMs = (err.parameters.retry_after ?? 1) * 1_000;
      deps.logger.warn({ waitMs }, "Telegram asked to slow down");
      await this.rateLimit(waitMs);
      await deps.redis.del(gapKey(message.chatId));
      throw Worker.RateLimitError();
    }
    if (err instanceof GrammyError && err.error_code === 403) {
      await deps.customers.markBotBlocked(message.chatId);
      return this.record(message, "blocked");
    }
    if (err instanceof GrammyError && err.error_code === 400) {
      deps.logger.warn({ chatId: message.chatId, err: err.description }, "message refused");
      return this.record(message, "failed");
    }
    const attempts = job.opts.attempts ?? 1;
    if (job.attemptsMade + 1 >= attempts) await this.record(message, "failed");
    throw err;
  }

  private async record(message: OutboxMessage, outcome: SendOutcome): Promise<SendOutcome> {
    this.deps.metrics?.jobs.inc({ queue: OUTBOX_QUEUE, outcome });
    if (message.broadcastId && outcome !== "duplicate") {
      await this.broadcasts.count(message.broadcastId, outcome);
    }
    return outcome;
  }
}
