import { findPlan } from "../../src/domain/catalog/index.js";
import { addedSeatsPrice, wholeDaysLeft } from "../../src/domain/sales/index.js";
import { type Action, type Ctx, type PayHow, payOrder } from "./ctx.js";
import { FAMILY } from "./world.js";

/*
 * Family seats (issue 30): a family bought (2..4 seats, paid per seat), a seat's invite claimed
 * (by one, or by two people at once), a seat freed by its owner, seats added mid-term, and the
 * family renewed in one payment. The renewal's and the additions' prices are checked when they
 * are opened; what must hold after the drain is in invariants-seats.ts.
 */

const howToPay = (c: Ctx): PayHow =>
  c.rng.weighted<PayHow>([
    ["wallet", 7],
    ["invoice", 2],
    ["rail", 1],
  ]);

const families = (c: Ctx) => [...c.m.families.entries()];

const buyFamily: Action["plan"] = (c) => {
  const customerId = c.rng.pick(c.m.customers);
  if (customerId === undefined) return undefined;
  const seats = c.rng.pick([2, 3, 4]) as number;
  const how = howToPay(c);
  return {
    label: `buy a family of ${seats} by c${customerId} pay=${how}`,
    run: async () => {
      const { shop } = c.w.rooms.sales;
      const started = await shop.startPurchase(customerId, FAMILY.id, "en", undefined, false, seats);
      if (!started.ok) return c.note(`  refused: ${started.reason}`);
      if (started.order.price !== FAMILY.price * seats)
        c.violation(`a family of ${seats} priced ${started.order.price}, not ${FAMILY.price * seats}`);
      c.m.families.set(`s${started.order.id.slice(1)}`, { owner: customerId, bought: seats });
      await payOrder(c, started.order, how, false);
    },
  };
};

/** A free seat's invite opened by one customer, or by two at once (one wins at most). */
const claimSeat: Action["plan"] = (c) => {
  const [subId] = c.rng.pick(families(c)) ?? [];
  const claimers = [c.rng.pick(c.m.customers), c.rng.pick(c.m.customers)];
  const both = c.rng.chance(0.5);
  if (!subId) return undefined;
  return {
    label: `claim a seat of ${subId} by c${claimers[0]}${both ? ` and c${claimers[1]} at once` : ""}`,
    run: async () => {
      const { seats } = c.w.rooms.sales;
      const free = (await seats.family(subId))?.seats.find((s) => s.memberId === undefined);
      if (!free) return c.note("  no free seat");
      const who = (both ? claimers : claimers.slice(0, 1)).filter((x): x is number => x !== undefined);
      const claims = await Promise.all(who.map((id) => seats.claim(free.code, id, "en")));
      const won = claims.filter((r) => r.status === "claimed");
      c.note(`  seat ${free.n}: ${claims.map((r) => r.status).join(", ")}`);
      if (won.length > 1) c.violation(`seat ${free.n} of ${subId} claimed by ${won.length} at once`);
      for (const r of claims) {
        if (r.status !== "claimed") continue;
        const order = await c.w.rooms.books.orders.get(r.orderId);
        if (order) c.m.paid(order);
        c.tally("seat claimed");
      }
    },
  };
};

/** The owner frees a taken seat (its client removed, a new code). */
const revokeSeat: Action["plan"] = (c) => {
  const [subId, family] = c.rng.pick(families(c)) ?? [];
  if (!subId || !family) return undefined;
  return {
    label: `c${family.owner} frees a seat of ${subId}`,
    run: async () => {
      const taken = (await c.w.rooms.sales.seats.family(subId))?.seats.find((s) => s.memberId !== undefined);
      if (!taken) return c.note("  no taken seat");
      try {
        const out = await c.w.rooms.settlement.fulfilment.seats.revoke(family.owner, subId, taken.n);
        c.note(`  seat ${taken.n}: ${out.status}`);
        c.tally(`seat revoke ${out.status}`);
      } catch (err) {
        c.note(`  seat ${taken.n}: failed (${String(err)}); the owner taps again later`);
        c.tally("seat revoke failed");
      }
    },
  };
};

/** The owner adds one seat mid-term, at the per-seat price for the days left. */
const addSeat: Action["plan"] = (c) => {
  const [subId, family] = c.rng.pick(families(c)) ?? [];
  const how = howToPay(c);
  if (!subId || !family) return undefined;
  return {
    label: `c${family.owner} adds a seat to ${subId} pay=${how}`,
    run: async () => {
      const { seats } = c.w.rooms.sales;
      const started = await seats.startAdd(family.owner, subId, 1, "en");
      if (!started.ok) return c.note(`  refused: ${started.reason}`);
      const plan = findPlan(c.w.catalog, FAMILY.id);
      const days = wholeDaysLeft(started.quote.sub.expiresAt, c.w.clock.now());
      const want = plan ? addedSeatsPrice(FAMILY.price, plan, 1, days) : -1;
      if (!started.reused && started.order.price !== want)
        c.violation(`a seat added for ${days} days priced ${started.order.price}, not ${want}`);
      await payOrder(c, started.order, how, false);
    },
  };
};

/** The family renewed: one payment for every seat (100 per seat). */
const renewFamily: Action["plan"] = (c) => {
  const [subId, family] = c.rng.pick(families(c)) ?? [];
  const how = howToPay(c);
  if (!subId || !family || !c.m.subs.has(subId)) return undefined;
  return {
    label: `renew the family ${subId} by c${family.owner} pay=${how}`,
    run: async () => {
      const count = (await c.w.rooms.sales.seats.count(subId)) ?? 0;
      const started = await c.w.rooms.sales.shop.startRenewal(family.owner, subId, "en");
      if (!started.ok) return c.note(`  refused: ${started.reason}`);
      if (!started.reused && started.order.price !== FAMILY.price * count)
        c.violation(`a family of ${count} renewed at ${started.order.price}`);
      await payOrder(c, started.order, how, false);
    },
  };
};

export const SEAT_ACTIONS: Action[] = [
  { name: "buy family", weight: 3, plan: buyFamily },
  { name: "claim seat", weight: 6, plan: claimSeat },
  { name: "revoke seat", weight: 4, plan: revokeSeat },
  { name: "add seat", weight: 1, plan: addSeat },
  { name: "renew family", weight: 2, plan: renewFamily },
];
