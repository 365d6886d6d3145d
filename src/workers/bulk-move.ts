import { randomBytes } from "node:crypto";
import type { Job } from "bullmq";
import { type Api, GrammyError } from "grammy";
import type { Redis } from "ioredis";
import { z } from "zod";
import type { BulkMove, BulkMoves, MoveRuns } from "../domain/fleet/index.js";
import type { Metrics } from "../http/metrics.js";
import { moveButtons, moveProgressText, moveReportText } from "../render/bulk-move.js";
import type { I18nLike } from "../render/i18n-like.js";
import { DelayedError, Queue, UnrecoverableError, Worker } from "../runtime/library-parts.js";
import type { Logger } from "../runtime/logger.js";
import { ORDER_LOCK_MS, ORDER_STALLED_CHECK_MS } from "./order-worker.js";
import { inJobScope, QUEUE_PREFIX } from "./queues.js";

export const MOVES_QUEUE = "moves";
/** How long a run that has customers to try again later (or another runner's) sleeps. */
export const MOVE_AGAIN_MS = 5_000;
/** How often the admin's progress message is edited while a move runs. */
export const MOVE_PROGRESS_EVERY_MS = 3_000;

const jobData = z.object({ moveId: z.string().regex(/^mv[a-z0-9]{8,40}$/) });
type MoveJobData = z.output<typeof jobData>;

/**
 * Producer side of bulk moves: a job per start of a move, queued when an admin confirms and again
 * on resume or cancel. Each has an id of its own (the move's and a random tail): a resume pressed
 * while the paused run is still finishing must not be taken for a duplicate of it and dropped.
 * Two runs of one move at once are harmless (each customer has its own lease and stage).
 */
export class BulkMoveQueue implements MoveRuns {
  readonly queue: Queue<MoveJobData>;

  constructor(connection: Redis) {
    this.queue = new Queue<MoveJobData>(MOVES_QUEUE, { connection, prefix: QUEUE_PREFIX });
  }

  async start(moveId: string): Promise<void> {
    await this.queue.add(
      "run",
      { moveId },
      {
        jobId: `${moveId}-${randomBytes(4).toString("hex")}`,
        attempts: 20,
        backoff: { type: "exponential", delay: 5_000 },
        removeOnComplete: { age: 7 * 24 * 3_600 },
        removeOnFail: { age: 30 * 24 * 3_600 },
      },
    );
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}

export interface BulkMoveWorkerDeps {
  connection: Redis;
  moves: BulkMoves;
  api: Api;
  i18n: I18nLike;
  logger: Logger;
  metrics?: Metrics;
  againMs?: number;
  progressEveryMs?: number;
  concurrency?: number;
}

/** The admin's progress message, edited in place: counts, pause/resume/cancel, the final report. */
class MoveProgress {
  private last = 0;

  constructor(
    private readonly deps: BulkMoveWorkerDeps,
    private readonly id: string,
  ) {}

  /** Edits the message at most every `progressEveryMs` while the run goes on. */
  async tick(): Promise<void> {
    const now = Date.now();
    if (now - this.last < (this.deps.progressEveryMs ?? MOVE_PROGRESS_EVERY_MS)) return;
    this.last = now;
    await this.show();
  }

  /** Shows where the move stands now (the report once it ended). */
  async show(): Promise<void> {
    const seen = await this.deps.moves.counts(this.id);
    if (!seen || seen.move.progressMessageId === undefined) return;
    const t = (key: string, vars?: Record<string, string | number>) =>
      this.deps.i18n.t(seen.move.locale, key, vars);
    const text =
      seen.move.finishedAt !== undefined
        ? await this.reportText(seen.move)
        : moveProgressText(t, seen.move.locale, seen.move, seen.counts);
    if (text === seen.move.progressText) return;
    try {
      await this.deps.api.editMessageText(seen.move.chatId, seen.move.progressMessageId, text, {
        parse_mode: "HTML",
        reply_markup: { inline_keyboard: moveButtons(t, seen.move) },
      });
    } catch (err) {
      // The progress message is a courtesy: the move goes on without it.
      if (!(err instanceof GrammyError && err.description.includes("message is not modified")))
        this.deps.logger.warn({ err, moveId: this.id }, "could not update the bulk move's progress");
      if (!(err instanceof GrammyError)) return;
    }
    await this.deps.moves.records.saveProgress(this.id, { text });
  }

  private async reportText(move: BulkMove): Promise<string> {
    const report = await this.deps.moves.report(move.id);
    const t = (key: string, vars?: Record<string, string | number>) =>
      this.deps.i18n.t(move.locale, key, vars);
    if (!report) return "";
    return moveReportText(t, move.locale, report, await this.deps.moves.names(report));
  }
}

/**
 * Runs bulk moves: each job is one run of a move (BulkMoves.run), which moves the customers not
 * settled yet and edits the admin's progress message as it goes. A run with customers to try
 * again later sleeps and comes back without spending an attempt; a paused one ends (a resume
 * queues it again); a kill mid-run is picked up by BullMQ's stalled-job check, and the run goes
 * on from each customer's stored stage. Two workers running one move never move a customer twice.
 */
export function startBulkMoveWorker(deps: BulkMoveWorkerDeps): Worker<MoveJobData, string> {
  const { logger } = deps;
  const worker = new Worker<MoveJobData, string>(
    MOVES_QUEUE,
    inJobScope(MOVES_QUEUE, async (job: Job<MoveJobData, string>, token) => {
      const { moveId } = jobData.parse(job.data);
      if (!(await deps.moves.records.get(moveId)))
        throw new UnrecoverableError(`bulk move ${moveId} not found`);
      const progress = new MoveProgress(deps, moveId);
      const end = await deps.moves.run(moveId, () => progress.tick());
      await progress.show();
      deps.metrics?.jobs.inc({ queue: MOVES_QUEUE, outcome: end });
      if (end === "again") {
        await job.moveToDelayed(Date.now() + (deps.againMs ?? MOVE_AGAIN_MS), token);
        throw new DelayedError();
      }
      return end;
    }),
    {
      ...{ connection: deps.connection, prefix: QUEUE_PREFIX, concurrency: deps.concurrency ?? 2 },
      // As orders: a dead worker's move is taken over within seconds, not a minute.
      ...{ lockDuration: ORDER_LOCK_MS, stalledInterval: ORDER_STALLED_CHECK_MS },
    },
  );
  worker.on("error", (err) => logger.error({ err }, "bulk move worker error"));
  worker.on("failed", (job, err) => logger.warn({ err, moveId: job?.data.moveId }, "bulk move run failed"));
  return worker;
}
