/** What a customer's freeze answers (freezes.ts is its one home). */

export type FreezeRefusal =
  | "not-found"
  | "no-freeze"
  | "days"
  | "trial"
  | "nothing-left"
  | "limit"
  | "not-frozen"
  | "too-soon"
  | "not-due";

/** A subscription's freeze under way, as /my and the cabinet show it. */
export interface FreezeView {
  changeId: string;
  /** `asked`: waiting for its turn (a renewal in front of it) or for the hosting side. */
  status: "asked" | "frozen" | "unfreezing";
  days: number;
  frozenAt?: number | undefined;
  until?: number | undefined;
  /** The term banked (ms) and the end it gives back when the freeze ends on time. */
  bankMs?: number | undefined;
  endsAt?: number | undefined;
}

/** What the confirm screen shows before a freeze of `days` is asked. */
export interface FreezeQuote {
  days: number;
  until: number;
  bankDays: number;
  newEnd: number;
}

export type FreezeAsk =
  | { kind: "refused"; reason: FreezeRefusal; limit?: number }
  | { kind: "frozen" | "already" | "waiting" | "retrying"; view: FreezeView }
  | { kind: "failed"; error: string };

export type UnfreezeOutcome =
  | { kind: "refused"; reason: FreezeRefusal }
  | { kind: "unfrozen"; expiresAt: number }
  /** The hosting side did not answer, or (`busy`) another run is ending it now: the worker finishes it. */
  | { kind: "retrying"; error: unknown; busy?: true | undefined };

/**
 * Who ends a freeze: its customer (once it has lasted a day), the worker (once its end came), or
 * a staff member with `hosting` (any time: checked, and audited as `subscription.unfreeze`).
 */
export type UnfreezeBy = { customerId: number } | { staffId: number } | "worker";
