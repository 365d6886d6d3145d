import { z } from "zod";

/**
 * The plan options of issue 30, each optional in a plan of the catalog file (absent: the plan
 * does not offer it). Parsed here, checked against the plan in `planOptionIssues`.
 */

/**
 * Family seats: the buyer's subscription holds `count` seats, each its own client and link for
 * a member invited by the owner. `pricing: pack`: the plan's price buys all `count` seats;
 * `seat`: the price is per seat and the buyer picks how many (2 up to `max`). Seats added
 * mid-term (up to `max`) cost the per-seat price for the days left of the term.
 */
export const seatsOption = z
  .object({
    count: z.number().int().min(2).max(50),
    pricing: z.enum(["pack", "seat"]).default("pack"),
    max: z.number().int().min(2).max(50).optional(),
  })
  .refine((s) => s.max === undefined || s.max >= s.count, "max must be at least count");
export type SeatsOption = z.output<typeof seatsOption>;

/**
 * Freeze: a subscription paused for `min_days` to `max_days` (the client disabled, the days left
 * banked and given back on unfreeze), at most `times_per_year` times in any 365 days.
 */
export const freezeOption = z
  .object({
    times_per_year: z.number().int().min(1).max(12),
    min_days: z.number().int().min(1).max(365).default(7),
    max_days: z.number().int().min(1).max(365).default(30),
  })
  .refine((f) => f.max_days >= f.min_days, "max_days must be at least min_days");
export type FreezeOption = z.output<typeof freezeOption>;

/** Traffic rollover: unused GB of a term carry into the renewal, up to `cap_gb`. */
export const rolloverOption = z.object({ cap_gb: z.number().positive().max(100_000) });
export type RolloverOption = z.output<typeof rolloverOption>;

/** The plan fields these options take (merged into the plan's schema in catalog.ts). */
export const planOptionFields = {
  seats: seatsOption.optional(),
  freeze: freezeOption.optional(),
  rollover: rolloverOption.optional(),
  /** `false`: subscriptions of this plan may not switch to another one (nor others to it). */
  switchable: z.boolean().optional(),
};

/** What is wrong with a plan's options given the rest of the plan (empty: nothing). */
export function planOptionIssues(p: {
  id: string;
  traffic_gb: number;
  rollover?: RolloverOption | undefined;
  seats?: SeatsOption | undefined;
  freeze?: FreezeOption | undefined;
}): { path: string[]; message: string }[] {
  const issues: { path: string[]; message: string }[] = [];
  if (p.rollover && p.traffic_gb === 0)
    issues.push({
      path: ["rollover"],
      message: `plan "${p.id}" has unlimited traffic (traffic_gb: 0): there is nothing to roll over`,
    });
  if (p.seats && p.freeze)
    issues.push({
      path: ["freeze"],
      message: `plan "${p.id}" has seats: a family plan is not frozen (its seats share one term)`,
    });
  return issues;
}

/** Whether a plan may be left for, or switched to from, another one. */
export function switchable(plan: { switchable?: boolean | undefined }): boolean {
  return plan.switchable !== false;
}
