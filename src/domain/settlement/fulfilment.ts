import type { Redis } from "ioredis";
import type { Clock } from "../../runtime/clock.js";
import type { Logger } from "../../runtime/logger.js";
import { keyPrefix } from "../../store/key-prefix.js";
import { LuaScript } from "../../store/lua.js";
import type { Customers, Subscription, Subscriptions } from "../books/index.js";
import {
  type AccessRef,
  changesSubscription,
  clientKey,
  IN_FLIGHT_STATUSES,
  isInFlightStatus,
  ledgerIdemKeys,
  MOVEMENT_PREFIXES,
  movementKeys,
  type Order,
  type Orders,
  orderKeys,
  parseRef,
  termEnd,
  type Wallet,
} from "../books/index.js";
import type { Catalog, Plan } from "../catalog/index.js";
import {
  type NodeEdits,
  type Provisioner,
  ProvisioningError,
  type ProvisionRequest,
  standingExpiry,
} from "../provisioning/index.js";
import { type ReferralRewards, referralKeys, rewardKeys, SALES_LUA, termOf } from "../sales/index.js";
import type { SubscriptionTerms } from "../terms/index.js";
import { FamilyEnd, type FamilyNotices } from "./family-end.js";
import type { FailResult, FulfilResult } from "./fulfil-results.js";
import { removeLeftover } from "./leftovers.js";
import { OrderUndecidedError, oneRun, reached } from "./order-runs.js";
import { renewalOfSamePlan, SwitchFulfilment } from "./plan-switch.js";
import { fixCarry } from "./rollover.js";
import { SeatFulfilment, type SeatFulfilmentDeps } from "./seats.js";
import { PackFulfilment } from "./traffic-packs.js";

export type { FailResult, FulfilResult } from "./fulfil-results.js";

export interface FulfilmentDeps {
  orders: Orders;
  subscriptions: Subscriptions;
  wallet: Wallet;
  customers: Customers;
  catalog: () => Catalog;
  provisioner: (kind: Plan["backend"]["kind"]) => Provisioner;
  /** The authority over a subscription's term: its chain, and where a renewal's days start. */
  terms: SubscriptionTerms;
  redis: Redis;
  clock: Clock;
  logger: Logger;
  /** Referral rewards and bonus days (none: no referrals). */
  referrals?: ReferralRewards;
  /** Parks a paid gift until it is claimed (none: gifts are provisioned to the buyer). */
  gifts?: { park(order: Order): Promise<string | undefined> };
  /** The node clients' edits in doubt (a renewal is not given up on while one may still land). */
  nodeEdits?: Pick<NodeEdits, "doubts">;
  /** Family plans' seats (none: a plan's seats are not made). */
  seats?: SeatFulfilmentDeps["seats"];
  /** How a member hears that a removed owner's family ended (none: only logged). */
  familyNotices?: FamilyNotices | undefined;
}

/** A failed order's money back, once, while it is still failed (lua/refund.lua). */
const REFUND = LuaScript.load(new URL("./lua/refund.lua", import.meta.url), SALES_LUA);

/**
 * Carries a paid order to an active subscription. Every step can be repeated: the term and the
 * placement are fixed on the order once, the client is looked up before it is created, and a
 * renewal goes to an absolute target, so a retry or a restart never provisions or adds twice.
 */
export class Fulfilment {
  private readonly packs: PackFulfilment;
  /** Family seats on the hosting side: members' clients, seats added, a seat freed. */
  readonly seats: SeatFulfilment;
  private readonly switches: SwitchFulfilment;
  /** A removed family owner's members' access ended (the owners index and the order sweep call it). */
  readonly families: FamilyEnd;

  constructor(private readonly deps: FulfilmentDeps) {
    this.packs = new PackFulfilment(deps);
    this.seats = new SeatFulfilment(deps);
    this.families = new FamilyEnd({ ...deps, hosting: this.seats, notices: deps.familyNotices });
    this.switches = new SwitchFulfilment(deps);
  }

  async fulfil(orderId: string): Promise<FulfilResult> {
    const run = await oneRun(this.deps, orderId, () => this.attempt(orderId));
    if (run !== "busy") return run;
    // Another run of this order is under way (a stalled job run again): this one looks again later.
    const order = await this.deps.orders.get(orderId);
    return order ? { outcome: "waiting", order, behind: orderId } : { outcome: "skipped", order };
  }

