import type { Job } from "bullmq";
import { type Api, GrammyError } from "grammy";
import type { InlineKeyboardMarkup } from "grammy/types";
import type { Redis } from "ioredis";
import { z } from "zod";
import type { Locale } from "../config.js";
import {
  type Audience,
  type AudienceDeps,
  audiencePage,
  type BroadcastCounts,
  type BroadcastRecord,
  BroadcastRecords,
  type BroadcastRequest,
  type BroadcastStarter,
  type StopOutcome,
} from "../domain/backoffice/index.js";
import type { StaffActor } from "../domain/catalog/index.js";
import type { Metrics } from "../http/metrics.js";
import { audienceName } from "../render/audiences.js";
import type { I18nLike } from "../render/i18n-like.js";
import { broadcastCb } from "../render/notice-buttons.js";
import { DelayedError, Queue, UnrecoverableError, Worker } from "../runtime/library-parts.js";
import type { Logger } from "../runtime/logger.js";
import { type Outbox, outboxMessage } from "./outbox.js";
import { inJobScope, QUEUE_PREFIX } from "./queues.js";

export const BROADCAST_QUEUE = "broadcast";
/** Recipients queued into the outbox per step of the fan-out. */
export const BROADCAST_BATCH = 500;
/**
 * Messages of a broadcast queued in the outbox and not yet sent, at most (about a minute's worth
 * at Telegram's limit): the fan-out waits for the outbox rather than queuing 100 000 jobs at once,
 * which would hold their data in Redis for the hour the sending takes.
 */
export const BROADCAST_MAX_BACKLOG = 2_000;
/** How often the admin's progress message is refreshed. */
export const PROGRESS_EVERY_MS = 3_000;
/** A broadcast still not done after this long is reported with what is known. */
export const BROADCAST_MAX_WAIT_MS = 24 * 3_600_000;

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

/**
 * Producer side: records a broadcast and queues its fan-out as one job whose id is the broadcast
 * id, so the bot answers at once however large the audience is.
 */
export class BroadcastQueue implements BroadcastStarter {
  readonly queue: Queue<BroadcastJobData>;
  readonly records: BroadcastRecords;

  constructor(
    redis: Redis,
    private readonly defaultLocale: Locale = "en",
  ) {
    this.queue = new Queue<BroadcastJobData>(BROADCAST_QUEUE, { connection: redis, prefix: QUEUE_PREFIX });
    this.records = new BroadcastRecords(redis);
  }

