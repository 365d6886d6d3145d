import { createHash } from "node:crypto";
import type { Redis } from "ioredis";
import { z } from "zod";
import type { Clock } from "../../runtime/clock.js";
import { parseJsonRecord, readJson } from "../../store/records.js";
import type { AccessRef } from "../books/index.js";
import { driftKeys } from "./keys.js";

/**
 * What the reconciliation finds when the shop's record and the hosting side disagree. One kind
 * per rule (see rules.ts):
 * - `expiry_changed` / `traffic_changed`: the record followed the hosting side (repaired);
 * - `missing`: the shop says active, the hosting side has no client (waits for a decision);
 * - `location_drift`: a multi-location panel client absent or with another term on one location
 *   (repaired to the shop's term there);
 * - `orphan`: a client with the shop's naming that belongs to no subscription (waits);
 * - `server_gone`: the xui server of a subscription expired, suspended or regenerated (waits).
 */
export const DRIFT_KINDS = [
  "expiry_changed",
  "traffic_changed",
  "missing",
  "location_drift",
  "orphan",
  "server_gone",
] as const;
export type DriftKind = (typeof DRIFT_KINDS)[number];

/** The kinds an admin decides on (the others are repaired by the run itself). */
export const DECISION_KINDS = ["missing", "orphan", "server_gone"] as const satisfies readonly DriftKind[];
export type DecisionKind = (typeof DECISION_KINDS)[number];

export function isDecisionKind(kind: DriftKind): kind is DecisionKind {
  return (DECISION_KINDS as readonly DriftKind[]).includes(kind);
}

/** A hosting client with the shop's naming that no subscription owns (what delete/adopt act on). */
export type OrphanRef =
  | { kind: "xui"; serverId: number; name: string; uuid?: string | undefined }
  | { kind: "panel"; name: string; uuid?: string | undefined; locations: string[] }
  | { kind: "node"; name: string; uuid?: string | undefined };

/** `removed`: the account no longer lists the server. */
export type ServerGoneReason = "expired" | "suspended" | "regenerated" | "removed";

/** The part of a finding that depends on its kind. */
export type FindingDetail =
  | { kind: "expiry_changed"; subscriptionId: string; customerId: number; from: number; to: number }
  | { kind: "traffic_changed"; subscriptionId: string; customerId: number; fromGb: number; toGb: number }
  | { kind: "missing"; subscriptionId: string; customerId: number; ref: AccessRef }
  | {
      kind: "location_drift";
      subscriptionId: string;
      customerId: number;
      location: string;
      problem: "missing" | "term";
      /** The location's expiry seen (ms; absent when the client was missing there). */
      seen?: number | undefined;
      /** The shop's expiry the location was repaired to (ms). */
      expected: number;
    }
  | {
      kind: "orphan";
      ref: OrphanRef;
      /** The client's own expiry (ms; 0 = none), as listed. */
      expiresAt: number;
    }
  | {
      kind: "server_gone";
      subscriptionId: string;
      customerId: number;
      serverId: number;
      reason: ServerGoneReason;
    };

/**
 * - `repaired`: the run fixed it (the record or the location now agrees);
 * - `waiting`: an admin's decision is needed (missing, orphan, server gone);
 * - `failed`: a repair was tried and refused (kept to be tried again next run);
 * - `resolved`: an admin acted on it (DriftActions) or the drift went away on its own.
 */
export type FindingStatus = "repaired" | "waiting" | "failed" | "resolved";

export type Finding = FindingDetail & {
  /** Short stable id (a hash of `key`), small enough for callback data. */
  id: string;
  /** Identity of the drift: re-finding the same key does not report it again. */
  key: string;
  status: FindingStatus;
  /** The backend part read to find it (`xui:<server>`, `panel:<location>`, `node`). */
  scope: string;
  foundAt: number;
  lastSeenAt: number;
  resolvedAt?: number | undefined;
  /** What resolved it (e.g. `recreated`, `moved`, `deleted`, `adopted`, `gone`). */
  resolution?: string | undefined;
};

/** The identity of a drift: the same drift found again maps to the same key. */
export function findingKey(d: FindingDetail): string {
  switch (d.kind) {
    case "expiry_changed":
      return `expiry_changed:${d.subscriptionId}:${d.to}`;
    case "traffic_changed":
      return `traffic_changed:${d.subscriptionId}:${d.toGb}`;
    case "missing":
      return `missing:${d.subscriptionId}`;
    case "location_drift":
      return `location_drift:${d.subscriptionId}:${d.location}:${d.expected}`;
    case "orphan":
      return `orphan:${orphanKey(d.ref)}`;
    case "server_gone":
      return `server_gone:${d.subscriptionId}:${d.serverId}:${d.reason}`;
  }
}

