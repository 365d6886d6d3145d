import type { Server } from "../../hosting/account/index.js";
import { DAY } from "../../runtime/clock.js";
import type { HostingAccount } from "./hosting-account.js";
import type { HostingServers } from "./hosting-servers.js";
import { EXTENSION_DAYS } from "./server-extension.js";

/** How far ahead the runway is worked out: beyond it, "more than" this. */
export const RUNWAY_HORIZON_DAYS = 365;

/**
 * How long the hosting balance keeps the servers running: each active server is extended by
 * EXTENSION_DAYS at its expiry for its price, soonest first, until the balance cannot pay the
 * next one. `days` counts from now to that expiry; `beyond` when the balance lasts past the
 * horizon; `unpriced` servers have no known price (none learned, no hint in Settings), so the
 * figure cannot be told.
 */
export type Runway =
  | { kind: "days"; days: number; serverId: number; until: number }
  | { kind: "beyond"; days: number }
  | { kind: "no-servers" }
  | { kind: "unpriced"; servers: number };

export interface PricedServer {
  id: number;
  expiresAt: number;
  price: number | undefined;
}

/** One step of the balance: after paying `serverId`'s extension at `at` (or, `short`, failing to). */
export interface BalanceStep {
  at: number;
  amount: number;
  serverId: number;
  short?: true;
}

/**
 * The balance from `now` on: each server extended by EXTENSION_DAYS at its expiry for its price,
 * soonest first, until one cannot be paid (the last step, `short`) or the horizon. Empty when a
 * price is not known (the runway cannot be told). The one home of how the balance is spent: the
 * runway is where it ends, the staff's chart draws it.
 */
export function balanceCourse(balance: number, servers: readonly PricedServer[], now: number): BalanceStep[] {
  if (servers.length === 0 || servers.some((s) => s.price === undefined)) return [];
  const horizon = now + RUNWAY_HORIZON_DAYS * DAY;
  const due = servers.map((s) => ({ id: s.id, at: s.expiresAt, price: s.price ?? 0 }));
  const steps: BalanceStep[] = [];
  let left = balance;
  for (;;) {
    const next = due.reduce((a, b) => (b.at < a.at ? b : a));
    if (next.at > horizon) return steps;
    if (left < next.price) return [...steps, { at: next.at, amount: left, serverId: next.id, short: true }];
    left -= next.price;
    steps.push({ at: next.at, amount: left, serverId: next.id });
    next.at = Math.max(next.at, now) + EXTENSION_DAYS * DAY;
  }
}

/** The runway of `balance` over `servers` at `now` (pure: the figures come from the caller). */
export function runwayOf(balance: number, servers: readonly PricedServer[], now: number): Runway {
  if (servers.length === 0) return { kind: "no-servers" };
  const unpriced = servers.filter((s) => s.price === undefined).length;
  if (unpriced > 0) return { kind: "unpriced", servers: unpriced };
  const last = balanceCourse(balance, servers, now).at(-1);
  if (!last?.short) return { kind: "beyond", days: RUNWAY_HORIZON_DAYS };
  const days = Math.max(0, Math.floor((last.at - now) / DAY));
  return { kind: "days", days, serverId: last.serverId, until: last.at };
}

/** The hosting account's balance and its servers' runway now, read from the Account API. */
export async function readRunway(
  deps: { account: Pick<HostingAccount, "account">; servers: Pick<HostingServers, "list" | "extendPrice"> },
  now: number,
): Promise<{ balance: number; servers: number; runway: Runway }> {
  const [account, listed] = await Promise.all([deps.account.account(), deps.servers.list()]);
  const active = listed.filter((s: Server) => s.status === "active");
  const priced = await Promise.all(
    active.map(async (s) => {
      const price = await deps.servers.extendPrice(s);
      return {
        id: s.id,
        expiresAt: s.expiresAt.getTime(),
        price: price.kind === "unknown" ? undefined : price.amount,
      };
    }),
  );
  return { balance: account.balance, servers: active.length, runway: runwayOf(account.balance, priced, now) };
}
