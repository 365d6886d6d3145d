import { randomUUID } from "node:crypto";
import type { Server } from "#src/hosting/account/index.js";
import type { Subscription } from "../../books/index.js";
import { type AccessLinks, type AccessRef, GB_BYTES, newShopClientName } from "../../books/index.js";
import { findPlan } from "../../catalog/index.js";
import type { ProvisionRequest } from "../../provisioning/index.js";
import type { FindingDetail } from "../findings.js";
import { pendingKey } from "../keys.js";
import type { DriftContext } from "./context.js";
import { actionId, type PendingAction, type PendingMove, placePending, readPending } from "./pending.js";
import type { MoveOutcome, Refused, ServerChoice } from "./types.js";

type XuiRef = Extract<AccessRef, { kind: "xui" }>;
type XuiSubscription = Subscription & { ref: XuiRef };

/**
 * Moving an xui subscription whose server expired, was suspended or regenerated to another
 * eligible server of its plan: a new client there with the same expiry and the traffic left, the
 * subscription pointed at it (links and owner index together), the customer sent the new links,
 * the old client deleted if the old server still answers.
 *
 * Safe to repeat and to resume: the caller holds the subscription's lease; the target (server and
 * a fresh shop name) is stored before the first hosting write, so a retry after a crash or a lost
 * answer creates under the same name, and the XuiProvisioner looks the name up before creating.
 */
export class XuiMoves {
  constructor(
    private readonly ctx: DriftContext,
    /** Called right after the target is stored, before any hosting write (a seam for crash tests). */
    private readonly afterStore: (pending: PendingAction) => Promise<void>,
  ) {}

  /** Active xui servers of the plan, other than the current one, paid beyond the subscription's term. */
  async eligible(sub: XuiSubscription): Promise<ServerChoice[] | Refused> {
    const plan = findPlan(this.ctx.deps.catalog(), sub.planId);
    if (plan?.backend.kind !== "xui") return { status: "refused", reason: "no-plan", detail: sub.planId };
    const servers = await this.ctx.deps.hosting.account.servers();
    const byId = new Map(servers.map((s) => [s.id, s]));
    const fit = plan.backend.servers
      .filter((id) => id !== sub.ref.serverId)
      .map((id) => byId.get(id))
      .filter((s): s is Server => s !== undefined && paidBeyond(s, sub.expiresAt));
    const loads = await Promise.allSettled(fit.map((s) => this.ctx.deps.hosting.account.listClients(s.id)));
    return fit.flatMap((s, i) => {
      const load = loads[i];
      if (load?.status !== "fulfilled") return [];
      const clients = Math.max(load.value.count, load.value.clients.length);
      return [{ serverId: s.id, name: s.name, expiresAt: s.expiresAt.getTime(), clients }];
    });
  }

  /** Moves (or finishes moving) the subscription to `toServerId`. */
  async move(sub: XuiSubscription, toServerId: number): Promise<MoveOutcome> {
    const { redis } = this.ctx.deps;
    let pending = await readPending(redis, sub.id);
    if (pending?.kind === "recreate")
      return { status: "refused", reason: "recreate-pending", detail: sub.id };
    if (pending && pending.to.serverId !== toServerId) {
      return { status: "refused", reason: "other-move", detail: String(pending.to.serverId) };
    }
    if (!pending) {
      if (sub.ref.serverId === toServerId) return { status: "already", subscriptionId: sub.id, toServerId };
      const decided = await this.decide(sub, toServerId);
      if ("status" in decided) return decided;
      pending = await placePending(redis, sub.id, decided);
      await this.afterStore(pending);
      if (pending.kind !== "move" || pending.to.serverId !== toServerId) return this.move(sub, toServerId);
    }
    return this.finish(sub.id, pending);
  }

  /** Checks the target and fixes the move: server, new name, term and the traffic left. */
  private async decide(sub: XuiSubscription, toServerId: number): Promise<PendingMove | Refused> {
    if (await this.ctx.renewalRunning(sub.id)) {
      return { status: "refused", reason: "renewal-running", detail: sub.id };
    }
    const choices = await this.eligible(sub);
    if (!Array.isArray(choices)) return choices;
    if (!choices.some((c) => c.serverId === toServerId)) {
      return { status: "refused", reason: "not-eligible", detail: String(toServerId) };
    }
    return {
      kind: "move",
      id: actionId(),
      stage: "placed",
      from: sub.ref,
      to: { serverId: toServerId, name: newShopClientName(sub.customerId) },
      expiresAt: sub.expiresAt,
      trafficGb: await this.trafficLeft(sub),
    };
  }

