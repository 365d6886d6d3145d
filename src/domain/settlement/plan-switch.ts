import { type Clock, DAY } from "../../runtime/clock.js";
import type { Logger } from "../../runtime/logger.js";
import {
  type AccessLinks,
  type AccessRef,
  clientKey,
  isInFlightStatus,
  type Order,
  type Orders,
  orderKeys,
  parseRef,
  type Subscription,
  type Subscriptions,
  termEnd,
  type Wallet,
} from "../books/index.js";
import { type Catalog, findPlan, type Plan } from "../catalog/index.js";
import {
  type NodeEdits,
  type ProvisionerFor,
  ProvisioningError,
  type ProvisionRequest,
  standingExpiry,
} from "../provisioning/index.js";
import { keepsClient } from "../sales/index.js";
import type { SubscriptionTerms } from "../terms/index.js";
import type { FulfilResult } from "./fulfilment.js";
import { OrderUndecidedError, reached } from "./order-runs.js";

export interface SwitchFulfilmentDeps {
  orders: Orders;
  subscriptions: Subscriptions;
  wallet: Wallet;
  catalog: () => Catalog;
  provisioner: ProvisionerFor;
  terms: SubscriptionTerms;
  clock: Clock;
  logger: Logger;
  nodeEdits?: Pick<NodeEdits, "doubts"> | undefined;
}

type Active = Extract<FulfilResult, { outcome: "active" }>;

/**
 * An expiry this far from the one the credit was reckoned on means the term moved since the quote
 * (a hosting side that counts whole days may round the record's expiry by less).
 */
const BASIS_SLACK_MS = DAY;

/**
 * A renewal whose subscription switched plans since it was opened (a switch landed first) is
 * refused for good, refunded: its term and price were the old plan's. One that fixed its target
 * before the switch was quoted goes on (the switch's credit counted it).
 */
export function renewalOfSamePlan(order: Order, sub: Subscription): void {
  if (sub.planId !== order.planId && order.targetExpiresAt === undefined)
    throw new ProvisioningError("the subscription switched plans since this renewal was opened", true);
}

/** The wallet's idempotency key of a switch's surplus credit (once per order). */
export const switchCreditKey = (orderId: string) => `switch-credit:${orderId}`;

/**
 * The one home of "a paid plan switch lands once". It takes its turn in the subscription's term
 * chain (renewals, packs and admins' changes before it finish first). At its turn the new term
 * (the new plan's days from then) and where the access goes are fixed once on the order: the same
 * client where the backend allows (sales' keepsClient), set to the new plan with absolute values;
 * else a new client made first (looked up by the order's client name before it is created, so a
 * lost answer makes one client) and read back. Only then does the record take the new plan (one
 * MULTI with the order marked switched), the old client go, and the surplus credit go to the
 * wallet (once, keyed by the order). A switch whose term moved since its quote (a renewal paid
 * after it was opened, an admin's change) is refused for good: refunded, the old access as it was.
 */
export class SwitchFulfilment {
  constructor(private readonly deps: SwitchFulfilmentDeps) {}

  /** Applies switch order `order` (in `provisioning`) when its turn in the chain has come. */
  async apply(order: Order): Promise<FulfilResult> {
    const { subscriptions, terms } = this.deps;
    const seen = order.subscriptionId ? await subscriptions.get(order.subscriptionId) : undefined;
    if (!seen || seen.removedAt !== undefined)
      throw new ProvisioningError("the subscription to switch is gone", true);
    const turn = await terms.chain.enter(seen.id, order.id);
    if (!turn.turn) return { outcome: "waiting", order, behind: turn.behind };
    const sub = (await subscriptions.get(seen.id)) ?? seen;
    if (order.switchedAt === undefined) {
      // A renewal its quote counted goes first: the switch steps to the back of the chain behind it.
      const first = await this.earlierRenewal(order, sub);
      if (first) {
        await terms.chain.leave(sub.id, order.id);
        return { outcome: "waiting", order, behind: first };
      }
      await this.land(order, sub);
    }
    return this.finish(order.id);
  }

