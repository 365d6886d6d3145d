import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import type { Logger } from "../../logger.js";
import type { Plan } from "../catalog.js";
import type { Clock } from "../clock.js";
import { MINUTE } from "../clock.js";
import type { Orders } from "../orders.js";
import type { ProvisionerFor } from "../provisioning/index.js";
import { clientKey } from "../subscription-owners.js";
import type { Subscription, Subscriptions } from "../subscriptions.js";
import { classify, type Found, orphans } from "./classify.js";
import {
  type DriftFindings,
  type DriftKind,
  type DriftRunSummary,
  type Finding,
  type FindingStatus,
  findingKey,
  isDecisionKind,
  zeroPerKind,
} from "./findings.js";
import { type HostingReader, type HostingSnapshot, mapLimit } from "./readers.js";
import { followTarget } from "./rules.js";

/** A run holds this lease; a second process (or a "Run now" during a scheduled run) waits its turn. */
export const DRIFT_LOCK_MS = 10 * MINUTE;
const LOCK_KEY = "drift:lock";
/** Expiries a subscription's record held before the hosting side moved it (a few, for followTarget). */
const termsKey = (subscriptionId: string) => `drift:terms:${subscriptionId}`;
const TERMS_KEPT = 5;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

/** Repairs of one kind of drift in flight at once (each is a few hosting calls). */
const REPAIR_CONCURRENCY = 4;

/** Where a run's new findings go (the admins, through the outbox; wired by the worker). */
export interface DriftReporter {
  report(fresh: Finding[]): Promise<void>;
}

export interface DriftReconcilerDeps {
  redis: Redis;
  clock: Clock;
  logger: Logger;
  reader: HostingReader;
  subscriptions: Subscriptions;
  orders: Pick<Orders, "openIds" | "get">;
  provisioner: ProvisionerFor;
  plan: (id: string) => Plan | undefined;
  findings: DriftFindings;
}

/** What the shop side of a run gathered: the drifts, what is owned, what was left alone. */
interface ShopPass {
  found: Found[];
  owned: Set<string>;
  /** Subscriptions changed while the run read, or with a renewal under way: next run. */
  deferred: Set<string>;
  subs: Map<string, Subscription>;
}

/**
 * The reconciliation: reads each backend in bulk, compares it with every shop subscription by
 * the rules (rules.ts), repairs what follows the hosting side or the shop's term, records the
 * rest as findings waiting for a decision, reports what is new once, and resolves findings whose
 * drift went away. One run at a time across processes (a lease in Redis).
 */
export class DriftReconciler {
  constructor(private readonly deps: DriftReconcilerDeps) {}

  /** One run; undefined when another run holds the lease. */
  async run(reporter?: DriftReporter): Promise<DriftRunSummary | undefined> {
    const token = randomUUID();
    const got = await this.deps.redis.set(LOCK_KEY, token, "PX", DRIFT_LOCK_MS, "NX");
    if (!got) return undefined;
    try {
      return await this.locked(reporter);
    } finally {
      await this.deps.redis.eval(RELEASE, 1, LOCK_KEY, token);
    }
  }

  private async locked(reporter: DriftReporter | undefined): Promise<DriftRunSummary> {
    const { clock, findings } = this.deps;
    const startedAt = clock.now();
    const snap = await this.deps.reader.read();
    const inFlight = await this.inFlight();
    const pass = await this.shopPass(snap, startedAt, inFlight.renewing);
    pass.found.push(...orphans(snap, pass.owned, inFlight.names));
    const summary = this.emptySummary(startedAt, snap);
    const fresh: Finding[] = [];
    for (const f of pass.found) summary.found[f.detail.kind]++;
    for (const f of await this.apply(pass, summary)) fresh.push(f);
    await this.resolveGone(pass, snap);
    summary.finishedAt = clock.now();
    summary.durationMs = summary.finishedAt - startedAt;
    summary.waiting = await findings.waitingCount();
    for (const f of fresh) summary.fresh[f.kind]++;
    await findings.saveRun(summary);
    if (fresh.length > 0 && reporter) await reporter.report(fresh);
    this.deps.logger.info(
      { found: summary.found, repaired: summary.repaired, skipped: snap.skipped },
      "drift run",
    );
    return summary;
  }

  /** Client names of orders being fulfilled (not orphans) and subscriptions being renewed. */
  private async inFlight(): Promise<{ names: Set<string>; renewing: Set<string> }> {
    const ids = await this.deps.orders.openIds();
    const orders = await mapLimit(ids, 50, (id) => this.deps.orders.get(id).catch(() => undefined));
    const names = new Set<string>();
    const renewing = new Set<string>();
    for (const o of orders) {
      if (!o) continue;
      names.add(o.clientName);
      if (o.ref) names.add(o.ref.name);
      if (o.kind === "renewal" && o.subscriptionId) renewing.add(o.subscriptionId);
    }
    return { names, renewing };
  }

