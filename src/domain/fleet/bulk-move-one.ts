import type { Redis } from "ioredis";
import type { Clock } from "../../runtime/clock.js";
import type { Logger } from "../../runtime/logger.js";
import { withLease } from "../../store/lease.js";
import {
  type AccessLinks,
  type AccessRef,
  clientKey,
  isInFlightStatus,
  type Orders,
  type Subscription,
  type Subscriptions,
} from "../books/index.js";
import type { Catalog } from "../catalog/index.js";
import { mayHealOnRetry, type ProvisionerFor, ProvisioningError } from "../provisioning/index.js";
import {
  newTermChangeId,
  type SubscriptionFreezes,
  type TermChain,
  type TermChanges,
} from "../terms/index.js";
import {
  keepsMainLink,
  livesOn,
  partOn,
  planFor,
  requestFor,
  targetRef,
  trafficLeft,
} from "./bulk-move-plan.js";
import type {
  BulkMove,
  BulkMoveRecords,
  ItemOutcome,
  ItemStage,
  MoveItem,
  MoveSkip,
} from "./bulk-move-records.js";
import { bulkMoveKeys } from "./keys.js";

/** A moved customer's message: where they are now and their links (the outbox sends it once per key). */
export interface MovedNotice {
  customerId: number;
  subscriptionId: string;
  planId: string;
  kind: AccessRef["kind"];
  /** The panel location moved to (the subscription URL stays the same); none for xui. */
  location?: string | undefined;
  links: AccessLinks;
  expiresAt: number;
  /** The term's allowance (GB; 0 = unlimited) and devices, as the subscription holds them. */
  trafficGb: number;
  devices: number;
  once: string;
}

/** Where moved customers' messages go (wired by the composition root to the outbox). */
export interface MoveNotices {
  moved(notice: MovedNotice): Promise<void>;
}

export interface MoveOneDeps {
  redis: Redis;
  clock: Clock;
  logger: Logger;
  records: BulkMoveRecords;
  subscriptions: Pick<Subscriptions, "get" | "replaceAccess">;
  orders: Pick<Orders, "ofCustomer">;
  provisioner: ProvisionerFor;
  chain: TermChain;
  changes: Pick<TermChanges, "enterMove" | "finishMove">;
  freezes: Pick<SubscriptionFreezes, "current">;
  catalog: () => Catalog;
  notices: MoveNotices;
  /**
   * Called after each stage is stored. What it throws ends the run as a process death would,
   * never handled as the item's failure (tests stand a crash in with it).
   */
  afterStage?: ((stage: ItemStage, subscriptionId: string) => Promise<void>) | undefined;
}

/** What one subscription's turn came to: settled, tried again later, or another runner has it. */
export type StepResult = ItemOutcome | { kind: "retry" } | { kind: "busy" };

/** The target as the runner read it for this pass: an xui server's paid term (ms). */
export interface TargetInfo {
  paidUntil?: number | undefined;
}

/** Attempts on what may heal before an item not switched yet is given up (its new client removed). */
export const MOVE_ITEM_ATTEMPTS = 5;
/** Life of one subscription's run lease, renewed while it runs (a dead runner's frees in 10 s). */
const ITEM_LEASE_MS = 10_000;

class CrashStandIn {
  constructor(readonly cause: unknown) {}
}

/**
 * The one home of "one customer moved by a bulk move", a small state machine in Redis per
 * subscription: `entered` (its turn taken in the subscription's term chain; the new client's
 * name, term and traffic fixed) -> `made` (the new client made, looked up by name first so a lost
 * create answer makes one, and read back) -> `switched` (the record points at it, in the MULTI
 * that stores the stage) -> `cleaned` (the old client removed) -> `told` (the customer's message
 * queued once) -> settled `moved`, out of the chain. One runner per subscription at a time (a
 * lease), each stage safe to repeat, so a kill anywhere resumes where it stood; before `switched`
 * a refusal removes the new client (never handed out), so there are never two clients or none.
 */
export class MoveOne {
  constructor(private readonly deps: MoveOneDeps) {}

  async run(move: BulkMove, subscriptionId: string, target: TargetInfo): Promise<StepResult> {
    const ran = await withLease(
      this.deps.redis,
      bulkMoveKeys.run(move.id, subscriptionId),
      ITEM_LEASE_MS,
      () => this.locked(move, subscriptionId, target),
      {
        lost: () => this.deps.logger.warn({ moveId: move.id, subscriptionId }, "bulk move: item lease lost"),
      },
    ).catch((err: unknown) => {
      if (err instanceof CrashStandIn) throw err.cause;
      throw err;
    });
    return ran === "busy" ? { kind: "busy" } : ran;
  }

