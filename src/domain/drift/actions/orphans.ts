import { createHash, randomUUID } from "node:crypto";
import type { AccessLinks, AccessRef } from "../../books/index.js";
import { SHOP_CLIENT_NAME, subscriptionKeys } from "../../books/index.js";
import type { Plan } from "../../catalog/index.js";
import { type OrphanRef, orphanKey } from "../findings.js";
import type { DriftContext } from "./context.js";
import type { DriftHosting, LiveClient } from "./hosting.js";
import { readPending } from "./pending.js";
import type { AdoptOutcome, DeleteOrphanOutcome, Refused } from "./types.js";

/** The subscription an adoption makes: its id follows from the client, so a repeat finds it. */
export function adoptedSubscriptionId(ref: OrphanRef): string {
  return `sa${createHash("sha256").update(orphanKey(ref)).digest("hex").slice(0, 16)}`;
}

/**
 * Clients with the shop's naming that no subscription owns (a crashed attempt's leftovers): the
 * admin deletes one (confirmed in the view; done here, idempotent) or adopts it for a customer
 * (a subscription made from its live state, so it is reminded and renewable). The caller holds
 * the client's lease. Never a client made by hand, never one a subscription owns, never the new
 * client of a move still under way.
 */
export class OrphanActions {
  constructor(
    private readonly ctx: DriftContext,
    private readonly hosting: DriftHosting,
  ) {}

  async delete(ref: OrphanRef): Promise<DeleteOrphanOutcome> {
    const refused = await this.refusal(ref);
    if (refused) return refused;
    const result = await this.hosting.remove(ref);
    this.ctx.deps.logger.info({ client: orphanKey(ref), result }, "orphan client deleted by an admin");
    await this.ctx.resolve([{ kind: "orphan", ref, expiresAt: 0 }], "deleted");
    return { status: result };
  }

  async adopt(ref: OrphanRef, customerId: number): Promise<AdoptOutcome> {
    const { subscriptions, redis, clock } = this.ctx.deps;
    const id = adoptedSubscriptionId(ref);
    const existing = await subscriptions.get(id);
    if (existing && existing.removedAt === undefined) {
      if (existing.customerId === customerId) return { status: "already", subscriptionId: id };
      return { status: "refused", reason: "owned", detail: id };
    }
    const refused = await this.refusal(ref);
    if (refused) return refused;
    const live = await this.hosting.find(ref);
    if (!live) return { status: "refused", reason: "not-found", detail: orphanKey(ref) };
    const plan = this.planFor(ref, live);
    if (!plan) return { status: "refused", reason: "no-plan", detail: orphanKey(ref) };
    const access = await this.accessOf(ref, live, plan);
    if (existing) await redis.hdel(subscriptionKeys.sub(id), "removedAt");
    await subscriptions.create(`x${id.slice(1)}`, {
      customerId,
      planId: plan.id,
      ref: access.ref,
      links: access.links,
      expiresAt: access.expiresAt,
      trafficGb: live.limitGb,
      devices: live.devices,
      trial: false,
    });
    this.ctx.deps.logger.info(
      { client: orphanKey(ref), customerId, subscriptionId: id, at: clock.now() },
      "orphan client adopted by an admin",
    );
    await this.ctx.resolve([{ kind: "orphan", ref, expiresAt: 0 }], "adopted");
    return { status: "done", subscriptionId: id, linksKnown: access.linksKnown };
  }

  /** Why the client may not be touched: not the shop's naming, owned, or a move's new client. */
  private async refusal(ref: OrphanRef): Promise<Refused | undefined> {
    if (!SHOP_CLIENT_NAME.test(ref.name))
      return { status: "refused", reason: "not-shop-client", detail: ref.name };
    const [owner] = await this.ctx.deps.owners.of(ref);
    if (owner) return { status: "refused", reason: "owned", detail: owner.subscription.id };
    const moving = await this.moveTargeting(ref);
    if (moving) return { status: "refused", reason: "busy", detail: moving };
    return undefined;
  }

