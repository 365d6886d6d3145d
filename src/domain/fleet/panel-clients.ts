import type { Redis } from "ioredis";
import { isHostingError } from "../../hosting/errors.js";
import {
  MAIN_LOCATION,
  type PanelApi,
  type PanelClient,
  type PanelClientOps,
  type PanelClientPatch,
  type PanelFederationNode,
  type PanelInbound,
} from "../../hosting/panel/index.js";
import { type Clock, DAY } from "../../runtime/clock.js";
import type { Logger } from "../../runtime/logger.js";
import {
  type Followed,
  followAdminChange,
  type HostingClient,
  type Owner,
  type SubscriptionOwners,
} from "../books/index.js";
import type { Catalog } from "../catalog/index.js";
import { findAt, termMatches } from "../provisioning/index.js";
import { createdEnd, everywhereEnd, extendedEnd, iso } from "./panel-audit.js";
import {
  type CreateInput,
  type CreateOutcome,
  type CreatePlan,
  type InboundChoices,
  PanelCreation,
} from "./panel-create.js";
import { clientSubject, HostingActs, type StaffActor } from "./staff-acts.js";

export { PanelUuidConflictError } from "../provisioning/index.js";
export type { CreateInput, CreateOutcome, CreatePlan, CreateRow, InboundChoices } from "./panel-create.js";

/**
 * The main panel's clients and the panels connected to it (federation) as the admins manage them
 * (spec B, multi-location rules): one client is the same name (and UUID) on every location it is
 * on, and a change reaches every one of them. Extend goes to an absolute `expires_at` fixed once
 * (a repeat cannot add twice), a term is set from today (`set_days`), then limits and delete;
 * after each change every location is read back (rule 6). Creating on several locations is
 * PanelCreation's. The shop's subscriptions on the client follow a new term or a delete (rule 7);
 * a failure there is reported as not followed and never hides the hosting change. Results hold
 * each location's error as thrown; the caller explains it. Each change takes `by`, the staff
 * member making it (checked and recorded; see StaffActor).
 */

/** The panel's settings are missing (PANEL_API_URL / PANEL_API_TOKEN). */
export class PanelNotConfiguredError extends Error {
  constructor() {
    super("the panel is not configured (PANEL_API_URL and PANEL_API_TOKEN)");
    this.name = "PanelNotConfiguredError";
  }
}

/** A location as plain data: the main panel, or a connected panel by its node_id. */
export interface PanelLocationInfo {
  id: string;
  /** The connected panel's name, when it has one. */
  name?: string;
  online?: boolean;
}

/** One location's part of a change applied everywhere. */
export interface LocationOutcome {
  location: PanelLocationInfo;
  state: "done" | "absent" | "failed";
  /** After the change, read back (or as found, without a read-back): Unix seconds, 0 = none. */
  expiresAt?: number;
  trafficLimitGb?: number;
  deviceLimit?: number;
  /** Extend only: the final term is off the target by more than the tolerance. */
  termOff?: boolean;
  /** Why it failed, as thrown. */
  error?: unknown;
}

/** Fails as a whole only when the locations cannot be listed. */
export type Everywhere = { ok: true; rows: LocationOutcome[] } | { ok: false; error: unknown };

export type Changed =
  | { ok: true; rows: LocationOutcome[]; followed: Followed }
  | { ok: false; error: unknown };

export type Extended =
  | { kind: "done"; rows: LocationOutcome[]; followed: Followed }
  /** The target is past already (an old confirmation): nothing was sent. */
  | { kind: "stale" }
  | { kind: "failed"; error: unknown };

export type ExtendPlan =
  | { kind: "ready"; target: number; rows: LocationOutcome[] }
  /** Not on any location (and none failed to answer). */
  | { kind: "nowhere" }
  | { kind: "failed"; error: unknown };

/** A read that may have failed, for a screen that shows what it could read. */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

export interface PanelOverview {
  clients: Settled<PanelClient[]>;
  /** The connected panels (none without federation). */
  nodes: Settled<PanelFederationNode[]>;
  inbounds: Settled<PanelInbound[]>;
}

export interface PanelClientsDeps {
  /** Read per call: undefined when the panel is not configured. */
  hosting: { readonly panel: PanelApi | undefined };
  redis: Redis;
  clock: Clock;
  catalog: () => Catalog;
  owners: Pick<SubscriptionOwners, "followTerm" | "removed">;
  logger: Logger;
  /** Checks and records the staff's changes (without it, one given an actor is refused). */
  acts?: HostingActs;
}

const DAY_S = DAY / 1000;
type Change = (ops: PanelClientOps, current: PanelClient) => Promise<unknown>;

export class PanelClients {
  private readonly creation: PanelCreation;
  private readonly acts: HostingActs;

  constructor(private readonly deps: PanelClientsDeps) {
    this.creation = new PanelCreation({ ...deps, panel: () => this.panel });
    this.acts = deps.acts ?? new HostingActs(undefined);
  }