  private async locked(move: BulkMove, subscriptionId: string, target: TargetInfo): Promise<StepResult> {
    const { records } = this.deps;
    const settled = await records.outcome(move.id, subscriptionId);
    if (settled) return settled;
    let item = await records.item(move.id, subscriptionId);
    if (!item) {
      // Read under the lease: a cancel never races a runner beginning this customer.
      if ((await records.get(move.id))?.status === "cancelled")
        return this.settle(move, subscriptionId, { kind: "skipped", reason: "cancelled" });
      const begun = await this.begin(move, subscriptionId, target);
      if (typeof begun === "string")
        return this.settle(move, subscriptionId, { kind: "skipped", reason: begun });
      item = begun;
      await this.seam(item);
    }
    try {
      return await this.advance(move, item);
    } catch (err) {
      if (err instanceof CrashStandIn) throw err;
      return this.failed(move, item, err);
    }
  }

  /** Checks the subscription and fixes its target once (stage `entered`); or why it stays. */
  private async begin(
    move: BulkMove,
    subscriptionId: string,
    target: TargetInfo,
  ): Promise<MoveItem | MoveSkip> {
    const { subscriptions, catalog } = this.deps;
    const sub = await subscriptions.get(subscriptionId);
    const skip = sub ? await this.skipOf(move, sub, target) : "gone";
    if (skip || !sub) return skip ?? "gone";
    const to = targetRef(catalog(), sub, move.from, move.to);
    if (typeof to === "string") return to;
    if (!keepsMainLink(to)) return "no-main";
    const left = await trafficLeft(this.deps.provisioner(sub.ref.kind), partOn(sub.ref, move.from));
    if (left === "disabled") return "disabled";
    return this.deps.records.fixItem(move.id, {
      ...{ subscriptionId, stage: "entered", changeId: newTermChangeId() },
      ...{ from: JSON.stringify(sub.ref), to: JSON.stringify(to), expiresAt: String(sub.expiresAt) },
      ...{ trafficGb: String(left ?? sub.trafficGb), devices: String(sub.devices) },
    });
  }

  /** Why `sub` is left where it is, read before its turn is taken (undefined: it goes). */
  private async skipOf(move: BulkMove, sub: Subscription, target: TargetInfo): Promise<MoveSkip | undefined> {
    if (sub.removedAt !== undefined) return "gone";
    if (!livesOn(sub, move.from)) return "not-on-source";
    if (sub.expiresAt !== 0 && sub.expiresAt <= this.deps.clock.now()) return "expired";
    if (target.paidUntil !== undefined && (sub.expiresAt === 0 || sub.expiresAt >= target.paidUntil))
      return "target-term";
    return this.recordSkip(sub);
  }

  /** Frozen, or a change of its term under way (a renewal, pack, switch, an admin's change): it stays. */
  async recordSkip(sub: Pick<Subscription, "id" | "customerId">): Promise<MoveSkip | undefined> {
    if (await this.deps.freezes.current(sub.id)) return "frozen";
    if ((await this.deps.chain.open(sub.id)).length > 0) return "pending-order";
    const orders = await this.deps.orders.ofCustomer(sub.customerId, 50);
    if (orders.some((o) => o.subscriptionId === sub.id && isInFlightStatus(o.status))) return "pending-order";
    return undefined;
  }

  private async advance(move: BulkMove, first: MoveItem): Promise<StepResult> {
    const { records, changes, chain } = this.deps;
    let item = first;
    for (;;) {
      switch (item.stage) {
        case "entered": {
          const turn = await changes.enterMove(item.changeId, item.subscriptionId, move.adminId, chain);
          if (!turn.turn) return this.leaveUnmade(move, item, { kind: "skipped", reason: "busy" });
          await this.make(move, item);
          break;
        }
        case "made":
          if (!(await this.switchRecord(move, item)))
            return this.leaveUnmade(move, item, { kind: "skipped", reason: "gone" });
          break;
        case "switched":
          await this.removeOld(move, item);
          break;
        case "cleaned":
          await this.tell(move, item);
          break;
        case "told":
          await changes.finishMove(item.changeId, item.subscriptionId, "done", chain);
          return this.settle(move, item.subscriptionId, { kind: "moved", oldLeft: item.oldLeft });
      }
      const next = await records.item(move.id, item.subscriptionId);
      if (!next) throw new Error(`bulk move ${move.id}: item ${item.subscriptionId} vanished`);
      item = next;
      await this.seam(item);
    }
  }

  /** Where tests stand a crash in: after each stage is stored (see MoveOneDeps.afterStage). */
  private async seam(item: MoveItem): Promise<void> {
    if (!this.deps.afterStage) return;
    try {
      await this.deps.afterStage(item.stage, item.subscriptionId);
    } catch (err) {
      throw new CrashStandIn(err);
    }
  }

  /**
   * The new client, looked up by its fixed name before it is made (a create whose answer was lost
   * made it already); made again for its links when those went with a lost answer (it was never
   * handed out); then read back: enabled and holding the term before the record moves to it.
   */
  private async make(move: BulkMove, item: MoveItem): Promise<void> {
    const sub = await this.deps.subscriptions.get(item.subscriptionId);
    if (!sub) throw new ProvisioningError("the subscription is gone", true);
    const provisioner = this.deps.provisioner(item.to.kind);
    const request = requestFor(item);
    let { ref, links } = await provisioner.ensure(item.to, planFor(item, sub, this.deps.catalog()), request);
    if (links.links.length === 0 && !links.subscriptionUrl && provisioner.reissue)
      ({ ref, links } = await provisioner.reissue(ref, request));
    const state = await provisioner.state(partOn(ref, move.to));
    const holds = state.expiresAt === 0 ? item.expiresAt === 0 : state.expiresAt >= item.expiresAt - 60_000;
    if (!state.enabled || !holds)
      throw new ProvisioningError("the moved client does not hold its term yet", false);
    await this.deps.records.setMade(move.id, item.subscriptionId, ref, links);
  }

