import { isHostingError, isTransient } from "../../hosting/errors.js";
import {
  MAIN_LOCATION,
  PANEL_CHANNELS,
  type PanelApi,
  type PanelChannel,
  type PanelClient,
  type PanelClientOps,
  type PanelClientPatch,
} from "../../hosting/panel/index.js";
import { type AccessLinks, type AccessRef, type AccessState, GB_BYTES } from "../books/index.js";
import type { Plan } from "../catalog/index.js";
import { checkUuid, findAt, settleAll, termMatches, unknownNodeAsPermanent } from "./panel-locations.js";
import { type Provisioner, ProvisioningError, type ProvisionRequest, type TrafficLimits } from "./types.js";

/** Limits compared to within half a hundredth of a GB (how limits are rounded). */
const GB_TOLERANCE = 0.005;

type PanelRef = Extract<AccessRef, { kind: "panel" }>;
type PanelBackend = Extract<Plan["backend"], { kind: "panel" }>;

export interface PanelProvisionerOptions {
  /** The main panel; other locations are reached through its `fed/lproxy/{node_id}` paths. */
  panel: PanelApi;
}

/**
 * One logical client on several panel locations (spec B, multi-location rules):
 * the same name and UUID everywhere, each location with its own inbound ids, created exactly
 * (`manual: true`), and handed out as the main panel's one subscription URL.
 *
 * - Creating on several locations is not atomic: `ensure` looks each location up by name and
 *   creates only the missing ones, so a retry completes a partial failure without duplicates.
 *   A create without an answer is read back before anything is sent again.
 * - The term is always sent as an absolute `expires_at` (never `days`, which a panel PATCH adds
 *   again on every repeat); creates and renewals read every location back and check the final
 *   term (rule 6).
 * - Several locations need `main` among them: the main panel's link is the combined one.
 * - A connected panel the main panel does not know (unknown node_id, also a 404) is never taken
 *   for "client absent": it is a permanent error naming the location.
 * - The panel API gives no VLESS links, only the subscription URL: `links` is `[]`.
 * - There is no ban switch: disabling empties the client's inbound membership (and channels /
 *   WireGuard where the plan set them) on every location; enabling restores them from the ref.
 */
export class PanelProvisioner implements Provisioner {
  readonly kind = "panel" as const;
  private readonly panel: PanelApi;

  constructor(options: PanelProvisionerOptions) {
    this.panel = options.panel;
  }

  async place(plan: Plan, request: ProvisionRequest): Promise<AccessRef> {
    const backend = panelBackend(plan);
    return withPlanAccess(
      {
        kind: "panel",
        name: request.name,
        uuid: request.uuid,
        locations: backend.locations.map((l) => l.node),
      },
      backend,
    );
  }

  /**
   * On every location: reuse the client found by name (its UUID must be ours; its term is set to
   * the target when it differs), else create it with the same UUID, that location's inbound ids,
   * the plan's channels/WireGuard, an absolute term and the limits; a 409 on create means it
   * exists already and is read instead, and a create without an answer is read back. All
   * locations are attempted even when one fails; then the first failure is thrown (a permanent
   * one first), and a retry repeats only what is still missing. Last, every location is read
   * back and its term checked (rule 6).
   */
  async ensure(
    ref: AccessRef,
    plan: Plan,
    request: ProvisionRequest,
  ): Promise<{ ref: AccessRef; links: AccessLinks }> {
    const r = asPanel(ref);
    const backend = panelBackend(plan);
    const expiresAt = toSeconds(request.expiresAt);
    await settleAll(
      r.locations.map(async (location) => {
        const where = backend.locations.find((l) => l.node === location);
        if (!where) {
          throw new ProvisioningError(`plan ${plan.id} has no panel location ${location}`, true);
        }
        const ops = this.panel.at(location);
        const existing = await findAt(ops, r.name);
        if (existing) return alignTerm(ops, checkUuid(existing, r, location), expiresAt);
        return this.createAt(ops, r, {
          inboundIds: [...where.inbound_ids],
          channels: backend.channels,
          wg: backend.wg,
          expiresAt,
          request,
        });
      }),
    );
    await this.checkTerms(r, expiresAt);
    const full = withPlanAccess(r, backend);
    return { ref: full, links: { links: [], subscriptionUrl: await this.subscriptionUrl(full) } };
  }

