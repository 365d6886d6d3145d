import { DAY, HOUR } from "../../runtime/clock.js";
import type { AccessRef, Subscription } from "../books/index.js";
import { TERM_TOLERANCE_S } from "../provisioning/index.js";
import type { FindingDetail, ServerGoneReason } from "./findings.js";

/*
 * The drift rules, one per kind, in one place. Each is a pure function of the shop's record and
 * what the bulk read saw; the reconciler applies what they return (repairs, findings).
 */

/** A hosting client as a bulk listing shows it, in the shop's units. */
export interface ClientView {
  /** ms; 0 = no expiry. */
  expiresAt: number;
  /** GB; 0 = unlimited; undefined when the listing does not say. */
  limitGb: number | undefined;
  /** GB used; undefined when the listing does not say (node). */
  usedGb: number | undefined;
}

/** Whether the shop says the access is live at `now` (the only ones that can be "missing"). */
export function isActive(sub: Pick<Subscription, "expiresAt">, now: number): boolean {
  return sub.expiresAt === 0 || sub.expiresAt > now;
}

/**
 * Whether a hosting expiry is the one the shop recorded, given how the backend takes a term: xui
 * and node count whole days from now, rounded up, so the client may end up to a day after the
 * target (a node renewal within an hour of it sends nothing); the panel takes absolute seconds
 * (TERM_TOLERANCE_S). Inside this the record stays as it is: following a rounding would move the
 * reminders' expiry and send a reminder again for the same moment.
 */
export function sameTerm(kind: AccessRef["kind"], hosting: number, record: number): boolean {
  if (hosting === 0 || record === 0) return hosting === record;
  const diff = hosting - record;
  if (kind === "panel") return Math.abs(diff) <= TERM_TOLERANCE_S * 1000;
  return diff > -HOUR && diff < DAY;
}

/** Rule `expiry_changed`: the hosting side's term differs (beyond rounding): the record follows it. */
export function expiryRule(sub: Subscription, view: ClientView): FindingDetail | undefined {
  if (sameTerm(sub.ref.kind, view.expiresAt, sub.expiresAt)) return undefined;
  return {
    kind: "expiry_changed",
    subscriptionId: sub.id,
    customerId: sub.customerId,
    from: sub.expiresAt,
    to: view.expiresAt,
  };
}

/**
 * The expiry the record takes when it follows the hosting side to `hosting`: an expiry the record
 * held before (`previous`) when it is the same moment (an admin's change undone, a term set back),
 * so the reminders' key is the one already used and a reminder sent is not sent again.
 */
export function followTarget(kind: AccessRef["kind"], hosting: number, previous: readonly number[]): number {
  return previous.find((p) => sameTerm(kind, hosting, p)) ?? hosting;
}

/** Usage and limits are compared to the hundredth of a GB (how renewals round). */
const GB_SLACK = 0.011;

/**
 * Rule `traffic_changed`. The record keeps the term's allowance; a renewal sets the hosting limit
 * to the usage so far plus the allowance (the APIs cannot reset counters). So a limit agrees with
 * the record when both are unlimited, or when allowance <= limit <= allowance + used now. Anything
 * else was set on the hosting side: the record follows (its allowance becomes the limit).
 */
export function trafficRule(sub: Subscription, view: ClientView): FindingDetail | undefined {
  const limit = view.limitGb;
  if (limit === undefined) return undefined;
  const record = sub.trafficGb;
  let agrees: boolean;
  if (limit === 0 || record === 0) agrees = limit === record;
  else if (limit < record - GB_SLACK) agrees = false;
  else agrees = view.usedGb === undefined || limit <= record + view.usedGb + GB_SLACK;
  if (agrees) return undefined;
  return {
    kind: "traffic_changed",
    subscriptionId: sub.id,
    customerId: sub.customerId,
    fromGb: record,
    toGb: limit,
  };
}

/** Rule `missing`: the shop says active and the (fully read) hosting side has no client. */
export function missingRule(sub: Subscription, now: number): FindingDetail | undefined {
  if (!isActive(sub, now)) return undefined;
  return { kind: "missing", subscriptionId: sub.id, customerId: sub.customerId, ref: sub.ref };
}

/** What an xui server looks like to the rules. */
export interface ServerView {
  /** Undefined: the account no longer lists the server. A status the spec does not name concludes nothing. */
  status: string | undefined;
  /** When its inbound was seen replaced (ms), if it was. */
  regeneratedAt: number | undefined;
}

/**
 * Rule `server_gone`: an active subscription on an xui server that expired, was suspended or is
 * gone from the account, or whose client vanished with a regenerated inbound it predates.
 */
export function serverGoneRule(
  sub: Subscription,
  server: ServerView,
  clientPresent: boolean | undefined,
  now: number,
): FindingDetail | undefined {
  if (sub.ref.kind !== "xui" || !isActive(sub, now)) return undefined;
  let reason: ServerGoneReason | undefined;
  if (server.status === undefined) reason = "removed";
  else if (server.status === "expired" || server.status === "suspended") reason = server.status;
  else if (
    clientPresent === false &&
    server.regeneratedAt !== undefined &&
    sub.createdAt < server.regeneratedAt
  )
    reason = "regenerated";
  if (!reason) return undefined;
  return {
    kind: "server_gone",
    subscriptionId: sub.id,
    customerId: sub.customerId,
    serverId: sub.ref.serverId,
    reason,
  };
}

/** A panel client's view per location of a subscription; null = read, and not there. */
export type LocationViews = Map<string, ClientView | null>;

/**
 * Rule `location_drift` (spec B, multi-location rules 4 and 6): the client must be on every
 * location with one term. When all locations that hold it agree on a term, that term is the
 * hosting side's (the record follows it, via expiryRule), and only locations without the client
 * drift. When they disagree, every location off the shop's term drifts and is repaired to it.
 * Returns the view the record compares with (undefined when none is trustworthy) and the drifts.
 */
export function locationRule(
  sub: Subscription,
  views: LocationViews,
): { agreed: ClientView | undefined; drifts: FindingDetail[] } {
  const held = [...views.values()].filter((v): v is ClientView => v !== null);
  const first = held[0];
  const agree = first !== undefined && held.every((v) => sameTerm("panel", v.expiresAt, first.expiresAt));
  // The term the locations are repaired to: the one they agree on (the record follows it), else the shop's.
  const expected = agree && first ? first.expiresAt : sub.expiresAt;
  const drifts: FindingDetail[] = [];
  for (const [location, view] of views) {
    const missing = view === null;
    if (!missing && sameTerm("panel", view.expiresAt, expected)) continue;
    drifts.push({
      kind: "location_drift",
      subscriptionId: sub.id,
      customerId: sub.customerId,
      location,
      problem: missing ? "missing" : "term",
      seen: missing ? undefined : view.expiresAt,
      expected,
    });
  }
  return { agreed: agree ? first : undefined, drifts };
}