  /**
   * The traffic left on the old client (limit minus used, rounded up to 0.01 GB, at least that,
   * since 0 would mean unlimited); when it cannot be read (server gone), the plan's traffic.
   */
  private async trafficLeft(sub: XuiSubscription): Promise<number> {
    try {
      const old = await this.ctx.deps.hosting.account.getClient(sub.ref.serverId, sub.ref.name);
      if (old.totalGb === 0) return 0;
      const left = old.totalGb - (old.upBytes + old.downBytes) / GB_BYTES;
      return Math.max(0.01, Math.ceil(Math.round(left * 1e6) / 1e4) / 100);
    } catch {
      return findPlan(this.ctx.deps.catalog(), sub.planId)?.traffic_gb ?? sub.trafficGb;
    }
  }

  private async finish(subscriptionId: string, move: PendingMove): Promise<MoveOutcome> {
    const { subscriptions, redis, logger } = this.ctx.deps;
    if (move.stage === "placed") await this.create(subscriptionId, move);
    const sub = await subscriptions.get(subscriptionId);
    if (!sub) return { status: "refused", reason: "not-found", detail: subscriptionId };
    await this.ctx.notify(sub, "moved", `drift:moved:${subscriptionId}:${move.id}`);
    const oldRemoved = await this.removeOld(move.from);
    await redis.del(pendingKey(subscriptionId));
    logger.info(
      { subscriptionId, from: move.from.serverId, to: move.to.serverId, oldRemoved },
      "subscription moved to another xui server",
    );
    await this.ctx.resolve(serverGone(sub, move.from.serverId), "moved");
    return {
      status: "done",
      subscriptionId,
      fromServerId: move.from.serverId,
      toServerId: move.to.serverId,
      oldRemoved,
    };
  }

  /**
   * Makes the new client (looked up by its stored name first; a create whose answer was lost is
   * read back, and as nothing was handed out yet it is made again for its links), then points the
   * subscription at it and marks the move `stored` in one MULTI.
   */
  private async create(subscriptionId: string, move: PendingMove): Promise<void> {
    const { provisioner, subscriptions } = this.ctx.deps;
    const xui = provisioner("xui");
    const sub = await subscriptions.get(subscriptionId);
    if (!sub) return;
    const request: ProvisionRequest = {
      name: move.to.name,
      uuid: randomUUID(),
      expiresAt: move.expiresAt,
      trafficGb: move.trafficGb,
      devices: 0,
    };
    const target: AccessRef = { kind: "xui", serverId: move.to.serverId, name: move.to.name };
    let made: { ref: AccessRef; links: AccessLinks } = await xui.ensure(
      target,
      this.ctx.planOf(sub),
      request,
    );
    if (made.links.links.length === 0 && xui.reissue) made = await xui.reissue(made.ref, request);
    // A renewal applied to the old client meanwhile moved the term on: the new client follows it.
    if (sub.expiresAt > move.expiresAt) await xui.renew(made.ref, sub.expiresAt, move.trafficGb);
    const stored: PendingMove = { ...move, stage: "stored" };
    await subscriptions.replaceAccess(subscriptionId, made.ref, made.links, (tx) => {
      tx.set(pendingKey(subscriptionId), JSON.stringify(stored));
    });
  }

  /** Deletes the old client, best-effort: a server that no longer answers keeps it. */
  private async removeOld(from: XuiRef): Promise<boolean> {
    try {
      await this.ctx.deps.provisioner("xui").remove(from);
      return true;
    } catch (err) {
      this.ctx.deps.logger.warn(
        { err, serverId: from.serverId, name: from.name },
        "old xui client not removed",
      );
      return false;
    }
  }
}

/** A server fit to hold a term ending at `at` (ms; 0 = none): xui, active, paid beyond it. */
function paidBeyond(s: Server, at: number): boolean {
  return s.kind === "xui" && s.status === "active" && s.expiresAt.getTime() > at;
}

function serverGone(sub: Subscription, serverId: number): FindingDetail[] {
  return (["expired", "suspended", "regenerated"] as const).map((reason) => ({
    kind: "server_gone",
    subscriptionId: sub.id,
    customerId: sub.customerId,
    serverId,
    reason,
  }));
}