export function orphanKey(ref: OrphanRef): string {
  return ref.kind === "xui" ? `xui:${ref.serverId}:${ref.name}` : `${ref.kind}:${ref.name}`;
}

export function findingId(key: string): string {
  return createHash("sha256").update(key).digest("base64url").slice(0, 12);
}

/**
 * Why a panel location was not reconciled in full by a run:
 * - `unreachable`: its list answered neither a list nor "no such route" (timeout, 5xx, network);
 *   nothing was concluded there;
 * - `reads_failed`: it serves no client list, and reading the shop's clients there one by one
 *   failed (`read` of `total` answered before it stopped);
 * - `read_limit`: it serves no client list and holds more of the shop's clients than one run
 *   reads one by one: `read` of `total` this run, the rest in the next runs;
 * - `no_list`: it serves no client list; all `total` of the shop's clients there were read one by
 *   one, but clients the shop does not know (orphans) cannot be found there.
 */
export const PANEL_GAP_REASONS = ["unreachable", "reads_failed", "read_limit", "no_list"] as const;
export type PanelGapReason = (typeof PANEL_GAP_REASONS)[number];

export interface PanelGap {
  /** `main` or a connected panel's node_id. */
  location: string;
  /** The connected panel's name in `fed/lagg`, when it gives one. */
  name?: string | undefined;
  reason: PanelGapReason;
  /** The shop's clients read one by one this run, and how many the shop has there. */
  read?: number | undefined;
  total?: number | undefined;
}

/** What the last run did, for the Sync view and the metrics. */
export interface DriftRunSummary {
  startedAt: number;
  finishedAt: number;
  durationMs: number;
  /** Findings per kind in this run (new or seen again). */
  found: Record<DriftKind, number>;
  /** New findings per kind in this run (reported now). */
  fresh: Record<DriftKind, number>;
  /** Repairs per kind made by this run. */
  repaired: Record<DriftKind, number>;
  /** Scopes read in full this run. */
  read: string[];
  /** Scopes that did not answer this run: nothing was concluded from them. */
  skipped: string[];
  /** Findings waiting for an admin's decision after the run. */
  waiting: number;
  /** Panel locations not reconciled in full, and why (absent in summaries stored before). */
  panelGaps?: PanelGap[] | undefined;
}

export function zeroPerKind(): Record<DriftKind, number> {
  return Object.fromEntries(DRIFT_KINDS.map((k) => [k, 0])) as Record<DriftKind, number>;
}

/** A subscription's problem as /my shows it (a finding waiting for a decision). */
export type SubscriptionProblem = "missing" | "server_gone";

/** How many findings of each kind are kept (the latest), and waiting ones at most. */
export const FINDINGS_PER_KIND = 200;
export const WAITING_MAX = 2_000;

const findingSchema = z.custom<Finding>(
  (v) => typeof v === "object" && v !== null && "id" in v && "key" in v && "kind" in v,
);
const summarySchema = z.custom<DriftRunSummary>(
  (v) => typeof v === "object" && v !== null && "startedAt" in v && "found" in v,
);

/**
 * The findings in Redis: bounded per kind, keyed by the drift's identity so a drift found again
 * is not reported again. Waiting findings are also indexed for the Sync view, and a
 * subscription's waiting problem for /my. `resolve` is what DriftActions call after acting.
 */
export class DriftFindings {
  constructor(
    private readonly redis: Redis,
    private readonly clock: Clock,
  ) {}

  /**
   * Records a drift found by a run. `fresh` is true only the first time this drift is recorded
   * (the caller reports it then, and only then). A resolved finding found again is waiting again.
   */
  async record(
    detail: FindingDetail,
    status: Exclude<FindingStatus, "resolved">,
    scope: string,
  ): Promise<{ finding: Finding; fresh: boolean }> {
    const key = findingKey(detail);
    const id = findingId(key);
    const now = this.clock.now();
    const previous = await this.get(id);
    const fresh = !previous || previous.status === "resolved";
    const finding: Finding = {
      ...detail,
      id,
      key,
      status,
      scope,
      foundAt: fresh ? now : (previous?.foundAt ?? now),
      lastSeenAt: now,
    };
    const tx = this.redis
      .multi()
      .set(driftKeys.finding(id), JSON.stringify(finding))
      .zadd(driftKeys.byKind(detail.kind), now, id);
    if (finding.status === "waiting") {
      tx.zadd(driftKeys.waiting, "NX", finding.foundAt, id).zrem(driftKeys.settled(detail.kind), id);
      const problem = problemOf(finding);
      if (problem) tx.hset(driftKeys.problems, problem.subscriptionId, problem.kind);
    } else tx.zrem(driftKeys.waiting, id).zadd(driftKeys.settled(detail.kind), now, id);
    await tx.exec();
    await this.trim(detail.kind);
    return { finding, fresh };
  }

