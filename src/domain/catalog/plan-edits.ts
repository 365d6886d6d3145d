import { createHash } from "node:crypto";
import type { Redis } from "ioredis";
import { LuaScript } from "../../store/lua.js";
import { type AuditEntry, auditLuaArgs, auditLuaKeys, STAFF_LUA } from "../staff/index.js";
import type { Catalog, Plan } from "./catalog.js";
import { PLAN_EDIT_VERSIONS_KEY, PLAN_EDITS_GENERATION_KEY, PLAN_EDITS_KEY } from "./keys.js";

/**
 * Plans changed or added in the bot, kept in Redis over the catalog file (the file stays the
 * seed and the backup). Each edit holds the whole plan and a fingerprint of the file's plan it
 * was made over (`base`), so a reload can tell "the file changed this plan too" from "the file
 * is as it was". Every change of a plan is a compare-and-set on the plan's version: two admins
 * editing one plan at once cannot overwrite each other unseen (the second hears "changed
 * meanwhile"). A crash between steps leaves either the old edit or the new one, never half.
 */

export interface PlanEdit {
  plan: Plan;
  /** Fingerprint of the file's plan the edit was made over; null: the file had no such plan. */
  base: string | null;
  /** Telegram id of the admin who made it, and when (ms). */
  by: number;
  at: number;
  version: number;
}

/** How the file and the bot's edit of one plan differ after a reload (the bot's edit is in force). */
export interface PlanDifference {
  id: string;
  /** The file changed this plan since the edit was made (both sides changed it). */
  fileChanged: boolean;
  /** The file has the plan at all (a plan added in the bot has nothing to go back to). */
  inFile: boolean;
  version: number;
}

export type EditWrite = { ok: true; version: number } | { ok: false; version: number };

const SCRIPT = LuaScript.load(new URL("./lua/plan-edit.lua", import.meta.url), STAFF_LUA);

/** JSON with keys sorted, so equal plans compare equal whatever order their fields came in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** A short fingerprint of a plan as the file has it; null when it has none. */
export function planFingerprint(plan: Plan | undefined): string | null {
  return plan ? createHash("sha256").update(canonical(plan)).digest("hex").slice(0, 16) : null;
}

/**
 * What changed from `before` to `after` as the audit log shows it: the fields that differ, each
 * `name=value` (a plan that is not there: "none").
 */
export function planDiff(
  before: Plan | undefined,
  after: Plan | undefined,
): { before: string; after: string } {
  const fields = (plan: Plan | undefined) => (plan ?? {}) as Record<string, unknown>;
  const [a, b] = [fields(before), fields(after)];
  const names = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter(
    (name) => canonical(a[name]) !== canonical(b[name]),
  );
  const side = (plan: Plan | undefined, values: Record<string, unknown>) =>
    plan
      ? names.map((name) => `${name}=${canonical(values[name]) ?? "-"}`).join("; ") || "unchanged"
      : "none";
  return { before: side(before, a), after: side(after, b) };
}

export function samePlan(a: Plan | undefined, b: Plan | undefined): boolean {
  return a !== undefined && b !== undefined && canonical(a) === canonical(b);
}

/** The file's catalog with the bot's edits over it: edited plans in their place, added ones last. */
export function withEdits(file: Catalog, edits: ReadonlyMap<string, PlanEdit>): Catalog {
  if (edits.size === 0) return file;
  const plans = file.plans.map((p) => edits.get(p.id)?.plan ?? p);
  const added = [...edits.values()]
    .filter((e) => !file.plans.some((p) => p.id === e.plan.id))
    .sort((a, b) => a.at - b.at)
    .map((e) => e.plan);
  return { ...file, plans: [...plans, ...added] };
}

/** Where the file (as just read) and the bot's edits differ; `same`: edits the file now equals. */
export function differences(
  file: Catalog,
  edits: ReadonlyMap<string, PlanEdit>,
): { differ: PlanDifference[]; same: PlanEdit[] } {
  const differ: PlanDifference[] = [];
  const same: PlanEdit[] = [];
  for (const edit of edits.values()) {
    const inFile = file.plans.find((p) => p.id === edit.plan.id);
    if (samePlan(inFile, edit.plan)) same.push(edit);
    else {
      const fileChanged = planFingerprint(inFile) !== edit.base;
      differ.push({ id: edit.plan.id, fileChanged, inFile: inFile !== undefined, version: edit.version });
    }
  }
  return { differ, same };
}

/** The edits in Redis; reads and compare-and-set writes, nothing else. */
export class PlanEdits {
  constructor(private readonly redis: Redis) {}

  async all(): Promise<Map<string, PlanEdit>> {
    const [raw, versions] = await Promise.all([
      this.redis.hgetall(PLAN_EDITS_KEY),
      this.redis.hgetall(PLAN_EDIT_VERSIONS_KEY),
    ]);
    const edits = new Map<string, PlanEdit>();
    for (const [id, json] of Object.entries(raw)) {
      const stored = JSON.parse(json) as Omit<PlanEdit, "version">;
      edits.set(id, { ...stored, version: Number(versions[id] ?? 0) });
    }
    return edits;
  }

  /** The plan's version (0 when never edited): what a change must name to be accepted. */
  async version(id: string): Promise<number> {
    return Number((await this.redis.hget(PLAN_EDIT_VERSIONS_KEY, id)) ?? 0);
  }

  async generation(): Promise<string | null> {
    return this.redis.get(PLAN_EDITS_GENERATION_KEY);
  }

  /**
   * Sets the plan's edit (or drops it: `edit` null) if its version is still `expected`; `record`:
   * a staff member's change, written with it in one step (not when the version is stale).
   */
  async put(
    id: string,
    expected: number,
    edit: Omit<PlanEdit, "version"> | null,
    record?: AuditEntry,
  ): Promise<EditWrite> {
    const keys = [PLAN_EDITS_KEY, PLAN_EDIT_VERSIONS_KEY, PLAN_EDITS_GENERATION_KEY];
    const [done, version] = (await SCRIPT.run(
      this.redis,
      [...keys, ...(record ? auditLuaKeys(record) : [])],
      [id, expected, edit ? JSON.stringify(edit) : "", ...(record ? auditLuaArgs(record) : [])],
    )) as [number, number];
    return { ok: done === 1, version: Number(version) };
  }
}
