import type { Redis } from "ioredis";
import type { Server } from "../../hosting/account/index.js";
import { isHostingError } from "../../hosting/errors.js";
import type { PanelApi } from "../../hosting/panel/index.js";
import type { Logger } from "../../runtime/logger.js";
import type { AccessRef, Subscription } from "../books/index.js";
import type { Plan } from "../catalog/index.js";
import type { ExtensionOutcome } from "../fleet/index.js";
import type { ProvisionerFor } from "../provisioning/index.js";
import { deliveryKeys } from "./keys.js";

/**
 * How long one read of the hosting side (the account's server list, an access's client) answers
 * the offers made in this process (a flood of Buy or Renew presses makes one hosting read, not one
 * each). The moment Telegram takes the money reads afresh (`fresh`); an extension does too.
 */
export const DELIVERY_READ_REUSE_MS = 10_000;
/** Reads remembered at most (the oldest go first). */
const REMEMBERED_READS = 1_000;

/** The admins hear of one cause (a server and its paid-until date, a location) at most this often. */
const ALERT_EVERY_SECONDS = 6 * 3600;

/** The server an xui access would live on, paid for less time than the term it would get. */
export interface ShortServer {
  id: number;
  name: string;
  /** Until when the hosting service is paid for it (ms). */
  paidUntil: number;
}

/**
 * Why an order cannot be delivered now (only what is known: a side that cannot be read is not a
 * refusal, the order then waits for it as before).
 * - `server-short`: no xui server of the plan is paid beyond the term's end (`needed`); `server` is
 *   the one an extension would help (the access's own, for a renewal).
 * - `location-down`: a panel location is not a connected panel of the main one, or it is offline.
 * - `client-gone`: the access to renew is no longer on the hosting side.
 */
export type Undeliverable =
  | { reason: "server-short"; server: ShortServer | undefined; needed: number }
  | { reason: "location-down"; location: string }
  | { reason: "client-gone" };

/**
 * Deliverable: as it is, or (a renewal of an xui access) on another server of the plan's location,
 * `moveTo`, the customer getting new links.
 */
export type Deliverability =
  | { ok: true; moveTo?: Extract<AccessRef, { kind: "xui" }> }
  | ({ ok: false } & Undeliverable);

export interface DeliveryDeps {
  redis: Redis;
  /** The account's servers as the hosting service lists them now. */
  servers: () => Promise<Server[]>;
  /** One auto-extension of a server (the fleet's one path: one claim per server and expiry). */
  extend: (server: Server) => Promise<ExtensionOutcome>;
  /** Whether the admins turned auto-extension on. */
  autoExtend: () => Promise<boolean>;
  /** The main panel (none when no panel is configured). */
  panel: () => PanelApi | undefined;
  provisioner: ProvisionerFor;
  logger: Logger;
  /** How long a read answers again (DELIVERY_READ_REUSE_MS; 0: every check reads). */
  reuseMs?: number;
}

/**
 * The one home of "can the shop deliver this now", asked before an order is offered and again
 * when it is paid (the money is never taken for what the hosting side is known to refuse):
 * - xui: the access's server must be active and paid beyond the new term's end (the provisioner
 *   refuses a term the server does not cover). A server paid too briefly is extended first when
 *   auto-extension is on (the fleet's ServerExtension, which charges the hosting balance once and
 *   says no when it is too low); else a renewal moves to another server of the plan's location
 *   that is paid long enough; else it is not sold.
 * - panel: every location of the plan must be a connected panel (`fed/lagg`), or its create fails.
 * - any backend, renewal: the access must still exist on the hosting side.
 */
export class Delivery {
  /** Recent reads by what was read (promises: presses at once share one read). */
  private readonly reads = new Map<string, { at: number; value: Promise<unknown> }>();

  constructor(private readonly deps: DeliveryDeps) {}

  /**
   * Whether a new access of `plan` whose term ends at `end` can be made now (`fresh`: the server
   * list read now, not the one read a moment ago).
   */
  async purchase(plan: Plan, end: number, fresh = false): Promise<Deliverability> {
    const backend = plan.backend;
    if (backend.kind === "panel") return this.locations(backend.locations.map((l) => l.node));
    if (backend.kind !== "xui") return { ok: true };
    const servers = await this.readServers(fresh);
    if (!servers) return { ok: true };
    const own = backend.servers.flatMap((id) => servers.filter((s) => s.id === id));
    if (own.some((s) => paidBeyond(s, end))) return { ok: true };
    const best = own.filter(isActiveXui).sort((a, b) => b.expiresAt.getTime() - a.expiresAt.getTime())[0];
    if (best && (await this.extended(best, end))) return { ok: true };
    return short(best, end);
  }

  /**
   * True the first time the admins are to hear of `why` (then not again for a while, across
   * processes): a server short once per paid-until date, a location once per node.
   */
  async alertDue(why: Undeliverable): Promise<boolean> {
    const cause =
      why.reason === "server-short"
        ? why.server && `${why.server.id}:${why.server.paidUntil}`
        : why.reason === "location-down"
          ? `location:${why.location}`
          : undefined;
    if (!cause) return false;
    const set = await this.deps.redis.set(deliveryKeys.alerted(cause), "1", "EX", ALERT_EVERY_SECONDS, "NX");
    return set === "OK";
  }