  /**
   * Sets the absolute term `expiresAt` on every location (idempotent: a repeat gives the same
   * expiry) and each location's traffic limit to its usage plus `trafficGb` (0 = unlimited), then
   * reads every location back: a final term off the target is a temporary error (rule 6).
   */
  async renew(ref: AccessRef, expiresAt: number, trafficGb: number): Promise<AccessState> {
    const r = asPanel(ref);
    const target = toSeconds(expiresAt);
    await settleAll(
      r.locations.map(async (location) => {
        const ops = this.panel.at(location);
        const current = await ops.getClient(r.name);
        const limit = trafficGb > 0 ? roundGb(current.trafficUsedGb + trafficGb) : 0;
        await ops.updateClient(r.name, { term: { expiresAt: target }, trafficLimitGb: limit });
      }),
    );
    const after = await this.checkTerms(r, target);
    return stateOf(after[primaryIndex(r)] as PanelClient);
  }

  /** The absolute expiry on every location of the access (the panel has no "no expiry"). */
  async setTerm(ref: AccessRef, expiresAt: number): Promise<AccessState> {
    const r = asPanel(ref);
    if (expiresAt === 0) throw new ProvisioningError("a panel client always has an expiry", true);
    const target = toSeconds(expiresAt);
    await this.patchAll(r, () => ({ term: { expiresAt: target } }));
    const after = await this.checkTerms(r, target);
    return stateOf(after[primaryIndex(r)] as PanelClient);
  }

  async setLimits(ref: AccessRef, limits: { trafficGb?: number; devices?: number }): Promise<void> {
    const r = asPanel(ref);
    const patch: PanelClientPatch = {};
    if (limits.trafficGb !== undefined) patch.trafficLimitGb = limits.trafficGb;
    if (limits.devices !== undefined) patch.deviceLimit = limits.devices;
    if (Object.keys(patch).length === 0) return;
    await this.patchAll(r, () => patch);
  }

  /** Each location's own limit (a renewal set each to its own usage plus the allowance). */
  async trafficLimits(ref: AccessRef): Promise<TrafficLimits> {
    const r = asPanel(ref);
    const clients = await Promise.all(
      r.locations.map((location) => this.panel.at(location).getClient(r.name).catch(unknownNodeAsPermanent)),
    );
    return Object.fromEntries(r.locations.map((location, i) => [location, clients[i]?.trafficLimitGb ?? 0]));
  }

  /**
   * `traffic_limit_gb` alone on each location, absolute (a repeat sets the same), then every
   * location is read back: one whose limit is off its target is a temporary error (rule 6).
   */
  async setTrafficLimits(ref: AccessRef, limits: TrafficLimits): Promise<void> {
    const r = asPanel(ref);
    const missing = r.locations.filter((location) => limits[location] === undefined);
    if (missing.length)
      throw new ProvisioningError(`no traffic limit given for ${r.name} at ${missing.join(", ")}`, true);
    await this.patchAll(r, (location) => ({ trafficLimitGb: limits[location] ?? 0 }));
    const after = await this.trafficLimits(r);
    const off = r.locations.filter((l) => Math.abs((after[l] ?? 0) - (limits[l] ?? 0)) > GB_TOLERANCE);
    if (off.length)
      throw new ProvisioningError(`panel traffic limit not applied at ${off.join(", ")}`, false);
  }