  /** The subscription of the name's customer whose stored move creates this very client. */
  private async moveTargeting(ref: OrphanRef): Promise<string | undefined> {
    if (ref.kind !== "xui") return undefined;
    const customerId = Number(/^c(\d+)-/.exec(ref.name)?.[1]);
    if (!Number.isSafeInteger(customerId)) return undefined;
    for (const sub of await this.ctx.deps.subscriptions.ofCustomer(customerId)) {
      const pending = await readPending(this.ctx.deps.redis, sub.id);
      if (pending?.kind === "move" && pending.to.serverId === ref.serverId && pending.to.name === ref.name) {
        return sub.id;
      }
    }
    return undefined;
  }

  /** A catalog plan the client fits: its xui server, its panel locations, or the node. */
  private planFor(ref: OrphanRef, live: LiveClient): Plan | undefined {
    const plans = this.ctx.deps.catalog().plans;
    if (ref.kind === "xui") {
      return plans.find((p) => p.backend.kind === "xui" && p.backend.servers.includes(ref.serverId));
    }
    if (ref.kind === "node") return plans.find((p) => p.backend.kind === "node");
    const on = (live.locations ?? []).map((l) => l.id).sort();
    const nodesOf = (p: Plan) => (p.backend.kind === "panel" ? p.backend.locations.map((l) => l.node) : []);
    const panelPlans = plans.filter((p) => p.backend.kind === "panel");
    return (
      panelPlans.find((p) => nodesOf(p).sort().join() === on.join()) ??
      panelPlans.find((p) => on.every((l) => nodesOf(p).includes(l)))
    );
  }

  /**
   * The access to record and its links. The Account API gives an xui client's links only when it
   * is made: an unused one (nobody has its links) is made again under its name for them; one in
   * use keeps its links unknown. Panel and node links are read.
   */
  private async accessOf(
    ref: OrphanRef,
    live: LiveClient,
    plan: Plan,
  ): Promise<{ ref: AccessRef; links: AccessLinks; expiresAt: number; linksKnown: boolean }> {
    const { provisioner, clock } = this.ctx.deps;
    if (ref.kind === "xui") {
      const access: AccessRef = { kind: "xui", serverId: ref.serverId, name: ref.name };
      if (live.uuid) access.uuid = live.uuid;
      const xui = provisioner("xui");
      if (live.usedBytes > 0 || live.expiresAt <= clock.now() || !xui.reissue) {
        return {
          ref: access,
          links: { links: [], subscriptionUrl: undefined },
          expiresAt: live.expiresAt,
          linksKnown: false,
        };
      }
      const request = {
        name: ref.name,
        uuid: randomUUID(),
        expiresAt: live.expiresAt,
        trafficGb: live.limitGb,
        devices: 0,
      };
      const made = await xui.reissue(access, request);
      const after = await this.hosting.find(made.ref);
      return {
        ref: made.ref,
        links: made.links,
        expiresAt: after?.expiresAt ?? live.expiresAt,
        linksKnown: true,
      };
    }
    const access: AccessRef =
      ref.kind === "node"
        ? { kind: "node", name: ref.name, ...(live.uuid ? { uuid: live.uuid } : {}) }
        : panelAccess(ref.name, live, plan);
    const links = await provisioner(ref.kind).links(access);
    return { ref: access, links, expiresAt: live.expiresAt, linksKnown: true };
  }
}

/** A panel access over the locations the client is on, with their inbounds and the plan's channels. */
function panelAccess(name: string, live: LiveClient, plan: Plan): AccessRef {
  const locations = live.locations ?? [];
  const backend = plan.backend.kind === "panel" ? plan.backend : undefined;
  return {
    kind: "panel",
    name,
    uuid: live.uuid ?? "",
    locations: locations.map((l) => l.id),
    inbounds: Object.fromEntries(locations.map((l) => [l.id, l.inboundIds])),
    ...(backend?.channels ? { channels: [...backend.channels] } : {}),
    ...(backend?.wg !== undefined ? { wg: backend.wg } : {}),
  };
}
