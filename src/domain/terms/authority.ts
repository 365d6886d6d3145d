import type { Redis } from "ioredis";
import type { Clock } from "../../runtime/clock.js";
import type { Logger } from "../../runtime/logger.js";
import { withLease } from "../../store/lease.js";
import {
  type AccessRef,
  type HostingClient,
  type Owner,
  type Subscription,
  type SubscriptionOwners,
  type Subscriptions,
  termEnd,
} from "../books/index.js";
import {
  mayHealOnRetry,
  type NodeEdits,
  type ProvisionerFor,
  standingExpiry,
} from "../provisioning/index.js";
import {
  type AuditEntry,
  type AuditLog,
  type AuditOutcome,
  auditEntry,
  auditSubject,
  type StaffRoster,
} from "../staff/index.js";
import type { TermChain } from "./chain.js";
import { isOpenTermChange, isTermChangeId, type TermChange, type TermChanges } from "./changes.js";
import type { FamilyTerms } from "./family.js";
import { holds, ROUNDING } from "./holds.js";
import { termChangeKeys } from "./keys.js";

export { holds } from "./holds.js";

/** Life of a change's run lease, renewed while the run lasts (a hosting call may take seconds). */
const TERM_CHANGE_RUN_LEASE_MS = 10_000;

/** Where an admin's term change waiting for its turn goes: the order queue, as a job of its own. */
export interface TermJobs {
  enqueueTermChange(changeId: string): Promise<void>;
}

export interface SubscriptionTermsDeps {
  /** Holds each change's run lease: one run of a change at a time. */
  redis: Redis;
  chain: TermChain;
  changes: TermChanges;
  subscriptions: Pick<Subscriptions, "get">;
  owners: Pick<SubscriptionOwners, "of" | "followTerm">;
  provisioner: ProvisionerFor;
  /** The node clients' edits in doubt (a change is not given up on while one may still land). */
  nodeEdits?: Pick<NodeEdits, "doubts">;
  jobs: TermJobs;
  clock: Clock;
  logger: Logger;
  /** Who may change a term, and the audit log an asked change is recorded in (see `request`). */
  staff?: { roster: Pick<StaffRoster, "require">; audit: Pick<AuditLog, "get" | "finish"> };
  /** A customer's freeze is applied there when its turn comes (freezes.ts), given up on there too. */
  freezes?: FreezeTurns;
  /** A family owner's change carried to its taken seats (family.ts; none: no families). */
  families?: Pick<FamilyTerms, "carry">;
}

/** What SubscriptionFreezes does for a change of mode `freeze` (set after both are made). */
export interface FreezeTurns {
  turn(change: TermChange, sub: Subscription): Promise<ApplyOutcome>;
  landed(change: TermChange): Promise<ApplyOutcome | undefined>;
}

/** The staff member asking for a change (fleet's StaffActor): checked and recorded. */
export interface TermActor {
  readonly staffId: number;
}

/**
 * An admin's change given up on whose write may have reached the hosting side, while that cannot
 * be told (a node edit in doubt, the client not readable now): neither done nor failed yet.
 */
export class TermChangeUndecidedError extends Error {
  constructor(
    readonly changeId: string,
    why: string,
  ) {
    super(`term change ${changeId} is not given up on yet: ${why}`);
    this.name = "TermChangeUndecidedError";
  }
}

/** What an admin asks for a client: N days more, or the term set to a date (ms; 0 = none). */
export type TermRequest =
  | { client: HostingClient; mode: "add"; days: number; adminId: number }
  | { client: HostingClient; mode: "set"; target: number; adminId: number };

/** A change applied: the term before and after, as the hosting side showed them, and who followed. */
export interface Applied {
  kind: "applied";
  change: TermChange;
  before: number;
  after: number;
  followed: Owner[];
}

export type ApplyOutcome =
  | Applied
  /** Another change of the subscription goes first (`behind` is the member in front). */
  | { kind: "waiting"; change: TermChange; behind: string }
  /** Refused for good (nothing changed): the change is failed and out of the chain. */
  | { kind: "failed"; change: TermChange; error: unknown }
  /** Done or failed before this call (a backstop job, a repeated press). */
  | { kind: "settled"; change: TermChange };

