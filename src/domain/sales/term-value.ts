import { DAY } from "../../runtime/clock.js";

/**
 * The one home of "what is left of a term is worth": a plan switch credits it, an admin's fair
 * refund pays it back, and a seat added mid-term is charged its share of it. Amounts are in minor
 * units; a credit rounds down and a charge rounds up (the shop never gives a fraction it did not
 * take, and never takes one it did not give).
 */

/** Whole days left of a term ending at `expiresAt` (ms; 0 = none), never below 0. */
export function wholeDaysLeft(expiresAt: number, now: number): number {
  if (expiresAt <= 0) return 0;
  return Math.max(0, Math.floor((expiresAt - now) / DAY));
}

/** `price` for `days` of a `termDays` term: rounded down for a credit, up for a charge. */
export function proRata(price: number, termDays: number, days: number, round: "credit" | "charge"): number {
  if (termDays <= 0 || days <= 0 || price <= 0) return 0;
  const exact = (price * days) / termDays;
  // A product of integers divided exactly must not turn 59.99999 into 59.
  const near = Math.round(exact);
  if (Math.abs(exact - near) < 1e-9) return near;
  return round === "credit" ? Math.floor(exact) : Math.ceil(exact);
}

export interface TermValueInput {
  /** What one term cost (minor units): the price paid for it where known, else the plan's. */
  termPrice: number;
  /** The plan's term length in days. */
  termDays: number;
  /** The subscription's expiry (ms; 0 = none) and the time of the reckoning. */
  expiresAt: number;
  now: number;
  /** The current term's traffic allowance and what was used of it (GB; allowance 0 = unlimited). */
  trafficGb: number;
  usedGb: number;
}

/** The arithmetic shown before a switch or a refund, and its result. */
export interface TermValue {
  daysLeft: number;
  /** Price per day of the term (minor units, not rounded). */
  perDay: number;
  /** Days beyond the current term (renewed ahead): worth their full price per day. */
  daysAhead: number;
  /** GB left of the current term's allowance (undefined: unlimited). */
  gbLeft: number | undefined;
  /** What limited the current term's share: its days or, for a traffic plan, its GB left. */
  limitedBy: "days" | "traffic";
  /** The worth, minor units, rounded down. */
  amount: number;
}

/**
 * What is left of a subscription's term is worth: its whole days left at the term's price per
 * day; on a traffic plan the current term's share is the lesser of its days left and its GB left
 * (a customer who used all the traffic has no current term left to credit), while days renewed
 * ahead of it count in full.
 */
export function termValue(input: TermValueInput): TermValue {
  const daysLeft = wholeDaysLeft(input.expiresAt, input.now);
  const perDay = input.termDays > 0 ? input.termPrice / input.termDays : 0;
  const current = Math.min(daysLeft, input.termDays);
  const daysAhead = daysLeft - current;
  const ahead = proRata(input.termPrice, input.termDays, daysAhead, "credit");
  const byDays = proRata(input.termPrice, input.termDays, current, "credit");
  if (input.trafficGb <= 0 || current === 0)
    return { daysLeft, perDay, daysAhead, gbLeft: undefined, limitedBy: "days", amount: ahead + byDays };
  const gbLeft = Math.max(0, Math.min(input.trafficGb, input.trafficGb - input.usedGb));
  const byTraffic = Math.floor((input.termPrice * gbLeft) / input.trafficGb);
  const limitedBy = byTraffic < byDays ? "traffic" : "days";
  return { daysLeft, perDay, daysAhead, gbLeft, limitedBy, amount: ahead + Math.min(byDays, byTraffic) };
}
