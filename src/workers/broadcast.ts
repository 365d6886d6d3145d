import { randomBytes } from "node:crypto";
import { DelayedError, type Job, Queue, UnrecoverableError, Worker } from "bullmq";
import { type Api, GrammyError } from "grammy";
import type { InlineKeyboardMarkup, MessageEntity } from "grammy/types";
import type { Redis } from "ioredis";
import { z } from "zod";
import type { Locale } from "../config.js";
import { AUDIENCES, type Audience, type AudienceDeps, audiencePage } from "../domain/stats.js";
import type { Metrics } from "../http/metrics.js";
import type { Logger } from "../logger.js";
import type { I18nLike } from "../render/i18n-like.js";
import { broadcastCb } from "../render/notice-buttons.js";
import {
  broadcastStatsKey,
  broadcastStopKey,
  messageEntities,
  type Outbox,
  outboxMessage,
} from "./outbox.js";
import { QUEUE_PREFIX } from "./queues.js";

export const BROADCAST_QUEUE = "broadcast";
/** Recipients queued into the outbox per step of the fan-out. */
export const BROADCAST_BATCH = 500;
/** How often the admin's progress message is refreshed. */
export const PROGRESS_EVERY_MS = 3_000;
/** A broadcast still not done after this long is reported with what is known. */
export const BROADCAST_MAX_WAIT_MS = 24 * 3_600_000;
const KEEP_SECONDS = 30 * 24 * 3_600;

/** What an admin asks for when confirming a broadcast. */
export interface BroadcastRequest {
  /** Where the progress message and the final count go. */
  adminChatId: number;
  /** HTML (the admin's text, escaped), or the caption when `photoFileId` is set. */
  text: string;
  /** The admin's formatting: `text` is then plain text, formatted by these entities. */
  entities?: MessageEntity[];
  photoFileId?: string;
  audience: Audience;
  /** Language of the progress messages (the admin's). */
  locale?: Locale;
}

/** What a Stop press did: stopping now, already stopping, already over, or no such broadcast. */
export type StopOutcome = "stopping" | "already" | "finished" | "unknown";

/** The bot's way to start (and stop) a broadcast; the fan-out itself runs in the broadcast worker. */
export interface BroadcastStarter {
  start(request: BroadcastRequest): Promise<{ id: string }>;
  /** Stops a running broadcast in every process: what was sent stays sent, the rest is dropped. */
  stop(id: string): Promise<StopOutcome>;
}

export interface BroadcastStatus {
  id: string;
  audience: Audience;
  /** Recipients queued so far (final once `fannedOut`). */
  total: number;
  /** Customers left out: blocked by an admin, or they had blocked the bot before. */
  skipped: number;
  sent: number;
  failed: number;
  /** Blocked the bot (found now, or marked in between). */
  blocked: number;
  /** Queued but dropped because the broadcast was stopped. */
  cancelled: number;
  fannedOut: boolean;
  /** An admin pressed Stop. */
  stopped: boolean;
  finished: boolean;
}

const jobData = z.object({ broadcastId: z.string().regex(/^bc[a-z0-9]{8,40}$/) });
type BroadcastJobData = z.output<typeof jobData>;

const optNum = z.preprocess(
  (v) => (v === undefined || v === "" ? undefined : v),
  z.coerce.number().optional(),
);
const record = z.object({
  id: z.string(),
  adminChatId: z.coerce.number(),
  locale: z.enum(["en", "ru"]),
  text: z.string(),
  /** JSON of the admin's entities, when the text keeps its formatting. */
  entities: z
    .string()
    .optional()
    .transform((v) => (v ? messageEntities.parse(JSON.parse(v)) : undefined)),
  photo: z.string().optional(),
  audience: z.enum(AUDIENCES),
  createdAt: z.coerce.number(),
  /** Position in the customer list the fan-out has reached. */
  cursor: z.coerce.number().default(0),
  total: z.coerce.number().default(0),
  skipped: z.coerce.number().default(0),
  fanned: z
    .string()
    .optional()
    .transform((v) => v === "1"),
  /** The fan-out saw the Stop and queues no more (totals are final). */
  halted: z
    .string()
    .optional()
    .transform((v) => v === "1"),
  progressMessageId: optNum,
  /** The progress text last shown, so an unchanged one is not edited again. */
  progressText: z.string().optional(),
  finishedAt: optNum,
});
type BroadcastRecord = z.output<typeof record>;