export type RequestOutcome =
  /** No subscription lives on the client: the caller changes it directly. */
  | { kind: "not-owned" }
  | Exclude<ApplyOutcome, { kind: "settled" }>
  /** The hosting side did not answer: the change keeps its turn and the worker tries again. */
  | { kind: "retrying"; change: TermChange; error: unknown };

/**
 * The one module that decides every change of a subscription's term. Paid renewals (Fulfilment)
 * and admins' changes of a client a subscription lives on take turns in the subscription's chain
 * (TermChain); an additive change fixes its target when its turn comes, from where the term then
 * starts (`startOf`); a node client's edits also pass its NodeEdits gate (provisioning). The
 * reconciliation follows the hosting side only while the chain holds nothing (drift/follow.ts).
 */
export class SubscriptionTerms {
  constructor(private readonly deps: SubscriptionTermsDeps) {}

  get chain(): TermChain {
    return this.deps.chain;
  }

  /**
   * Where a change of `sub` starts: the hosting side's expiry wins over the shop's record, but a
   * read within the backend's rounding above the record is the same term, and the record (what
   * the change before fixed) is exact: chained targets do not compound the rounding.
   */
  startOf(sub: Pick<Subscription, "expiresAt" | "ref">, hostingExpiry: number): number {
    const over = hostingExpiry - sub.expiresAt;
    return sub.expiresAt > 0 && over >= 0 && over < ROUNDING[sub.ref.kind] ? sub.expiresAt : hostingExpiry;
  }

  /** The target of an additive change whose turn came: `days` after where the term now starts. */
  async additiveTarget(sub: Subscription, days: number): Promise<number> {
    const hosting = await this.deps
      .provisioner(sub.ref.kind)
      .state(sub.ref)
      .then(
        (s) => s.expiresAt,
        () => sub.expiresAt,
      );
    return termEnd(this.startOf(sub, hosting), this.deps.clock.now(), days);
  }

  /**
   * An admin's change of a client. When a subscription lives on it, the change joins that
   * subscription's chain: applied now when its turn is now, else queued behind (the worker
   * applies it when its turn comes). A `set` names the paid renewals in flight it will override.
   * `by`: the staff member asking, whose role must allow `hosting` (NotPermitted, recorded,
   * otherwise); the change is recorded `started` in the same step as it is stored, and finished
   * when it is applied or fails (here, or by the worker when its turn comes).
   */
  async request(input: TermRequest, by?: TermActor): Promise<RequestOutcome> {
    const role = by
      ? await this.staff().roster.require(
          by.staffId,
          "hosting",
          "term.change",
          auditSubject("client", input.client.name),
        )
      : undefined;
    const [owner] = await this.deps.owners.of(input.client);
    if (!owner) return { kind: "not-owned" };
    const sub = owner.subscription;
    const overrides =
      input.mode === "set" ? (await this.deps.chain.open(sub.id)).filter((id) => !isTermChangeId(id)) : [];
    const audit = by && role ? this.askedEntry(input, sub, by.staffId, role) : undefined;
    const { change, head } = await this.deps.changes.create({
      subscriptionId: sub.id,
      mode: input.mode,
      days: input.mode === "add" ? input.days : 0,
      ...(input.mode === "set" ? { target: input.target } : {}),
      adminId: input.adminId,
      overrides,
      ...(audit ? { audit } : {}),
    });
    this.deps.logger.info({ changeId: change.id, subscriptionId: sub.id, ...input }, "term change asked");
    if (head !== change.id) {
      await this.deps.jobs.enqueueTermChange(change.id);
      return { kind: "waiting", change, behind: head };
    }
    try {
      const done = await this.apply(change.id);
      return done.kind === "settled" ? { kind: "failed", change: done.change, error: undefined } : done;
    } catch (error) {
      // It keeps its turn: the worker tries again (a node edit in doubt waits out its window).
      await this.deps.jobs.enqueueTermChange(change.id);
      return { kind: "retrying", change, error };
    }
  }

