import type { Logger } from "../../runtime/logger.js";
import {
  isInFlightStatus,
  type Order,
  type Orders,
  parseRef,
  type Subscription,
  type Subscriptions,
} from "../books/index.js";
import { type Catalog, findPlan } from "../catalog/index.js";
import {
  mayHealOnRetry,
  type ProvisionerFor,
  ProvisioningError,
  type ProvisionRequest,
} from "../provisioning/index.js";
import { type Family, maxSeats, type Seat, type Seats, termOf } from "../sales/index.js";
import type { SubscriptionTerms } from "../terms/index.js";
import type { FulfilResult } from "./fulfilment.js";

export interface SeatFulfilmentDeps {
  orders: Orders;
  subscriptions: Subscriptions;
  catalog: () => Catalog;
  provisioner: ProvisionerFor;
  terms: SubscriptionTerms;
  logger: Logger;
  seats?: Seats | undefined;
}

type Active = Extract<FulfilResult, { outcome: "active" }>;

/** A seat member's subscription id: made by the seat's order, so a retry finds it. */
export const memberSubscriptionId = (seatOrderId: string) => `s${seatOrderId.slice(1)}`;

/** What freeing a seat gave: `busy` while its member's client is still being made. */
export type SeatRevoke =
  | { status: "ok"; seat: Seat; memberId: number | undefined }
  | { status: "unknown" | "free" | "busy" };

/**
 * The hosting side of family seats (sales/seats.ts keeps the seats and their codes): a claimed
 * seat's client, the family's renewal reaching every taken seat, seats added mid-term, and a
 * seat freed. Each seat change takes its turn in the owner subscription's term chain with the
 * renewals, so a seat made while the family is renewed gets the renewed term, and every hosting
 * write goes to a target fixed once on its order (a retry writes the same, never adds).
 */
export class SeatFulfilment {
  constructor(private readonly deps: SeatFulfilmentDeps) {}

  /** A family plan's purchase made its owner's subscription: its seats and their invite codes. */
  async afterPurchase(order: Order, owner: Subscription): Promise<void> {
    const plan = findPlan(this.deps.catalog(), owner.planId);
    if (!plan?.seats || !this.deps.seats || order.kind !== "purchase") return;
    await this.deps.seats.open(owner.id, owner.customerId, plan.id, order.seats ?? plan.seats.count);
  }

  /** A `seat` order (a member's client) or a `seats` order (seats added), when its turn came. */
  async apply(order: Order): Promise<FulfilResult> {
    const { subscriptions, terms } = this.deps;
    const seen = order.subscriptionId ? await subscriptions.get(order.subscriptionId) : undefined;
    if (!seen || seen.removedAt !== undefined || !this.deps.seats)
      throw new ProvisioningError("the family's subscription is gone", true);
    const turn = await terms.chain.enter(seen.id, order.id);
    if (!turn.turn) return { outcome: "waiting", order, behind: turn.behind };
    const owner = (await subscriptions.get(seen.id)) ?? seen;
    return order.kind === "seat" ? this.member(order, owner) : this.add(order, owner, this.deps.seats);
  }

  /**
   * A claimed seat's client: the owner's term (fixed once), the plan's traffic and devices, looked
   * up by the order's own client name before it is made (a lost answer makes no second client).
   */
  private async member(order: Order, owner: Subscription): Promise<Active> {
    const { orders, subscriptions } = this.deps;
    const plan = findPlan(this.deps.catalog(), owner.planId);
    if (!plan) throw new ProvisioningError(`plan ${owner.planId} is no longer in the catalog`, true);
    const target = Number(
      order.targetExpiresAt ?? (await orders.fixOnce(order.id, "targetExpiresAt", String(owner.expiresAt))),
    );
    const request: ProvisionRequest = {
      ...{ name: order.clientName, uuid: order.clientUuid, expiresAt: target },
      ...{ trafficGb: plan.traffic_gb, devices: plan.devices },
    };
    const provisioner = this.deps.provisioner(plan.backend.kind);
    const placed =
      order.ref ??
      parseRef(await orders.fixOnce(order.id, "ref", JSON.stringify(await provisioner.place(plan, request))));
    let { ref, links } = await provisioner.ensure(placed, plan, request);
    const id = memberSubscriptionId(order.id);
    const existing = await subscriptions.get(id);
    if (!existing && links.links.length === 0 && !links.subscriptionUrl && provisioner.reissue)
      ({ ref, links } = await provisioner.reissue(ref, request));
    await orders.update(order.id, { ref: JSON.stringify(ref) });
    const subscription =
      existing ??
      (await subscriptions.create(order.id, {
        ...{ customerId: order.customerId, planId: plan.id, ref, links, expiresAt: target },
        ...{ trafficGb: plan.traffic_gb, devices: plan.devices, trial: false },
        family: { of: owner.id, seat: order.seat ?? 0 },
      }));
    const nextInChain = await this.finish(order, owner);
    this.deps.logger.info({ orderId: order.id, family: owner.id, seat: order.seat }, "family seat made");
    return { outcome: "active", order, subscription, links, renewed: false, nextInChain };
  }