  /** The record takes the new client and its links, in the MULTI that stores the stage; false: gone. */
  private async switchRecord(move: BulkMove, item: MoveItem): Promise<boolean> {
    const { subscriptions, records } = this.deps;
    const sub = await subscriptions.get(item.subscriptionId);
    if (!sub || sub.removedAt !== undefined) return false;
    const made = item.made ?? item.to;
    const links: AccessLinks = {
      links: item.links?.links ?? [],
      subscriptionUrl: item.links?.subscriptionUrl,
    };
    if (clientKey(sub.ref) !== clientKey(item.from) && clientKey(sub.ref) !== clientKey(made))
      throw new ProvisioningError("the subscription's client changed during the move", true);
    await subscriptions.replaceAccess(item.subscriptionId, made, links, (tx) => {
      records.stageIn(tx, move.id, item.subscriptionId, "switched");
    });
    return true;
  }

  /** The old client removed; one whose server no longer answers is left, and named in the report. */
  private async removeOld(move: BulkMove, item: MoveItem): Promise<void> {
    const old = partOn(item.from, move.from);
    let oldLeft: string | undefined;
    try {
      await this.deps.provisioner(old.kind).remove(old);
    } catch (err) {
      if (
        mayHealOnRetry(err) &&
        (await this.deps.records.attemptFailed(move.id, item.subscriptionId)) < MOVE_ITEM_ATTEMPTS
      )
        throw err;
      oldLeft = clientKey(old);
      this.deps.logger.warn(
        { err, moveId: move.id, subscriptionId: item.subscriptionId },
        "bulk move: old client left",
      );
    }
    await this.deps.records.setStage(move.id, item.subscriptionId, "cleaned", oldLeft ? { oldLeft } : {});
  }

  /** The customer's message with the new links, queued once per move and subscription. */
  private async tell(move: BulkMove, item: MoveItem): Promise<void> {
    const sub = await this.deps.subscriptions.get(item.subscriptionId);
    if (sub) {
      await this.deps.notices.moved({
        ...{ customerId: sub.customerId, subscriptionId: sub.id, planId: sub.planId, kind: sub.ref.kind },
        location: move.to.kind === "panel" ? move.to.location : undefined,
        links: { links: sub.links, subscriptionUrl: sub.subscriptionUrl },
        ...{ expiresAt: sub.expiresAt, trafficGb: sub.trafficGb, devices: sub.devices },
        once: `bulkmove:${move.id}:${sub.id}`,
      });
    }
    await this.deps.records.setStage(move.id, item.subscriptionId, "told");
  }

  /**
   * What may heal is tried again (a later pass), a few times; then, or at once for a refusal, an
   * item not switched yet is given up: its new client removed, its turn ended. Once switched, the
   * customer is moved: what is left (the message) is tried again until it goes.
   */
  private async failed(move: BulkMove, item: MoveItem, err: unknown): Promise<StepResult> {
    const switched = item.stage !== "entered" && item.stage !== "made";
    const attempts = mayHealOnRetry(err)
      ? await this.deps.records.attemptFailed(move.id, item.subscriptionId)
      : 0;
    this.deps.logger.warn(
      { err, moveId: move.id, subscriptionId: item.subscriptionId, attempts },
      "bulk move: attempt failed",
    );
    if (switched || (mayHealOnRetry(err) && attempts < MOVE_ITEM_ATTEMPTS)) return { kind: "retry" };
    return this.leaveUnmade(move, item, { kind: "failed", error: describe(err) });
  }

  /** Before the switch: the new client removed (never handed out), the turn ended, the outcome kept. */
  private async leaveUnmade(move: BulkMove, item: MoveItem, outcome: ItemOutcome): Promise<StepResult> {
    const made = partOn(item.made ?? item.to, move.to);
    try {
      await this.deps.provisioner(made.kind).remove(made);
    } catch (err) {
      // Not removed now: the item stays unsettled, and the next pass removes it first.
      if (mayHealOnRetry(err)) return { kind: "retry" };
      throw err;
    }
    await this.deps.changes.finishMove(item.changeId, item.subscriptionId, "failed", this.deps.chain);
    return this.settle(move, item.subscriptionId, outcome);
  }

  private async settle(move: BulkMove, subscriptionId: string, outcome: ItemOutcome): Promise<ItemOutcome> {
    await this.deps.records.settle(move.id, subscriptionId, outcome);
    await this.deps.records.forgetItem(move.id, subscriptionId);
    return outcome;
  }
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