  async get(id: string): Promise<Finding | undefined> {
    return readJson(this.redis, driftKeys.finding(id), findingSchema);
  }

  /**
   * Marks a finding resolved (an admin acted, or the drift went away). It leaves the waiting
   * list and /my's problems. Returns false when it was not found or already resolved.
   */
  async resolve(id: string, resolution: string): Promise<boolean> {
    const finding = await this.get(id);
    if (!finding || finding.status === "resolved") return false;
    const resolved: Finding = { ...finding, status: "resolved", resolvedAt: this.clock.now(), resolution };
    const tx = this.redis
      .multi()
      .set(driftKeys.finding(id), JSON.stringify(resolved))
      .zrem(driftKeys.waiting, id)
      .zadd(driftKeys.settled(finding.kind), finding.lastSeenAt, id);
    const problem = problemOf(finding);
    if (problem) tx.hdel(driftKeys.problems, problem.subscriptionId);
    await tx.exec();
    return true;
  }

  /** Findings waiting for a decision, oldest first. */
  async waiting(limit = 50, offset = 0): Promise<Finding[]> {
    const ids = await this.redis.zrange(driftKeys.waiting, String(offset), String(offset + limit - 1));
    return this.many(ids);
  }

  async waitingCount(): Promise<number> {
    return this.redis.zcard(driftKeys.waiting);
  }

  /** Every waiting finding (bounded by WAITING_MAX), for a run to resolve what went away. */
  async allWaiting(): Promise<Finding[]> {
    return this.waiting(WAITING_MAX);
  }

  /** The latest findings of a kind, newest first. */
  async latest(kind: DriftKind, limit = 20): Promise<Finding[]> {
    return this.many(await this.redis.zrevrange(driftKeys.byKind(kind), 0, limit - 1));
  }

  /** The problem /my shows for a subscription, if an admin's decision is pending on it. */
  async problemOf(subscriptionId: string): Promise<SubscriptionProblem | undefined> {
    const kind = await this.redis.hget(driftKeys.problems, subscriptionId);
    return kind === "missing" || kind === "server_gone" ? kind : undefined;
  }

  /**
   * Keeps the run's summary, and when it read each scope it reached: those read in full, and the
   * panel locations read client by client that answered (one field per scope, not per client).
   */
  async saveRun(summary: DriftRunSummary): Promise<void> {
    const reached = (summary.panelGaps ?? [])
      .filter((g) => g.reason === "no_list" || g.reason === "read_limit")
      .map((g) => `panel:${g.location}`);
    const scopes = [...new Set([...summary.read, ...reached])];
    const multi = this.redis.multi().set(driftKeys.lastRun, JSON.stringify(summary));
    if (scopes.length > 0)
      multi.hset(driftKeys.readAt, Object.fromEntries(scopes.map((s) => [s, String(summary.startedAt)])));
    await multi.exec();
  }

  /** When a run last read each of `scopes` (ms; a scope never read is absent). */
  async readAt(scopes: readonly string[]): Promise<Map<string, number>> {
    const found = new Map<string, number>();
    if (scopes.length === 0) return found;
    const values = await this.redis.hmget(driftKeys.readAt, ...scopes);
    scopes.forEach((scope, i) => {
      const at = Number(values[i] ?? Number.NaN);
      if (Number.isFinite(at)) found.set(scope, at);
    });
    return found;
  }

  async lastRun(): Promise<DriftRunSummary | undefined> {
    return readJson(this.redis, driftKeys.lastRun, summarySchema);
  }

  private async many(ids: string[]): Promise<Finding[]> {
    if (ids.length === 0) return [];
    const raws = await this.redis.mget(ids.map(driftKeys.finding));
    return raws
      .map((raw) => parseJsonRecord(raw, findingSchema))
      .filter((f): f is Finding => f !== undefined);
  }

  /**
   * Keeps the latest FINDINGS_PER_KIND settled findings of a kind; waiting ones are never dropped
   * and never read here (a run recording thousands of them stays linear).
   */
  private async trim(kind: DriftKind): Promise<void> {
    const extra = (await this.redis.zcard(driftKeys.settled(kind))) - FINDINGS_PER_KIND;
    if (extra <= 0) return;
    const drop = await this.redis.zrange(driftKeys.settled(kind), "0", String(extra - 1));
    if (drop.length === 0) return;
    await this.redis
      .multi()
      .zrem(driftKeys.byKind(kind), ...drop)
      .zrem(driftKeys.settled(kind), ...drop)
      .del(...drop.map(driftKeys.finding))
      .exec();
  }
}

function problemOf(f: Finding): { subscriptionId: string; kind: SubscriptionProblem } | undefined {
  if (f.kind === "missing" || f.kind === "server_gone")
    return { subscriptionId: f.subscriptionId, kind: f.kind };
  return undefined;
}