  /**
   * Disabling empties the inbound membership on every location (the client itself stays), plus
   * channels and WireGuard where the plan set them; enabling puts back what the ref records.
   */
  async setEnabled(ref: AccessRef, enabled: boolean): Promise<void> {
    const r = asPanel(ref);
    const channels = knownChannels(r.channels);
    if (!enabled) {
      await this.patchAll(r, () => ({
        inboundIds: [],
        ...(channels.length ? { channels: [] } : {}),
        ...(r.wg ? { wg: false } : {}),
      }));
      return;
    }
    const missing = r.locations.filter((l) => !r.inbounds?.[l]?.length);
    if (missing.length) {
      throw new ProvisioningError(
        `cannot re-enable panel client ${r.name}: the access does not record the inbound ids of ${missing.join(", ")}`,
        true,
      );
    }
    await this.patchAll(r, (location) => ({
      inboundIds: [...(r.inbounds?.[location] ?? [])],
      ...(channels.length ? { channels } : {}),
      ...(r.wg ? { wg: true } : {}),
    }));
  }

  /**
   * Deletes the client on every location; a location where it is already gone is fine, an
   * unknown node_id is not (the client may well live on there).
   */
  async remove(ref: AccessRef): Promise<void> {
    const r = asPanel(ref);
    await settleAll(
      r.locations.map(async (location) => {
        await this.panel.at(location).deleteClientIfPresent(r.name);
      }),
    );
  }

  /** Usage, limit and term of the main panel's client (or the first location's without `main`). */
  async state(ref: AccessRef): Promise<AccessState> {
    const r = asPanel(ref);
    const location = r.locations[primaryIndex(r)] ?? MAIN_LOCATION;
    return stateOf(await this.panel.at(location).getClient(r.name).catch(unknownNodeAsPermanent));
  }

  async links(ref: AccessRef): Promise<AccessLinks> {
    return { links: [], subscriptionUrl: await this.subscriptionUrl(asPanel(ref)) };
  }

  /**
   * Rule 3: the main panel's `sub_url` is the combined link. An access on one connected panel
   * alone (no `main`) that the main panel does not know gets that panel's own link, which covers
   * it whole; several locations without `main` have no combined link to give (refused).
   */
  private async subscriptionUrl(r: PanelRef): Promise<string | undefined> {
    requireMainForSeveral(r.locations, `panel access ${r.name}`);
    try {
      return (await this.panel.getClient(r.name)).subscriptionUrl;
    } catch (err) {
      const only = r.locations[0];
      if (!isHostingError(err, "not_found") || r.locations.includes(MAIN_LOCATION) || only === undefined) {
        throw err;
      }
      return (await this.panel.at(only).getClient(r.name).catch(unknownNodeAsPermanent)).subscriptionUrl;
    }
  }

  /**
   * Creates the client at one location. A 409 means it exists already (an attempt whose answer
   * was lost) and is read instead; a create without an answer may have happened and is read
   * back: found = done, not found = the error (the next attempt looks before it creates).
   */
  private async createAt(ops: PanelClientOps, r: PanelRef, at: CreateAt): Promise<PanelClient> {
    try {
      const created = await ops.createClient({
        name: r.name,
        uuid: r.uuid,
        inboundIds: at.inboundIds,
        manual: true,
        ...(at.channels ? { channels: [...at.channels] } : {}),
        ...(at.wg !== undefined ? { wg: at.wg } : {}),
        term: { expiresAt: at.expiresAt },
        trafficLimitGb: at.request.trafficGb,
        deviceLimit: at.request.devices,
      });
      return checkUuid(created, r, ops.location);
    } catch (err) {
      const conflict = isHostingError(err, "conflict");
      if (!conflict && !isTransient(err)) throw err;
      const again = await findAt(ops, r.name);
      if (again) return alignTerm(ops, checkUuid(again, r, ops.location), at.expiresAt);
      if (!conflict) throw err;
      throw new ProvisioningError(
        `panel location ${ops.location}: uuid ${r.uuid} is used by another client`,
        true,
      );
    }
  }

  /**
   * Rule 6: reads every location back; a client missing or with a term off `target` (seconds)
   * by more than the tolerance is a temporary error naming those locations. Returns the clients.
   */
  private async checkTerms(r: PanelRef, target: number): Promise<PanelClient[]> {
    const after = await Promise.all(
      r.locations.map((location) => findAt(this.panel.at(location), r.name).catch(unknownNodeAsPermanent)),
    );
    const off = r.locations.flatMap((location, i) => {
      const client = after[i];
      if (!client) return [`${location}: absent`];
      return termMatches(client.expiresAt, target) ? [] : [`${location}: ${client.expiresAt}`];
    });
    if (off.length) {
      throw new ProvisioningError(
        `panel term not applied everywhere (want ${target}; ${off.join(", ")})`,
        false,
      );
    }
    return after as PanelClient[];
  }

