import type { Redis } from "ioredis";
import { giveTurn } from "../../runtime/background-turn.js";
import type { Clock } from "../../runtime/clock.js";
import { MINUTE } from "../../runtime/clock.js";
import type { Logger } from "../../runtime/logger.js";
import { Lease, LeaseLost } from "../../store/lease.js";
import type { Orders, Subscription, Subscriptions } from "../books/index.js";
import { changesSubscription, clientKey } from "../books/index.js";
import type { Plan } from "../catalog/index.js";
import type { ProvisionerFor } from "../provisioning/index.js";
import type { TermChanges } from "../terms/index.js";
import { classify, type Found, orphans, panelRead } from "./classify.js";
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
import { type FollowChange, followHostingSide } from "./follow.js";
import { driftKeys, termsKey } from "./keys.js";
import { type HostingReader, type HostingSnapshot, mapLimit } from "./readers.js";
import { followTarget } from "./rules.js";

/**
 * A run holds this lease (renewed while it lasts); a second process (or a "Run now" during a
 * scheduled run) does not run meanwhile.
 */
export const DRIFT_LOCK_MS = 10 * MINUTE;

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
  /** Admins' term changes under way: their subscriptions are left alone, as renewing ones are. */
  termChanges: Pick<TermChanges, "openSubscriptions">;
  provisioner: ProvisionerFor;
  plan: (id: string) => Plan | undefined;
  findings: DriftFindings;
  /** The run lease's life (DRIFT_LOCK_MS; shorter in tests). */
  leaseMs?: number | undefined;
}

/** Subscriptions read per page of the shop pass (small: handled between the customers' updates). */
const SHOP_PAGE = 100;

/** What the shop side of a run gathered: the drifts, what is owned, what was left alone. */
interface ShopPass {
  found: Found[];
  owned: Set<string>;
  /** Subscriptions changed while the run read, or with a renewal under way: next run. */
  deferred: Set<string>;
  /** Panel subscriptions with a location not read this run (not answering, or not in its batch). */
  unread: Set<string>;
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

  /**
   * One run; undefined when another run holds the lease, or when this one lost it and stopped.
   * Its pass over every subscription goes at the pace of the tick it runs in (background-turn.ts).
   */
  async run(reporter?: DriftReporter): Promise<DriftRunSummary | undefined> {
    const { redis, logger } = this.deps;
    const lease = await Lease.take(redis, driftKeys.runLock, { ms: this.deps.leaseMs ?? DRIFT_LOCK_MS });
    if (!lease) return undefined;
    lease.keepRenewed({ failed: (err) => logger.warn({ err, lease: lease.key }, "lease renewal failed") });
    const run = lease.token.slice(0, 8);
    logger.info({ run }, "drift run started");
    try {
      return await this.locked(reporter, lease);
    } catch (err) {
      if (!(err instanceof LeaseLost)) throw err;
      logger.warn({ run }, "drift: the run lost its lease and stopped; the next run goes on");
      return undefined;
    } finally {
      await lease.release();
    }
  }

  private async locked(reporter: DriftReporter | undefined, lease: Lease): Promise<DriftRunSummary> {
    const { clock, findings } = this.deps;
    const startedAt = clock.now();
    const snap = await this.deps.reader.read();
    const inFlight = await this.inFlight();
    const pass = await this.shopPass(snap, startedAt, inFlight.renewing);
    pass.found.push(...orphans(snap, pass.owned, inFlight.names));
    const summary = this.emptySummary(startedAt, snap);
    const fresh: Finding[] = [];
    for (const f of pass.found) summary.found[f.detail.kind]++;
    await lease.hold();
    for (const f of await this.apply(pass, summary, lease)) fresh.push(f);
    await this.resolveGone(pass, snap, lease);
    summary.finishedAt = clock.now();
    summary.durationMs = summary.finishedAt - startedAt;
    summary.waiting = await findings.waitingCount();
    for (const f of fresh) summary.fresh[f.kind]++;
    await lease.hold();
    await findings.saveRun(summary);
    if (fresh.length > 0 && reporter) await reporter.report(fresh);
    this.deps.logger.info(
      {
        run: lease.token.slice(0, 8),
        found: summary.found,
        repaired: summary.repaired,
        skipped: snap.skipped,
        panelGaps: snap.panelGaps,
      },
      "drift run",
    );
    return summary;
  }

  /**
   * Client names of orders being fulfilled (not orphans), and subscriptions whose term is being
   * changed (a paid renewal in flight, an admin's change under way).
   */
  private async inFlight(): Promise<{ names: Set<string>; renewing: Set<string> }> {
    const ids = await this.deps.orders.openIds();
    const orders = await mapLimit(ids, 50, (id) => this.deps.orders.get(id).catch(() => undefined));
    const names = new Set<string>();
    const renewing = await this.deps.termChanges.openSubscriptions();
    for (const o of orders) {
      if (!o) continue;
      names.add(o.clientName);
      if (o.ref) names.add(o.ref.name);
      if (changesSubscription(o) && o.subscriptionId) renewing.add(o.subscriptionId);
    }
    return { names, renewing };
  }

