import {
  type AccessRef,
  clientKey,
  type LedgerEntry,
  type Order,
  wasPaidStatus,
} from "../../src/domain/books/index.js";
import { orphanKey } from "../../src/domain/drift/index.js";
import { railChargeId } from "../../src/domain/settlement/index.js";
import { DAY, MINUTE, SECOND } from "../../src/runtime/clock.js";
import type { Ctx } from "./ctx.js";
import { seatInvariants } from "./invariants-seats.js";
import { type Backend, REFERRAL } from "./world.js";

/*
 * What must hold after a run's drain: the money (every wallet is its ledger, every paid order was
 * charged once and refunded at most once, each order active or refunded, every charge credited
 * once, referral rewards once per active order), the terms (record and hosting side equal what the
 * applied changes add up to, within the backend's rounding and never compounding), the traffic
 * (record and every limit equal the plan's allowance plus the packs since the last renewal), nothing left
 * in flight, and the hosting side holding no client without a subscription or an orphan report.
 */

/** Where the hosting side's expiry may be, around the model's: [E - below, E + above). */
const HOSTING_WINDOW: Record<Backend, { below: number; above: number; why: string }> = {
  xui: { below: 0, above: DAY, why: "xui counts whole days from now, rounded up" },
  panel: { below: 0, above: MINUTE, why: "the panel takes seconds" },
  node: { below: SECOND, above: DAY, why: "the node counts whole seconds, and adds whole days" },
};
/** Where the shop's record may be: exact; a node's may take the node's whole seconds. */
const RECORD_WINDOW: Record<Backend, { below: number; above: number }> = {
  xui: { below: 0, above: 1 },
  panel: { below: 0, above: 1 },
  node: { below: SECOND, above: 1 },
};

export async function checkInvariants(c: Ctx): Promise<void> {
  const ledger = await money(c);
  await orders(c, ledger);
  starsCharges(c, ledger);
  await nothingOpen(c);
  const orphans = await finalReconciliation(c);
  await terms(c);
  await traffic(c);
  await hostingClients(c, orphans);
  await seatInvariants(c);
}

type Ledger = Map<string, (LedgerEntry & { owner: number })[]>;

/** Every wallet equals the sum of its ledger, entry by entry; returns the entries by their ref. */
async function money(c: Ctx): Promise<Ledger> {
  const byRef: Ledger = new Map();
  const { wallet } = c.w.rooms.books;
  for (const id of c.m.customers) {
    const { entries } = await wallet.history(id, 0, 100_000);
    const balance = await wallet.balance(id);
    let running = 0;
    for (const e of [...entries].reverse()) {
      running += e.amount;
      if (e.balance !== running)
        c.violation(`c${id}'s ledger entry ${e.id} says ${e.balance}, the sum is ${running}`);
      byRef.set(e.ref ?? "", [...(byRef.get(e.ref ?? "") ?? []), { ...e, owner: id }]);
    }
    if (running !== balance) c.violation(`c${id}'s wallet holds ${balance}, the ledger sums to ${running}`);
    if (balance < 0) c.violation(`c${id}'s wallet is below zero: ${balance}`);
  }
  for (const charge of c.m.charges) {
    const credits = (byRef.get(charge) ?? []).filter((e) => e.kind === "topup");
    if (credits.length !== 1) c.violation(`charge ${charge} was credited ${credits.length} times`);
  }
  return byRef;
}

/**
 * A charge sent back to Telegram Stars left the wallet once (net of a refused refund's undo); one
 * Telegram never sent back left it net zero.
 */
function starsCharges(c: Ctx, ledger: Ledger): void {
  const { rail } = c.w;
  for (const charge of c.m.charges) {
    const back = ["stars-refund", "rail-refund"];
    const moves = (ledger.get(charge) ?? []).filter((e) => back.includes(e.kind) || e.kind === "refund");
    const debits = moves.filter((e) => back.includes(e.kind)).length;
    const undos = moves.filter((e) => e.kind === "refund").length;
    // A rail payment: what the rail itself says it sent back (once at most, by its key).
    const onRail = rail.refunds.filter((r) => railChargeId(rail.id, r.paymentId) === charge).length;
    const want = c.m.starsRefunded.has(charge) ? 1 : onRail;
    if (debits - undos !== want)
      c.violation(
        `charge ${charge}: ${debits} Stars debits, ${undos} undone; Telegram refunded it ${want} times`,
      );
  }
}