  private async attempt(orderId: string): Promise<FulfilResult> {
    const { orders } = this.deps;
    let order = await orders.get(orderId);
    // An unclaimed gift waits for its claim instead; a re-run finds it waiting (the link again).
    const waiting = order?.status === "paid" || order?.status === "awaiting_claim";
    if (order?.gift && waiting && order.recipientId === undefined && this.deps.gifts) {
      const code = await this.deps.gifts.park(order);
      if (code) return { outcome: "gift", order, code };
    }
    if (!order || !isInFlightStatus(order.status)) return { outcome: "skipped", order };
    await orders.transition(order.id, ["paid"], "provisioning");
    order = (await orders.get(orderId)) as Order;
    if (order.status !== "provisioning") return { outcome: "skipped", order };
    if (order.kind === "pack") return this.packs.apply(order);
    if (order.kind === "seat" || order.kind === "seats") return this.seats.apply(order);
    if (order.kind === "switch") return this.switches.apply(order);
    return order.kind === "renewal" ? this.renew(order) : this.create(order);
  }

  /**
   * The finished result of an order that is already active (to deliver it again after a
   * delivery that failed, e.g. Telegram was unreachable when the job ran).
   */
  async finished(order: Order): Promise<Extract<FulfilResult, { outcome: "active" }> | undefined> {
    if (order.status !== "active") return undefined;
    const id = (order.kind !== "seat" && order.subscriptionId) || `s${order.id.slice(1)}`;
    const subscription = await this.deps.subscriptions.get(id);
    if (!subscription) return undefined;
    if (order.kind === "pack") return this.packs.finished(order, subscription);
    return {
      outcome: "active",
      order,
      subscription,
      links: { links: subscription.links, subscriptionUrl: subscription.subscriptionUrl },
      renewed: order.kind === "renewal",
    };
  }

  private async create(order: Order): Promise<FulfilResult> {
    const { orders, subscriptions, clock } = this.deps;
    const { plan, days, trafficGb } = termOf(this.deps.catalog(), order);
    const provisioner = this.deps.provisioner(plan.backend.kind);
    // An invited customer's first paid purchase carries the referral bonus, in the term fixed once
    // (not a gift: the bonus is for the customer's own access).
    const bonus = order.gift ? 0 : ((await this.deps.referrals?.bonusDays(order)) ?? 0);
    const target = Number(
      await orders.fixOnce(order.id, "targetExpiresAt", String(termEnd(0, clock.now(), days + bonus))),
    );
    const request: ProvisionRequest = {
      name: order.clientName,
      uuid: order.clientUuid,
      expiresAt: target,
      trafficGb: trafficGb + (order.rolloverGb ?? 0),
      devices: plan.devices,
    };
    const placed =
      order.ref ??
      parseRef(await orders.fixOnce(order.id, "ref", JSON.stringify(await provisioner.place(plan, request))));
    let { ref, links } = await provisioner.ensure(placed, plan, request);
    const subscriptionId = `s${order.id.slice(1)}`;
    const existing = await subscriptions.get(subscriptionId);
    if (!existing && links.links.length === 0 && !links.subscriptionUrl && provisioner.reissue) {
      // An earlier attempt created the client but its answer (with the links) was lost; nothing
      // was handed out yet, so make it again to have links to give.
      ({ ref, links } = await provisioner.reissue(ref, request));
    }
    await orders.update(order.id, { ref: JSON.stringify(ref) });

    const subscription =
      existing ??
      (await subscriptions.create(order.id, {
        // A claimed gift belongs to the one who claimed it (the buyer paid and is refunded on failure).
        customerId: order.recipientId ?? order.customerId,
        planId: plan.id,
        ref,
        links,
        expiresAt: target,
        trafficGb,
        devices: plan.devices,
        trial: order.kind === "trial",
      }));
    await this.seats.afterPurchase(order, subscription);
    await this.activate(order, { subscriptionId });
    this.deps.logger.info({ orderId: order.id, subscriptionId, kind: ref.kind }, "order fulfilled");
    return { outcome: "active", order, subscription, links, renewed: false };
  }