  /** Whether `sub` can be renewed to a term ending at `end` now (see the class comment). */
  async renewal(plan: Plan, sub: Subscription, end: number, fresh = false): Promise<Deliverability> {
    const gone = await this.clientGone(sub.ref, fresh);
    if (gone) return { ok: false, reason: "client-gone" };
    const ref = sub.ref;
    if (ref.kind === "panel") {
      return this.locations(ref.locations);
    }
    if (ref.kind !== "xui") return { ok: true };
    const servers = await this.readServers(fresh);
    const home = servers?.find((s) => s.id === ref.serverId);
    if (!servers || !home || paidBeyond(home, end)) return { ok: true };
    if (await this.extended(home, end)) return { ok: true };
    const others = plan.backend.kind === "xui" ? plan.backend.servers : [];
    const other = others
      .filter((id) => id !== ref.serverId)
      .flatMap((id) => servers.filter((s) => s.id === id && paidBeyond(s, end)))[0];
    if (other) return { ok: true, moveTo: { kind: "xui", serverId: other.id, name: ref.name } };
    return short(home, end);
  }

  /**
   * Whether a traffic pack can be added to `sub` now: its access is still on the hosting side (a
   * panel's locations reachable, each takes its limit). The term does not move, so no server
   * needs to be paid any longer.
   */
  async pack(sub: Subscription, fresh = false): Promise<Deliverability> {
    if (await this.clientGone(sub.ref, fresh)) return { ok: false, reason: "client-gone" };
    return sub.ref.kind === "panel" ? this.locations(sub.ref.locations) : { ok: true };
  }

  /**
   * A renewal moved to `moveTo` when it was offered: still deliverable there at payment (else the
   * check is made afresh, which may move it elsewhere or refuse it).
   */
  async stillThere(
    moveTo: Extract<AccessRef, { kind: "xui" }>,
    end: number,
    fresh = false,
  ): Promise<boolean> {
    const servers = await this.readServers(fresh);
    const server = servers?.find((s) => s.id === moveTo.serverId);
    return servers === undefined || (server !== undefined && paidBeyond(server, end));
  }

  /**
   * The server list, or none when it cannot be read now (the order then waits for it): the read
   * made a moment ago (or still under way) unless `fresh`.
   */
  private readServers(fresh: boolean): Promise<Server[] | undefined> {
    return this.recent("servers", fresh, () =>
      this.deps.servers().catch((err: unknown) => {
        this.deps.logger.warn({ err }, "delivery check: servers unreadable, selling as before");
        return undefined;
      }),
    );
  }

  /** What `read` answered less than `reuseMs` ago under `key`, unless `fresh`; else read now. */
  private recent<T>(key: string, fresh: boolean, read: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const last = this.reads.get(key);
    if (!fresh && last && now - last.at < (this.deps.reuseMs ?? DELIVERY_READ_REUSE_MS)) {
      return last.value as Promise<T>;
    }
    const value = read();
    this.reads.delete(key);
    this.reads.set(key, { at: now, value });
    if (this.reads.size > REMEMBERED_READS) this.reads.delete(this.reads.keys().next().value ?? "");
    return value;
  }

  /** Auto-extension when it is on; true when the server is now paid beyond `end`. */
  private async extended(server: Server, end: number): Promise<boolean> {
    if (!isActiveXui(server) || !(await this.deps.autoExtend())) return false;
    const outcome = await this.deps.extend(server);
    this.reads.delete("servers"); // the list read before the extension is out of date
    const now = "server" in outcome ? outcome.server : undefined;
    this.deps.logger.info({ serverId: server.id, outcome: outcome.kind }, "server extended for a sale");
    if (outcome.kind !== "extended" && outcome.kind !== "already" && outcome.kind !== "changed") return false;
    const fresh =
      outcome.kind === "extended" ? now : (await this.readServers(true))?.find((s) => s.id === server.id);
    return fresh !== undefined && paidBeyond(fresh, end);
  }

  /** Every location the main panel must reach is connected and online; "main" is the main panel itself. */
  private async locations(nodes: string[]): Promise<Deliverability> {
    const remote = nodes.filter((n) => n !== "main");
    const panel = this.deps.panel();
    if (remote.length === 0 || !panel) return { ok: true };
    let connected: string[];
    try {
      // A panel the main one lists as offline cannot take a client now either (spec B, rule 5).
      connected = (await panel.federation()).filter((n) => n.online !== false).map((n) => n.nodeId);
    } catch (err) {
      if (!isHostingError(err, "not_found")) return { ok: true };
      connected = [];
    }
    const missing = remote.find((n) => !connected.includes(n));
    return missing === undefined ? { ok: true } : { ok: false, reason: "location-down", location: missing };
  }

  /** True only when the hosting side says the access is not there (404). */
  private clientGone(ref: AccessRef, fresh: boolean): Promise<boolean> {
    const key = ref.kind === "xui" ? `xui:${ref.serverId}:${ref.name}` : `${ref.kind}:${ref.name}`;
    return this.recent(`client:${key}`, fresh, async () => {
      try {
        await this.deps.provisioner(ref.kind).state(ref);
        return false;
      } catch (err) {
        return isHostingError(err, "not_found");
      }
    });
  }
}

function isActiveXui(s: Server): boolean {
  return s.kind === "xui" && s.status === "active";
}

/** The provisioner's own rule (provisioning/xui.ts): active, xui, paid beyond the term's end. */
function paidBeyond(s: Server, end: number): boolean {
  return isActiveXui(s) && s.expiresAt.getTime() > end;
}

function short(server: Server | undefined, end: number): Deliverability {
  const named = server && { id: server.id, name: server.name, paidUntil: server.expiresAt.getTime() };
  return { ok: false, reason: "server-short", server: named, needed: end };
}
