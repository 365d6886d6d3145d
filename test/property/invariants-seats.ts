import { seatKeys } from "../../src/domain/sales/index.js";
import { DAY } from "../../src/runtime/clock.js";
import type { Ctx } from "./ctx.js";
import { FAMILY } from "./world.js";

/*
 * What must hold of family seats after a run's drain: a family's seats are those bought plus those
 * added by its active `seats` orders (never past max); each seat is free under a code that opens
 * it, or taken by one member whose subscription is live (a seat freed took its member's client
 * away: hostingClients finds none left); no seat has two live members; and every live member
 * holds the owner's term, in the record and on the hosting side, unless the renewal that moved
 * the owner gave that seat up with its reason. An admin's term change moves the one subscription
 * it names (the family's seats follow the owner's term again at its next renewal): a family whose
 * owner an admin changed is not held to one term.
 */
export async function seatInvariants(c: Ctx): Promise<void> {
  const { subscriptions, orders } = c.w.rooms.books;
  const live = new Map<string, string>();
  for (const id of c.m.seatSubs) {
    const sub = await subscriptions.get(id);
    if (!sub || sub.removedAt !== undefined) continue;
    const seat = `${sub.familyOf}:${sub.seat}`;
    const other = live.get(seat);
    if (other) c.violation(`seat ${seat} has two live members: ${other} and ${id}`);
    live.set(seat, id);
  }
  for (const [subId, bought] of c.m.families) {
    const owner = await subscriptions.get(subId);
    const family = await c.w.rooms.sales.seats.family(subId);
    if (!owner) {
      if (family) c.violation(`${subId} has seats but no subscription`);
      continue;
    }
    if (!family) {
      c.violation(`${subId}, a family plan's subscription, has no seats`);
      continue;
    }
    const added = (await orders.ofCustomer(bought.owner, 10_000))
      .filter((o) => o.kind === "seats" && o.subscriptionId === subId && o.status === "active")
      .reduce((n, o) => n + (o.seats ?? 0), 0);
    if (family.count !== bought.bought + added || family.count > FAMILY.max)
      c.violation(`${subId} holds ${family.count} seats; ${bought.bought} bought, ${added} added`);
    const givenUp = await seatsGivenUp(c, bought.owner, subId);
    const adminChanged = c.m.subs.get(subId)?.events.some((e) => e.kind === "add" || e.kind === "set");
    for (const seat of family.seats) {
      const where = `${subId}:${seat.n}`;
      if (seat.memberId === undefined) {
        const opens = await c.w.redis.get(seatKeys.code(seat.code));
        if (opens !== where) c.violation(`free seat ${where}'s code opens ${opens ?? "nothing"}`);
        if (live.has(where)) c.violation(`free seat ${where} still has a live member ${live.get(where)}`);
        continue;
      }
      const member = live.get(where);
      if (!member) {
        c.violation(`seat ${where} taken by c${seat.memberId} (${seat.orderId}) has no live member`);
        continue;
      }
      await memberTerm(c, member, owner.expiresAt, adminChanged || givenUp.has(String(seat.n)));
    }
  }
}

/** The seats a renewal of `subId` gave up on (their terms may stay behind). */
async function seatsGivenUp(c: Ctx, owner: number, subId: string): Promise<Set<string>> {
  const given = new Set<string>();
  for (const o of await c.w.rooms.books.orders.ofCustomer(owner, 10_000)) {
    if (o.subscriptionId !== subId || !o.seatsGivenUp) continue;
    for (const n of Object.keys(JSON.parse(o.seatsGivenUp) as Record<string, string>)) given.add(n);
  }
  return given;
}

/** A live member holds the owner's term in the record, and within a day of it on xui. */
async function memberTerm(c: Ctx, id: string, term: number, givenUp: boolean): Promise<void> {
  const sub = await c.w.rooms.books.subscriptions.get(id);
  if (!sub || givenUp) return;
  if (sub.expiresAt !== term)
    c.violation(`member ${id} of ${sub.familyOf} ends ${iso(sub.expiresAt)}, the owner ${iso(term)}`);
  const ref = sub.ref;
  const hosting = ref.kind === "xui" ? c.w.account.client(ref.serverId, ref.name)?.expiryMs : undefined;
  if (ref.kind === "xui" && (hosting === undefined || hosting < term || hosting >= term + DAY))
    c.violation(`member ${id}'s client ends ${hosting ? iso(hosting) : "nowhere"}, the owner ${iso(term)}`);
}

const iso = (ms: number) => new Date(ms).toISOString();