  /** Starts a broadcast; `actor`: the staff member sending it (checked and recorded: BroadcastRecords). */
  async start(request: BroadcastRequest, actor?: StaffActor): Promise<{ id: string }> {
    // The outbox's own rules (length, caption limit) checked now, not per recipient later.
    outboxMessage.parse({
      chatId: request.adminChatId,
      text: request.text,
      entities: request.entities,
      photo: request.photoFileId,
    });
    const id = await this.records.create({ ...request, locale: request.locale ?? this.defaultLocale }, actor);
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

  stop(id: string, actor?: StaffActor): Promise<StopOutcome> {
    return this.records.stop(id, actor);
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
    const rec = await this.records.get(id);
    if (!rec) return undefined;
    return {
      id,
      audience: rec.audience,
      total: rec.total,
      skipped: rec.skipped,
      ...(await this.records.counts(id)),
      fannedOut: rec.fanned,
      stopped: await this.records.isStopped(id),
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
  maxBacklog?: number;
  progressEveryMs?: number;
  maxWaitMs?: number;
}

/** The admin's progress text: running (with the Stop button), stopping, stopped or done. */
function progressText(
  i18n: I18nLike,
  rec: BroadcastRecord,
  c: BroadcastCounts,
  final: boolean,
  stopped: boolean,
): string {
  const vars = {
    audience: audienceName((key, v) => i18n.t(rec.locale, key, v), rec.audience),
    total: rec.total,
    skipped: rec.skipped,
    done: c.sent + c.failed + c.blocked,
    ...c,
  };
  if (stopped) return i18n.t(rec.locale, final ? "broadcast-stopped" : "broadcast-stopping", vars);
  if (final) return i18n.t(rec.locale, "broadcast-done", vars);
  const more = rec.fanned ? "" : ` ${i18n.t(rec.locale, "broadcast-progress-queuing")}`;
  return i18n.t(rec.locale, "broadcast-progress", { ...vars, more });
}

/** The Stop button, while the broadcast runs (a stopping or finished one has none). */
function stopButton(i18n: I18nLike, rec: BroadcastRecord): InlineKeyboardMarkup {
  return {
    inline_keyboard: [
      [
        {
          text: i18n.t(rec.locale, "broadcast-stop"),
          callback_data: broadcastCb.pack({ act: "stop", broadcast: rec.id }),
        },
      ],
    ],
  };
}

const NO_COUNTS: BroadcastCounts = { sent: 0, failed: 0, blocked: 0, cancelled: 0 };

/** The two jobs of a broadcast: the fan-out into the outbox, and the progress check. */
class BroadcastJobs {
  private readonly records: BroadcastRecords;
  private readonly every: number;
  private readonly batch: number;
  private readonly maxBacklog: number;
  private readonly maxWait: number;

  constructor(private readonly deps: BroadcastWorkerDeps) {
    this.records = new BroadcastRecords(deps.redis);
    this.every = deps.progressEveryMs ?? PROGRESS_EVERY_MS;
    this.batch = deps.batchSize ?? BROADCAST_BATCH;
    this.maxBacklog = deps.maxBacklog ?? BROADCAST_MAX_BACKLOG;
    this.maxWait = deps.maxWaitMs ?? BROADCAST_MAX_WAIT_MS;
  }

  /** Sends the progress message with its Stop button (once per broadcast). */
  private async openProgress(rec: BroadcastRecord): Promise<void> {
    const text = progressText(this.deps.i18n, rec, NO_COUNTS, false, false);
    try {
      const message = await this.deps.api.sendMessage(rec.adminChatId, text, {
        parse_mode: "HTML",
        reply_markup: stopButton(this.deps.i18n, rec),
      });
      await this.records.saveProgress(rec.id, { text, messageId: message.message_id });
    } catch (err) {
      // Progress is a courtesy: the broadcast goes out without it.
      this.deps.logger.warn({ err, broadcastId: rec.id }, "could not send the broadcast progress message");
    }
  }

  /** Edits the progress message unless it shows this already; a failed edit is tried next time. */
  private async showProgress(rec: BroadcastRecord, text: string, markup?: InlineKeyboardMarkup) {
    if (rec.progressMessageId === undefined || text === rec.progressText) return;
    try {
      await this.deps.api.editMessageText(rec.adminChatId, rec.progressMessageId, text, {
        parse_mode: "HTML",
        reply_markup: markup,
      });
    } catch (err) {
      const unchanged = err instanceof GrammyError && err.description.includes("message is not modified");
      const permanent = err instanceof GrammyError && (err.error_code === 400 || err.error_code === 403);
      if (!unchanged) {
        this.deps.logger.warn({ err, broadcastId: rec.id }, "could not update the broadcast progress");
        if (!permanent) return;
      }
    }
    await this.records.saveProgress(rec.id, { text });
  }

  /** Whether the outbox holds enough of this broadcast's messages not sent yet. */
  private async backlogFull(id: string, queued: number): Promise<boolean> {
    if (queued < this.maxBacklog) return false;
    const c = await this.records.counts(id);
    return queued - (c.sent + c.failed + c.blocked + c.cancelled) >= this.maxBacklog;
  }

  async fanOut(job: Job<BroadcastJobData, string>, token: string | undefined, id: string): Promise<string> {
    const { deps, records } = this;
    let rec = await records.get(id);
    if (!rec) throw new UnrecoverableError(`broadcast ${id} not found`);
    if (rec.finishedAt !== undefined) return "finished";
    if (rec.progressMessageId === undefined) await this.openProgress(rec);
    await deps.queue.watch(id, this.every);
    const { audience } = rec;
    let queued = rec.total;
    for (let cursor = rec.cursor; !rec.fanned && !rec.halted; ) {
      if (await records.isStopped(id)) {
        // Stopped: queue no more; the totals so far are final.
        await records.halt(id);
        deps.logger.info({ broadcastId: id }, "broadcast stopped while queuing");
        return "stopped";
      }
      if (await this.backlogFull(id, queued)) {
        // The outbox has enough to send for now: this job comes back and goes on from the cursor.
        await job.moveToDelayed(Date.now() + this.every, token);
        throw new DelayedError();
      }
      const page = await audiencePage(deps, audience, cursor, this.batch);
      if (page.ids.length > 0) {
        // Each message names the broadcast; the outbox reads its text once per process.
        await deps.outbox.sendMany(page.ids.map((chatId) => ({ chatId, broadcastId: id })));
      }
      await records.advance(id, { cursor, next: page.next, queued: page.ids.length, skipped: page.skipped });
      queued += page.ids.length;
      if (page.next === undefined) break;
      cursor = page.next;
    }
    rec = (await records.get(id)) ?? rec;
    deps.logger.info({ broadcastId: id, total: rec.total, skipped: rec.skipped }, "broadcast queued");
    return "queued";
  }

  async progress(job: Job<BroadcastJobData, string>, token: string | undefined, id: string): Promise<string> {
    const { deps, records } = this;
    const rec = await records.get(id);
    if (!rec || rec.finishedAt !== undefined) return "finished";
    const [c, stopped] = await Promise.all([records.counts(id), records.isStopped(id)]);
    // Every queued message is accounted for (sent, refused, blocked, or dropped after a Stop)
    // once the fan-out has queued its last page or halted at the Stop.
    const queued = rec.fanned || rec.halted;
    const done = queued && c.sent + c.failed + c.blocked + c.cancelled >= rec.total;
    const overdue = Date.now() - job.timestamp > this.maxWait;
    if (!done && !overdue) {
      const markup = stopped ? undefined : stopButton(deps.i18n, rec);
      await this.showProgress(rec, progressText(deps.i18n, rec, c, false, stopped), markup);
      await job.moveToDelayed(Date.now() + this.every, token);
      throw new DelayedError();
    }
    // One "finished" message: the progress message becomes the final report. Only when there is
    // none to edit (it could not be sent) is the final count sent, through the outbox, once.
    if (rec.progressMessageId !== undefined) {
      await this.showProgress(rec, progressText(deps.i18n, rec, c, true, stopped));
    } else {
      await deps.outbox.send({
        chatId: rec.adminChatId,
        text: progressText(deps.i18n, rec, c, true, stopped),
        once: `broadcast:${id}:final`,
      });
    }
    await records.finish(id);
    deps.logger.info({ broadcastId: id, total: rec.total, ...c, stopped, overdue }, "broadcast finished");
    return "finished";
  }
}

/**
 * Runs broadcasts: the fan-out job walks the audience page by page and queues the messages into
 * the outbox (which keeps Telegram's limits, obeys 429 and marks users who blocked the bot); a
 * progress job comes back every few seconds to edit the admin's progress message, and when every
 * message is accounted for it shows the final count and sends it to the admin.
 *
 * The fan-out keeps at most `maxBacklog` messages waiting in the outbox: past that its job sleeps
 * and goes on later, so a 100 000-customer broadcast never sits in Redis whole.
 *
 * Resuming: the fan-out saves its position after each page, so a retried job goes on from there.
 * A crash between queuing a page and saving the position queues that one page again; each
 * message's job id names the broadcast and the chat, so the outbox keeps the jobs it has and
 * nobody gets it twice (as long as the completed jobs are kept: the last 10 000, a day).
 */
export function startBroadcastWorker(deps: BroadcastWorkerDeps): Worker<BroadcastJobData, string> {
  const { logger } = deps;
  const jobs = new BroadcastJobs(deps);
  const worker: Worker<BroadcastJobData, string> = new Worker<BroadcastJobData, string>(
    BROADCAST_QUEUE,
    inJobScope(BROADCAST_QUEUE, async (job: Job<BroadcastJobData, string>, token) => {
      const { broadcastId } = jobData.parse(job.data);
      try {
        const outcome =
          job.name === "fanout"
            ? await jobs.fanOut(job, token, broadcastId)
            : job.name === "progress"
              ? await jobs.progress(job, token, broadcastId)
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
    }),
    { connection: deps.connection, prefix: QUEUE_PREFIX, concurrency: 4 },
  );
  worker.on("error", (err) => logger.error({ err }, "broadcast worker error"));
  return worker;
}