  /**
   * A renewal takes its turn in the subscription's term chain (terms/: paid renewals and admins'
   * changes, one after the other): its target is fixed only when the one before it has finished,
   * from the term that one left (SubscriptionTerms.additiveTarget), so two paid renewals add
   * their days twice whatever the order of retries, workers and restarts.
   */
  private async renew(order: Order): Promise<FulfilResult> {
    const { orders, subscriptions, terms } = this.deps;
    const seen = order.subscriptionId ? await subscriptions.get(order.subscriptionId) : undefined;
    if (!seen) throw new ProvisioningError("the subscription to renew is gone", true);
    const turn = await terms.chain.enter(seen.id, order.id);
    if (!turn.turn) return { outcome: "waiting", order, behind: turn.behind };
    // Read again now that its turn came: the change before it may have just moved the term.
    const subscription = (await subscriptions.get(seen.id)) ?? seen;
    renewalOfSamePlan(order, subscription);
    const { plan, days, trafficGb } = termOf(this.deps.catalog(), order);
    const provisioner = this.deps.provisioner(subscription.ref.kind);
    const target =
      order.targetExpiresAt ??
      Number(
        await orders.fixOnce(
          order.id,
          "targetExpiresAt",
          String(await terms.additiveTarget(subscription, days)),
        ),
      );
    // The plan's rollover, fixed once with the target (rollover.ts).
    const carried = { ...order, rolloverGb: await fixCarry(this.deps, order, subscription, plan) };
    const moveTo = order.ref;
    if (moveTo && clientKey(moveTo) !== clientKey(subscription.ref)) {
      return this.renewed(carried, await this.move(carried, subscription, moveTo, target), target);
    }
    await provisioner.renew(subscription.ref, target, trafficGb + carried.rolloverGb);
    await this.seats.renewAll(carried, subscription, target);
    return this.renewed(carried, subscription, target);
  }

  /**
   * A renewal sold on another server of the plan's location (sales/delivery.ts): the access is
   * made there, the old client removed, then the subscription points at the new one. A repeat
   * finds the new client (made again for its links, never handed out) and the old one gone.
   */
  private async move(order: Order, sub: Subscription, moveTo: AccessRef, target: number) {
    const { plan, trafficGb } = termOf(this.deps.catalog(), order);
    const provisioner = this.deps.provisioner(moveTo.kind);
    const request: ProvisionRequest = {
      name: moveTo.name,
      uuid: order.clientUuid,
      expiresAt: target,
      trafficGb: trafficGb + (order.rolloverGb ?? 0),
      devices: plan.devices,
    };
    let { ref, links } = await provisioner.ensure(moveTo, plan, request);
    if (links.links.length === 0 && !links.subscriptionUrl && provisioner.reissue) {
      ({ ref, links } = await provisioner.reissue(ref, request));
    }
    await this.deps.provisioner(sub.ref.kind).remove(sub.ref);
    await this.deps.subscriptions.replaceAccess(sub.id, ref, links);
    this.deps.logger.info(
      { orderId: order.id, subscriptionId: sub.id, from: sub.ref, to: ref },
      "access moved",
    );
    return { ...sub, ref, links: links.links, subscriptionUrl: links.subscriptionUrl };
  }

  /** A renewal whose target the hosting side holds: the record takes it, the order goes active. */
  private async renewed(
    order: Order,
    subscription: Subscription,
    target: number,
  ): Promise<Extract<FulfilResult, { outcome: "active" }>> {
    const { subscriptions, terms } = this.deps;
    const { plan, trafficGb } = termOf(this.deps.catalog(), order);
    const provisioner = this.deps.provisioner(subscription.ref.kind);
    // Fresh links when the backend can give them (xui cannot: the links handed out stay).
    const fresh = await provisioner.links(subscription.ref).catch(() => undefined);
    const links = fresh && (fresh.links.length > 0 || fresh.subscriptionUrl) ? fresh : undefined;
    const carriedGb = order.rolloverGb ?? 0;
    await subscriptions.setTerm(subscription.id, target, {
      trafficGb: trafficGb + carriedGb,
      carriedGb,
      links,
    });
    await this.activate(order);
    const nextInChain = await terms.chain.leave(subscription.id, order.id);
    this.deps.logger.info(
      { orderId: order.id, subscriptionId: subscription.id, planId: plan.id },
      "renewal done",
    );
    const renewed = (await subscriptions.get(subscription.id)) ?? subscription;
    return {
      outcome: "active",
      order,
      subscription: renewed,
      links: links ?? { links: renewed.links, subscriptionUrl: renewed.subscriptionUrl },
      renewed: true,
      nextInChain,
    };
  }