  /** A renewal of `sub` opened before switch `order` and not applied yet (its days are in the credit). */
  private async earlierRenewal(order: Order, sub: Subscription): Promise<string | undefined> {
    const orders = await this.deps.orders.ofCustomer(sub.customerId, 50);
    return orders.find(
      (o) =>
        o.kind === "renewal" &&
        o.subscriptionId === sub.id &&
        isInFlightStatus(o.status) &&
        o.createdAt <= order.createdAt,
    )?.id;
  }

  /** The hosting side made to hold the new plan, then the record switched with the order marked. */
  private async land(order: Order, sub: Subscription): Promise<void> {
    const to = this.planOf(order);
    if (sub.planId === order.planId || Math.abs(sub.expiresAt - (order.switchBasis ?? 0)) > BASIS_SLACK_MS)
      throw new ProvisioningError("the subscription's term moved since the switch was quoted", true);
    const { orders, clock } = this.deps;
    const target = Number(
      order.targetExpiresAt ??
        (await orders.fixOnce(order.id, "targetExpiresAt", String(termEnd(0, clock.now(), to.days)))),
    );
    const from = parseRef(order.switchFrom ? JSON.stringify(order.switchFrom) : JSON.stringify(sub.ref));
    await orders.fixOnce(order.id, "switchFrom", JSON.stringify(from));
    const request: ProvisionRequest = {
      name: order.clientName,
      uuid: order.clientUuid,
      expiresAt: target,
      trafficGb: to.traffic_gb,
      devices: to.devices,
    };
    const place = keepsClient(from, to, target, sub.expiresAt)
      ? from
      : await this.deps.provisioner(to.backend.kind).place(to, request);
    const placed = order.ref ?? parseRef(await orders.fixOnce(order.id, "ref", JSON.stringify(place)));
    const same = clientKey(placed) === clientKey(from);
    const access = same ? await this.keep(placed, to, request, sub) : await this.make(placed, to, request);
    await orders.update(order.id, { ref: JSON.stringify(access.ref) });
    const now = String(clock.now());
    await this.deps.subscriptions.switchPlan(
      sub.id,
      { planId: to.id, ...access, expiresAt: target, trafficGb: to.traffic_gb, devices: to.devices },
      (tx) => tx.hset(orderKeys.order(order.id), { switchedAt: now, updatedAt: now }),
    );
    this.deps.logger.info(
      { orderId: order.id, subscriptionId: sub.id, from: sub.planId, to: to.id, same },
      "plan switched",
    );
  }

  /** The same client set to the new plan: absolute term and a fresh allowance, then the devices. */
  private async keep(ref: AccessRef, to: Plan, request: ProvisionRequest, sub: Subscription) {
    const provisioner = this.deps.provisioner(ref.kind);
    await provisioner.renew(ref, request.expiresAt, request.trafficGb);
    await provisioner.setLimits(ref, { devices: request.devices });
    const fresh = await provisioner.links(ref).catch(() => undefined);
    const kept: AccessLinks = { links: sub.links, subscriptionUrl: sub.subscriptionUrl };
    const links = fresh && (fresh.links.length > 0 || fresh.subscriptionUrl) ? fresh : kept;
    this.deps.logger.debug({ ref, plan: to.id }, "switch keeps its client");
    return { ref, links: { ...links, subscriptionUrl: links.subscriptionUrl ?? kept.subscriptionUrl } };
  }

