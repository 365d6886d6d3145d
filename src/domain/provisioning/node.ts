import { type HostingApiError, isHostingError } from "../../hosting/errors.js";
import type { NodeApi, NodeClient } from "../../hosting/node/index.js";
import { type Clock, DAY } from "../../runtime/clock.js";
import { type AccessLinks, type AccessRef, type AccessState, GB_BYTES } from "../books/index.js";
import type { Plan } from "../catalog/index.js";
import type { NodeEdits } from "./node-edits.js";
import {
  mayHaveApplied,
  type NodeTermChange,
  type NodeTermResult,
  renewNodeClientTo,
} from "./node-renewal.js";
import { type Provisioner, ProvisioningError, type ProvisionRequest, type TrafficLimits } from "./types.js";

type NodeRef = Extract<AccessRef, { kind: "node" }>;

export interface NodeProvisionerOptions {
  /** The master node: clients are created, renewed and deleted only here. */
  node: NodeApi;
  clock: Clock;
  /**
   * Base of the master's subscription server, e.g. `https://vpn.example.com:2096`. Without it
   * the base is `https://<domain>:<ports.sub>` from the node's `/status` (read once).
   */
  subUrl?: string | undefined;
  /** Wait before reading back after an ambiguous edit failure (default NODE_EDIT_SETTLE_MS). */
  settleMs?: number | undefined;
  /**
   * The gate every node term change goes through (a lease and a doubt record per client, in
   * Redis); without it a renewal only reads back once after an ambiguous edit (tests of the rule).
   */
  edits?: NodeEdits | undefined;
}

/**
 * Clients on the master node of a shared subscription (spec C): created only on the master,
 * handed out as the master's `/sub/{uuid}` link (peers' links included by the master).
 *
 * - Create `days` count from now; `/edit` `days` are ADDED to the node's current expiry, so a
 *   renewal goes to an absolute target through `renewNodeClientTo` (node-renewal.ts): read
 *   first, send only the missing days, read back after an ambiguous failure. A job retry after
 *   a lost answer finds the target reached and adds nothing.
 * - The node generates the UUID (the create call takes none): `request.uuid` is not used.
 * - A limit of 0 is not sent on create or renew (the node spec does not say 0 = unlimited;
 *   absent = no limit). `setLimits` sends what it is given.
 */
export class NodeProvisioner implements Provisioner {
  readonly kind = "node" as const;
  private readonly node: NodeApi;
  private readonly clock: Clock;
  private readonly configuredSubUrl: string | undefined;
  private readonly settleMs: number | undefined;
  private readonly edits: NodeEdits | undefined;
  private subBase: string | undefined;

  constructor(options: NodeProvisionerOptions) {
    this.node = options.node;
    this.clock = options.clock;
    this.configuredSubUrl = options.subUrl;
    this.settleMs = options.settleMs;
    this.edits = options.edits;
  }

  async place(plan: Plan, request: ProvisionRequest): Promise<AccessRef> {
    if (plan.backend.kind !== "node") {
      throw new ProvisioningError(`plan ${plan.id} is not a node plan (${plan.backend.kind})`, true);
    }
    return { kind: "node", name: request.name };
  }

  /** Reuses the client found by name; else creates it (a 409 means an earlier attempt did). */
  async ensure(
    ref: AccessRef,
    _plan: Plan,
    request: ProvisionRequest,
  ): Promise<{ ref: AccessRef; links: AccessLinks }> {
    const r = asNode(ref);
    let client = await this.find(r.name);
    if (!client) {
      try {
        client = await this.node.createClient({
          name: r.name,
          days: Math.max(1, Math.ceil((request.expiresAt - this.clock.now()) / DAY)),
          ...(request.trafficGb > 0 ? { trafficLimitGb: request.trafficGb } : {}),
          ...(request.devices > 0 ? { deviceLimit: request.devices } : {}),
        });
      } catch (err) {
        if (!isHostingError(err, "conflict")) throw err;
        client = await this.node.getClient(r.name);
      }
    }
    return { ref: { kind: "node", name: client.name, uuid: client.uuid }, links: await this.linksOf(client) };
  }

  /**
   * Renews to the absolute `expiresAt` (whole days, rounded up, none when within an hour of it;
   * see renewNodeClientTo). The traffic limit becomes the usage from `/traffic` (0 when the node
   * reports none) plus `trafficGb`, set in the same edit.
   */
  async renew(ref: AccessRef, expiresAt: number, trafficGb: number): Promise<AccessState> {
    const r = asNode(ref);
    const used = await this.usedBytes(r.name);
    const limit = trafficGb > 0 ? roundGb(used / GB_BYTES + trafficGb) : undefined;
    const change = {
      name: r.name,
      targetMs: expiresAt,
      ...(limit !== undefined ? { trafficLimitGb: limit } : {}),
    };
    const { after } = await this.termChange(change);
    return stateOf(after, used);
  }

  /** A term change through the client's gate (see NodeEdits); another change running is retried later. */
  private async termChange(change: NodeTermChange): Promise<NodeTermResult> {
    const edits = this.edits;
    if (!edits) return renewNodeClientTo(this.node, change, { settleMs: this.settleMs });
    const done = await edits.exclusive(change.name, () =>
      renewNodeClientTo(this.node, change, { settleMs: this.settleMs, doubts: edits.doubts }),
    );
    if (done === "busy") {
      throw new ProvisioningError(`another term change of node client ${change.name} is running`, false);
    }
    return done;
  }

