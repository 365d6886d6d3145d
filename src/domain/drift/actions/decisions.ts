import { randomUUID } from "node:crypto";
import { isHostingError } from "#src/hosting/errors.js";
import { withLease } from "#src/store/lease.js";
import type { AccessLinks, AccessRef, Subscription } from "../../books/index.js";
import { type ActEnd, clientSubject, HostingActs, type StaffActor } from "../../fleet/index.js";
import type { ProvisionRequest } from "../../provisioning/index.js";
import { auditSubject } from "../../staff/index.js";
import { type OrphanRef, orphanKey } from "../findings.js";
import { driftKeys, pendingKey } from "../keys.js";
import { type DriftActionsDeps, DriftContext, linksDiffer } from "./context.js";
import { DriftHosting } from "./hosting.js";
import { XuiMoves } from "./move.js";
import { OrphanActions } from "./orphans.js";
import { outcomeOf } from "./outcomes.js";
import {
  ACTION_LEASE_MS,
  actionId,
  type PendingAction,
  type PendingRecreate,
  placePending,
  readPending,
} from "./pending.js";
import type {
  AdoptOutcome,
  DeleteOrphanOutcome,
  EligibleOutcome,
  MoveOutcome,
  NotDone,
  RecreateOutcome,
  Refused,
} from "./types.js";

export type { DriftActionsDeps } from "./context.js";
export { adoptedSubscriptionId } from "./orphans.js";
export * from "./types.js";

const busy = (detail: string): Refused => ({ status: "refused", reason: "busy", detail });

/** A decision's outcome in the audit log: done (or already done), else failed with the reason. */
function decisionEnd(out: { status: string; reason?: string; detail?: string }, after?: string): ActEnd {
  if (out.status === "done") return { after };
  if (out.status === "already") return { after, note: "already done" };
  const why = [out.status === "refused" ? out.reason : out.status, out.detail].filter(Boolean).join(": ");
  return { outcome: "failed", note: why };
}

/**
 * The admins' decisions on what the reconciliation found (the Sync view's buttons): recreate a
 * missing client, move an xui subscription off a server that is gone, delete or adopt an orphan.
 * Each returns a typed outcome (done, already done, refused with a reason, hosting unavailable);
 * none charges or refunds anything. Actions on one subscription (or one orphan) take a Redis lease,
 * and what a recreate or a move decides is stored before the first hosting write, so a repeat, an
 * overlap or a retry after a crash finishes the same action and never makes a second client.
 * Each decision takes `by`, the staff member taking it (checked against their role now and
 * recorded in the audit log; see StaffActor).
 */
export class DriftActions {
  private readonly ctx: DriftContext;
  private readonly hosting: DriftHosting;
  private readonly moves: XuiMoves;
  private readonly orphans: OrphanActions;
  private readonly acts: HostingActs;

  constructor(deps: DriftActionsDeps) {
    this.acts = deps.acts ?? new HostingActs(undefined);
    this.ctx = new DriftContext(deps);
    this.hosting = new DriftHosting(deps.hosting, deps.provisioner);
    this.moves = new XuiMoves(this.ctx, (p) => this.afterStore(p));
    this.orphans = new OrphanActions(this.ctx, this.hosting);
  }

  /**
   * The client of an active subscription is missing: made again with the shop's term, traffic and
   * devices under the same name (panel: the same UUID; node and xui make their own, so the links
   * change and the customer is sent the new ones). "already" when the client is there.
   */
  async recreate(subscriptionId: string, by?: StaffActor): Promise<RecreateOutcome> {
    const what = { action: "sync.fix.recreate", subject: auditSubject("subscription", subscriptionId) };
    const run = () =>
      this.leased(subscriptionId, async () => {
        const sub = await this.ctx.liveSubscription(subscriptionId);
        if (!("id" in sub)) return sub;
        return this.recreateLeased(sub);
      });
    return this.acts.run(by, what, run, (out) =>
      decisionEnd(out, out.status === "done" && out.linksChanged ? "links changed, sent" : undefined),
    );
  }

  /** The servers an xui subscription may move to (active, of its plan, paid beyond its term). */
  async eligibleServers(subscriptionId: string): Promise<EligibleOutcome> {
    const sub = await this.ctx.liveSubscription(subscriptionId);
    if (!("id" in sub)) return sub;
    const ref = sub.ref;
    if (ref.kind !== "xui") return { status: "refused", reason: "not-xui", detail: subscriptionId };
    return outcomeOf(async () => {
      const servers = await this.moves.eligible({ ...sub, ref });
      if (!Array.isArray(servers)) return servers;
      return { status: "done", subscriptionId, currentServerId: ref.serverId, servers } as const;
    });
  }

  /** Moves an xui subscription to `toServerId` (or finishes the move stored for it). */
  async moveXui(subscriptionId: string, toServerId: number, by?: StaffActor): Promise<MoveOutcome> {
    const what = {
      action: "sync.fix.move",
      subject: auditSubject("subscription", subscriptionId),
      note: `to server ${toServerId}`,
    };
    const run = () =>
      this.leased(subscriptionId, async () => {
        const sub = await this.ctx.liveSubscription(subscriptionId);
        if (!("id" in sub)) return sub;
        const ref = sub.ref;
        if (ref.kind !== "xui") return { status: "refused", reason: "not-xui", detail: subscriptionId };
        return this.moves.move({ ...sub, ref }, toServerId);
      });
    return this.acts.run(by, what, run, (out) =>
      decisionEnd(out, out.status === "done" ? `server ${out.fromServerId} -> ${out.toServerId}` : undefined),
    );
  }