  /**
   * A new client on the new plan, looked up before it is made (a lost answer made it already),
   * made again for its links when those went with a lost answer (never handed out yet), and read
   * back: it must hold the new term before anything of the old access is touched.
   */
  private async make(placed: AccessRef, to: Plan, request: ProvisionRequest) {
    const provisioner = this.deps.provisioner(placed.kind);
    let { ref, links } = await provisioner.ensure(placed, to, request);
    if (links.links.length === 0 && !links.subscriptionUrl && provisioner.reissue)
      ({ ref, links } = await provisioner.reissue(ref, request));
    const state = await provisioner.state(ref);
    if (!state.enabled || !reached(ref.kind, state.expiresAt, request.expiresAt - 60_000))
      throw new ProvisioningError("the switch's new client does not hold its term yet", false);
    return { ref, links };
  }

  /**
   * After the record took the new plan: the old client removed (when it is another one), the
   * surplus to the wallet (once), the order active, the chain handed on. Each step is safe to
   * repeat, so a crash anywhere here is finished by the next run (or by `landed`).
   */
  private async finish(orderId: string): Promise<Active> {
    const { orders, subscriptions, terms, wallet } = this.deps;
    const order = await orders.get(orderId);
    const sub = order?.subscriptionId ? await subscriptions.get(order.subscriptionId) : undefined;
    if (!order || !sub) throw new ProvisioningError("the switched subscription is gone", true);
    const old = order.switchFrom;
    if (old && clientKey(old) !== clientKey(sub.ref)) await this.deps.provisioner(old.kind).remove(old);
    const surplus = order.switchSurplus ?? 0;
    if (surplus > 0)
      await wallet.credit(order.customerId, surplus, switchCreditKey(order.id), {
        kind: "switch-credit",
        ref: order.id,
        planId: order.planId,
      });
    await orders.transition(order.id, ["provisioning"], "active");
    const nextInChain = await terms.chain.leave(sub.id, order.id);
    const links = { links: sub.links, subscriptionUrl: sub.subscriptionUrl };
    return { outcome: "active", order, subscription: sub, links, renewed: false, nextInChain };
  }

  /**
   * Switch order `orderId`, being given up on, if it already landed: the record took the new plan
   * (finished instead of refunded), or the same client already holds the new term (the record
   * follows). Undefined when it is to be refunded; OrderUndecidedError while that cannot be told.
   */
  async landed(orderId: string): Promise<Active | undefined> {
    const order = await this.deps.orders.get(orderId);
    if (order?.kind !== "switch" || order.status !== "provisioning") return undefined;
    if (order.switchedAt !== undefined) return this.finish(orderId);
    const sub = order.subscriptionId ? await this.deps.subscriptions.get(order.subscriptionId) : undefined;
    const target = order.targetExpiresAt;
    if (!sub || !order.ref || target === undefined || clientKey(order.ref) !== clientKey(sub.ref))
      return undefined;
    const { ref } = sub;
    const hosting = await standingExpiry(this.deps, ref, (why) => new OrderUndecidedError(orderId, why));
    if (hosting === undefined || !reached(ref.kind, hosting, target)) return undefined;
    // The same client holds the new term: the record follows, rather than a refund leaving it so.
    await this.land({ ...order, switchBasis: sub.expiresAt }, { ...sub, planId: "" });
    return this.finish(orderId);
  }

  /** A failed switch's new client (never handed out) is removed; the old one stays the customer's. */
  async removeNewClient(order: Order): Promise<AccessRef | undefined> {
    const sub = order.subscriptionId ? await this.deps.subscriptions.get(order.subscriptionId) : undefined;
    const made = order.ref;
    if (!made || !sub || clientKey(made) === clientKey(sub.ref)) return undefined;
    try {
      await this.deps.provisioner(made.kind).remove(made);
      return undefined;
    } catch (err) {
      this.deps.logger.warn(
        { orderId: order.id, err, ref: made },
        "failed switch left its new client behind",
      );
      return made;
    }
  }

  private planOf(order: Order): Plan {
    const plan = findPlan(this.deps.catalog(), order.planId);
    if (!plan) throw new ProvisioningError(`plan ${order.planId} is no longer in the catalog`, true);
    return plan;
  }
}
