import type {
  AccountApi,
  CreatedXuiClient,
  Server,
  XuiClient,
  XuiClientDetails,
} from "../../hosting/account/index.js";
import { isHostingError, isTransient } from "../../hosting/errors.js";
import { type Clock, DAY } from "../../runtime/clock.js";
import { type AccessLinks, type AccessRef, type AccessState, GB_BYTES } from "../books/index.js";
import type { Plan } from "../catalog/index.js";
import {
  type Provisioner,
  ProvisioningError,
  type ProvisionRequest,
  ServerPaidTooBriefly,
  type TrafficLimits,
} from "./types.js";
import { type PlacementRunway, placeByRunway, type ServerLoad } from "./xui-placement.js";

type XuiRef = Extract<AccessRef, { kind: "xui" }>;
type Created = { kind: "created"; ref: AccessRef; links: AccessLinks };
/** The client is there but its create answer (with the links) was not ours to read. */
type Existing = { kind: "existing"; client: XuiClientDetails };

/** A fresh "no links" value (the caller may keep and change it). */
const noLinks = (): AccessLinks => ({ links: [], subscriptionUrl: undefined });

export interface XuiProvisionerOptions {
  account: AccountApi;
  clock: Clock;
  /** How long each server's traffic lasts, for the choice of a new sale's server (none: load only). */
  runway?: PlacementRunway | undefined;
}

/**
 * Clients on the reseller's xui servers through the Account API.
 *
 * - `days` here is a term counted FROM NOW (create and PATCH alike; 0 = no expiry, never sent),
 *   so a renewal sends the days from now to the absolute target, rounded up.
 * - A taken name is replaced silently by the API: the returned `client.email` becomes the ref's
 *   name. Names are deterministic per order, so a client found under the requested name is the
 *   one an earlier attempt of the same order created.
 * - Links exist only in the create answer (there is no link endpoint): when `ensure` finds a
 *   client made by an earlier attempt whose answer was lost, it returns `links: []`; the caller
 *   keeps the links of the first successful `ensure`, or calls `reissue` (only for a client never
 *   handed out). `links(ref)` likewise returns `links: []`. No subscription URL is derivable.
 * - The xui API has no device limit: `devices` is ignored.
 */
export class XuiProvisioner implements Provisioner {
  readonly kind = "xui" as const;
  private readonly account: AccountApi;
  private readonly clock: Clock;
  private readonly runway: PlacementRunway | undefined;

  constructor(options: XuiProvisionerOptions) {
    this.account = options.account;
    this.clock = options.clock;
    this.runway = options.runway;
  }

  /**
   * The least loaded (fewest clients) of the plan's servers that is of xui type, active, and paid
   * beyond the wanted expiry, among those whose traffic lasts the plan's term (placeByRunway: when
   * none does, the longest-lasting, and the staff are told). Ties go to the one listed first in
   * the plan. A server whose client list cannot be read is skipped; when nothing is left the error
   * is temporary if one of those reads failed transiently, else permanent.
   */
  async place(plan: Plan, request: ProvisionRequest): Promise<AccessRef> {
    const backend = plan.backend;
    if (backend.kind !== "xui") {
      throw new ProvisioningError(`plan ${plan.id} is not an xui plan (${backend.kind})`, true);
    }
    const servers = await this.account.servers();
    const byId = new Map(servers.map((s) => [s.id, s]));
    const fit = backend.servers
      .map((id) => byId.get(id))
      .filter((s): s is Server => s !== undefined && paidBeyond(s, request.expiresAt));
    const loads = await Promise.allSettled(fit.map((s) => this.account.listClients(s.id)));
    const read: ServerLoad[] = [];
    let transientFailure = false;
    loads.forEach((load, i) => {
      const server = fit[i] as Server;
      if (load.status === "rejected") {
        transientFailure ||= isTransient(load.reason);
        return;
      }
      read.push({ server, count: Math.max(load.value.count, load.value.clients.length) });
    });
    const best = await placeByRunway(read, plan, this.runway);
    if (!best) {
      const why =
        fit.length === 0
          ? `none of servers ${backend.servers.join(", ")} is an active xui server paid beyond ${new Date(request.expiresAt).toISOString()}`
          : `the client lists of servers ${fit.map((s) => s.id).join(", ")} could not be read`;
      throw new ProvisioningError(`no server available for plan ${plan.id}: ${why}`, !transientFailure);
    }
    return { kind: "xui", serverId: best.server.id, name: request.name };
  }

