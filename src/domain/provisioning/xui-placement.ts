import type { Server } from "../../hosting/account/index.js";
import type { Plan } from "../catalog/index.js";

/** A server a sale may go to, with its client count (its load). */
export interface ServerLoad {
  server: Server;
  count: number;
}

/**
 * How many whole days each server's traffic package lasts (the fleet's forecast, at the worse of
 * the 7-day average and the trend). A server absent from the answer, or undefined, lasts beyond
 * the horizon (or its package is not tracked): enough for any term.
 */
export type ServerRunwayDays = (
  servers: readonly { id: number; expiresAt: number }[],
) => Promise<ReadonlyMap<number, number | undefined>>;

/** A sale that went to a server whose traffic will not last the plan's term (none of its servers would). */
export interface ShortRunwaySale {
  planId: string;
  serverId: number;
  termDays: number;
  runwayDays: number;
}

/** Tells the staff's alert path of such a sale (the fleet records it; the runway alerts send it). */
export type ShortRunwayNotice = (sale: ShortRunwaySale) => Promise<void>;

/** The runway port of the xui placement (wired in composition: provisioning sits below the fleet). */
export interface PlacementRunway {
  days: ServerRunwayDays;
  short?: ShortRunwayNotice | undefined;
}

/** The fewest clients; ties go to the one listed first. */
export function leastLoaded(loads: readonly ServerLoad[]): ServerLoad | undefined {
  let best: ServerLoad | undefined;
  for (const l of loads) if (!best || l.count < best.count) best = l;
  return best;
}

/** The longest runway (a server with no figure counts as endless); ties to the least loaded. */
function longestRunway(loads: readonly ServerLoad[], days: ReadonlyMap<number, number | undefined>) {
  const lasts = (l: ServerLoad) => days.get(l.server.id) ?? Number.POSITIVE_INFINITY;
  let best: ServerLoad | undefined;
  for (const l of loads) {
    if (!best || lasts(l) > lasts(best) || (lasts(l) === lasts(best) && l.count < best.count)) best = l;
  }
  return best;
}

/**
 * The server for a new sale: among the servers whose traffic lasts the plan's term, the least
 * loaded; when none does, the one that lasts longest (a sale is never refused for it) and the
 * staff are told. Without a runway port, or when it cannot answer, the least loaded as before.
 */
export async function placeByRunway(
  loads: readonly ServerLoad[],
  plan: Pick<Plan, "id" | "days">,
  runway: PlacementRunway | undefined,
): Promise<ServerLoad | undefined> {
  if (!runway || loads.length === 0) return leastLoaded(loads);
  let days: ReadonlyMap<number, number | undefined>;
  try {
    days = await runway.days(
      loads.map((l) => ({ id: l.server.id, expiresAt: l.server.expiresAt.getTime() })),
    );
  } catch {
    return leastLoaded(loads);
  }
  const enough = loads.filter((l) => (days.get(l.server.id) ?? Number.POSITIVE_INFINITY) >= plan.days);
  if (enough.length > 0) return leastLoaded(enough);
  const chosen = longestRunway(loads, days);
  if (chosen && runway.short) {
    const sale = { planId: plan.id, serverId: chosen.server.id, termDays: plan.days };
    await runway.short({ ...sale, runwayDays: days.get(chosen.server.id) ?? 0 }).catch(() => undefined);
  }
  return chosen;
}