/** Every order paid is active or refunded, was queued, charged once, refunded at most once. */
async function orders(c: Ctx, ledger: Ledger): Promise<void> {
  for (const customer of c.m.customers) {
    for (const o of await c.w.rooms.books.orders.ofCustomer(customer, 10_000)) {
      const entries = (kinds: string[]) => (ledger.get(o.id) ?? []).filter((e) => kinds.includes(e.kind));
      const paidEntries = entries(["purchase", "renewal", "pack", "switch"]);
      const refunds = entries(["refund"]);
      if (!wasPaidStatus(o.status)) {
        if (paidEntries.length + refunds.length > 0)
          c.violation(`unpaid order ${o.id} (${o.status}) moved money`);
        continue;
      }
      if (o.status !== "active" && o.status !== "refunded") {
        c.violation(`paid order ${o.id} ended ${o.status}, neither active nor refunded`);
      }
      if (!c.w.jobs.everQueued.has(o.id)) c.violation(`paid order ${o.id} was never queued`);
      const charged = paidEntries.map((e) => e.amount);
      if (o.price > 0 && (charged.length !== 1 || charged[0] !== -o.price)) {
        c.violation(`order ${o.id} of ${o.price} was charged [${charged.join(", ")}]`);
      }
      const back = refunds.map((e) => e.amount);
      const wantBack = o.status === "refunded" && o.price > 0 ? [o.price] : [];
      if (back.join() !== wantBack.join()) {
        c.violation(`${o.status} order ${o.id} of ${o.price} was refunded [${back.join(", ")}]`);
      }
      referralOf(c, o, entries(["referral"]), entries(["referral-back"]));
    }
  }
}

/** The inviter's share of an invited customer's paid order: once when active; given back at most once. */
function referralOf(c: Ctx, o: Order, rewards: LedgerEntry[], backs: LedgerEntry[]): void {
  const inviter = c.m.invitedBy.get(o.customerId);
  if (inviter === undefined || o.price <= 0) {
    if (rewards.length + backs.length > 0)
      c.violation(`order ${o.id} of an uninvited customer rewarded someone`);
    return;
  }
  const share = Math.floor((o.price * REFERRAL.percent) / 100);
  const got = rewards.map((e) => e.amount);
  if (o.status === "active" && (got.join() !== String(share) || backs.length > 0)) {
    c.violation(
      `active order ${o.id} rewarded c${inviter} [${got.join(", ")}], back ${backs.length}; want ${share}`,
    );
  }
  // A refund takes a reward given back (what the wallet still holds; the rest is recorded lost).
  if (o.status === "refunded" && (rewards.length > 1 || backs.length !== rewards.length)) {
    c.violation(`refunded order ${o.id}: ${rewards.length} rewards, ${backs.length} taken back`);
  }
}

/**
 * Each subscription's traffic allowance, in the record and as every place's limit on the hosting
 * side (no traffic is used in this world, so a renewal's fresh limit is the allowance itself),
 * against what its renewals and packs add up to: a pack added once each, never lost.
 */
async function traffic(c: Ctx): Promise<void> {
  for (const sub of c.m.subs.values()) {
    if (sub.ended) continue;
    const want = c.m.expectedTraffic(sub);
    const rec = await c.w.rooms.books.subscriptions.get(sub.id);
    if (!rec || rec.removedAt !== undefined) continue;
    const bad: string[] = [];
    if (Math.abs(rec.trafficGb - want) > 0.001) bad.push(`record ${rec.trafficGb} GB`);
    for (const [where, gb] of hostingLimits(c, rec.ref)) {
      if (gb === undefined || Math.abs(gb - want) > 0.001) bad.push(`${where} ${gb ?? "no client"} GB`);
    }
    if (bad.length > 0) c.violation(`${c.m.describe(sub)}: traffic ${want} GB; but ${bad.join("; ")}`);
  }
}

/** The client's traffic limit (GB) on every place it lives, as the fakes hold it. */
function hostingLimits(c: Ctx, ref: AccessRef): [string, number | undefined][] {
  if (ref.kind === "xui")
    return [[`xui ${ref.serverId}`, c.w.account.client(ref.serverId, ref.name)?.totalGb]];
  if (ref.kind === "node") return [["node", c.w.node.clients.get(ref.name)?.traffic_limit_gb ?? 0]];
  return ref.locations.map((location) => [
    `panel ${location}`,
    c.w.panel.clientAt(location, ref.name)?.trafficLimitGb,
  ]);
}

/** Each subscription's record and hosting term against what its applied changes add up to. */
async function terms(c: Ctx): Promise<void> {
  for (const sub of c.m.subs.values()) {
    if (sub.ended) continue;
    const want = c.m.expected(sub);
    const rec = await c.w.rooms.books.subscriptions.get(sub.id);
    if (!rec || rec.removedAt !== undefined) {
      c.violation(`${sub.id} is ${rec ? "marked removed" : "gone"}`);
      continue;
    }
    const r = RECORD_WINDOW[sub.backend];
    const hosting = hostingTerms(c, rec.ref);
    const h = HOSTING_WINDOW[sub.backend];
    const bad: string[] = [];
    if (!within(rec.expiresAt, want, r)) bad.push(`record ${at(rec.expiresAt, want)}`);
    for (const [where, term] of hosting) {
      if (term === undefined) bad.push(`no client on ${where}`);
      else if (!within(term, want, h)) bad.push(`${where} ${at(term, want)} (${h.why})`);
    }
    if (bad.length > 0) {
      c.violation(`${c.m.describe(sub)} = ${iso(want)}; but ${bad.join("; ")}`);
    }
  }
}

