import type { AccountApi } from "../../hosting/account/index.js";
import { type Clock, DAY } from "../../runtime/clock.js";
import type { BulkMove, ItemOutcome, MoveCounts, MoveEnd, MoveSkip } from "./bulk-move-records.js";

/* What a bulk move shows and takes: the runway port, the preview, the report, the job's port. */

/**
 * How many days target xui server `targetServerId` would last with `addingCustomers` more
 * customers on it (undefined: cannot be told, never pauses). The shop wires the forecast's
 * (services.ts, forecast.ts `daysWithMore`); without one, `paidTermRunway`: its paid term's days.
 */
export type MoveTargetRunway = (
  targetServerId: number,
  addingCustomers: number,
) => Promise<{ days: number | undefined }>;

/** The default runway of a target: the days its paid term has left (0 for a server not active). */
export function paidTermRunway(account: Pick<AccountApi, "server">, clock: Clock): MoveTargetRunway {
  return async (serverId) => {
    const server = await account.server(serverId);
    if (server.status !== "active") return { days: 0 };
    return { days: Math.max(0, Math.floor((server.expiresAt.getTime() - clock.now()) / DAY)) };
  };
}

/** Below this many days of the target's runway a move pauses (the setting's default). */
export { DEFAULT_MOVE_RUNWAY_FLOOR_DAYS } from "../catalog/index.js";

/** Where a move's job goes (the worker's queue): started on confirm, again on resume. */
export interface MoveRuns {
  start(moveId: string): Promise<void>;
}

/** A customer on a move's source, as the picking list and the preview show them. */
export interface MoveCandidate {
  subscriptionId: string;
  customerId: number;
  name: string;
  expiresAt: number;
  /** Why it would be left where it is, as far as the shop's records tell (hosting reads come later). */
  skip?: MoveSkip | undefined;
}

/** A place a move may go to: another active xui server, or another location of the panel. */
export interface MoveTargetChoice {
  end: MoveEnd;
  name: string;
  clients: number | undefined;
  paidUntil?: number | undefined;
}

export interface MovePreview {
  from: MoveEnd;
  to: MoveEnd;
  fromName: string;
  toName: string;
  /** Customers that will be moved, and the first few of their names. */
  moving: number;
  names: string[];
  /** Left where they are, by reason. */
  skipped: Partial<Record<MoveSkip, number>>;
  /** The target's clients now and after (undefined when its list could not be read). */
  clients: number | undefined;
  clientsAfter: number | undefined;
  /** The target's runway after the move (days; undefined: not known), and the floor that pauses it. */
  runwayDays: number | undefined;
  floorDays: number;
}

/** Where a run of a move stopped: finished, paused, cancelled, or to be run again a little later. */
export type RunEnd = "done" | "paused" | "cancelled" | "again";

export interface MoveReport {
  move: BulkMove;
  counts: MoveCounts;
  /** Customers left where they were or failed, with why; moved ones whose old client stayed. */
  notMoved: { subscriptionId: string; outcome: Exclude<ItemOutcome, { kind: "moved" }> }[];
  oldLeft: { subscriptionId: string; client: string }[];
}