  /** Adds the days missing to `expiresAt` through the client's gate (a node cannot take days away). */
  async setTerm(ref: AccessRef, expiresAt: number): Promise<AccessState> {
    const r = asNode(ref);
    const [{ after }, used] = await Promise.all([
      this.termChange({ name: r.name, targetMs: expiresAt }),
      this.usedBytes(r.name),
    ]);
    return stateOf(after, used);
  }

  async setLimits(ref: AccessRef, limits: { trafficGb?: number; devices?: number }): Promise<void> {
    const r = asNode(ref);
    if (limits.trafficGb === undefined && limits.devices === undefined) return;
    await this.node.editClient({
      name: r.name,
      ...(limits.trafficGb !== undefined ? { trafficLimitGb: limits.trafficGb } : {}),
      ...(limits.devices !== undefined ? { deviceLimit: limits.devices } : {}),
    });
  }

  /** The node's limit of the client (none set: 0, no limit). */
  async trafficLimits(ref: AccessRef): Promise<TrafficLimits> {
    return { "": (await this.node.getClient(asNode(ref).name)).trafficLimitGb ?? 0 };
  }

  /**
   * `/edit` with `traffic_limit_gb` alone: absolute, so a repeat sets the same limit; no `days`
   * are sent (they would be added to the expiry), so the term stays. An edit that may still land
   * (no answer, a 5xx) marks the client in doubt like a term change's: whoever gives the write up
   * waits out the window before deciding on what the node shows.
   */
  async setTrafficLimits(ref: AccessRef, limits: TrafficLimits): Promise<void> {
    const r = asNode(ref);
    const gb = limits[""];
    if (gb === undefined)
      throw new ProvisioningError(`no traffic limit given for node client ${r.name}`, true);
    try {
      await this.node.editClient({ name: r.name, trafficLimitGb: gb });
    } catch (err) {
      if (mayHaveApplied(err)) await this.edits?.doubts.mark(r.name);
      throw err;
    }
  }

  /** Ban keeps the record but drops the client from the config, key.txt and subscriptions. */
  async setEnabled(ref: AccessRef, enabled: boolean): Promise<void> {
    const r = asNode(ref);
    if (enabled) await this.node.unbanClient(r.name);
    else await this.node.banClient(r.name);
  }

  async remove(ref: AccessRef): Promise<void> {
    const r = asNode(ref);
    try {
      await this.node.deleteClient(r.name);
    } catch (err) {
      if (!isUserNotFound(err)) throw err;
    }
  }

  async state(ref: AccessRef): Promise<AccessState> {
    const r = asNode(ref);
    const [client, used] = await Promise.all([this.node.getClient(r.name), this.usedBytes(r.name)]);
    return stateOf(client, used);
  }

  async links(ref: AccessRef): Promise<AccessLinks> {
    return this.linksOf(await this.node.getClient(asNode(ref).name));
  }

  private async linksOf(client: NodeClient): Promise<AccessLinks> {
    const base = await this.subscriptionBase();
    return {
      links: [client.link],
      subscriptionUrl: base === undefined ? undefined : this.node.subscriptionUrl(base, client.uuid),
    };
  }

  /** The configured base, else `https://<domain>:<ports.sub>` from `/status` (kept once known). */
  private async subscriptionBase(): Promise<string | undefined> {
    if (this.configuredSubUrl) return this.configuredSubUrl;
    if (this.subBase) return this.subBase;
    const status = await this.node.status();
    const port = status.ports.sub;
    if (!status.domain || port === undefined) return undefined;
    this.subBase = `https://${status.domain}${port === 443 ? "" : `:${port}`}`;
    return this.subBase;
  }

  private async find(name: string): Promise<NodeClient | undefined> {
    try {
      return await this.node.getClient(name);
    } catch (err) {
      if (isUserNotFound(err)) return undefined;
      throw err;
    }
  }

  /** Up + down bytes from `/traffic`; 0 when the node has no counter for the client (or no such endpoint). */
  private async usedBytes(name: string): Promise<number> {
    try {
      const entry = (await this.node.traffic()).find((t) => t.name === name);
      return entry ? entry.upBytes + entry.downBytes : 0;
    } catch (err) {
      if (isHostingError(err, "not_found")) return 0;
      throw err;
    }
  }
}

function asNode(ref: AccessRef): NodeRef {
  if (ref.kind !== "node") throw new ProvisioningError(`a node provisioner got a ${ref.kind} access`, true);
  return ref;
}

/** 404 about the client (`user_not_found`), not about a missing path (`not_found`). */
function isUserNotFound(err: unknown): err is HostingApiError {
  return isHostingError(err, "not_found") && err.code !== "not_found";
}

function stateOf(c: NodeClient, usedBytes: number): AccessState {
  return {
    expiresAt: c.expiresAt * 1000,
    limitBytes: Math.round((c.trafficLimitGb ?? 0) * GB_BYTES),
    usedBytes,
    enabled: !(c.banned ?? c.status === "banned"),
  };
}

/** GB rounded up to 0.01 (in the customer's favour, free of float noise). */
function roundGb(gb: number): number {
  return Math.ceil(Math.round(gb * 1e6) / 1e4) / 100;
}