  get configured(): boolean {
    return this.deps.hosting.panel !== undefined;
  }

  private get panel(): PanelApi {
    const panel = this.deps.hosting.panel;
    if (!panel) throw new PanelNotConfiguredError();
    return panel;
  }

  /** The section's screen: the main panel's clients, the connected panels, the main panel's inbounds. */
  async overview(): Promise<PanelOverview> {
    const panel = this.panel;
    const [clients, nodes, inbounds] = await Promise.all([
      settled(panel.listClients()),
      settled(federationOf(panel)),
      settled(panel.inbounds()),
    ]);
    return { clients, nodes, inbounds };
  }

  /** The main panel's clients. */
  async list(): Promise<PanelClient[]> {
    return this.panel.listClients();
  }

  /** One client of the main panel (a 404 is thrown as the client threw it). */
  async get(name: string): Promise<PanelClient> {
    return this.panel.getClient(name);
  }

  /** The main panel and every connected panel. Throws when the federation cannot be read. */
  async locations(): Promise<PanelLocationInfo[]> {
    const nodes = await federationOf(this.panel);
    return [
      { id: MAIN_LOCATION, online: true },
      ...nodes.map((n) => ({ id: n.nodeId, ...(n.name ? { name: n.name } : {}), online: n.online })),
    ].map(plainLocation);
  }

  /**
   * Reads the client on every location and fixes the new absolute expiry once:
   * max(latest current expiry, now) + days. Nothing is changed here.
   */
  async planExtend(name: string, days: number): Promise<ExtendPlan> {
    const found = await this.everywhere(name, async () => undefined, false);
    if (!found.ok) return { kind: "failed", error: found.error };
    const present = found.rows.filter((r) => r.state === "done");
    if (present.length === 0 && !found.rows.some((r) => r.state === "failed")) return { kind: "nowhere" };
    const nowS = Math.floor(this.deps.clock.now() / 1000);
    const latest = Math.max(0, ...present.map((r) => r.expiresAt ?? 0));
    return { kind: "ready", target: Math.max(latest, nowS) + days * DAY_S, rows: found.rows };
  }

  /**
   * Sets the absolute expiry `target` (Unix seconds) on every location the client is on, so a
   * repeated confirmation sets the same date; a target already past is refused ("stale"). Each
   * row says whether its final term is off the target. The subscriptions follow the new term.
   */
  extendTo(name: string, target: number, by?: StaffActor): Promise<Extended> {
    const what = { action: "panel.client.extend", subject: clientSubject(name), note: `to ${iso(target)}` };
    return this.acts.run(by, what, () => this.extendNow(name, target), extendedEnd);
  }

  private async extendNow(name: string, target: number): Promise<Extended> {
    if (target * 1000 <= this.deps.clock.now()) return { kind: "stale" };
    const result = await this.everywhere(name, (ops) =>
      ops.updateClient(name, { term: { expiresAt: target } }),
    );
    if (!result.ok) return { kind: "failed", error: result.error };
    this.deps.logger.info({ name, target }, "panel client extended on every location");
    const rows = result.rows.map((r) =>
      r.state === "done" ? { ...r, termOff: !termMatches(r.expiresAt ?? 0, target) } : r,
    );
    return { kind: "done", rows, followed: await this.followTerm(name, rows, target) };
  }

  /** A new term of `days` from today on every location (`set_days`); the subscriptions follow it. */
  async setTerm(name: string, days: number, by?: StaffActor): Promise<Changed> {
    const what = {
      action: "panel.client.term",
      subject: clientSubject(name),
      note: `${days} days from today`,
    };
    return this.acts.run(
      by,
      what,
      async (): Promise<Changed> => {
        const result = await this.patchEverywhere(name, { term: { setDays: days } }, "term set");
        if (!result.ok) return result;
        return { ...result, followed: await this.followTerm(name, result.rows) };
      },
      everywhereEnd,
    );
  }

  /** Traffic (GB) and device limits on every location; 0 = unlimited. */
  setLimits(
    name: string,
    limits: { trafficLimitGb: number; deviceLimit: number },
    by?: StaffActor,
  ): Promise<Everywhere> {
    const note = `${limits.trafficLimitGb} GB, ${limits.deviceLimit} devices`;
    return this.acts.run(
      by,
      { action: "panel.client.limits", subject: clientSubject(name), note },
      () => this.patchEverywhere(name, limits, "limits set"),
      everywhereEnd,
    );
  }

  /**
   * Deletes the client on every location it is on; once it is gone somewhere, the subscriptions
   * on it are marked removed (nothing follows when it was nowhere).
   */
  delete(name: string, by?: StaffActor): Promise<Changed> {
    const what = { action: "panel.client.delete", subject: clientSubject(name) };
    return this.acts.run(by, what, () => this.deleteNow(name), everywhereEnd);
  }

