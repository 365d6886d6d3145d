import type { Redis } from "ioredis";
import type { Locale } from "../../config.js";
import type { Clock } from "../../runtime/clock.js";
import type { Logger } from "../../runtime/logger.js";
import { type Customers, type FamilyEnds, isInFlightStatus, type Orders } from "../books/index.js";
import type { Seats } from "../sales/index.js";
import { fulfilmentKeys } from "./keys.js";
import type { SeatFulfilment } from "./seats.js";

/** How a member hears that the family they had a seat in has ended (the outbox; none: only logged). */
export interface FamilyNotices {
  familyEnded(notice: { customerId: number; locale: Locale | undefined; once: string }): Promise<void>;
}

export interface FamilyEndDeps {
  redis: Redis;
  clock: Clock;
  logger: Logger;
  orders: Pick<Orders, "get">;
  customers: Pick<Customers, "get">;
  seats?: Pick<Seats, "family" | "count"> | undefined;
  hosting: Pick<SeatFulfilment, "members" | "removeMember">;
  notices?: FamilyNotices | undefined;
}

/** What ending a family did: the members whose access ended now, or why it is not over yet. */
export type FamilyEndResult = { status: "ended"; members: number[] } | { status: "busy" | "none" };

/**
 * The one home of "removing the owner removes the family": when an admin deletes a family owner's
 * client (books' SubscriptionOwners.removed), every taken seat's client is removed on the hosting
 * side and read back (SeatFulfilment.removeMember, the same step as freeing a seat), the member's
 * subscription marked removed and the member told (first, once per member: the outbox's key). The owner
 * is recorded here before it is marked removed, and stays recorded until every member's access is
 * gone, so a crash, a hosting error or a seat still being made is finished by the order sweep
 * (`due`). No money moves: a seat was never charged to its member, and the owner's removal
 * refunds nothing (a fair refund is the admins' separate action, before the removal).
 */
export class FamilyEnd implements FamilyEnds {
  constructor(private readonly deps: FamilyEndDeps) {}

  /** Records the families of `subscriptionIds` (those that are families) as ending. */
  async ending(subscriptionIds: readonly string[]): Promise<void> {
    const { seats, redis, clock } = this.deps;
    for (const id of subscriptionIds) {
      if (seats && (await seats.count(id)) !== undefined)
        await redis.zadd(fulfilmentKeys.familiesEnding, clock.now(), id);
    }
  }

  /** Ends the family of removed owner `subscriptionId`; safe to repeat, from any process. */
  async end(subscriptionId: string): Promise<FamilyEndResult> {
    const family = await this.deps.seats?.family(subscriptionId);
    if (!family) {
      await this.deps.redis.zrem(fulfilmentKeys.familiesEnding, subscriptionId);
      return { status: "none" };
    }
    const ended: number[] = [];
    for (const member of await this.deps.hosting.members(family)) {
      // Told first: a removed member is no longer listed, so a message lost after the removal
      // would never be sent again; queued before it, a repeat finds them and the outbox's key
      // keeps it to one. A message that cannot be queued leaves the family to the sweep.
      await this.tell(member.customerId, member.id);
      await this.deps.hosting.removeMember(member);
      ended.push(member.customerId);
    }
    // A seat whose client is being made now would outlive the family: looked at again by the sweep.
    for (const seat of family.seats) {
      const order = seat.orderId ? await this.deps.orders.get(seat.orderId) : undefined;
      if (order && isInFlightStatus(order.status)) return { status: "busy" };
    }
    await this.deps.redis.zrem(fulfilmentKeys.familiesEnding, subscriptionId);
    this.deps.logger.info({ subscriptionId, members: ended }, "a removed owner's family ended");
    return { status: "ended", members: ended };
  }

  /** Removed owners whose family is still ending, recorded before `before` (the order sweep's). */
  due(before: number, batch: number): Promise<string[]> {
    return this.deps.redis.zrangebyscore(fulfilmentKeys.familiesEnding, "-inf", before, "LIMIT", 0, batch);
  }

  private async tell(customerId: number, memberSubscriptionId: string): Promise<void> {
    const locale = (await this.deps.customers.get(customerId))?.locale;
    await this.deps.notices?.familyEnded({
      customerId,
      locale,
      once: `family-ended:${memberSubscriptionId}`,
    });
  }
}