  /** Every subscription, a page at a time, through the rules. */
  private async shopPass(snap: HostingSnapshot, startedAt: number, renewing: Set<string>): Promise<ShopPass> {
    const pass: ShopPass = { found: [], owned: new Set(), deferred: new Set(), subs: new Map() };
    const now = this.deps.clock.now();
    for await (const ids of this.deps.subscriptions.allIds()) {
      const subs = await Promise.all(ids.map((id) => this.deps.subscriptions.get(id)));
      for (const sub of subs) {
        if (!sub || sub.removedAt !== undefined) continue;
        pass.owned.add(clientKey(sub.ref));
        if (sub.updatedAt >= startedAt || renewing.has(sub.id)) {
          pass.deferred.add(sub.id);
          continue;
        }
        const found = classify(sub, snap, now);
        if (found.length > 0) pass.subs.set(sub.id, sub);
        pass.found.push(...found);
      }
    }
    return pass;
  }

  /**
   * Repairs and records each drift; returns the findings new this run. The record follows first
   * (expiry, traffic), then locations are repaired to the (followed) term, once per subscription.
   */
  private async apply(pass: ShopPass, summary: DriftRunSummary): Promise<Finding[]> {
    const fresh: Finding[] = [];
    const record = async (f: Found, status: Exclude<FindingStatus, "resolved">) => {
      const out = await this.deps.findings.record(f.detail, status, f.scope);
      if (status === "repaired") summary.repaired[f.detail.kind]++;
      if (out.fresh) fresh.push(out.finding);
    };
    const byKind = (kinds: DriftKind[]) => pass.found.filter((f) => kinds.includes(f.detail.kind));
    await mapLimit(byKind(["expiry_changed", "traffic_changed"]), REPAIR_CONCURRENCY, async (f) => {
      const done = await this.follow(f).catch((err: unknown) => this.failed(f.detail.kind, f.scope, err));
      await record(f, done ? "repaired" : "failed");
    });
    const drifts = byKind(["location_drift"]);
    const repairs = new Map<string, Promise<boolean>>();
    await mapLimit(drifts, REPAIR_CONCURRENCY, async (f) => {
      const id = "subscriptionId" in f.detail ? f.detail.subscriptionId : "";
      const repair = repairs.get(id) ?? this.repairLocations(pass.subs.get(id));
      repairs.set(id, repair);
      await record(f, (await repair) ? "repaired" : "failed");
    });
    for (const f of pass.found.filter((x) => isDecisionKind(x.detail.kind))) await record(f, "waiting");
    return fresh;
  }

  /** The record follows the hosting side's term or limit (Subscriptions keeps the one home). */
  private async follow(f: Found): Promise<boolean> {
    const d = f.detail;
    if (d.kind === "expiry_changed") {
      const key = termsKey(d.subscriptionId);
      const previous = (await this.deps.redis.lrange(key, 0, -1)).map(Number);
      const kind = (await this.deps.subscriptions.get(d.subscriptionId))?.ref.kind ?? "xui";
      await this.deps.redis
        .multi()
        .lpush(key, String(d.from))
        .ltrim(key, 0, TERMS_KEPT - 1)
        .exec();
      await this.deps.subscriptions.followHostingTerm(d.subscriptionId, followTarget(kind, d.to, previous));
      return true;
    }
    if (d.kind === "traffic_changed") {
      await this.deps.subscriptions.followHostingLimit(d.subscriptionId, d.toGb);
      return true;
    }
    return false;
  }

  /**
   * Puts the client back on every location with the shop's (now current) term: the panel
   * provisioner's `ensure` is the one home of the multi-location rules (create the missing ones
   * with the same UUID and that location's inbounds, align the term, read every location back).
   */
  private async repairLocations(sub: Subscription | undefined): Promise<boolean> {
    if (sub?.ref.kind !== "panel") return false;
    const current = (await this.deps.subscriptions.get(sub.id)) ?? sub;
    const plan = this.deps.plan(sub.planId);
    if (!plan) {
      this.deps.logger.warn({ subscriptionId: sub.id }, "drift: plan gone; location not repaired");
      return false;
    }
    try {
      await this.deps.provisioner("panel").ensure(current.ref, plan, {
        name: current.ref.name,
        uuid: current.ref.kind === "panel" ? current.ref.uuid : sub.ref.uuid,
        expiresAt: current.expiresAt,
        trafficGb: current.trafficGb,
        devices: current.devices,
      });
      return true;
    } catch (err) {
      return this.failed("location_drift", sub.id, err);
    }
  }

  private failed(kind: DriftKind, what: string, err: unknown): false {
    this.deps.logger.warn({ err, drift: kind, what }, "drift: repair failed; tried again next run");
    return false;
  }

  /**
   * A waiting finding not found again in a part read in full this run went away (an admin fixed
   * it, the subscription ended): it is resolved. Deferred subscriptions keep theirs.
   */
  private async resolveGone(pass: ShopPass, snap: HostingSnapshot): Promise<void> {
    const keys = new Set(pass.found.map((f) => findingKey(f.detail)));
    const read = new Set(snap.read);
    for (const f of await this.deps.findings.allWaiting()) {
      if (keys.has(f.key) || !read.has(f.scope)) continue;
      if ("subscriptionId" in f && pass.deferred.has(f.subscriptionId)) continue;
      await this.deps.findings.resolve(f.id, "gone");
    }
  }

  private emptySummary(startedAt: number, snap: HostingSnapshot): DriftRunSummary {
    return {
      startedAt,
      finishedAt: startedAt,
      durationMs: 0,
      found: zeroPerKind(),
      fresh: zeroPerKind(),
      repaired: zeroPerKind(),
      read: [...snap.read],
      skipped: [...snap.skipped],
      waiting: 0,
    };
  }
}
