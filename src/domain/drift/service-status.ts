import { type Clock, HOUR } from "../../runtime/clock.js";
import type { Subscription, Subscriptions } from "../books/index.js";
import type { ServerOutages, ServerSeen, ServiceNotice, ServiceNotices } from "../fleet/index.js";
import type { DriftFindings } from "./findings.js";

/** How a place a customer's access lives is doing, as far as the shop knows. */
export const LOCATION_STATES = ["up", "degraded", "down"] as const;
export type LocationState = (typeof LOCATION_STATES)[number];

/** Worse is larger: a location shared by two accesses shows the worse of their states. */
export const LOCATION_STATE_RANK: Record<LocationState, number> = { up: 0, degraded: 1, down: 2 };

/**
 * A drift run older than this says nothing of now (the sync stopped): its unread locations are
 * not shown as degraded. It runs every 15 minutes by default.
 */
export const DRIFT_RUN_FRESH_MS = 3 * HOUR;

/** One place a live subscription lives: its xui server, one of its panel locations, or the node. */
export interface PlaceStatus {
  subscription: Subscription;
  /** The place among the subscription's: a panel access's i-th location; 0 for the others. */
  index: number;
  state: LocationState;
  /** Since when it is down or degraded (ms), when the server watch knows it. */
  since: number | undefined;
  /**
   * When it was last checked (ms): the server watch's last check of an xui server, the last drift
   * sync that read a panel location or the node. Undefined when never.
   */
  checkedAt: number | undefined;
}

/** A customer's service status: where their live accesses are and how each is, and what they were told. */
export interface CustomerStatus {
  /** Every subscription of the customer, live or not (a kept notice names some of them). */
  subscriptions: Subscription[];
  /** The places of the live ones, in the subscriptions' order. */
  places: PlaceStatus[];
  /** The service notices sent to them, newest first. */
  notices: ServiceNotice[];
}

export interface ServiceStatusDeps {
  clock: Clock;
  subscriptions: Pick<Subscriptions, "ofCustomer">;
  outages: Pick<ServerOutages, "seenOf">;
  notices: Pick<ServiceNotices, "of">;
  findings: Pick<DriftFindings, "lastRun" | "readAt">;
}

/** What is known of the places: the watch's view of the xui servers, the drift's of the rest. */
interface Seen {
  servers: Map<number, ServerSeen>;
  /** Scopes the last (fresh) drift sync could not read: `panel:<location>`, `node`. */
  unread: Set<string>;
  readAt: Map<string, number>;
}

/**
 * The one home of a customer's service status (the cabinet's Status and the chat's /status):
 * each place of their live subscriptions is down (a confirmed outage of its xui server, fresh),
 * degraded (its server seen offline at the last check but not confirmed, or a panel location or
 * the node the last fresh drift sync could not read) or up, with when it was last checked; and
 * the notices the server watch sent them. Only reads: the watch and the drift sync write.
 */
export class ServiceStatus {
  constructor(private readonly deps: ServiceStatusDeps) {}

  async of(customerId: number): Promise<CustomerStatus> {
    const now = this.deps.clock.now();
    const all = await this.deps.subscriptions.ofCustomer(customerId);
    const live = all.filter((s) => s.removedAt === undefined && (s.expiresAt === 0 || s.expiresAt > now));
    const servers = live.flatMap((s) => (s.ref.kind === "xui" ? [s.ref.serverId] : []));
    const scopes = [...new Set(live.flatMap((s) => scopesOf(s)))];
    const [seen, run, readAt, notices] = await Promise.all([
      this.deps.outages.seenOf(servers),
      this.deps.findings.lastRun(),
      this.deps.findings.readAt(scopes),
      this.deps.notices.of(customerId),
    ]);
    const fresh = run !== undefined && now - run.finishedAt <= DRIFT_RUN_FRESH_MS;
    const known: Seen = { servers: seen, unread: new Set(fresh ? run.skipped : []), readAt };
    const places = live.flatMap((sub) => scopesOf(sub).map((scope, i) => placeOf(sub, i, scope, known)));
    return { subscriptions: all, places, notices };
  }
}

/**
 * The drift scope of each place of a subscription (`xui:<id>`, `panel:<location>`, `node`): a
 * panel access has one per location (one even with none listed), the others one.
 */
function scopesOf(sub: Subscription): string[] {
  const { ref } = sub;
  if (ref.kind === "xui") return [`xui:${ref.serverId}`];
  if (ref.kind === "node") return ["node"];
  return ref.locations.length > 0 ? ref.locations.map((l) => `panel:${l}`) : ["panel:"];
}

/** The state of place `index` of `sub`, whose drift scope is `scope`. */
function placeOf(subscription: Subscription, index: number, scope: string, seen: Seen): PlaceStatus {
  const { ref } = subscription;
  const at = { subscription, index };
  if (ref.kind === "xui") {
    const server = seen.servers.get(ref.serverId);
    const checkedAt = server?.checkedAt;
    const trouble = server?.trouble;
    if (!trouble) return { ...at, state: "up", since: undefined, checkedAt };
    return { ...at, state: trouble.state === "down" ? "down" : "degraded", since: trouble.since, checkedAt };
  }
  const state = seen.unread.has(scope) ? "degraded" : "up";
  return { ...at, state, since: undefined, checkedAt: seen.readAt.get(scope) };
}