  /** Every subscription, a page at a time, through the rules. */
  private async shopPass(snap: HostingSnapshot, startedAt: number, renewing: Set<string>): Promise<ShopPass> {
    const pass: ShopPass = {
      found: [],
      owned: new Set(),
      deferred: new Set(),
      unread: new Set(),
      subs: new Map(),
    };
    const now = this.deps.clock.now();
    for await (const ids of this.deps.subscriptions.allIds(SHOP_PAGE)) {
      await giveTurn();
      const subs = await this.deps.subscriptions.getMany(ids);
      for (const sub of subs) {
        if (!sub || sub.removedAt !== undefined) continue;
        pass.owned.add(clientKey(sub.ref));
        if (sub.updatedAt >= startedAt || renewing.has(sub.id)) {
          pass.deferred.add(sub.id);
          continue;
        }
        if (sub.ref.kind === "panel" && !panelRead(sub.ref, snap)) pass.unread.add(sub.id);
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
  private async apply(pass: ShopPass, summary: DriftRunSummary, lease: Lease): Promise<Finding[]> {
    const fresh: Finding[] = [];
    const record = async (f: Found, status: Exclude<FindingStatus, "resolved">) => {
      await lease.hold();
      const out = await this.deps.findings.record(f.detail, status, f.scope);
      if (status === "repaired") summary.repaired[f.detail.kind]++;
      if (out.fresh) fresh.push(out.finding);
    };
    const byKind = (kinds: DriftKind[]) => pass.found.filter((f) => kinds.includes(f.detail.kind));
    // A subscription's term and limit are followed in one write (each checks the record is as read).
    const follows = new Map<string, Found[]>();
    for (const f of byKind(["expiry_changed", "traffic_changed"])) {
      follows.set(subscriptionOf(f), [...(follows.get(subscriptionOf(f)) ?? []), f]);
    }
    await mapLimit([...follows], REPAIR_CONCURRENCY, async ([id, found]) => {
      const sub = pass.subs.get(id);
      const done = sub
        ? await this.follow(sub, found, lease).catch((err: unknown) => this.failed(kindOf(found), id, err))
        : false;
      // Moved since the read (a renewal committed or under way): left for the next run.
      if (done === "changed" || done === "renewing") return void pass.deferred.add(id);
      for (const f of found) await record(f, done ? "repaired" : "failed");
    });
    const drifts = byKind(["location_drift"]);
    const repairs = new Map<string, Promise<boolean>>();
    await mapLimit(drifts, REPAIR_CONCURRENCY, async (f) => {
      const id = subscriptionOf(f);
      if (pass.deferred.has(id)) return;
      const repair = repairs.get(id) ?? this.repairLocations(pass.subs.get(id), lease);
      repairs.set(id, repair);
      await record(f, (await repair) ? "repaired" : "failed");
    });
    for (const f of pass.found.filter((x) => isDecisionKind(x.detail.kind))) await record(f, "waiting");
    return fresh;
  }

  /**
   * The record follows the hosting side's term and limit, in one conditional step (follow.ts):
   * only if the record is still what this run read and no renewal of it is in its chain, so a
   * paid renewal landing meanwhile keeps its term.
   */
  private async follow(sub: Subscription, found: Found[], lease: Lease) {
    const change: FollowChange = {};
    for (const { detail: d } of found) {
      if (d.kind === "traffic_changed") change.trafficGb = d.toGb;
      if (d.kind !== "expiry_changed") continue;
      const previous = (await this.deps.redis.lrange(termsKey(d.subscriptionId), 0, -1)).map(Number);
      change.expiresAt = followTarget(sub.ref.kind, d.to, previous);
    }
    const out = await followHostingSide(this.deps.redis, sub, change, lease, this.deps.clock.now());
    if (out !== "written") {
      this.deps.logger.info(
        { subscriptionId: sub.id, why: out },
        "drift: the record moved since the read; next run",
      );
    }
    return out === "written" ? true : out;
  }

  /**
   * Puts the client back on every location with the shop's (now current) term: the panel
   * provisioner's `ensure` is the one home of the multi-location rules (create the missing ones
   * with the same UUID and that location's inbounds, align the term, read every location back).
   */
  private async repairLocations(sub: Subscription | undefined, lease: Lease): Promise<boolean> {
    if (sub?.ref.kind !== "panel") return false;
    await lease.hold();
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
    if (err instanceof LeaseLost) throw err;
    this.deps.logger.warn({ err, drift: kind, what }, "drift: repair failed; tried again next run");
    return false;
  }

  /**
   * A waiting finding not found again in a part read in full this run went away (an admin fixed
   * it, the subscription ended): it is resolved. Deferred subscriptions keep theirs, and so do
   * panel subscriptions not read on every location this run. A location read client by client
   * settles the findings of the subscriptions read there, never an orphan (it cannot see one).
   */
  private async resolveGone(pass: ShopPass, snap: HostingSnapshot, lease: Lease): Promise<void> {
    const keys = new Set(pass.found.map((f) => findingKey(f.detail)));
    const read = new Set(snap.read);
    const inPart = new Set([...snap.panelKnown.keys()].map((location) => `panel:${location}`));
    for (const f of await this.deps.findings.allWaiting()) {
      if (keys.has(f.key)) continue;
      if (!("subscriptionId" in f)) {
        if (!read.has(f.scope)) continue;
      } else if (
        !(read.has(f.scope) || inPart.has(f.scope)) ||
        pass.deferred.has(f.subscriptionId) ||
        pass.unread.has(f.subscriptionId)
      )
        continue;
      await lease.hold();
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
      panelGaps: [...snap.panelGaps],
    };
  }
}

const kindOf = (found: Found[]): DriftKind => found[0]?.detail.kind ?? "expiry_changed";

/** The subscription a finding is about ('' for an orphan). */
function subscriptionOf(f: Found): string {
  return "subscriptionId" in f.detail ? f.detail.subscriptionId : "";
}
