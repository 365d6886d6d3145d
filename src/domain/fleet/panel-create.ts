import { randomBytes, randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { z } from "zod";
import { isHostingError } from "../../hosting/errors.js";
import { MAIN_LOCATION, type PanelApi, type PanelInbound } from "../../hosting/panel/index.js";
import type { Logger } from "../../runtime/logger.js";
import { parseJsonRecord } from "../../store/records.js";
import type { Catalog } from "../catalog/index.js";
import { checkUuid, findAt, sameUuid } from "../provisioning/index.js";
import { PANEL_PLAN_PREFIX } from "./keys.js";
import type { PanelLocationInfo } from "./panel-clients.js";

/**
 * One client created on several panel locations by an admin (multi-location rule 4): the same
 * name and UUID everywhere, each location's own inbound ids (exact: `manual: true`) and one
 * absolute term. Creating is not atomic, so the plan is kept in Redis a week and "complete the
 * missing locations" repeats it: each location is looked up by name first, a client with our
 * UUID counts as done, one with another UUID is never taken over.
 */

const PLAN_TTL_SECONDS = 7 * 86_400;

const planLocation = z.object({
  id: z.string().min(1),
  name: z.string().optional(),
  inboundIds: z.array(z.string()),
});

const planSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  /** The same UUID on every location. */
  uuid: z.string().min(1),
  /** Absolute term (Unix seconds), so a retry gives every location the same expiry. */
  expiresAt: z.number().int(),
  trafficGb: z.number().min(0),
  devices: z.number().int().min(0),
  locations: z.array(planLocation).min(1),
});

export type CreatePlan = z.infer<typeof planSchema>;
export type CreateInput = Omit<CreatePlan, "id" | "uuid">;

export interface CreateRow {
  location: PanelLocationInfo;
  inboundIds: string[];
  /** created now, already there with our UUID, or failed (`error` as thrown). */
  state: "created" | "exists" | "failed";
  error?: unknown;
}

export interface CreateOutcome {
  rows: CreateRow[];
  /** The main panel's combined link, else the first location's that has the client. */
  subscriptionUrl?: string;
}

/** A location's inbounds as known for the create dialog. */
export type InboundChoices =
  /** Read from the main panel's API (typed ids are checked against them). */
  | { source: "api"; inbounds: PanelInbound[] }
  /** A connected panel's ids used by the catalog's panel plans (the API does not list them). */
  | { source: "catalog"; ids: string[] }
  | { source: "none" }
  | { source: "unread"; error: unknown };

export interface PanelCreationDeps {
  /** The main panel, read per call (throws when it is not configured). */
  panel: () => PanelApi;
  redis: Redis;
  catalog: () => Catalog;
  logger: Logger;
}

export class PanelCreation {
  constructor(private readonly deps: PanelCreationDeps) {}

  /** Keeps the plan (one new UUID), then creates the client on each of its locations. */
  async create(input: CreateInput): Promise<{ plan: CreatePlan; outcome: CreateOutcome }> {
    const plan: CreatePlan = { ...input, id: randomBytes(6).toString("base64url"), uuid: randomUUID() };
    await this.deps.redis.set(PANEL_PLAN_PREFIX + plan.id, JSON.stringify(plan), "EX", PLAN_TTL_SECONDS);
    const outcome = await this.complete(plan);
    this.log(plan, outcome, "panel multi-location client created");
    return { plan, outcome };
  }

  /** The plan again, only where the client is still missing; undefined when the plan is gone. */
  async completeAgain(planId: string): Promise<{ plan: CreatePlan; outcome: CreateOutcome } | undefined> {
    const plan = await this.load(planId);
    if (!plan) return undefined;
    const outcome = await this.complete(plan);
    this.log(plan, outcome, "panel multi-location create completed again");
    return { plan, outcome };
  }

  /** The plan kept under `id`, if it is still kept. */
  plan(id: string): Promise<CreatePlan | undefined> {
    return this.load(id);
  }

  async inboundChoices(locationId: string): Promise<InboundChoices> {
    if (locationId !== MAIN_LOCATION) {
      const ids = new Set<string>();
      for (const plan of this.deps.catalog().plans) {
        if (plan.backend.kind !== "panel") continue;
        for (const l of plan.backend.locations)
          if (l.node === locationId) for (const id of l.inbound_ids) ids.add(id);
      }
      return ids.size ? { source: "catalog", ids: [...ids] } : { source: "none" };
    }
    try {
      return { source: "api", inbounds: await this.deps.panel().inbounds() };
    } catch (error) {
      return { source: "unread", error };
    }
  }

  private async load(id: string): Promise<CreatePlan | undefined> {
    const raw = await this.deps.redis.get(PANEL_PLAN_PREFIX + id);
    try {
      return parseJsonRecord(raw, planSchema, { malformed: "throw" });
    } catch (err) {
      this.deps.logger.warn({ err, id }, "a panel create plan in Redis is malformed");
      return undefined;
    }
  }

  /**
   * Creates the client on every location of the plan where it is missing: looked up by name
   * first (ours = done, another UUID = failed); a 409 on create is read back the same way.
   */
  private async complete(plan: CreatePlan): Promise<CreateOutcome> {
    const rows = await Promise.all(plan.locations.map((at) => this.placeAt(plan, at)));
    const outcome: CreateOutcome = { rows };
    // Rule 3: the main panel hands out the combined link; else the first location with the client.
    const placed = rows.filter((r) => r.state !== "failed");
    const first = placed.find((r) => r.location.id === MAIN_LOCATION) ?? placed[0];
    if (first) {
      try {
        outcome.subscriptionUrl = (
          await this.deps.panel().at(first.location.id).getClient(plan.name)
        ).subscriptionUrl;
      } catch {
        // The report still says where the client was created; the card can be opened later.
      }
    }
    return outcome;
  }

  private async placeAt(plan: CreatePlan, at: CreatePlan["locations"][number]): Promise<CreateRow> {
    const { inboundIds, ...location } = at;
    const row = { location, inboundIds };
    try {
      const ops = this.deps.panel().at(location.id);
      const existing = await findAt(ops, plan.name);
      if (existing) {
        checkUuid(existing, plan, location.id);
        return { ...row, state: "exists" };
      }
      try {
        await ops.createClient({
          name: plan.name,
          uuid: plan.uuid,
          inboundIds: [...inboundIds],
          manual: true,
          term: { expiresAt: plan.expiresAt },
          trafficLimitGb: plan.trafficGb,
          deviceLimit: plan.devices,
        });
        return { ...row, state: "created" };
      } catch (err) {
        if (!isHostingError(err, "conflict")) throw err;
        // Created by an attempt whose answer was lost, or the name/UUID is held by another client.
        const again = await findAt(ops, plan.name);
        if (again && sameUuid(again, plan.uuid)) return { ...row, state: "exists" };
        return { ...row, state: "failed", error: err };
      }
    } catch (error) {
      return { ...row, state: "failed", error };
    }
  }

  private log(plan: CreatePlan, outcome: CreateOutcome, message: string): void {
    const rows = outcome.rows.map((r) => `${r.location.id}:${r.state}`);
    this.deps.logger.info({ name: plan.name, uuid: plan.uuid, rows }, message);
  }
}