  /**
   * Finds the client by name first (a lost create answer must not lead to a second client), and
   * creates it only when absent, with `days` from now to `request.expiresAt` (rounded up, >= 1).
   * A client found (made by an earlier attempt) comes back without links; a twin that attempt's
   * late create left under a generated name is removed on the way.
   */
  async ensure(
    ref: AccessRef,
    _plan: Plan,
    request: ProvisionRequest,
  ): Promise<{ ref: AccessRef; links: AccessLinks }> {
    const r = asXui(ref);
    const existing = await this.find(r);
    if (existing) {
      await this.removeTwins(r);
      return { ref: refOf(r, existing), links: noLinks() };
    }
    const made = await this.createOnce(r, request);
    if (made.kind === "created") return { ref: made.ref, links: made.links };
    return { ref: refOf(r, made.client), links: noLinks() };
  }

  /**
   * Deletes the client (if present) and creates it again, to get the links a lost create answer
   * took with it. Changes the client's UUID: use it only for a client never handed out. When the
   * name is still taken (an earlier create landed in between) no links can be had now: a
   * temporary error, and the next attempt starts again from `ensure`.
   */
  async reissue(ref: AccessRef, request: ProvisionRequest): Promise<{ ref: AccessRef; links: AccessLinks }> {
    const r = asXui(ref);
    await this.remove(r);
    const made = await this.createOnce(r, request);
    if (made.kind === "created") return { ref: made.ref, links: made.links };
    throw new ProvisioningError(
      `xui client ${r.name} on server ${r.serverId} was made again by an earlier request; its links are to be fetched by another attempt`,
      false,
    );
  }

  /**
   * xui PATCH `days` sets a NEW term from now, so the days from now to `expiresAt` are sent,
   * rounded up (the new expiry is never before the target and a repeat adds nothing). The limit
   * becomes the traffic used so far plus `trafficGb` (0 stays unlimited).
   *
   * Never sends `enable`: a renewal must not lift an admin's ban, so a disabled client is refused
   * (permanent, the order is refunded). The server must be active and paid beyond the new term,
   * as for a first placement; else a permanent error asks to extend the server first.
   */
  async renew(ref: AccessRef, expiresAt: number, trafficGb: number): Promise<AccessState> {
    const r = asXui(ref);
    await this.requirePaidServer(r.serverId, expiresAt);
    const current = await this.account.getClient(r.serverId, r.name);
    if (!enabledOf(current)) {
      throw new ProvisioningError(
        `xui client ${r.name} on server ${r.serverId} is disabled (banned by an admin); a renewal does not unban it`,
        true,
      );
    }
    await this.removeTwins(r);
    const gb = trafficGb > 0 ? freshLimitGb(current.upBytes + current.downBytes, trafficGb) : 0;
    const updated = await this.account.updateClient(r.serverId, r.name, {
      days: this.daysUntil(expiresAt),
      gb,
    });
    return updated ? stateOf(updated) : this.state(r);
  }

  /** A new term ending at `expiresAt`: whole days from now, rounded up (0: no expiry). */
  async setTerm(ref: AccessRef, expiresAt: number): Promise<AccessState> {
    const r = asXui(ref);
    const days = expiresAt === 0 ? 0 : this.daysUntil(expiresAt);
    const updated = await this.account.updateClient(r.serverId, r.name, { days });
    return updated ? stateOf(updated) : this.state(r);
  }

