import { z } from "zod";
import type { Logger } from "../../runtime/logger.js";
import type { Order, Orders, Subscription, Subscriptions } from "../books/index.js";
import { type Catalog, findPack, findPlan } from "../catalog/index.js";
import {
  mayHealOnRetry,
  type NodeEdits,
  type ProvisionerFor,
  ProvisioningError,
  type TrafficLimits,
} from "../provisioning/index.js";
import { packOf } from "../sales/index.js";
import type { SubscriptionTerms } from "../terms/index.js";
import type { FulfilResult } from "./fulfilment.js";
import { OrderUndecidedError } from "./order-runs.js";

/**
 * What a traffic pack aims at, fixed once on its order (`trafficTarget`) when its turn came and
 * before its first hosting write: each place's limit and the record's allowance, ABSOLUTE (GB).
 */
const packTarget = z.object({
  gb: z.number().positive(),
  limits: z.record(z.string(), z.number().min(0)),
  allowance: z.number().positive(),
});
export type PackTarget = z.output<typeof packTarget>;

/** Limits that differ by less than this are the same (they are rounded to 0.01 GB). */
const GB_TOLERANCE = 0.005;

const round2 = (gb: number) => Math.round(gb * 100) / 100;

/**
 * The target of a pack of `gb` over the limits read now and the record's allowance: each limited
 * place `gb` higher (an unlimited place stays unlimited). An access with no limit anywhere, or
 * an allowance of none, has nothing a pack could add to: refused for good (refunded).
 */
export function packTargetOf(limits: TrafficLimits, allowance: number, gb: number): PackTarget {
  const limited = Object.values(limits).some((v) => v > 0);
  if (!limited || allowance <= 0)
    throw new ProvisioningError("the access has unlimited traffic: a traffic pack adds nothing to it", true);
  const raised = Object.fromEntries(Object.entries(limits).map(([k, v]) => [k, v > 0 ? round2(v + gb) : 0]));
  return { gb, limits: raised, allowance: round2(allowance + gb) };
}

/** The limits a pack started from: each place's target less its GB (an unlimited place stays so). */
function limitsBefore(target: PackTarget): TrafficLimits {
  return Object.fromEntries(
    Object.entries(target.limits).map(([place, gb]) => [place, gb > 0 ? round2(gb - target.gb) : 0]),
  );
}

/** Whether the hosting side holds every place's target limit. */
function holds(limits: TrafficLimits, target: PackTarget): boolean {
  return Object.entries(target.limits).every(
    ([place, gb]) => Math.abs((limits[place] ?? Number.NaN) - gb) < GB_TOLERANCE,
  );
}

export interface PackFulfilmentDeps {
  orders: Orders;
  subscriptions: Subscriptions;
  catalog: () => Catalog;
  provisioner: ProvisionerFor;
  terms: SubscriptionTerms;
  logger: Logger;
  /** The node clients' edits in doubt (a pack is not given up on while one may still land). */
  nodeEdits?: Pick<NodeEdits, "doubts"> | undefined;
}

type Active = Extract<FulfilResult, { outcome: "active" }>;

/**
 * The one home of "a paid traffic pack raises the limit once". A pack takes its turn in the
 * subscription's term chain with renewals and admins' changes (terms/): a renewal gives the
 * plan's allowance afresh, so the two must not interleave, and two packs must each start from
 * the limit the one before left. When its turn comes its target is fixed once on the order from
 * the limits the hosting side holds then, and written as absolute limits: a retry, a restart or
 * a write whose answer was lost sets the same limits again and never adds twice. The expiry is
 * never touched; the record's allowance takes the pack too, so the usage cache reads anew.
 */
export class PackFulfilment {
  constructor(private readonly deps: PackFulfilmentDeps) {}

  /** Applies pack order `order` (in `provisioning`) when its turn in the chain has come. */
  async apply(order: Order): Promise<FulfilResult> {
    const { orders, subscriptions, terms } = this.deps;
    const seen = order.subscriptionId ? await subscriptions.get(order.subscriptionId) : undefined;
    if (!seen || seen.removedAt !== undefined)
      throw new ProvisioningError("the subscription to add traffic to is gone", true);
    const turn = await terms.chain.enter(seen.id, order.id);
    if (!turn.turn) return { outcome: "waiting", order, behind: turn.behind };
    // Read again now that its turn came: the renewal or pack before it may have just moved it.
    const sub = (await subscriptions.get(seen.id)) ?? seen;
    const provisioner = this.deps.provisioner(sub.ref.kind);
    const fixed =
      order.trafficTarget ??
      (await orders.fixOnce(
        order.id,
        "trafficTarget",
        JSON.stringify(
          packTargetOf(
            await provisioner.trafficLimits(sub.ref),
            sub.trafficGb,
            packOf(this.deps.catalog(), order).pack.gb,
          ),
        ),
      ));
    const target = packTarget.parse(JSON.parse(fixed));
    await provisioner.setTrafficLimits(sub.ref, target.limits);
    return this.done(order, sub, target);
  }

