import type { AccountApi } from "../../hosting/account/index.js";
import { MAIN_LOCATION, type PanelApi } from "../../hosting/panel/index.js";
import type { Clock } from "../../runtime/clock.js";
import type { Logger } from "../../runtime/logger.js";
import type { Customers, Subscription, SubscriptionOwners, Subscriptions } from "../books/index.js";
import type { Catalog } from "../catalog/index.js";
import { auditSubject } from "../staff/index.js";
import type { MoveOne, TargetInfo } from "./bulk-move-one.js";
import { keepsMainLink, livesOn, targetRef } from "./bulk-move-plan.js";
import {
  type BulkMove,
  type BulkMoveRecords,
  type MoveCounts,
  type MoveEnd,
  type MoveSkip,
  moveEndKey,
  type NewBulkMove,
} from "./bulk-move-records.js";
import {
  DEFAULT_MOVE_RUNWAY_FLOOR_DAYS,
  type MoveCandidate,
  type MovePreview,
  type MoveReport,
  type MoveRuns,
  type MoveTargetChoice,
  type MoveTargetRunway,
  paidTermRunway,
  type RunEnd,
} from "./bulk-move-types.js";
import type { HostingActs, StaffActor } from "./staff-acts.js";

/** The runway is asked again after this many customers of a pass. */
const RUNWAY_EVERY = 25;
/** Customers moved at once by one runner. */
const DEFAULT_CONCURRENCY = 4;
/** Names shown in a preview. */
const PREVIEW_NAMES = 5;

export interface BulkMovesDeps {
  clock: Clock;
  logger: Logger;
  records: BulkMoveRecords;
  one: MoveOne;
  account: Pick<AccountApi, "servers" | "server" | "listClients">;
  panel?: Pick<PanelApi, "federation"> | undefined;
  owners: Pick<SubscriptionOwners, "onServer">;
  subscriptions: Pick<Subscriptions, "allIds" | "getMany">;
  customers: Pick<Customers, "get">;
  catalog: () => Catalog;
  /** What a target's runway would be; the default is its paid term (see MoveTargetRunway). */
  targetRunway?: MoveTargetRunway | undefined;
  /** The floor under which a move pauses (the setting; default DEFAULT_MOVE_RUNWAY_FLOOR_DAYS). */
  floorDays?: () => Promise<number>;
  runs?: MoveRuns | undefined;
  concurrency?: number | undefined;
  /** The staff's hosting actions checked and recorded (start, pause, resume, cancel by a staff member). */
  acts?: HostingActs | undefined;
  /** Quick reasons to leave a subscription (frozen, a change under way) read from the shop's records. */
  quickSkip: (sub: Subscription) => Promise<MoveSkip | undefined>;
}

/**
 * The one home of an admin's bulk move of customers off an xui server or a panel location: what
 * it would do (a preview), the move recorded with its fixed list on confirm, and its runs. A run
 * takes the customers not settled yet, a few at a time, each through MoveOne (its own state
 * machine and lease, so a kill resumes, and two runners never move one customer twice); it
 * stops taking new ones when paused or cancelled, and pauses itself when the target's runway
 * falls below the floor (until an admin resumes, which accepts it).
 */
export class BulkMoves {
  private readonly runway: MoveTargetRunway;

  constructor(private readonly deps: BulkMovesDeps) {
    this.runway = deps.targetRunway ?? paidTermRunway(deps.account, deps.clock);
  }

  get records(): BulkMoveRecords {
    return this.deps.records;
  }

  /** The places customers on `from` may go: other active xui servers, or the panel's other locations. */
  async targets(from: MoveEnd): Promise<MoveTargetChoice[]> {
    if (from.kind === "xui") {
      const servers = await this.deps.account.servers();
      return servers
        .filter((s) => s.kind === "xui" && s.status === "active" && s.id !== from.serverId)
        .map((s) => ({
          end: { kind: "xui", serverId: s.id },
          name: s.name,
          clients: undefined,
          paidUntil: s.expiresAt.getTime(),
        }));
    }
    const nodes = this.deps.panel ? await this.deps.panel.federation().catch(() => []) : [];
    const all = [
      { end: { kind: "panel", location: MAIN_LOCATION } as MoveEnd, name: MAIN_LOCATION, clients: undefined },
      ...nodes.map((n) => ({
        end: { kind: "panel", location: n.nodeId } as MoveEnd,
        name: n.name ?? n.nodeId,
        clients: n.clientsCount,
      })),
    ];
    return all.filter((t) => t.end.kind === "panel" && t.end.location !== from.location);
  }

