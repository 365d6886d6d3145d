import type { Redis } from "ioredis";
import type { HostingClients } from "#src/hosting/index.js";
import { PANEL_CHANNELS, type PanelChannel } from "#src/hosting/panel/index.js";
import type { Clock } from "#src/runtime/clock.js";
import type { Logger } from "#src/runtime/logger.js";
import type {
  AccessLinks,
  Customers,
  Orders,
  Subscription,
  SubscriptionOwners,
  Subscriptions,
} from "../../books/index.js";
import { type Catalog, findPlan, type Plan } from "../../catalog/index.js";
import type { HostingActs } from "../../fleet/index.js";
import type { ProvisionerFor } from "../../provisioning/index.js";
import type { TermChain } from "../../terms/index.js";
import { type DriftFindings, type FindingDetail, findingId, findingKey } from "../findings.js";
import type { AccessNotice, AccessNotices, Refused } from "./types.js";

export interface DriftActionsDeps {
  redis: Redis;
  clock: Clock;
  catalog: () => Catalog;
  hosting: Pick<HostingClients, "account" | "panel" | "node">;
  provisioner: ProvisionerFor;
  subscriptions: Subscriptions;
  owners: Pick<SubscriptionOwners, "of">;
  customers: Pick<Customers, "get">;
  /** Read to tell whether a paid renewal of the subscription is being applied. */
  orders: Pick<Orders, "get">;
  /** The subscriptions' term chains: no action while a change of the term is under way. */
  chain: Pick<TermChain, "open">;
  /** The customer's "your access changed, here are the new links" message. */
  notices: AccessNotices;
  /** The reconciliation's findings: the one an action settles is marked resolved. */
  findings?: Pick<DriftFindings, "resolve"> | undefined;
  logger: Logger;
  /** Checks and records the staff's decisions (without it, one given an actor is refused). */
  acts?: HostingActs | undefined;
}

/** What the recreate, move and orphan actions share: the subscription checks, the plan, the notice. */
export class DriftContext {
  constructor(readonly deps: DriftActionsDeps) {}

  /** The subscription when an admin may act on it: there, not removed, its term not over. */
  async liveSubscription(id: string): Promise<Subscription | Refused> {
    const sub = await this.deps.subscriptions.get(id);
    if (!sub) return { status: "refused", reason: "not-found", detail: id };
    if (sub.removedAt !== undefined) return { status: "refused", reason: "removed", detail: id };
    if (sub.expiresAt !== 0 && sub.expiresAt <= this.deps.clock.now()) {
      return { status: "refused", reason: "expired", detail: id };
    }
    return sub;
  }

  /** Whether a change of the subscription's term is under way (a paid renewal, an admin's change). */
  async renewalRunning(subscriptionId: string): Promise<boolean> {
    return (await this.deps.chain.open(subscriptionId)).length > 0;
  }

  /**
   * The subscription's catalog plan; when it has left the catalog, one built from the access
   * itself (its server, locations and inbounds), which is all the provisioner reads of it.
   */
  planOf(sub: Subscription): Plan {
    const plan = findPlan(this.deps.catalog(), sub.planId);
    if (plan) return plan;
    const ref = sub.ref;
    const backend: Plan["backend"] =
      ref.kind === "xui"
        ? { kind: "xui", servers: [ref.serverId] }
        : ref.kind === "node"
          ? { kind: "node" }
          : {
              kind: "panel",
              locations: ref.locations.map((node) => ({ node, inbound_ids: ref.inbounds?.[node] ?? [] })),
              ...(ref.channels ? { channels: ref.channels.filter(isChannel) } : {}),
              ...(ref.wg !== undefined ? { wg: ref.wg } : {}),
            };
    return {
      id: sub.planId,
      title: { en: sub.planId, ru: sub.planId },
      days: 30,
      traffic_gb: sub.trafficGb,
      devices: sub.devices,
      price: 1,
      backend: backend,
    };
  }

  /** Queues the customer's message with the subscription's new links (once per `once`). */
  async notify(sub: Subscription, reason: AccessNotice["reason"], once: string): Promise<void> {
    const customer = await this.deps.customers.get(sub.customerId);
    const links: AccessLinks = { links: sub.links, subscriptionUrl: sub.subscriptionUrl };
    await this.deps.notices.accessChanged({
      customerId: sub.customerId,
      locale: customer?.locale,
      planId: sub.planId,
      plan: findPlan(this.deps.catalog(), sub.planId),
      reason,
      links,
      expiresAt: sub.expiresAt,
      trafficGb: sub.trafficGb,
      devices: sub.devices,
      once,
    });
  }

  /** Marks the findings an action settled as resolved (best-effort: the action itself stands). */
  async resolve(details: FindingDetail[], resolution: string): Promise<void> {
    const findings = this.deps.findings;
    if (!findings) return;
    for (const detail of details) {
      try {
        await findings.resolve(findingId(findingKey(detail)), resolution);
      } catch (err) {
        this.deps.logger.warn({ err, resolution }, "a drift finding could not be marked resolved");
      }
    }
  }
}

function isChannel(c: string): c is PanelChannel {
  return (PANEL_CHANNELS as readonly string[]).includes(c);
}

/** Whether two sets of links differ (what the customer would have to be told). */
export function linksDiffer(
  sub: Pick<Subscription, "links" | "subscriptionUrl">,
  links: AccessLinks,
): boolean {
  if (sub.subscriptionUrl !== links.subscriptionUrl) return true;
  return sub.links.length !== links.links.length || sub.links.some((l, i) => l !== links.links[i]);
}