  /**
   * Pack order `orderId`, being given up on, if the hosting side already holds its target (its
   * last write landed though the answer was lost): finished as active instead of refunded (the
   * traffic would stay unpaid, and a charge again would add it twice). When it landed on some
   * places only (a panel's locations are written one by one), those are set back to the limits
   * before it, so the refund leaves nothing of it behind. Undefined when it is to be refunded;
   * OrderUndecidedError while that cannot be told or undone now (a node edit in doubt, the client
   * not readable or writable now).
   */
  async landed(orderId: string): Promise<Active | undefined> {
    const order = await this.deps.orders.get(orderId);
    if (order?.kind !== "pack" || order.status !== "provisioning" || !order.trafficTarget) return undefined;
    const sub = order.subscriptionId ? await this.deps.subscriptions.get(order.subscriptionId) : undefined;
    if (!sub || sub.removedAt !== undefined) return undefined;
    const { ref } = sub;
    if (ref.kind === "node" && (await this.deps.nodeEdits?.doubts.inDoubt(ref.name)))
      throw new OrderUndecidedError(orderId, `an edit of node client ${ref.name} may still land`);
    const target = packTarget.parse(JSON.parse(order.trafficTarget));
    const limits = await this.deps
      .provisioner(ref.kind)
      .trafficLimits(ref)
      .catch((err: unknown) => {
        if (!mayHealOnRetry(err)) return undefined; // gone, or refused: nothing of it stands
        throw new OrderUndecidedError(orderId, `its client cannot be read now (${String(err)})`);
      });
    if (!limits) return undefined;
    if (!holds(limits, target)) return this.undo(order, sub, target, limits);
    this.deps.logger.warn({ orderId, target }, "a traffic pack given up on had landed: finished");
    return this.done(order, sub, target);
  }

  /** Sets the places a pack reached back to their limits before it; undefined (refund) when done. */
  private async undo(order: Order, sub: Subscription, target: PackTarget, seen: TrafficLimits) {
    const before = limitsBefore(target);
    if (holds(seen, { ...target, limits: before })) return undefined;
    await this.deps
      .provisioner(sub.ref.kind)
      .setTrafficLimits(sub.ref, before)
      .catch((err: unknown) => {
        if (mayHealOnRetry(err))
          throw new OrderUndecidedError(order.id, `its limits cannot be set back now (${String(err)})`);
        this.deps.logger.warn(
          { err, orderId: order.id },
          "a traffic pack's partial write could not be undone",
        );
      });
    this.deps.logger.warn(
      { orderId: order.id, before },
      "a traffic pack given up on was set back where it had landed",
    );
    return undefined;
  }

  /**
   * What a pack order already active gave (to deliver its notice again). A finished order keeps
   * only its pack's id (order-trim.ts), so its GB are the pack's and the allowance the record's now.
   */
  finished(order: Order, subscription: Subscription): Active | undefined {
    if (order.kind !== "pack") return undefined;
    const fixed = order.trafficTarget ? packTarget.parse(JSON.parse(order.trafficTarget)) : undefined;
    const gb = fixed?.gb ?? findPack(findPlan(this.deps.catalog(), order.planId), order.packId)?.gb;
    if (gb === undefined) return undefined;
    return this.result(order, subscription, { gb, limits: {}, allowance: subscription.trafficGb }, undefined);
  }

  /** The hosting side holds the target: the record's allowance follows, the order goes active. */
  private async done(order: Order, sub: Subscription, target: PackTarget): Promise<Active> {
    const { orders, subscriptions, terms } = this.deps;
    await subscriptions.setAllowance(sub.id, target.allowance);
    await orders.transition(order.id, ["provisioning"], "active");
    const nextInChain = await terms.chain.leave(sub.id, order.id);
    this.deps.logger.info(
      { orderId: order.id, subscriptionId: sub.id, gb: target.gb, limits: target.limits },
      "traffic pack applied",
    );
    const now = (await subscriptions.get(sub.id)) ?? sub;
    return this.result(order, now, target, nextInChain);
  }

  private result(
    order: Order,
    subscription: Subscription,
    target: PackTarget,
    nextInChain: string | undefined,
  ): Active {
    const links = { links: subscription.links, subscriptionUrl: subscription.subscriptionUrl };
    return {
      outcome: "active",
      order,
      subscription,
      links,
      renewed: false,
      pack: { gb: target.gb, allowanceGb: target.allowance },
      nextInChain,
    };
  }
}