function within(value: number, want: number, w: { below: number; above: number }): boolean {
  return value >= want - w.below && value < want + w.above;
}

const iso = (ms: number) => new Date(ms).toISOString();
const at = (ms: number, want: number) => `${iso(ms)} (${ms - want >= 0 ? "+" : ""}${(ms - want) / SECOND}s)`;

/** The client's expiry (ms) on every place it lives, as the fakes hold it. */
function hostingTerms(c: Ctx, ref: AccessRef): [string, number | undefined][] {
  if (ref.kind === "xui")
    return [[`xui ${ref.serverId}`, c.w.account.client(ref.serverId, ref.name)?.expiryMs]];
  if (ref.kind === "node") {
    const client = c.w.node.clients.get(ref.name);
    return [["node", client && client.expires_at * 1000]];
  }
  return ref.locations.map((location) => {
    const client = c.w.panel.clientAt(location, ref.name);
    return [`panel ${location}`, client && client.expiresAt * 1000];
  });
}

/** No order in flight, no term change open, nothing left in the recorded queue. */
async function nothingOpen(c: Ctx): Promise<void> {
  const open = await c.w.rooms.books.orders.openIds();
  if (open.length > 0) c.violation(`orders still in flight: ${open.join(", ")}`);
  const changing = await c.w.rooms.terms.changes.openSubscriptions();
  if (changing.size > 0) c.violation(`term changes still open for ${[...changing].join(", ")}`);
  for (const id of c.w.jobs.changes) c.violation(`term change ${id} still queued`);
}

/**
 * A reconciliation run at the end: it may set back a panel location a refunded renewal reached
 * while the others did not (location drift, repaired to the shop's term; counted), and report
 * orphans; anything else it finds (a record to follow, a client missing) is a violation. Returns
 * the orphans it reported.
 */
async function finalReconciliation(c: Ctx): Promise<Set<string>> {
  const { sync } = c.w.rooms.drift;
  // A second after the drain: a record changed at the very moment the run starts is left for the
  // next run (the reconciler defers what moves under it), and there is no next run here.
  await c.w.advance(SECOND);
  const summary = await sync.reconciler.run();
  if (!summary) {
    c.violation("the final reconciliation did not run");
    return new Set();
  }
  const allowed = ["orphan", "location_drift"];
  const found = Object.entries(summary.found).filter(([kind, n]) => !allowed.includes(kind) && n > 0);
  if (found.length > 0)
    c.violation(`the final reconciliation found ${found.map(([k, n]) => `${k} ${n}`).join(", ")}`);
  if (summary.found.location_drift > 0)
    c.note(`final reconciliation: location drift ${summary.found.location_drift}`);
  c.m.locationRepairs += summary.found.location_drift;
  return new Set(
    (await sync.findings.allWaiting()).flatMap((f) => (f.kind === "orphan" ? [orphanKey(f.ref)] : [])),
  );
}

/**
 * Every client on the hosting side belongs to a live subscription, or was named by the failed
 * order that left it, or was reported as an orphan by the final reconciliation.
 */
async function hostingClients(c: Ctx, reported: Set<string>): Promise<void> {
  const owned = new Set<string>();
  for await (const ids of c.w.rooms.books.subscriptions.allIds()) {
    for (const id of ids) {
      const sub = await c.w.rooms.books.subscriptions.get(id);
      if (sub && sub.removedAt === undefined) owned.add(clientKey(sub.ref));
      if (sub && !c.m.subs.has(id) && !c.m.seatSubs.has(id))
        c.violation(`subscription ${id} was never seen going active`);
    }
  }
  const clients = [
    ...c.w.servers.flatMap((s) => c.w.account.serverState(s).clients.map((x) => `xui:${s}:${x.email}`)),
    ...["main", "2"].flatMap((l) => c.w.panel.clientsAt(l).map((x) => `panel:${x.name}`)),
    ...[...c.w.node.clients.keys()].map((name) => `node:${name}`),
  ];
  for (const key of new Set(clients)) {
    if (owned.has(key) || c.m.namedOrphans.has(key) || reported.has(key)) continue;
    c.violation(`hosting client ${key} belongs to no subscription and was reported by no one`);
  }
}
