import type { Redis } from "ioredis";
import type { Clock } from "../../runtime/clock.js";
import { DAY } from "../../runtime/clock.js";
import type { Logger } from "../../runtime/logger.js";
import { keyPrefix } from "../../store/key-prefix.js";
import { withLease } from "../../store/lease.js";
import { LuaScript } from "../../store/lua.js";
import type { Subscription, Subscriptions } from "../books/index.js";
import { type Catalog, type FreezeOption, findPlan } from "../catalog/index.js";
import type { ProvisionerFor } from "../provisioning/index.js";
import { type AuditLog, auditSubject, type StaffRoster } from "../staff/index.js";
import { type ApplyOutcome, holds, type SubscriptionTerms, type TermJobs } from "./authority.js";
import type { TermChain } from "./chain.js";
import { newTermChangeId, type TermChange, type TermChanges } from "./changes.js";
import type {
  FreezeAsk,
  FreezeQuote,
  FreezeRefusal,
  FreezeView,
  UnfreezeBy,
  UnfreezeOutcome,
} from "./freeze-types.js";
import { freezeKeys, termChainKeys, termChangeKeys } from "./keys.js";
import { TERMS_LUA } from "./lua-fragments.js";

export type * from "./freeze-types.js";

/** The pointer, the change, the open index, the chain and the limit in one step (lua/freeze-ask.lua). */
const ASK = LuaScript.load(new URL("./lua/freeze-ask.lua", import.meta.url), TERMS_LUA);

/** How long the freezes counted against a plan's `times_per_year` look back. */
export const FREEZE_YEAR_MS = 365 * DAY;
/** A customer may end a freeze early once it has lasted this long (not the same day it began). */
export const FREEZE_MIN_HELD_MS = DAY;
/** Life of a freeze run's lease (the term change run lease: one run of a change at a time). */
const RUN_LEASE_MS = 10_000;

export interface SubscriptionFreezesDeps {
  redis: Redis;
  clock: Clock;
  logger: Logger;
  catalog: () => Catalog;
  chain: Pick<TermChain, "leave">;
  changes: Pick<TermChanges, "get" | "transition" | "fixOnce">;
  subscriptions: Pick<Subscriptions, "get" | "setTerm">;
  provisioner: ProvisionerFor;
  terms: Pick<SubscriptionTerms, "apply" | "startOf">;
  jobs: TermJobs;
  /** Who may lift a freeze from the admin side, and the audit log it is recorded in. */
  staff?: { roster: Pick<StaffRoster, "require">; audit: Pick<AuditLog, "begin" | "finish"> } | undefined;
}

/**
 * The one home of a customer's freeze. A freeze is a member of the subscription's term chain (a
 * term change of mode `freeze`): asked once at a time (lua/freeze-ask.lua), applied when its
 * turn comes (the client disabled, the days left banked, the record's end moved to the freeze's
 * end plus the bank so the reminders follow), and it holds its place until it is unfrozen, so a
 * renewal, a pack or an admin's change asked meanwhile waits and starts from the term the
 * unfreeze gives back (now + the bank), and drift leaves the subscription alone. Every value is
 * fixed once on the change and every write is absolute and read back first: a retry, a restart
 * or a lost answer neither banks twice nor gives back twice.
 */
export class SubscriptionFreezes {
  constructor(private readonly deps: SubscriptionFreezesDeps) {}

  /**
   * The plan's freeze option of `sub` (undefined: its plan does not offer freezes). A family (a
   * plan with `seats`: its owner's subscription and its members' seats) is not frozen, whatever
   * the catalog says: the owner's freeze would pause the owner's client only while the seats run
   * on, then hand them the freeze's days at the family's renewal; a member's freeze would be
   * overwritten by that renewal (the seat set to the family's term while frozen, then given back
   * only its bank: the renewal's days lost). A freeze under way from before is still unfrozen.
   */
  option(sub: Pick<Subscription, "planId">): FreezeOption | undefined {
    const plan = findPlan(this.deps.catalog(), sub.planId);
    return plan?.seats ? undefined : plan?.freeze;
  }

  /** Freezes that took hold in the last 365 days. */
  usedInYear(subscriptionId: string): Promise<number> {
    const from = this.deps.clock.now() - FREEZE_YEAR_MS;
    return this.deps.redis.zcount(freezeKeys.uses(subscriptionId), from, "+inf");
  }

  /** What a freeze of `days` asked now would do (the record's term is the bank's measure). */
  quote(sub: Pick<Subscription, "expiresAt">, days: number): FreezeQuote {
    const now = this.deps.clock.now();
    const bank = Math.max(0, sub.expiresAt - now);
    const until = now + days * DAY;
    return { days, until, bankDays: Math.floor(bank / DAY), newEnd: until + bank };
  }