  /** Sets the traffic limit in GB (0 = unlimited). xui has no device limit: `devices` is ignored. */
  async setLimits(ref: AccessRef, limits: { trafficGb?: number; devices?: number }): Promise<void> {
    const r = asXui(ref);
    if (limits.trafficGb === undefined) return;
    await this.account.updateClient(r.serverId, r.name, { gb: limits.trafficGb });
  }

  async trafficLimits(ref: AccessRef): Promise<TrafficLimits> {
    const r = asXui(ref);
    return { "": (await this.account.getClient(r.serverId, r.name)).totalGb };
  }

  /** PATCH `gb` alone: the new limit, absolute (no `days`, no `enable`: term and ban stay). */
  async setTrafficLimits(ref: AccessRef, limits: TrafficLimits): Promise<void> {
    const r = asXui(ref);
    const gb = limits[""];
    if (gb === undefined)
      throw new ProvisioningError(`no traffic limit given for xui client ${r.name}`, true);
    await this.account.updateClient(r.serverId, r.name, { gb });
  }

  async setEnabled(ref: AccessRef, enabled: boolean): Promise<void> {
    const r = asXui(ref);
    await this.account.updateClient(r.serverId, r.name, { enable: enabled });
  }

  /** Deletes the client and any twin a late create left; a DELETE without an answer is read back. */
  async remove(ref: AccessRef): Promise<void> {
    const r = asXui(ref);
    await this.deleteNamed(r.serverId, r.name, async () => (await this.find(r)) === undefined);
    await this.removeTwins(r);
  }

  async state(ref: AccessRef): Promise<AccessState> {
    const r = asXui(ref);
    return stateOf(await this.account.getClient(r.serverId, r.name));
  }

  /** The Account API has no link endpoint: links exist only in the create answer (see the class doc). */
  async links(ref: AccessRef): Promise<AccessLinks> {
    asXui(ref);
    return noLinks();
  }

  /**
   * One create, its outcome made certain. The API renames a taken name silently, so a create that
   * comes back under another name met a client an earlier attempt made: that twin is deleted at
   * once and the earlier client is used. A create without an answer (timeout, reset, 502/503) may
   * have happened: it is read back, never sent again here; found = made (its links are lost), not
   * found = a temporary error (it may still land: the next attempt looks before it creates).
   */
  private async createOnce(r: XuiRef, request: ProvisionRequest): Promise<Created | Existing> {
    let created: CreatedXuiClient;
    try {
      created = await this.account.createClient(r.serverId, {
        name: r.name,
        gb: request.trafficGb,
        days: this.daysUntil(request.expiresAt),
      });
    } catch (err) {
      if (!isTransient(err)) throw err;
      return this.readBackAfterLostCreate(r, err);
    }
    if (created.email !== r.name) {
      await this.deleteNamed(r.serverId, created.email);
      return this.existing(r, `the name was taken, yet client ${r.name} is not there`);
    }
    return {
      kind: "created",
      ref: { kind: "xui", serverId: r.serverId, name: r.name, uuid: created.uuid, subId: created.subId },
      links: { links: [...new Set([created.link, ...created.subLinks])], subscriptionUrl: undefined },
    };
  }

  private async readBackAfterLostCreate(r: XuiRef, cause: unknown): Promise<Existing> {
    await this.removeTwins(r);
    return this.existing(r, `the create got no answer (${describe(cause)}) and the client is not there yet`);
  }

  /** The client under the wanted name, else a temporary error saying why it was expected. */
  private async existing(r: XuiRef, why: string): Promise<Existing> {
    const client = await this.find(r);
    if (client) return { kind: "existing", client };
    throw new ProvisioningError(`xui client ${r.name} on server ${r.serverId}: ${why}; retry later`, false);
  }

