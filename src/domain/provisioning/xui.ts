import type {
  AccountApi,
  CreatedXuiClient,
  Server,
  XuiClient,
  XuiClientDetails,
} from "../../hosting/account.js";
import { isHostingError, isTransient } from "../../hosting/errors.js";
import type { Plan } from "../catalog.js";
import type { Clock } from "../clock.js";
import {
  type AccessLinks,
  type AccessRef,
  type AccessState,
  DAY_MS,
  GB_BYTES,
  type Provisioner,
  ProvisioningError,
  type ProvisionRequest,
} from "./types.js";

type XuiRef = Extract<AccessRef, { kind: "xui" }>;

export interface XuiProvisionerOptions {
  account: AccountApi;
  clock: Clock;
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

  constructor(options: XuiProvisionerOptions) {
    this.account = options.account;
    this.clock = options.clock;
  }

  /**
   * The least loaded (fewest clients) of the plan's servers that is of xui type, active, and paid
   * beyond the wanted expiry. Ties go to the one listed first in the plan. A server whose client
   * list cannot be read is skipped; when nothing is left the error is temporary if one of those
   * reads failed transiently, else permanent.
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
      .filter(
        (s): s is Server =>
          s !== undefined &&
          s.kind === "xui" &&
          s.status === "active" &&
          s.expiresAt.getTime() > request.expiresAt,
      );
    const loads = await Promise.allSettled(fit.map((s) => this.account.listClients(s.id)));
    let best: { server: Server; count: number } | undefined;
    let transientFailure = false;
    loads.forEach((load, i) => {
      const server = fit[i] as Server;
      if (load.status === "rejected") {
        transientFailure ||= isTransient(load.reason);
        return;
      }
      const count = Math.max(load.value.count, load.value.clients.length);
      if (!best || count < best.count) best = { server, count };
    });
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
   */
  async ensure(
    ref: AccessRef,
    _plan: Plan,
    request: ProvisionRequest,
  ): Promise<{ ref: AccessRef; links: AccessLinks }> {
    const r = asXui(ref);
    const existing = await this.find(r);
    if (existing) {
      return { ref: refOf(r, existing), links: { links: [], subscriptionUrl: undefined } };
    }
    return this.create(r, request);
  }

  /**
   * Deletes the client (if present) and creates it again, to get the links a lost create answer
   * took with it. Changes the client's UUID: use it only for a client never handed out.
   */
  async reissue(ref: AccessRef, request: ProvisionRequest): Promise<{ ref: AccessRef; links: AccessLinks }> {
    const r = asXui(ref);
    await this.remove(r);
    return this.create(r, request);
  }

  /**
   * xui PATCH `days` sets a NEW term from now, so the days from now to `expiresAt` are sent,
   * rounded up (the new expiry is never before the target and a repeat adds nothing). The limit
   * becomes the traffic used so far plus `trafficGb` (0 stays unlimited); the client is enabled.
   */
  async renew(ref: AccessRef, expiresAt: number, trafficGb: number): Promise<AccessState> {
    const r = asXui(ref);
    const current = await this.account.getClient(r.serverId, r.name);
    const gb = trafficGb > 0 ? freshLimitGb(current.upBytes + current.downBytes, trafficGb) : 0;
    const updated = await this.account.updateClient(r.serverId, r.name, {
      days: this.daysUntil(expiresAt),
      gb,
      enable: true,
    });
    return updated ? stateOf(updated) : this.state(r);
  }

  /** Sets the traffic limit in GB (0 = unlimited). xui has no device limit: `devices` is ignored. */
  async setLimits(ref: AccessRef, limits: { trafficGb?: number; devices?: number }): Promise<void> {
    const r = asXui(ref);
    if (limits.trafficGb === undefined) return;
    await this.account.updateClient(r.serverId, r.name, { gb: limits.trafficGb });
  }

  async setEnabled(ref: AccessRef, enabled: boolean): Promise<void> {
    const r = asXui(ref);
    await this.account.updateClient(r.serverId, r.name, { enable: enabled });
  }

  async remove(ref: AccessRef): Promise<void> {
    const r = asXui(ref);
    try {
      await this.account.deleteClient(r.serverId, r.name);
    } catch (err) {
      if (!isHostingError(err, "not_found")) throw err;
    }
  }

  async state(ref: AccessRef): Promise<AccessState> {
    const r = asXui(ref);
    return stateOf(await this.account.getClient(r.serverId, r.name));
  }

  /** The Account API has no link endpoint: links exist only in the create answer (see the class doc). */
  async links(ref: AccessRef): Promise<AccessLinks> {
    asXui(ref);
    return { links: [], subscriptionUrl: undefined };
  }

  private async create(
    r: XuiRef,
    request: ProvisionRequest,
  ): Promise<{ ref: AccessRef; links: AccessLinks }> {
    const created: CreatedXuiClient = await this.account.createClient(r.serverId, {
      name: r.name,
      gb: request.trafficGb,
      days: this.daysUntil(request.expiresAt),
    });
    return {
      ref: {
        kind: "xui",
        serverId: r.serverId,
        name: created.email,
        uuid: created.uuid,
        subId: created.subId,
      },
      links: { links: [...new Set([created.link, ...created.subLinks])], subscriptionUrl: undefined },
    };
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
    return Math.max(1, Math.ceil((at - this.clock.now()) / DAY_MS));
  }
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

function stateOf(c: XuiClient | XuiClientDetails): AccessState {
  const enabled = "status" in c ? (c.enable ?? c.status !== "disabled") : c.enable;
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