  /** Deletes an orphan on the hosting side (the admin confirmed it); "already" when it is gone. */
  async deleteOrphan(ref: OrphanRef, by?: StaffActor): Promise<DeleteOrphanOutcome> {
    const what = { action: "sync.fix.delete", subject: clientSubject(ref.name), note: orphanKey(ref) };
    const run = () => this.leased(`orphan:${orphanKey(ref)}`, () => this.orphans.delete(ref));
    return this.acts.run(by, what, run, (out) => decisionEnd(out, "deleted"));
  }

  /** Makes an orphan customer `customerId`'s subscription, from the client's live state. */
  async adoptOrphan(ref: OrphanRef, customerId: number, by?: StaffActor): Promise<AdoptOutcome> {
    const what = { action: "sync.fix.adopt", subject: clientSubject(ref.name), note: orphanKey(ref) };
    const run = async (): Promise<AdoptOutcome> => {
      const customer = await this.ctx.deps.customers.get(customerId);
      if (!customer) return { status: "refused", reason: "unknown-customer", detail: String(customerId) };
      return this.leased(`orphan:${orphanKey(ref)}`, () => this.orphans.adopt(ref, customerId));
    };
    return this.acts.run(by, what, run, (out) =>
      decisionEnd(
        out,
        "subscriptionId" in out ? `customer:${customerId}, subscription:${out.subscriptionId}` : undefined,
      ),
    );
  }

  /**
   * Called right after a recreate's or move's decision is stored, before any hosting write. Does
   * nothing; a test overrides it to throw, which is a crash at that very point.
   */
  protected async afterStore(_pending: PendingAction): Promise<void> {}

  private async leased<T>(subject: string, fn: () => Promise<T | NotDone>): Promise<T | NotDone> {
    const key = driftKeys.actionLease(subject);
    const result = await withLease(this.ctx.deps.redis, key, ACTION_LEASE_MS, () => outcomeOf(fn));
    return result === "busy" ? busy(subject) : result;
  }

  private async recreateLeased(sub: Subscription): Promise<RecreateOutcome> {
    const { redis, subscriptions } = this.ctx.deps;
    let pending = await readPending(redis, sub.id);
    if (pending?.kind === "move") {
      return { status: "refused", reason: "other-move", detail: String(pending.to.serverId) };
    }
    if (!pending) {
      const unfit = await this.serverUnfit(sub);
      if (unfit) return unfit;
      if (await this.hosting.present(sub.ref)) {
        await this.resolveMissing(sub);
        return { status: "already", subscriptionId: sub.id };
      }
      const placed = await placePending(redis, sub.id, {
        kind: "recreate",
        id: actionId(),
        stage: "placed",
        linksChanged: false,
      });
      await this.afterStore(placed);
      if (placed.kind !== "recreate") return this.recreateLeased(sub);
      pending = placed;
    }
    if (pending.stage === "placed") pending = await this.makeAgain(sub, pending);
    const fresh = (await subscriptions.get(sub.id)) ?? sub;
    if (pending.linksChanged)
      await this.ctx.notify(fresh, "recreated", `drift:recreated:${sub.id}:${pending.id}`);
    await redis.del(pendingKey(sub.id));
    this.ctx.deps.logger.info({ subscriptionId: sub.id, kind: sub.ref.kind }, "missing client recreated");
    await this.resolveMissing(sub);
    return { status: "done", subscriptionId: sub.id, linksChanged: pending.linksChanged };
  }

  /**
   * Creates the client again (ensure looks before it creates, so a repeat finds it); an xui create
   * whose links were lost is made once more (nobody has its links yet). Stores the new ref and links
   * on the subscription together with the recreate's `stored` stage.
   */
  private async makeAgain(sub: Subscription, pending: PendingRecreate): Promise<PendingRecreate> {
    const provisioner = this.ctx.deps.provisioner(sub.ref.kind);
    const request: ProvisionRequest = {
      name: sub.ref.name,
      uuid: sub.ref.uuid ?? randomUUID(),
      expiresAt: sub.expiresAt,
      trafficGb: sub.trafficGb,
      devices: sub.devices,
    };
    let made: { ref: AccessRef; links: AccessLinks } = await provisioner.ensure(
      sub.ref,
      this.ctx.planOf(sub),
      request,
    );
    if (sub.ref.kind === "xui" && made.links.links.length === 0 && provisioner.reissue) {
      made = await provisioner.reissue(made.ref, request);
    }
    const stored: PendingRecreate = {
      ...pending,
      stage: "stored",
      linksChanged: linksDiffer(sub, made.links),
    };
    await this.ctx.deps.subscriptions.replaceAccess(sub.id, made.ref, made.links, (tx) => {
      tx.set(pendingKey(sub.id), JSON.stringify(stored));
    });
    return stored;
  }

  /** An xui server expired, suspended or gone cannot hold the client again: a move is the way. */
  private async serverUnfit(sub: Subscription): Promise<Refused | undefined> {
    if (sub.ref.kind !== "xui") return undefined;
    const serverId = sub.ref.serverId;
    try {
      const server = await this.ctx.deps.hosting.account.server(serverId);
      if (server.kind === "xui" && server.status === "active" && server.expiresAt.getTime() > sub.expiresAt) {
        return undefined;
      }
      return { status: "refused", reason: "server-unfit", detail: `${serverId}:${server.status}` };
    } catch (err) {
      if (isHostingError(err, "not_found"))
        return { status: "refused", reason: "server-unfit", detail: `${serverId}:gone` };
      throw err;
    }
  }

  private resolveMissing(sub: Subscription): Promise<void> {
    return this.ctx.resolve(
      [{ kind: "missing", subscriptionId: sub.id, customerId: sub.customerId, ref: sub.ref }],
      "recreated",
    );
  }
}