  /** The freeze of `subscriptionId` under way, if any. */
  async current(subscriptionId: string): Promise<FreezeView | undefined> {
    const change = await this.currentChange(subscriptionId);
    if (!change) return undefined;
    const status = change.status === "queued" || change.status === "applying" ? "asked" : change.status;
    if (status !== "asked" && status !== "frozen" && status !== "unfreezing") return undefined;
    const { frozenUntil: until, bankMs } = change;
    const endsAt = until !== undefined && bankMs !== undefined ? until + bankMs : undefined;
    return {
      changeId: change.id,
      status,
      days: change.days,
      frozenAt: change.frozenAt,
      until,
      bankMs,
      endsAt,
    };
  }

  /** Why customer `customerId` may not freeze `sub` for `days`, if anything. */
  refusal(sub: Subscription | undefined, customerId: number, days: number): FreezeRefusal | undefined {
    if (!sub || sub.customerId !== customerId || sub.removedAt !== undefined) return "not-found";
    const option = this.option(sub);
    if (!option) return "no-freeze";
    if (sub.trial) return "trial";
    if (!Number.isInteger(days) || days < option.min_days || days > option.max_days) return "days";
    if (sub.expiresAt <= 0 || sub.expiresAt - this.deps.clock.now() < DAY) return "nothing-left";
    return undefined;
  }

  /**
   * Customer `customerId` asks to freeze `subscriptionId` for `days`. A second ask while one is
   * under way is the same freeze (`already`); the limit per 365 days is checked in the same step.
   */
  async ask(subscriptionId: string, customerId: number, days: number): Promise<FreezeAsk> {
    const sub = await this.deps.subscriptions.get(subscriptionId);
    const refused = this.refusal(sub, customerId, days);
    if (refused || !sub) return { kind: "refused", reason: refused ?? "not-found" };
    const option = this.option(sub);
    const limit = option?.times_per_year ?? 0;
    const id = newTermChangeId();
    const now = this.deps.clock.now();
    const fields = {
      ...{ id, subscriptionId, mode: "freeze", days: String(days), adminId: "0" },
      ...{ customerId: String(customerId), status: "queued", createdAt: String(now), updatedAt: String(now) },
    };
    const keys = [freezeKeys.current(subscriptionId), termChangeKeys.change(id), termChangeKeys.open];
    keys.push(termChainKeys.chain(subscriptionId), termChainKeys.seq, freezeKeys.uses(subscriptionId));
    const args = [
      id,
      now,
      JSON.stringify(fields),
      now - FREEZE_YEAR_MS,
      limit,
      keyPrefix(termChangeKeys.change),
    ];
    const [what, head] = (await ASK.run(this.deps.redis, keys, args)) as [string, string];
    if (what === "limit") return { kind: "refused", reason: "limit", limit };
    if (what === "already") return { kind: "already", view: await this.viewOf(subscriptionId) };
    this.deps.logger.info({ changeId: id, subscriptionId, days }, "freeze asked");
    return this.firstRun(id, subscriptionId, head);
  }

  /** A freeze just asked: applied now when its turn is now, else the worker's (a job of its own). */
  private async firstRun(id: string, subscriptionId: string, head: string): Promise<FreezeAsk> {
    if (head !== id) {
      await this.deps.jobs.enqueueTermChange(id);
      return { kind: "waiting", view: await this.viewOf(subscriptionId) };
    }
    try {
      const done = await this.deps.terms.apply(id);
      if (done.kind === "failed") return { kind: "failed", error: String(errorText(done.error)) };
      return {
        kind: done.kind === "applied" ? "frozen" : "already",
        view: await this.viewOf(subscriptionId),
      };
    } catch (error) {
      // It keeps its turn: the worker tries again, reading the client back first.
      await this.deps.jobs.enqueueTermChange(id);
      this.deps.logger.warn({ err: error, changeId: id }, "freeze: the hosting side did not answer");
      return { kind: "retrying", view: await this.viewOf(subscriptionId) };
    }
  }

  private async viewOf(subscriptionId: string): Promise<FreezeView> {
    const view = await this.current(subscriptionId);
    if (!view) throw new Error(`the freeze of ${subscriptionId} is gone`);
    return view;
  }

  private async currentChange(subscriptionId: string): Promise<TermChange | undefined> {
    const id = await this.deps.redis.get(freezeKeys.current(subscriptionId));
    return id ? this.deps.changes.get(id) : undefined;
  }

  /**
   * The freeze change `change`'s turn (SubscriptionTerms.apply, under its run lease): a freeze
   * asked takes hold; one being unfrozen is finished; one frozen waits for its unfreeze.
   */
  turn(change: TermChange, sub: Subscription): Promise<ApplyOutcome> {
    if (change.status === "unfreezing")
      return this.finishUnfreeze(change, sub).then(() => this.settled(change));
    if (change.status === "frozen") return this.settled(change);
    return this.freeze(change, sub);
  }