  /** Seats added mid-term: the family's count goes to the target fixed once on the order. */
  private async add(order: Order, owner: Subscription, seats: Seats): Promise<Active> {
    const family = await seats.family(owner.id);
    if (!family) throw new ProvisioningError("the subscription is not a family", true);
    let fixed = order.seatsTarget;
    if (fixed === undefined) {
      // Two adds quoted against the same count, both paid: the one whose turn comes second would
      // take the family past the plan's max. It is refused for good (refunded) before its target.
      const target = family.count + (order.seats ?? 0);
      const max = maxSeats(findPlan(this.deps.catalog(), family.planId) ?? {}) ?? family.count;
      if (target > max)
        throw new ProvisioningError(`the family would hold ${target} seats (max ${max})`, true);
      fixed = Number(await this.deps.orders.fixOnce(order.id, "seatsTarget", String(target)));
    }
    await seats.open(owner.id, family.owner, family.planId, Number(fixed));
    const nextInChain = await this.finish(order, owner);
    const links = { links: owner.links, subscriptionUrl: owner.subscriptionUrl };
    return { outcome: "active", order, subscription: owner, links, renewed: false, nextInChain };
  }

  private async finish(order: Order, owner: Subscription): Promise<string | undefined> {
    await this.deps.orders.transition(order.id, ["provisioning"], "active");
    return this.deps.terms.chain.leave(owner.id, order.id);
  }

  /** A seat order given up on: its seat is free again, under a new invite code. */
  async released(order: Order): Promise<void> {
    if (order.kind !== "seat" || !order.subscriptionId || !order.seat) return;
    await this.deps.seats?.free(order.subscriptionId, order.seat, order.id);
  }

  /**
   * A family renewal's seats: every taken seat's client goes to the owner's `target`. A seat whose
   * write may heal throws (the order's job retries it; the seats that hold the target already are
   * not written again); one refused for good (its client gone), or any when `giveUp` (the order's
   * last look), is given up with the reason on the order, and the renewal still finishes.
   */
  async renewAll(order: Order, owner: Subscription, target: number, giveUp = false): Promise<void> {
    const family = await this.deps.seats?.family(owner.id);
    if (!family) return;
    const { trafficGb } = termOf(this.deps.catalog(), order);
    const givenUp: Record<string, string> = order.seatsGivenUp ? JSON.parse(order.seatsGivenUp) : {};
    for (const member of await this.members(family)) {
      if (member.expiresAt === target || givenUp[String(member.seat)] !== undefined) continue;
      try {
        await this.deps.provisioner(member.ref.kind).renew(member.ref, target, trafficGb);
      } catch (err) {
        if (!giveUp && mayHealOnRetry(err)) throw err;
        givenUp[String(member.seat)] = String(err).slice(0, 200);
        await this.deps.orders.update(order.id, { seatsGivenUp: JSON.stringify(givenUp) });
        this.deps.logger.warn(
          { err, orderId: order.id, seat: member.seat },
          "a family seat's renewal given up",
        );
        continue;
      }
      await this.deps.subscriptions.setTerm(member.id, target, { trafficGb });
    }
  }

  /** The members' subscriptions of the family of `ownerId` (none: not a family). */
  async familyMembers(ownerId: string): Promise<Subscription[]> {
    const family = await this.deps.seats?.family(ownerId);
    return family ? this.members(family) : [];
  }

  /** The members' subscriptions of a family's taken seats (removed ones left out). */
  async members(family: Family): Promise<Subscription[]> {
    const ids = family.seats.flatMap((s) => (s.orderId ? [memberSubscriptionId(s.orderId)] : []));
    const subs = await Promise.all(ids.map((id) => this.deps.subscriptions.get(id)));
    return subs.filter((s): s is Subscription => s !== undefined && s.removedAt === undefined);
  }

  /**
   * A member's access ends: the client removed on the hosting side and read back (gone), then the
   * member's subscription marked removed. Safe to repeat; throws while the client is still there.
   */
  async removeMember(member: Subscription): Promise<void> {
    if (member.removedAt !== undefined) return;
    const hosting = this.deps.provisioner(member.ref.kind);
    await hosting.remove(member.ref);
    const still = await hosting.state(member.ref).then(
      () => true,
      (err: unknown) => {
        if (mayHealOnRetry(err)) throw err;
        return false;
      },
    );
    if (still) throw new Error(`the client of seat ${member.seat} of ${member.familyOf} is still there`);
    await this.deps.subscriptions.markRemoved(member.id);
  }

  /**
   * The owner frees seat `n`: the member's client is removed on the hosting side and read back
   * (gone), the member's subscription marked removed, then the seat is free under a NEW invite
   * code. Safe to repeat after a crash at any step. `busy` while the seat's client is being made.
   */
  async revoke(ownerId: number, subscriptionId: string, n: number): Promise<SeatRevoke> {
    const { orders, subscriptions, seats } = this.deps;
    const owner = await subscriptions.get(subscriptionId);
    const family = owner?.customerId === ownerId ? await seats?.family(subscriptionId) : undefined;
    const seat = family?.seats.find((s) => s.n === n);
    if (!seats || !seat) return { status: "unknown" };
    if (!seat.orderId) return { status: "free" };
    const order = await orders.get(seat.orderId);
    if (order && (isInFlightStatus(order.status) || order.status === "awaiting_payment"))
      return { status: "busy" };
    const member = await subscriptions.get(memberSubscriptionId(seat.orderId));
    if (member) await this.removeMember(member);
    const now = await seats.free(subscriptionId, n, seat.orderId);
    return now ? { status: "ok", seat: now, memberId: seat.memberId } : { status: "unknown" };
  }
}