  private async deleteNow(name: string): Promise<Changed> {
    const result = await this.everywhere(name, (ops) => ops.deleteClient(name), false);
    if (!result.ok) return result;
    const deleted = result.rows.filter((r) => r.state === "done").map((r) => r.location.id);
    this.deps.logger.info({ name, deleted }, "panel client deleted on every location");
    const followed = deleted.length ? await this.follow(() => this.deps.owners.removed(client(name))) : [];
    return { ...result, followed };
  }

  /** Creates one client on several locations (same UUID, absolute term); see PanelCreation. */
  create(input: CreateInput, by?: StaffActor): Promise<{ plan: CreatePlan; outcome: CreateOutcome }> {
    const where = input.locations.map((l) => l.id).join(", ");
    const note = `${where}; expires ${iso(input.expiresAt)}, ${input.trafficGb} GB, ${input.devices} devices`;
    const what = { action: "panel.client.create", subject: clientSubject(input.name), note };
    return this.acts.run(
      by,
      what,
      () => this.creation.create(input),
      (done) => createdEnd(done.outcome),
    );
  }

  /** Repeats a create plan where the client is still missing; undefined when the plan is gone. */
  async completeCreate(
    planId: string,
    by?: StaffActor,
  ): Promise<{ plan: CreatePlan; outcome: CreateOutcome } | undefined> {
    if (!by) return this.creation.completeAgain(planId);
    const plan = await this.creation.plan(planId);
    const what = { action: "panel.client.complete", subject: clientSubject(plan?.name ?? `plan ${planId}`) };
    return this.acts.run(
      by,
      what,
      () => this.creation.completeAgain(planId),
      (done) => (done ? createdEnd(done.outcome) : { outcome: "failed", note: "the plan is gone" }),
    );
  }

  /** What a location's inbounds are known to be, for the create dialog's choice. */
  inboundChoices(locationId: string): Promise<InboundChoices> {
    return this.creation.inboundChoices(locationId);
  }

  private async patchEverywhere(name: string, patch: PanelClientPatch, what: string): Promise<Everywhere> {
    const result = await this.everywhere(name, (ops) => ops.updateClient(name, patch));
    if (result.ok) {
      const done = result.rows.filter((r) => r.state === "done").map((r) => r.location.id);
      this.deps.logger.info({ name, done }, `panel client ${what} on every location`);
    }
    return result;
  }

  /**
   * Applies `change` on every location the client exists on (looked up by name; 404 = not
   * there), then, unless `readBack` is false, reads every changed location back (rule 6);
   * without a read-back a row holds the values found before the change.
   */
  private async everywhere(name: string, change: Change, readBack = true): Promise<Everywhere> {
    let locations: PanelLocationInfo[];
    try {
      locations = await this.locations();
    } catch (error) {
      return { ok: false, error };
    }
    const panel = this.panel;
    const rows = await Promise.all(
      locations.map(async (location): Promise<LocationOutcome> => {
        const ops = panel.at(location.id);
        try {
          const current = await findAt(ops, name);
          if (!current) return { location, state: "absent" };
          await change(ops, current);
          return { location, state: "done", ...termsOf(readBack ? await ops.getClient(name) : current) };
        } catch (error) {
          return { location, state: "failed", error };
        }
      }),
    );
    return { ok: true, rows };
  }

  /**
   * The subscriptions on the client take its new term: the main panel's as read back (the
   * combined link's), else the first location's, else `fallback` (Unix seconds).
   */
  private async followTerm(name: string, rows: LocationOutcome[], fallback?: number): Promise<Followed> {
    const done = rows.filter((r) => r.state === "done" && r.expiresAt !== undefined);
    const primary = done.find((r) => r.location.id === MAIN_LOCATION) ?? done[0];
    const seconds = primary?.expiresAt ?? fallback;
    if (seconds === undefined) return [];
    return this.follow(() => this.deps.owners.followTerm(client(name), seconds * 1000));
  }

  private follow(change: () => Promise<Owner[]>): Promise<Followed> {
    return followAdminChange(change, this.deps.logger);
  }
}

/** The connected panels; a main panel without federation (404) has none. */
async function federationOf(panel: PanelApi): Promise<PanelFederationNode[]> {
  try {
    return await panel.federation();
  } catch (err) {
    if (isHostingError(err, "not_found")) return [];
    throw err;
  }
}

function settled<T>(promise: Promise<T>): Promise<Settled<T>> {
  return promise.then(
    (value) => ({ ok: true, value }),
    (error: unknown) => ({ ok: false, error }),
  );
}

/** Without undefined members (the location goes through conversation replays as JSON). */
function plainLocation(l: PanelLocationInfo): PanelLocationInfo {
  return Object.fromEntries(Object.entries(l).filter(([, v]) => v !== undefined)) as PanelLocationInfo;
}

function termsOf(c: PanelClient): Pick<LocationOutcome, "expiresAt" | "trafficLimitGb" | "deviceLimit"> {
  return { expiresAt: c.expiresAt, trafficLimitGb: c.trafficLimitGb, deviceLimit: c.deviceLimit };
}

function client(name: string): HostingClient {
  return { kind: "panel", name };
}