  private async settled(change: TermChange): Promise<ApplyOutcome> {
    return { kind: "settled", change: (await this.deps.changes.get(change.id)) ?? change };
  }

  private async freeze(change: TermChange, sub: Subscription): Promise<ApplyOutcome> {
    const { changes } = this.deps;
    await changes.transition(change.id, ["queued", "applying"], "applying");
    const provisioner = this.deps.provisioner(sub.ref.kind);
    const state = await provisioner.state(sub.ref);
    const frozenAt = await changes.fixOnce(change.id, "frozenAt", this.deps.clock.now());
    await changes.fixOnce(change.id, "frozenUntil", frozenAt + change.days * DAY);
    // A node and the panel keep whole seconds: a read under a second below the record is the record.
    const seconds = state.expiresAt <= sub.expiresAt && sub.expiresAt - state.expiresAt < 1000;
    const startsAt = seconds ? sub.expiresAt : this.deps.terms.startOf(sub, state.expiresAt);
    const bank = await changes.fixOnce(change.id, "bankMs", Math.max(0, startsAt - frozenAt));
    if (bank < DAY || startsAt <= 0)
      return this.refuse(change, sub.id, "less than a day of the term is left");
    // Read back above: a disable whose answer was lost is not sent again.
    if (state.enabled) await provisioner.setEnabled(sub.ref, false);
    return this.frozen(change, sub, state.expiresAt);
  }

  /** The client is disabled: the record, the indexes and the change follow (each step repeatable). */
  private async frozen(change: TermChange, sub: Subscription, before: number): Promise<ApplyOutcome> {
    const fixed = (await this.deps.changes.get(change.id)) ?? change;
    const { frozenAt = 0, frozenUntil: until = 0, bankMs = 0 } = fixed;
    const end = until + bankMs;
    // The record ends where the term given back at the freeze's end does: reminders follow it.
    await this.deps.subscriptions.setTerm(sub.id, end);
    await this.deps.redis
      .multi()
      .zadd(freezeKeys.ending, until, sub.id)
      .zadd(freezeKeys.uses(sub.id), frozenAt, change.id)
      .exec();
    await this.deps.changes.transition(change.id, ["applying"], "frozen", { expiryBefore: before });
    this.deps.logger.info(
      { changeId: change.id, subscriptionId: sub.id, until, bankMs },
      "subscription frozen",
    );
    const done = (await this.deps.changes.get(change.id)) ?? fixed;
    return { kind: "applied", change: done, before, after: end, followed: [] };
  }

  private async refuse(change: TermChange, subscriptionId: string, reason: string): Promise<ApplyOutcome> {
    await this.deps.changes.transition(change.id, ["queued", "applying"], "failed", { error: reason });
    await this.deps.chain.leave(subscriptionId, change.id);
    this.deps.logger.warn({ changeId: change.id, reason }, "freeze refused");
    return {
      kind: "failed",
      change: (await this.deps.changes.get(change.id)) ?? change,
      error: new Error(reason),
    };
  }

  /**
   * A freeze's last attempt is given up on (the worker): it stands if the client is disabled
   * (its disable landed though the answer was lost), else undefined and it fails.
   */
  async landed(change: TermChange): Promise<ApplyOutcome | undefined> {
    if (change.status !== "applying" || change.bankMs === undefined) return undefined;
    const sub = await this.deps.subscriptions.get(change.subscriptionId);
    if (!sub || sub.removedAt !== undefined) return undefined;
    const state = await this.deps.provisioner(sub.ref.kind).state(sub.ref);
    return state.enabled ? undefined : this.frozen(change, sub, state.expiresAt);
  }

