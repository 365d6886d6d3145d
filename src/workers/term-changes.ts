import type { Job } from "bullmq";
import { mayHealOnRetry, NodeEditInDoubtError } from "../domain/provisioning/index.js";
import {
  type ApplyOutcome,
  type SubscriptionTerms,
  type TermChange,
  TermChangeUndecidedError,
} from "../domain/terms/index.js";
import { formatDate } from "../render/format.js";
import { DelayedError } from "../runtime/library-parts.js";
import type { Logger } from "../runtime/logger.js";
import type { Notifier } from "./notifier.js";
import { termJobData } from "./queues.js";

export interface TermChangeJobsDeps {
  terms: Pick<SubscriptionTerms, "apply" | "giveUp">;
  notifier: Pick<Notifier, "admins">;
  logger: Logger;
  /** How long a change waiting for its turn (or for a node edit in doubt) sleeps between looks. */
  waitMs: number;
}

/**
 * The worker's side of an admin's term change that could not be applied at once (a paid renewal
 * of the subscription went first, or the hosting side did not answer): applied when its turn
 * comes, retried while another attempt may heal it, given up (out of the chain, so the renewals
 * behind it go on) when not. The admins hear how it ended; a change the admin's own request
 * applied (this job was its backstop) ends silently.
 */
export class TermChangeJobs {
  constructor(private readonly deps: TermChangeJobsDeps) {}

  async process(job: Job<unknown, string>, token: string | undefined): Promise<string> {
    const { changeId } = termJobData.parse(job.data);
    let outcome: ApplyOutcome;
    try {
      outcome = await this.deps.terms.apply(changeId);
    } catch (err) {
      if (err instanceof NodeEditInDoubtError) return this.lookAgainLater(job, token);
      const final = !mayHealOnRetry(err) || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      this.deps.logger.warn({ err, changeId, final }, "term change attempt failed");
      if (!final) throw err;
      try {
        outcome = await this.deps.terms.giveUp(changeId, err);
      } catch (undecided) {
        // Whether its last write landed cannot be told yet: looked at again later.
        if (undecided instanceof TermChangeUndecidedError) return this.lookAgainLater(job, token);
        throw undecided;
      }
    }
    if (outcome.kind === "waiting") return this.lookAgainLater(job, token);
    // A customer's freeze is theirs to hear of (the chat or the cabinet), not the admins'.
    if (outcome.change.mode === "freeze") return outcome.kind;
    if (outcome.kind === "applied") await this.tell("term-change-applied", outcome.change, outcome.after);
    if (outcome.kind === "failed") await this.tell("term-change-failed", outcome.change, undefined);
    return outcome.kind;
  }

  private async tell(key: string, change: TermChange, after: number | undefined): Promise<void> {
    await this.deps.notifier.admins(
      key,
      (locale) => ({
        subscription: change.subscriptionId,
        mode: change.mode,
        days: change.days,
        expiry: after === undefined || after === 0 ? "-" : formatDate(locale, after),
        reason: change.error ?? "",
      }),
      undefined,
      `term-change:${change.id}:${key}`,
    );
  }

  private async lookAgainLater(job: Job<unknown, string>, token: string | undefined): Promise<never> {
    await job.moveToDelayed(Date.now() + this.deps.waitMs, token);
    throw new DelayedError();
  }
}