  /** The audit entry of a change `actorId` asks for (`started` until applied or failed). */
  private askedEntry(input: TermRequest, sub: Subscription, actorId: number, role: string): AuditEntry {
    const asked = input.mode === "add" ? `add ${input.days} days` : `set to ${termText(input.target)}`;
    return auditEntry(
      {
        ...{ actorId, role, action: "term.change", subject: auditSubject("subscription", sub.id) },
        before: termText(sub.expiresAt),
        note: asked,
        outcome: "started",
      },
      this.deps.clock.now(),
    );
  }

  /** Finishes the audit entry of a change a staff member asked for (nothing for other changes). */
  private async finishAudit(
    change: TermChange,
    outcome: Exclude<AuditOutcome, "started">,
    after: string | undefined,
    note?: string,
  ): Promise<void> {
    if (change.auditId === undefined || !this.deps.staff) return;
    const entry = await this.deps.staff.audit.get(change.auditId);
    if (entry) await this.deps.staff.audit.finish(entry, outcome, after, note);
  }

  private freezes(): FreezeTurns {
    if (!this.deps.freezes) throw new Error("freezes are not wired: a freeze cannot be applied");
    return this.deps.freezes;
  }

  private staff(): NonNullable<SubscriptionTermsDeps["staff"]> {
    // Fails closed: an actor given where no staff room is wired is refused, never let through.
    if (!this.deps.staff)
      throw new Error("staff actions are not wired: no roster to check the actor against");
    return this.deps.staff;
  }

  /**
   * Applies change `id` if its turn has come. Throws what another attempt may heal (the change
   * keeps its turn); a refusal fails the change and lets the chain go on.
   */
  async apply(id: string): Promise<ApplyOutcome> {
    // One run at a time: the admin's own request, its job and a stalled job's re-run would
    // otherwise both write (an additive change twice) or one give up while the other lands.
    const run = await this.oneRun(id, () => this.applyNow(id));
    if (run !== "busy") return run;
    const change = await this.deps.changes.get(id);
    if (!change) throw new Error(`term change ${id} is gone`);
    return isOpenTermChange(change.status)
      ? { kind: "waiting", change, behind: id }
      : { kind: "settled", change };
  }

  private async applyNow(id: string): Promise<ApplyOutcome> {
    const { changes, chain } = this.deps;
    const change = await changes.get(id);
    if (!change) throw new Error(`term change ${id} is gone`);
    if (!isOpenTermChange(change.status)) return { kind: "settled", change };
    // A bulk move's turn is the move's own to run and end (fleet's bulk moves), never written here.
    if (change.mode === "move") return { kind: "waiting", change, behind: id };
    const seen = await this.deps.subscriptions.get(change.subscriptionId);
    if (!seen || seen.removedAt !== undefined)
      return this.fail(change, new Error("the subscription is gone"));
    const turn = await chain.enter(seen.id, id);
    if (!turn.turn) return { kind: "waiting", change, behind: turn.behind };
    // Read again now that its turn came: the change before it may have just moved the term.
    const sub = (await this.deps.subscriptions.get(seen.id)) ?? seen;
    if (change.mode === "freeze") return this.freezes().turn(change, sub);
    await changes.transition(id, ["queued", "applying"], "applying");
    try {
      return await this.write(change, sub);
    } catch (error) {
      if (mayHealOnRetry(error)) throw error;
      return this.fail(change, error, sub.id);
    }
  }

  /**
   * Gives up on change `id` (the worker's last attempt): failed, and out of its chain. Unless the
   * hosting side already holds its target (its last write landed though the answer was lost): it
   * is done then, as if that write had answered; failed, its days would stay on the client while
   * the admins are told it failed. Throws TermChangeUndecidedError while that cannot be told (a
   * node edit of the client may still land, or the client cannot be read now).
   */
  async giveUp(id: string, error: unknown): Promise<ApplyOutcome> {
    const run = await this.oneRun(id, async () => {
      const change = await this.deps.changes.get(id);
      if (!change) throw new Error(`term change ${id} is gone`);
      if (!isOpenTermChange(change.status)) return { kind: "settled", change } as const;
      const landed = change.mode === "freeze" ? this.freezes().landed(change) : this.landed(change);
      return (await landed) ?? this.fail(change, error, change.subscriptionId);
    });
    if (run === "busy") throw new TermChangeUndecidedError(id, "another run of it is going on");
    return run;
  }