  /**
   * Removes the clients a late create of this access left under a generated name. ASSUMED (not
   * shown in the spec): the generated name starts with the taken one (`<name>-<suffix>`). Order
   * names have one fixed shape, so no other order's name extends ours; and a twin nobody has the
   * links of has carried no traffic, which spares any client in use.
   */
  private async removeTwins(r: XuiRef): Promise<void> {
    const { clients } = await this.account.listClients(r.serverId);
    const twins = clients.filter(
      (c) => c.email.length > r.name.length && c.email.startsWith(r.name) && c.upBytes + c.downBytes === 0,
    );
    for (const twin of twins) await this.deleteNamed(r.serverId, twin.email);
  }

  /**
   * Deletes a client; one already gone is fine. A DELETE without an answer may have happened:
   * `gone` reads it back (by default the client is looked up by name).
   */
  private async deleteNamed(serverId: number, name: string, gone?: () => Promise<boolean>): Promise<void> {
    try {
      await this.account.deleteClient(serverId, name);
    } catch (err) {
      if (isHostingError(err, "not_found")) return;
      if (!isTransient(err)) throw err;
      const check = gone ?? (async () => (await this.find({ kind: "xui", serverId, name })) === undefined);
      if (!(await check())) throw err;
    }
  }

  /** Active, paid beyond `expiresAt`, of xui type; else a permanent error asking for an extension. */
  private async requirePaidServer(serverId: number, expiresAt: number): Promise<void> {
    const server = await this.account.server(serverId);
    if (paidBeyond(server, expiresAt)) return;
    const { id, name, status, kind } = server;
    throw new ServerPaidTooBriefly(
      { id, name, status, kind, paidUntil: server.expiresAt.getTime() },
      expiresAt,
    );
  }

  private async find(r: XuiRef): Promise<XuiClientDetails | undefined> {
    try {
      return await this.account.getClient(r.serverId, r.name);
    } catch (err) {
      if (isHostingError(err, "not_found")) return undefined;
      throw err;
    }
  }

  /** Whole days from now to `at`, rounded up, at least 1 (0 would mean "no expiry"). */
  private daysUntil(at: number): number {
    return Math.max(1, Math.ceil((at - this.clock.now()) / DAY));
  }
}

/** A server fit to hold a term ending at `at`: xui type, active, and paid beyond it. */
function paidBeyond(s: Server, at: number): boolean {
  return s.kind === "xui" && s.status === "active" && s.expiresAt.getTime() > at;
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function asXui(ref: AccessRef): XuiRef {
  if (ref.kind !== "xui") throw new ProvisioningError(`an xui provisioner got a ${ref.kind} access`, true);
  return ref;
}

function refOf(r: XuiRef, c: XuiClientDetails): XuiRef {
  const ref: XuiRef = { kind: "xui", serverId: r.serverId, name: c.email };
  const uuid = c.uuid ?? r.uuid;
  const subId = c.subId ?? r.subId;
  if (uuid !== undefined) ref.uuid = uuid;
  if (subId !== undefined) ref.subId = subId;
  return ref;
}

/** The single-user view may leave `enable` out; its status then tells. */
function enabledOf(c: XuiClient | XuiClientDetails): boolean {
  return "status" in c ? (c.enable ?? c.status !== "disabled") : c.enable;
}

function stateOf(c: XuiClient | XuiClientDetails): AccessState {
  const enabled = enabledOf(c);
  return {
    expiresAt: Math.max(c.expiryMs, 0),
    limitBytes: Math.round(c.totalGb * GB_BYTES),
    usedBytes: c.upBytes + c.downBytes,
    enabled,
  };
}

/** Used GB (rounded up to 0.01 GB, in the customer's favour) plus the new allowance. */
export function freshLimitGb(usedBytes: number, allowanceGb: number): number {
  const usedGb = Math.ceil((usedBytes / GB_BYTES) * 100) / 100;
  return Math.round((usedGb + allowanceGb) * 100) / 100;
}