  /** The live subscriptions on `from`, oldest first, with their customers and a quick skip reason. */
  async candidates(from: MoveEnd, to?: MoveEnd): Promise<MoveCandidate[]> {
    const subs =
      from.kind === "xui"
        ? (await this.deps.owners.onServer(from.serverId)).map((o) => o.subscription)
        : await this.onLocation(from);
    const paidUntil =
      to?.kind === "xui" ? (await this.targetInfo(to).catch((): TargetInfo => ({}))).paidUntil : undefined;
    return Promise.all(
      subs.map(async (sub) => {
        const customer = await this.deps.customers.get(sub.customerId);
        const skip = (to && this.planSkip(sub, from, to, paidUntil)) ?? (await this.deps.quickSkip(sub));
        const name = customer ? displayName(customer) : String(sub.customerId);
        return { subscriptionId: sub.id, customerId: sub.customerId, name, expiresAt: sub.expiresAt, skip };
      }),
    );
  }

  /** Why `sub` would stay, as its record and the catalog tell (the run checks again at its turn). */
  private planSkip(
    sub: Subscription,
    from: MoveEnd,
    to: MoveEnd,
    paidUntil: number | undefined,
  ): MoveSkip | undefined {
    if (sub.expiresAt !== 0 && sub.expiresAt <= this.deps.clock.now()) return "expired";
    if (paidUntil !== undefined && (sub.expiresAt === 0 || sub.expiresAt >= paidUntil)) return "target-term";
    const ref = targetRef(this.deps.catalog(), sub, from, to);
    if (typeof ref === "string") return ref;
    return keepsMainLink(ref) ? undefined : "no-main";
  }

  private async onLocation(from: MoveEnd): Promise<Subscription[]> {
    const found: Subscription[] = [];
    for await (const ids of this.deps.subscriptions.allIds()) {
      for (const sub of await this.deps.subscriptions.getMany(ids))
        if (sub && sub.removedAt === undefined && livesOn(sub, from)) found.push(sub);
    }
    return found.sort((a, b) => a.createdAt - b.createdAt);
  }

  /** What moving `selected` (all when undefined) from `from` to `to` would do. */
  async preview(from: MoveEnd, to: MoveEnd, selected?: ReadonlySet<string>): Promise<MovePreview> {
    const all = await this.candidates(from, to);
    const chosen = selected ? all.filter((c) => selected.has(c.subscriptionId)) : all;
    const moving = chosen.filter((c) => c.skip === undefined);
    const skipped: Partial<Record<MoveSkip, number>> = {};
    for (const c of chosen) if (c.skip) skipped[c.skip] = (skipped[c.skip] ?? 0) + 1;
    const target = (await this.targets(from)).find((t) => moveEndKey(t.end) === moveEndKey(to));
    const clients = to.kind === "xui" ? await this.clientsOn(to.serverId) : target?.clients;
    const fromName = await this.nameOf(from);
    const runwayDays =
      to.kind === "xui"
        ? (await this.runway(to.serverId, moving.length).catch(() => ({ days: undefined }))).days
        : undefined;
    return {
      ...{ from, to, fromName, toName: target?.name ?? (await this.nameOf(to)), moving: moving.length },
      names: moving.slice(0, PREVIEW_NAMES).map((c) => c.name),
      ...{ skipped, clients, clientsAfter: clients === undefined ? undefined : clients + moving.length },
      ...{ runwayDays, floorDays: await this.floor() },
    };
  }