  private async patchAll(r: PanelRef, patchFor: (location: string) => PanelClientPatch): Promise<void> {
    await settleAll(
      r.locations.map((location) => this.panel.at(location).updateClient(r.name, patchFor(location))),
    );
  }
}

function asPanel(ref: AccessRef): PanelRef {
  if (ref.kind !== "panel") throw new ProvisioningError(`a panel provisioner got a ${ref.kind} access`, true);
  if (ref.locations.length === 0)
    throw new ProvisioningError(`panel access ${ref.name} has no location`, true);
  return ref;
}

function panelBackend(plan: Plan): PanelBackend {
  if (plan.backend.kind !== "panel") {
    throw new ProvisioningError(`plan ${plan.id} is not a panel plan (${plan.backend.kind})`, true);
  }
  requireMainForSeveral(
    plan.backend.locations.map((l) => l.node),
    `plan ${plan.id}`,
  );
  return plan.backend;
}

/** Several locations without `main` have no combined link (the catalog refuses such plans too). */
function requireMainForSeveral(locations: readonly string[], what: string): void {
  if (locations.length < 2 || locations.includes(MAIN_LOCATION)) return;
  throw new ProvisioningError(
    `${what} spans locations ${locations.join(", ")} but not main: only the main panel serves the combined subscription link`,
    true,
  );
}

interface CreateAt {
  inboundIds: string[];
  channels: PanelBackend["channels"];
  wg: boolean | undefined;
  /** Unix seconds. */
  expiresAt: number;
  request: ProvisionRequest;
}

/** A client found with another term (an earlier write, a replica) is set to the target. */
async function alignTerm(ops: PanelClientOps, client: PanelClient, target: number): Promise<PanelClient> {
  if (termMatches(client.expiresAt, target)) return client;
  return ops.updateClient(client.name, { term: { expiresAt: target } });
}

/** The ref with the plan's per-location inbound ids, channels and WireGuard switch recorded. */
function withPlanAccess(r: PanelRef, backend: PanelBackend): PanelRef {
  const inbounds: Record<string, string[]> = {};
  for (const location of r.locations) {
    const where = backend.locations.find((l) => l.node === location);
    const ids = where?.inbound_ids ?? r.inbounds?.[location];
    if (ids) inbounds[location] = [...ids];
  }
  const full: PanelRef = { kind: "panel", name: r.name, uuid: r.uuid, locations: [...r.locations], inbounds };
  if (backend.channels) full.channels = [...backend.channels];
  if (backend.wg !== undefined) full.wg = backend.wg;
  return full;
}

function primaryIndex(r: PanelRef): number {
  return Math.max(0, r.locations.indexOf(MAIN_LOCATION));
}

function stateOf(c: PanelClient): AccessState {
  return {
    expiresAt: c.expiresAt > 0 ? c.expiresAt * 1000 : 0,
    limitBytes: Math.round(c.trafficLimitGb * GB_BYTES),
    usedBytes: Math.round(c.trafficUsedGb * GB_BYTES),
    // No ban switch on the panel: a client without any inbound is the disabled one.
    enabled: c.inboundIds === undefined || c.inboundIds.length > 0,
  };
}

function knownChannels(channels: string[] | undefined): PanelChannel[] {
  const known: readonly string[] = PANEL_CHANNELS;
  return (channels ?? []).filter((c): c is PanelChannel => known.includes(c));
}

/** Absolute ms -> Unix seconds, rounded up so the term never ends before the target. */
function toSeconds(ms: number): number {
  return Math.ceil(ms / 1000);
}

/** GB rounded up to 0.01 (in the customer's favour, free of float noise). */
function roundGb(gb: number): number {
  return Math.ceil(Math.round(gb * 1e6) / 1e4) / 100;
}