export const broadcastKey = (id: string) => `broadcast:${id}`;

function newBroadcastId(): string {
  return `bc${Date.now().toString(36)}${randomBytes(4).toString("hex")}`;
}

async function load(redis: Redis, id: string): Promise<BroadcastRecord | undefined> {
  const h = await redis.hgetall(broadcastKey(id));
  return h.id ? record.parse(h) : undefined;
}

interface Counts {
  sent: number;
  failed: number;
  blocked: number;
  cancelled: number;
}

async function counts(redis: Redis, id: string): Promise<Counts> {
  const h = await redis.hgetall(broadcastStatsKey(id));
  return {
    sent: Number(h.sent ?? 0),
    failed: Number(h.failed ?? 0),
    blocked: Number(h.blocked ?? 0),
    cancelled: Number(h.cancelled ?? 0),
  };
}

const isStopped = async (redis: Redis, id: string) => (await redis.exists(broadcastStopKey(id))) === 1;

/**
 * Marks a broadcast stopped unless it is unknown or over. KEYS: record, stop key. ARGV: now, ttl.
 * Returns the StopOutcome.
 */
const STOP = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 'unknown' end
if redis.call('HEXISTS', KEYS[1], 'finishedAt') == 1 then return 'finished' end
if redis.call('SET', KEYS[2], ARGV[1], 'NX', 'EX', ARGV[2]) then return 'stopping' end
return 'already'`;

/**
 * Producer side: records a broadcast and queues its fan-out as one job whose id is the broadcast
 * id, so the bot answers at once however large the audience is.
 */
export class BroadcastQueue implements BroadcastStarter {
  readonly queue: Queue<BroadcastJobData>;

  constructor(
    private readonly redis: Redis,
    private readonly defaultLocale: Locale = "en",
  ) {
    this.queue = new Queue<BroadcastJobData>(BROADCAST_QUEUE, { connection: redis, prefix: QUEUE_PREFIX });
  }

  async start(request: BroadcastRequest): Promise<{ id: string }> {
    // The outbox's own rules (length, caption limit) checked now, not per recipient later.
    outboxMessage.parse({
      chatId: request.adminChatId,
      text: request.text,
      entities: request.entities,
      photo: request.photoFileId,
    });
    const id = newBroadcastId();
    const fields: Record<string, string> = {
      id,
      adminChatId: String(request.adminChatId),
      locale: request.locale ?? this.defaultLocale,
      text: request.text,
      audience: request.audience,
      createdAt: String(Date.now()),
    };
    if (request.photoFileId) fields.photo = request.photoFileId;
    if (request.entities?.length) fields.entities = JSON.stringify(request.entities);
    await this.redis.multi().hset(broadcastKey(id), fields).expire(broadcastKey(id), KEEP_SECONDS).exec();
    await this.queue.add(
      "fanout",
      { broadcastId: id },
      {
        jobId: id,
        attempts: 5,
        backoff: { type: "exponential", delay: 5_000 },
        removeOnComplete: { age: 7 * 24 * 3_600 },
        removeOnFail: { age: 30 * 24 * 3_600 },
      },
    );
    return { id };
  }

  async stop(id: string): Promise<StopOutcome> {
    const outcome = await this.redis.eval(
      STOP,
      2,
      broadcastKey(id),
      broadcastStopKey(id),
      String(Date.now()),
      String(KEEP_SECONDS),
    );
    return outcome as StopOutcome;
  }

  /** Queues the repeating progress check of a broadcast (one job per broadcast). */
  async watch(id: string, delayMs: number): Promise<void> {
    await this.queue.add(
      "progress",
      { broadcastId: id },
      {
        jobId: `${id}-progress`,
        delay: delayMs,
        attempts: 10,
        backoff: { type: "exponential", delay: 5_000 },
        removeOnComplete: { age: 7 * 24 * 3_600 },
        removeOnFail: { age: 30 * 24 * 3_600 },
      },
    );
  }

  /** Where a broadcast stands (undefined once its record expired). */
  async status(id: string): Promise<BroadcastStatus | undefined> {
    const rec = await load(this.redis, id);
    if (!rec) return undefined;
    return {
      id,
      audience: rec.audience,
      total: rec.total,
      skipped: rec.skipped,
      ...(await counts(this.redis, id)),
      fannedOut: rec.fanned,
      stopped: await isStopped(this.redis, id),
      finished: rec.finishedAt !== undefined,
    };
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}

export interface BroadcastWorkerDeps extends AudienceDeps {
  /** The worker's own connection (maxRetriesPerRequest: null). */
  connection: Redis;
  /** For the broadcast records (the bot's connection is fine). */
  redis: Redis;
  queue: BroadcastQueue;
  outbox: Pick<Outbox, "send" | "sendMany">;
  api: Api;
  i18n: I18nLike;
  logger: Logger;
  metrics?: Metrics;
  batchSize?: number;
  progressEveryMs?: number;
  maxWaitMs?: number;
}

/**
 * Runs broadcasts: the fan-out job walks the audience page by page and queues the messages into
 * the outbox (which keeps Telegram's limits, obeys 429 and marks users who blocked the bot); a
 * progress job comes back every few seconds to edit the admin's progress message, and when every
 * message is accounted for it shows the final count and sends it to the admin.
 *
 * Resuming: the fan-out saves its position after each page, so a retried job goes on from there.
 * A crash between queuing a page and saving the position queues that one page again (at most
 * `batchSize` customers get the message twice); once-keys per recipient would close that gap at the
 * cost of a Redis key per recipient for weeks.
 */
export function startBroadcastWorker(deps: BroadcastWorkerDeps): Worker<BroadcastJobData, string> {
  const { redis, api, logger } = deps;
  const every = deps.progressEveryMs ?? PROGRESS_EVERY_MS;
  const batch = deps.batchSize ?? BROADCAST_BATCH;
  const maxWait = deps.maxWaitMs ?? BROADCAST_MAX_WAIT_MS;

  const render = (rec: BroadcastRecord, c: Counts, final: boolean, stopped: boolean) => {
    const vars = {
      audience: deps.i18n.t(rec.locale, `broadcast-to-${rec.audience}`),
      total: rec.total,
      skipped: rec.skipped,
      done: c.sent + c.failed + c.blocked,
      ...c,
    };
    if (stopped) return deps.i18n.t(rec.locale, final ? "broadcast-stopped" : "broadcast-stopping", vars);
    if (final) return deps.i18n.t(rec.locale, "broadcast-done", vars);
    const more = rec.fanned ? "" : ` ${deps.i18n.t(rec.locale, "broadcast-progress-queuing")}`;
    return deps.i18n.t(rec.locale, "broadcast-progress", { ...vars, more });
  };

  /** The Stop button, while the broadcast runs (a stopping or finished one has none). */
  const stopButton = (rec: BroadcastRecord): InlineKeyboardMarkup => ({
    inline_keyboard: [
      [
        {
          text: deps.i18n.t(rec.locale, "broadcast-stop"),
          callback_data: broadcastCb.pack({ act: "stop", id: rec.id, aud: "", tok: "" }),
        },
      ],
    ],
  });

  /** Edits the progress message unless it shows this already; a failed edit is tried next time. */
  const showProgress = async (rec: BroadcastRecord, text: string, markup?: InlineKeyboardMarkup) => {
    if (rec.progressMessageId === undefined || text === rec.progressText) return;
    try {
      await api.editMessageText(rec.adminChatId, rec.progressMessageId, text, {
        parse_mode: "HTML",
        reply_markup: markup,
      });
    } catch (err) {
      const unchanged = err instanceof GrammyError && err.description.includes("message is not modified");
      const permanent = err instanceof GrammyError && (err.error_code === 400 || err.error_code === 403);
      if (!unchanged) {
        logger.warn({ err, broadcastId: rec.id }, "could not update the broadcast progress");
        if (!permanent) return;
      }
    }
    await redis.hset(broadcastKey(rec.id), "progressText", text);
  };

  const fanOut = async (id: string): Promise<string> => {
    let rec = await load(redis, id);
    if (!rec) throw new UnrecoverableError(`broadcast ${id} not found`);
    if (rec.finishedAt !== undefined) return "finished";
    if (rec.progressMessageId === undefined) {
      const text = render(rec, { sent: 0, failed: 0, blocked: 0, cancelled: 0 }, false, false);
      try {
        const message = await api.sendMessage(rec.adminChatId, text, {
          parse_mode: "HTML",
          reply_markup: stopButton(rec),
        });
        await redis.hset(broadcastKey(id), { progressMessageId: message.message_id, progressText: text });
      } catch (err) {
        // Progress is a courtesy: the broadcast goes out without it.
        logger.warn({ err, broadcastId: id }, "could not send the broadcast progress message");
      }
    }
    await deps.queue.watch(id, every);
    const { text, entities, photo, audience } = rec;
    for (let cursor = rec.cursor; !rec.fanned && !rec.halted; ) {
      if (await isStopped(redis, id)) {
        // Stopped: queue no more; the totals so far are final.
        await redis.hset(broadcastKey(id), "halted", "1");
        logger.info({ broadcastId: id }, "broadcast stopped while queuing");
        return "stopped";
      }
      const page = await audiencePage(deps, audience, cursor, batch);
      if (page.ids.length > 0) {
        await deps.outbox.sendMany(
          page.ids.map((chatId) => ({ chatId, text, entities, photo, broadcastId: id })),
        );
      }
      const tx = redis
        .multi()
        .hset(broadcastKey(id), "cursor", String(page.next ?? cursor))
        .hincrby(broadcastKey(id), "total", page.ids.length)
        .hincrby(broadcastKey(id), "skipped", page.skipped);
      if (page.next === undefined) tx.hset(broadcastKey(id), "fanned", "1");
      await tx.exec();
      if (page.next === undefined) break;
      cursor = page.next;
    }
    rec = (await load(redis, id)) ?? rec;
    logger.info({ broadcastId: id, total: rec.total, skipped: rec.skipped }, "broadcast queued");
    return "queued";
  };

  const progress = async (job: Job<BroadcastJobData, string>, token: string | undefined, id: string) => {
    const rec = await load(redis, id);
    if (!rec || rec.finishedAt !== undefined) return "finished";
    const [c, stopped] = await Promise.all([counts(redis, id), isStopped(redis, id)]);
    // Every queued message is accounted for (sent, refused, blocked, or dropped after a Stop)
    // once the fan-out has queued its last page or halted at the Stop.
    const queued = rec.fanned || rec.halted;
    const done = queued && c.sent + c.failed + c.blocked + c.cancelled >= rec.total;
    const overdue = Date.now() - job.timestamp > maxWait;
    if (!done && !overdue) {
      await showProgress(rec, render(rec, c, false, stopped), stopped ? undefined : stopButton(rec));
      await job.moveToDelayed(Date.now() + every, token);
      throw new DelayedError();
    }
    const final = render(rec, c, true, stopped);
    await showProgress(rec, final);
    // Through the outbox, once: a re-run of this job cannot send the final count twice.
    await deps.outbox.send({
      chatId: rec.adminChatId,
      text: deps.i18n.t(rec.locale, stopped ? "broadcast-final-stopped" : "broadcast-final", {
        audience: deps.i18n.t(rec.locale, `broadcast-to-${rec.audience}`),
        total: rec.total,
        ...c,
      }),
      once: `broadcast:${id}:final`,
    });
    await redis
      .multi()
      .hset(broadcastKey(id), "finishedAt", String(Date.now()))
      .expire(broadcastKey(id), KEEP_SECONDS)
      .expire(broadcastStatsKey(id), KEEP_SECONDS)
      .exec();
    logger.info({ broadcastId: id, total: rec.total, ...c, stopped, overdue }, "broadcast finished");
    return "finished";
  };

  const worker: Worker<BroadcastJobData, string> = new Worker<BroadcastJobData, string>(
    BROADCAST_QUEUE,
    async (job, token) => {
      const { broadcastId } = jobData.parse(job.data);
      try {
        const outcome =
          job.name === "fanout"
            ? await fanOut(broadcastId)
            : job.name === "progress"
              ? await progress(job, token, broadcastId)
              : undefined;
        if (outcome === undefined) throw new UnrecoverableError(`unknown broadcast job ${job.name}`);
        deps.metrics?.jobs.inc({ queue: BROADCAST_QUEUE, outcome });
        return outcome;
      } catch (err) {
        if (!(err instanceof DelayedError)) {
          deps.metrics?.jobs.inc({ queue: BROADCAST_QUEUE, outcome: "error" });
          logger.warn({ err, broadcastId, job: job.name }, "broadcast job failed");
        }
        throw err;
      }
    },
    { connection: deps.connection, prefix: QUEUE_PREFIX, concurrency: 4 },
  );
  worker.on("error", (err) => logger.error({ err }, "broadcast worker error"));
  return worker;
}