  /** A server's name (its id when it cannot be read), or a location's name on the panel. */
  async nameOf(end: MoveEnd): Promise<string> {
    if (end.kind === "xui")
      return this.deps.account.server(end.serverId).then(
        (s) => s.name,
        () => String(end.serverId),
      );
    if (end.location === MAIN_LOCATION || !this.deps.panel) return end.location;
    const nodes = await this.deps.panel.federation().catch(() => []);
    return nodes.find((n) => n.nodeId === end.location)?.name ?? end.location;
  }

  private async clientsOn(serverId: number): Promise<number | undefined> {
    return this.deps.account.listClients(serverId).then(
      (l) => Math.max(l.count, l.clients.length),
      () => undefined,
    );
  }

  private floor(): Promise<number> {
    return this.deps.floorDays?.() ?? Promise.resolve(DEFAULT_MOVE_RUNWAY_FLOOR_DAYS);
  }

  /** Records a confirmed move (its list fixed now) and starts its job. */
  async start(
    input: Omit<NewBulkMove, "floorDays" | "fromName" | "toName">,
    by?: StaffActor,
  ): Promise<BulkMove> {
    const [fromName, toName] = await Promise.all([this.nameOf(input.from), this.nameOf(input.to)]);
    const what = {
      action: "move.start",
      subject: auditSubject("move-from", moveEndKey(input.from)),
      note: `to ${moveEndKey(input.to)}; ${input.subscriptionIds.length} customers`,
    };
    const create = async () =>
      this.deps.records.create({ ...input, fromName, toName, floorDays: await this.floor() });
    const move = await (this.deps.acts ? this.deps.acts.run(by, what, create) : create());
    this.deps.logger.info(
      { moveId: move.id, from: input.from, to: input.to, total: move.total },
      "bulk move started",
    );
    await this.deps.runs?.start(move.id);
    return move;
  }

  /** An admin's pause: the run takes no new customer (the ones under way finish). */
  pause(id: string, by?: StaffActor): Promise<boolean> {
    return this.acted(by, "move.pause", id, () =>
      this.deps.records.transition(id, ["running"], "paused", { pausedBy: "admin" }),
    );
  }

  /** Runs a staff member's change of move `id` through the hosting acts (checked, recorded). */
  private acted(by: StaffActor | undefined, action: string, id: string, act: () => Promise<boolean>) {
    if (!this.deps.acts) return act();
    const end = (changed: boolean) =>
      changed ? {} : { outcome: "failed" as const, note: "not in that state" };
    return this.deps.acts.run(by, { action, subject: auditSubject("move", id) }, act, end);
  }

  /** Resumes a paused move (a runway pause resumed is accepted: it does not pause again). */
  async resume(id: string, by?: StaffActor): Promise<boolean> {
    const move = await this.deps.records.get(id);
    const fields: Record<string, string> = { pausedBy: "" };
    if (move?.pausedBy === "runway") fields.runwayAccepted = "1";
    const resumed = await this.acted(by, "move.resume", id, () =>
      this.deps.records.transition(id, ["paused"], "running", fields),
    );
    if (resumed) await this.deps.runs?.start(id);
    return resumed;
  }

  /** Cancels: customers not begun stay where they are; those under way are finished. */
  async cancel(id: string, by?: StaffActor): Promise<boolean> {
    const cancelled = await this.acted(by, "move.cancel", id, () =>
      this.deps.records.transition(id, ["running", "paused"], "cancelled"),
    );
    if (cancelled) await this.deps.runs?.start(id);
    return cancelled;
  }

  async counts(id: string): Promise<{ move: BulkMove; counts: MoveCounts } | undefined> {
    const move = await this.deps.records.get(id);
    return move && { move, counts: await this.deps.records.counts(id, move.total) };
  }

  /** The final report: the counts, who was not moved and why, old clients left behind. */
  async report(id: string): Promise<MoveReport | undefined> {
    const seen = await this.counts(id);
    if (!seen) return undefined;
    const notMoved: MoveReport["notMoved"] = [];
    const oldLeft: MoveReport["oldLeft"] = [];
    for (const [subscriptionId, outcome] of await this.deps.records.outcomes(id)) {
      if (outcome.kind === "moved") {
        if (outcome.oldLeft) oldLeft.push({ subscriptionId, client: outcome.oldLeft });
      } else notMoved.push({ subscriptionId, outcome });
    }
    return { ...seen, notMoved, oldLeft };
  }