  /**
   * Ends the freeze of `subscriptionId`: by its customer (once it has lasted a day), by the worker
   * (once its end has come) or by a staff member (any time). The client is enabled and its term
   * set to now + the bank, one run at a time (two taps at once end it once).
   */
  async unfreeze(subscriptionId: string, by: UnfreezeBy): Promise<UnfreezeOutcome> {
    const staffId = typeof by === "object" && "staffId" in by ? by.staffId : undefined;
    const subject = auditSubject("subscription", subscriptionId);
    const role =
      staffId === undefined
        ? undefined
        : await this.staff().roster.require(staffId, "hosting", "subscription.unfreeze", subject);
    const change = await this.currentChange(subscriptionId);
    const sub = await this.deps.subscriptions.get(subscriptionId);
    const customer = typeof by === "object" && "customerId" in by ? by.customerId : undefined;
    if (!sub || (customer !== undefined && sub.customerId !== customer))
      return { kind: "refused", reason: "not-found" };
    if (!change || (change.status !== "frozen" && change.status !== "unfreezing"))
      return { kind: "refused", reason: "not-frozen" };
    const now = this.deps.clock.now();
    if (
      change.status === "frozen" &&
      customer !== undefined &&
      now < (change.frozenAt ?? 0) + FREEZE_MIN_HELD_MS
    )
      return { kind: "refused", reason: "too-soon" };
    if (change.status === "frozen" && by === "worker" && now < (change.frozenUntil ?? 0))
      return { kind: "refused", reason: "not-due" };
    const audited = staffId !== undefined && role ? { actorId: staffId, role, subject } : undefined;
    try {
      const run = await withLease(this.deps.redis, termChangeKeys.run(change.id), RUN_LEASE_MS, () =>
        audited ? this.auditedUnfreeze(change.id, sub, audited) : this.finishUnfreeze(change, sub),
      );
      if (run === "busy")
        return { kind: "retrying", error: new Error("another run of the freeze is going on"), busy: true };
      return { kind: "unfrozen", expiresAt: run };
    } catch (error) {
      this.deps.logger.warn({ err: error, changeId: change.id }, "unfreeze: the hosting side did not answer");
      return { kind: "retrying", error };
    }
  }

  /**
   * A staff member's lift, under the run lease: recorded only when this run ends the freeze (a
   * second tap that finds it ended records nothing more); a hosting error leaves the outcome
   * `unknown` (the freeze worker finishes the unfreeze, read back first).
   */
  private async auditedUnfreeze(
    changeId: string,
    sub: Subscription,
    who: { actorId: number; role: string; subject: string },
  ): Promise<number> {
    const change = await this.deps.changes.get(changeId);
    if (!change || (change.status !== "frozen" && change.status !== "unfreezing")) return sub.expiresAt;
    const { audit } = this.staff();
    const before = `frozen until ${new Date(change.frozenUntil ?? 0).toISOString()}`;
    const entry = await audit.begin({ ...who, action: "subscription.unfreeze", before });
    try {
      const target = await this.finishUnfreeze(change, sub);
      await audit.finish(entry, "done", `expires ${new Date(target).toISOString()}`);
      return target;
    } catch (err) {
      await audit.finish(entry, "unknown", undefined, `the freeze worker finishes it: ${errorText(err)}`);
      throw err;
    }
  }

  private staff(): NonNullable<SubscriptionFreezesDeps["staff"]> {
    // Fails closed: a staff member's lift where no staff room is wired is refused, never let through.
    if (!this.deps.staff)
      throw new Error("staff actions are not wired: no roster to check the actor against");
    return this.deps.staff;
  }

  /** Gives the banked term back, absolute and read back first (a lost answer is not sent again). */
  private async finishUnfreeze(seen: TermChange, sub: Subscription): Promise<number> {
    const { changes, redis } = this.deps;
    await changes.transition(seen.id, ["frozen"], "unfreezing");
    const change = (await changes.get(seen.id)) ?? seen;
    if (change.status !== "unfreezing") return sub.expiresAt; // finished by another run
    // A failure from here on leaves it to the freeze worker at once, not at the freeze's end.
    await redis.zadd(freezeKeys.ending, this.deps.clock.now(), sub.id);
    const target = await changes.fixOnce(
      change.id,
      "targetExpiresAt",
      this.deps.clock.now() + (change.bankMs ?? 0),
    );
    const provisioner = this.deps.provisioner(sub.ref.kind);
    const state = await provisioner.state(sub.ref);
    if (!holds(sub.ref.kind, state.expiresAt, target)) await provisioner.setTerm(sub.ref, target);
    if (!state.enabled) await provisioner.setEnabled(sub.ref, true);
    await this.deps.subscriptions.setTerm(sub.id, target);
    await redis.zrem(freezeKeys.ending, sub.id);
    await changes.transition(change.id, ["unfreezing"], "done", { expiryAfter: target });
    await this.deps.chain.leave(sub.id, change.id);
    this.deps.logger.info({ changeId: change.id, subscriptionId: sub.id, target }, "subscription unfrozen");
    return target;
  }

  /** Which of `ids` are frozen now (taken hold, not unfrozen yet). */
  async frozenAmong(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const scores = await this.deps.redis.zmscore(freezeKeys.ending, ...ids);
    return new Set(ids.filter((_, i) => scores[i] !== null));
  }

  /** Subscriptions whose freeze has ended (or whose unfreeze is to be finished), soonest first. */
  due(batch: number): Promise<string[]> {
    return this.deps.redis.zrangebyscore(freezeKeys.ending, "-inf", this.deps.clock.now(), "LIMIT", 0, batch);
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