  private oneRun<T>(id: string, fn: () => Promise<T>): Promise<T | "busy"> {
    return withLease(this.deps.redis, termChangeKeys.run(id), TERM_CHANGE_RUN_LEASE_MS, fn, {
      failed: (err) => this.deps.logger.warn({ err, changeId: id }, "term change run lease renewal failed"),
    });
  }

  /** Change `change`, being applied, if the hosting side holds its target: done. */
  private async landed(change: TermChange): Promise<Applied | undefined> {
    const target = change.mode === "set" ? change.target : change.targetExpiresAt;
    if (change.status !== "applying" || target === undefined) return undefined;
    const sub = await this.deps.subscriptions.get(change.subscriptionId);
    if (!sub || sub.removedAt !== undefined) return undefined;
    const { ref } = sub;
    const hosting = await standingExpiry(
      this.deps,
      ref,
      (why) => new TermChangeUndecidedError(change.id, why),
    );
    if (hosting === undefined || !holds(ref.kind, hosting, target)) return undefined;
    this.deps.logger.warn({ changeId: change.id, target, hosting }, "a term change given up on had landed");
    await this.deps.families?.carry(change, sub, target, true);
    return this.done(change, sub, sub.expiresAt, target, hosting);
  }

  private async write(change: TermChange, sub: Subscription): Promise<Applied> {
    const provisioner = this.deps.provisioner(sub.ref.kind);
    const before = (await provisioner.state(sub.ref)).expiresAt;
    const target =
      change.mode === "set"
        ? (change.target ?? 0)
        : await this.deps.changes.fixTarget(
            change.id,
            termEnd(this.startOf(sub, before), this.deps.clock.now(), change.days),
          );
    // Read back above: a retry (a seat's write failed) does not write the owner's client again.
    const after = holds(sub.ref.kind, before, target)
      ? before
      : (await provisioner.setTerm(sub.ref, target)).expiresAt;
    await this.deps.families?.carry(change, sub, target, false);
    return this.done(change, sub, before, target, after);
  }

  /** Change `change` holds on the hosting side (`after`): the record follows, the chain goes on. */
  private async done(
    change: TermChange,
    sub: Subscription,
    before: number,
    target: number,
    after: number,
  ): Promise<Applied> {
    // The record takes the exact target when the hosting side shows it within the backend's
    // rounding above it (else what the hosting side shows): the next change starts from it, so
    // roundings do not pile up from one change to the next.
    const term = this.startOf({ expiresAt: target, ref: sub.ref }, after);
    const followed = await this.deps.owners.followTerm(clientOf(sub.ref), term);
    await this.deps.changes.transition(change.id, ["applying"], "done", {
      expiryBefore: before,
      expiryAfter: after,
    });
    await this.deps.chain.leave(sub.id, change.id);
    await this.finishAudit(change, "done", termText(after));
    this.deps.logger.info(
      { changeId: change.id, subscriptionId: sub.id, before, after },
      "term change applied",
    );
    const done = (await this.deps.changes.get(change.id)) ?? change;
    return { kind: "applied", change: done, before, after, followed };
  }

  private async fail(change: TermChange, error: unknown, subscriptionId?: string): Promise<ApplyOutcome> {
    const reason = error instanceof Error ? error.message : String(error);
    await this.deps.changes.transition(change.id, ["queued", "applying"], "failed", {
      error: reason.slice(0, 300),
    });
    if (subscriptionId) await this.deps.chain.leave(subscriptionId, change.id);
    await this.finishAudit(change, "failed", undefined, reason);
    this.deps.logger.warn({ changeId: change.id, reason }, "term change refused");
    return { kind: "failed", change: (await this.deps.changes.get(change.id)) ?? change, error };
  }
}

/** A term in the audit log: its expiry, or no expiry (0). */
function termText(ms: number): string {
  return ms === 0 ? "no expiry" : `expires ${new Date(ms).toISOString()}`;
}

/** The hosting client an access is, as the owners index names it. */
function clientOf(ref: AccessRef): HostingClient {
  return ref.kind === "xui"
    ? { kind: "xui", serverId: ref.serverId, name: ref.name }
    : { kind: ref.kind, name: ref.name };
}
