import type { Redis } from "ioredis";
import type { HostingClients } from "../../hosting/index.js";
import type { Clock } from "../../runtime/clock.js";
import type { Logger } from "../../runtime/logger.js";
import type { Orders, Subscriptions } from "../books/index.js";
import type { Plan } from "../catalog/index.js";
import { HostingActs, type StaffActor } from "../fleet/index.js";
import type { ProvisionerFor } from "../provisioning/index.js";
import type { TermChanges } from "../terms/index.js";
import { DriftFindings } from "./findings.js";
import { HostingReader } from "./readers.js";
import { DriftReconciler } from "./reconciler.js";

export * from "./findings.js";
export { DriftReconciler, type DriftReporter } from "./reconciler.js";

/** Where an on-demand run goes (the worker's queue, wired by the composition root). */
export interface DriftRuns {
  runNow(): Promise<void>;
}

export interface DriftSyncDeps {
  redis: Redis;
  clock: Clock;
  logger: Logger;
  hosting: Pick<HostingClients, "account" | "panel" | "node">;
  subscriptions: Subscriptions;
  orders: Pick<Orders, "openIds" | "get">;
  termChanges: Pick<TermChanges, "openSubscriptions">;
  provisioner: ProvisionerFor;
  plan: (id: string) => Plan | undefined;
  /** Absent where no worker queue is wired (some tests): "Run now" then runs here. */
  runs?: DriftRuns | undefined;
  /** Checks and records the staff's "Run now" (without it, one given an actor is refused). */
  acts?: HostingActs | undefined;
}

/**
 * The shop and the hosting side kept in agreement (issue 13): the reconciler the worker runs,
 * the findings the Sync view and /my read, and "Run now" for the admins.
 */
export class DriftSync {
  readonly findings: DriftFindings;
  readonly reconciler: DriftReconciler;

  constructor(private readonly deps: DriftSyncDeps) {
    this.findings = new DriftFindings(deps.redis, deps.clock);
    this.reconciler = new DriftReconciler({
      redis: deps.redis,
      clock: deps.clock,
      logger: deps.logger,
      reader: new HostingReader({
        hosting: deps.hosting,
        subscriptions: deps.subscriptions,
        redis: deps.redis,
        clock: deps.clock,
        logger: deps.logger,
      }),
      subscriptions: deps.subscriptions,
      orders: deps.orders,
      termChanges: deps.termChanges,
      provisioner: deps.provisioner,
      plan: deps.plan,
      findings: this.findings,
    });
  }

  /**
   * Queues a run now (the admins' button); the worker runs it when no other run holds the lease.
   * `by`: the staff member asking (checked against their role now and recorded).
   */
  async requestRun(by?: StaffActor): Promise<void> {
    const acts = this.deps.acts ?? new HostingActs(undefined);
    await acts.run(by, { action: "sync.run", subject: "sync" }, async () => {
      if (this.deps.runs) await this.deps.runs.runNow();
      else await this.reconciler.run();
    });
  }
}