  /**
   * `provisioning -> active`. What follows from it (the referral reward) is owed in the same
   * step and runs after the fact (AfterActive), never inside this path.
   */
  private async activate(order: Order, fields: Record<string, string> = {}): Promise<void> {
    await this.deps.orders.transition(order.id, ["provisioning"], "active", fields);
  }

  /**
   * Gives up on an order: marks it failed, then gives the money back to the wallet (once, keyed
   * by the order), or the trial back to the customer. Returns what was refunded, or undefined
   * when the order is not failed: someone else (the sweep, an admin) has taken it on, or it is a
   * renewal whose target the hosting side already holds (its last write landed though its answer
   * was lost), finished as active instead; refunded, its days would stay on the client unpaid,
   * and a charge again would add them a second time. While that cannot be told (a node edit of
   * the client may still land, or the client cannot be read now), or while another run of the
   * order is under way, nothing is decided: OrderUndecidedError, and the caller looks again later.
   */
  async fail(orderId: string, reason: string): Promise<FailResult> {
    const run = await oneRun(this.deps, orderId, () => this.failOnce(orderId, reason));
    if (run === "busy") throw new OrderUndecidedError(orderId, "another run of it is under way");
    return run;
  }

  private async failOnce(orderId: string, reason: string): Promise<FailResult> {
    const { orders } = this.deps;
    const landed =
      (await this.landedRenewal(orderId)) ??
      (await this.packs.landed(orderId)) ??
      (await this.switches.landed(orderId));
    if (landed) return undefined;
    const moved = await orders.transition(orderId, IN_FLIGHT_STATUSES, "failed", {
      error: reason.slice(0, 300),
    });
    const order = await orders.get(orderId);
    if (!order || (!moved && order.status !== "failed")) return undefined;
    return this.refund(order, reason);
  }

  /** A renewal in flight whose fixed target the hosting side already holds, finished; else undefined. */
  private async landedRenewal(orderId: string) {
    const order = await this.deps.orders.get(orderId);
    const target = order?.targetExpiresAt;
    if (order?.kind !== "renewal" || order.status !== "provisioning" || target === undefined)
      return undefined;
    const subscription = order.subscriptionId
      ? await this.deps.subscriptions.get(order.subscriptionId)
      : undefined;
    if (!subscription) return undefined;
    const { ref } = subscription;
    const hosting = await standingExpiry(this.deps, ref, (why) => new OrderUndecidedError(orderId, why));
    if (hosting === undefined || !reached(ref.kind, hosting, target)) return undefined;
    this.deps.logger.warn({ orderId, target, hosting }, "a renewal given up on had landed: finished");
    await this.seats.renewAll(order, subscription, target, true);
    return this.renewed(order, subscription, target);
  }

  /**
   * Finishes the refund of an order left `failed` (a crash came between marking it failed and the
   * money going back): the same one step as `fail`, so it refunds once whoever gets there first.
   */
  async resumeRefund(orderId: string): Promise<FailResult> {
    const order = await this.deps.orders.get(orderId);
    if (order?.status !== "failed") return undefined;
    return this.refund(order, order.error ?? "");
  }

  private async refund(order: Order, reason: string): Promise<FailResult> {
    const { wallet, customers, clock } = this.deps;
    if (order.kind === "trial") await customers.releaseTrial(order.customerId);
    const entry = wallet.entryJson(order.customerId, order.price, {
      kind: "refund",
      ref: order.id,
      planId: order.planId,
    });
    const done = await REFUND.run(
      this.deps.redis,
      [
        orderKeys.order(order.id),
        orderKeys.failed,
        ...movementKeys(order.customerId),
        referralKeys.of(order.customerId),
        rewardKeys.places,
      ],
      [entry, clock.now(), keyPrefix(ledgerIdemKeys.refund), ...MOVEMENT_PREFIXES],
    );
    if (done !== 1) return undefined;
    // No reward comes for a refunded order (and its bonus days go to the next purchase).
    await this.deps.referrals?.takeBack({ ...order, status: "refunded" });
    await this.seats.released(order); // a seat whose client could not be made is free again
    const nextInChain =
      changesSubscription(order) && order.subscriptionId
        ? await this.deps.terms.chain.leave(order.subscriptionId, order.id)
        : undefined;
    this.deps.logger.warn({ orderId: order.id, reason, refunded: order.price }, "order failed and refunded");
    const orphan =
      order.kind === "switch"
        ? await this.switches.removeNewClient(order)
        : await removeLeftover(this.deps, order);
    return { refunded: order.price, order, nextInChain, orphan };
  }
}