  /** The customers' names of a report's subscriptions (what the admin reads), by subscription id. */
  async names(report: Pick<MoveReport, "notMoved">): Promise<Map<string, string>> {
    const ids = report.notMoved.map((n) => n.subscriptionId);
    const subs = await this.deps.subscriptions.getMany(ids);
    const names = new Map<string, string>();
    for (const sub of subs) {
      if (!sub) continue;
      const customer = await this.deps.customers.get(sub.customerId);
      names.set(sub.id, customer ? displayName(customer) : String(sub.customerId));
    }
    return names;
  }

  /**
   * One run of move `id`: passes over the customers not settled yet until every one is, or the
   * move is paused (by an admin or the runway) or some wait (a hosting side not answering now,
   * another runner on one): "again", the worker runs it later. `progress` is called per customer.
   */
  async run(id: string, progress?: () => Promise<void>): Promise<RunEnd> {
    for (;;) {
      const move = await this.deps.records.get(id);
      if (!move) throw new Error(`bulk move ${id} not found`);
      if (move.finishedAt !== undefined) return move.status === "cancelled" ? "cancelled" : "done";
      if (move.status === "paused") return "paused";
      const outcomes = await this.deps.records.outcomes(id);
      const open = (await this.deps.records.items(id)).filter((s) => !outcomes.has(s));
      if (open.length === 0) {
        await this.deps.records.finish(id);
        this.deps.logger.info({ moveId: id, status: move.status }, "bulk move finished");
        continue;
      }
      if (move.status === "running" && (await this.runwayLow(move, open.length))) return "paused";
      const pass = await this.pass(move, open, progress);
      if (pass === "waiting") return "again";
    }
  }

  /** The customers of one pass, `concurrency` at a time; "waiting" when some are to be tried later. */
  private async pass(
    move: BulkMove,
    open: string[],
    progress?: () => Promise<void>,
  ): Promise<"waiting" | "went"> {
    const target = await this.targetInfo(move.to);
    let next = 0;
    let waiting = false;
    let since = 0;
    const worker = async () => {
      while (next < open.length) {
        const subscriptionId = open[next++] as string;
        const current = await this.deps.records.get(move.id);
        if (current?.status === "paused") return;
        if (
          current?.status === "running" &&
          ++since % RUNWAY_EVERY === 0 &&
          (await this.runwayLow(current, open.length - next))
        )
          return;
        // After a cancel: one begun is finished (resumed), one not begun stays where it is (MoveOne).
        const result = await this.deps.one.run(move, subscriptionId, target);
        if (result.kind === "busy" || result.kind === "retry") waiting = true;
        await progress?.();
      }
    };
    await Promise.all(Array.from({ length: this.deps.concurrency ?? DEFAULT_CONCURRENCY }, worker));
    return waiting ? "waiting" : "went";
  }

  /** Pauses a running move (and says so on it) when the target's runway would fall below its floor. */
  private async runwayLow(move: BulkMove, adding: number): Promise<boolean> {
    if (move.runwayAccepted || move.to.kind !== "xui") return false;
    const { days } = await this.runway(move.to.serverId, adding);
    if (days === undefined || days >= move.floorDays) return false;
    const paused = await this.deps.records.transition(move.id, ["running"], "paused", {
      pausedBy: "runway",
      runwayDays: days,
    });
    if (paused)
      this.deps.logger.warn(
        { moveId: move.id, days, floor: move.floorDays },
        "bulk move paused: target runway low",
      );
    return paused;
  }

  private async targetInfo(to: MoveEnd): Promise<TargetInfo> {
    if (to.kind !== "xui") return {};
    return { paidUntil: (await this.deps.account.server(to.serverId)).expiresAt.getTime() };
  }
}

function displayName(c: { firstName: string; username: string | undefined }): string {
  return c.username ? `${c.firstName} @${c.username}` : c.firstName;
}
