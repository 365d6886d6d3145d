import { clientKey, type HostingClient, isInFlightStatus } from "../../src/domain/books/index.js";
import { mayHealOnRetry, NodeEditInDoubtError } from "../../src/domain/provisioning/index.js";
import { type FulfilResult, OrderUndecidedError } from "../../src/domain/settlement/index.js";
import { type TermChange, TermChangeUndecidedError } from "../../src/domain/terms/index.js";
import { DAY, HOUR, MINUTE } from "../../src/runtime/clock.js";
import { freezeChangeSettled } from "./actions-freeze.js";
import type { Action, Ctx } from "./ctx.js";
import type { ModelChange, ModelSub } from "./model.js";
import { starsBack } from "./stars-back.js";

/*
 * What the order worker and the admins do to terms: a fulfilment attempt of a queued order (one,
 * or two at once: two renewals of one subscription in flight), the worker giving up on an order
 * (refunded), an admin's "add N days" and "set the term" through the subscription's term chain,
 * a queued change applied when its turn comes, and a reconciliation run.
 */

/** Attempts of an order or a term change before the worker gives up (the queue's `attempts`). */
export const ATTEMPTS = 3;
const ADMIN = 77;

const describe = (err: unknown) => (err instanceof Error ? `${err.name}: ${err.message}` : String(err));

/** One attempt at a queued order, as the order worker makes it (then what follows an activation). */
export async function attempt(c: Ctx, id: string, settle: boolean): Promise<void> {
  const { books, settlement } = c.w.rooms;
  const before = await books.orders.get(id);
  if (before && isInFlightStatus(before.status)) c.m.attempting(before, c.w.clock.now());
  let r: FulfilResult;
  try {
    r = await settlement.fulfilment.fulfil(id);
  } catch (err) {
    if (err instanceof NodeEditInDoubtError) {
      c.tally("order waits out a node doubt");
      return c.note(`  ${id}: a node edit is in doubt; later`);
    }
    c.tally("order attempt failed");
    const m = c.m.orders.get(id);
    const tries = m ? ++m.failedAttempts : ATTEMPTS;
    const final = !mayHealOnRetry(err) || tries >= ATTEMPTS;
    c.note(`  ${id} attempt ${tries} failed${final ? " (final)" : ""}: ${describe(err)}`);
    if (final) await giveUp(c, id, describe(err));
    return;
  }
  const what =
    r.outcome === "active" && r.renewed ? " (renewal)" : r.outcome === "active" && r.pack ? " (pack)" : "";
  c.tally(`order ${r.outcome}${what}`);
  if (r.outcome === "waiting") return c.note(`  ${id} waits behind ${r.behind}`);
  c.w.jobs.orders.delete(id);
  if (r.outcome === "skipped") return c.note(`  ${id} skipped (${r.order?.status ?? "gone"})`);
  if (r.outcome === "gift") {
    c.m.gifts.push({ code: r.code, orderId: id, buyerId: r.order.customerId, open: true });
    return c.note(`  ${id} parked as gift ${r.code}`);
  }
  const problem = c.m.activated(r.order, r.subscription.id, c.w.clock.now());
  if (problem) c.violation(problem);
  c.note(`  ${id} active: ${r.subscription.id} until ${new Date(r.subscription.expiresAt).toISOString()}`);
  if (settle) await settlement.afterActive.settle(id);
}

/** The worker gives up on an order: failed and refunded, what it placed removed (or named). */
export async function giveUp(c: Ctx, id: string, reason: string): Promise<void> {
  const { books, settlement } = c.w.rooms;
  let failed: Awaited<ReturnType<typeof settlement.fulfilment.fail>>;
  try {
    failed = await settlement.fulfilment.fail(id, reason);
  } catch (err) {
    // Whether the renewal's write landed cannot be told now: the worker looks again later.
    if (err instanceof OrderUndecidedError) {
      c.tally("give-up undecided");
      return c.note(`  ${id}: not given up yet (${err.message})`);
    }
    throw err;
  }
  c.w.jobs.orders.delete(id);
  if (!failed) {
    // A renewal whose write had landed is finished instead; the worker then delivers it.
    const order = await books.orders.get(id);
    if (order?.status !== "active") return c.note(`  ${id} not failed here (${order?.status ?? "gone"})`);
    const problem = c.m.activated(order, order.subscriptionId ?? "", c.w.clock.now());
    if (problem) c.violation(problem);
    c.note(`  ${id} had landed: finished as active, not refunded`);
    c.tally("give-up: renewal had landed, finished");
    await settlement.afterActive.settle(id);
    return;
  }
  c.m.refunded(id);
  c.tally(failed.orphan ? "give-up: refunded, client left (named)" : "give-up: refunded");
  if (failed.orphan) c.m.namedOrphans.add(clientKey(failed.orphan));
  c.note(
    `  ${id} failed, ${failed.refunded} refunded${failed.orphan ? `, left ${clientKey(failed.orphan)}` : ""}`,
  );
  await starsBack(c, id);
}

const queued = (c: Ctx) => [...c.w.jobs.orders];

const fulfilOne: Action["plan"] = (c) => {
  const id = c.rng.pick(queued(c));
  if (!id) return undefined;
  const settle = c.rng.chance(0.9);
  return {
    label: `fulfil ${id}${settle ? "" : " (crash before its follow-ups)"}`,
    touches: [id],
    run: () => attempt(c, id, settle),
  };
};

/** Two queued orders at once; two renewals of one subscription when there are. */
const fulfilPair: Action["plan"] = (c) => {
  const ids = queued(c);
  const bySub = new Map<string, string[]>();
  for (const id of ids) {
    const sub = c.m.orders.get(id)?.subId;
    if (sub) bySub.set(sub, [...(bySub.get(sub) ?? []), id]);
  }
  const twins = [...bySub.values()].filter((l) => l.length >= 2);
  const pair = twins.length > 0 && c.rng.chance(0.7) ? c.rng.pick(twins) : [c.rng.pick(ids), c.rng.pick(ids)];
  const [a, b] = pair ?? [];
  if (!a || !b || a === b) return undefined;
  const [oa, ob] = [c.m.orders.get(a), c.m.orders.get(b)];
  // The referral bonus goes to whichever purchase asks first: the model cannot tell at once.
  if (oa?.kind === "purchase" && ob?.kind === "purchase" && oa.customerId === ob.customerId) return undefined;
  return {
    label: `fulfil ${a} and ${b} at once`,
    touches: [a, b],
    run: async () => {
      await Promise.all([attempt(c, a, true), attempt(c, b, true)]);
    },
  };
};

/** A stalled job run again while the first run still goes on (a worker that lost its lock). */
const rerun: Action["plan"] = (c) => {
  const id = c.rng.pick(queued(c));
  if (!id) return undefined;
  return {
    label: `fulfil ${id} twice at once (a stalled job run again)`,
    touches: [id],
    run: async () => {
      await Promise.all([attempt(c, id, true), attempt(c, id, true)]);
    },
  };
};

const failOne: Action["plan"] = (c) => {
  const id = c.rng.pick(queued(c).filter((o) => (c.m.orders.get(o)?.failedAttempts ?? 0) > 0));
  if (!id) return undefined;
  return {
    label: `worker gives up on ${id}`,
    touches: [id],
    run: () => giveUp(c, id, "given up by the model"),
  };
};

/** The client a subscription lives on, as the admin menus name it. */
async function clientOf(c: Ctx, sub: ModelSub): Promise<HostingClient | undefined> {
  const ref = (await c.w.rooms.books.subscriptions.get(sub.id))?.ref;
  if (!ref) return undefined;
  return ref.kind === "xui" ? { kind: "xui", serverId: ref.serverId, name: ref.name } : ref;
}

export function asked(c: Ctx, sub: ModelSub, change: TermChange, mine: Omit<ModelChange, "id" | "subId">) {
  if (change.subscriptionId !== sub.id) {
    c.violation(`an admin's change of ${sub.id}'s client went to ${change.subscriptionId}`);
  }
  return { id: change.id, subId: sub.id, ...mine };
}

/** An admin's change of a subscription's client: N days more, or a date. */
function adminChange(mode: "add" | "set"): Action["plan"] {
  return (c) => {
    const subs = [...c.m.subs.values()].filter((s) => mode === "add" || s.backend !== "node");
    const sub = c.rng.pick(subs);
    if (!sub) return undefined;
    const days = c.rng.int(1, 20);
    const target =
      Math.ceil((c.w.clock.now() + c.rng.int(3, 90) * DAY + c.rng.int(0, 23) * HOUR) / MINUTE) * MINUTE;
    const what = mode === "add" ? `+${days} days` : `set ${new Date(target).toISOString()}`;
    return {
      label: `admin ${what} on ${sub.id} (${sub.backend})`,
      run: async () => {
        const client = await clientOf(c, sub);
        if (!client) return c.violation(`subscription ${sub.id} is gone`);
        const request =
          mode === "add"
            ? ({ client, mode, days, adminId: ADMIN } as const)
            : ({ client, mode, target, adminId: ADMIN } as const);
        const out = await c.w.rooms.terms.terms.request(request);
        if (out.kind === "not-owned")
          return c.violation(`${sub.id}'s client ${clientKey(client)} has no owner`);
        c.note(`  ${out.change.id}: ${out.kind}`);
        c.tally(`admin ${mode}: ${out.kind}`);
        const change = asked(c, sub, out.change, { mode, days: mode === "add" ? days : 0, target });
        if (out.kind === "applied") c.m.changeApplied(change, c.w.clock.now());
        if (out.kind === "waiting" || out.kind === "retrying") c.m.changes.set(change.id, change);
        if (out.kind === "retrying") c.m.changeTries.set(change.id, 1);
      },
    };
  };
}

/** A queued term change's job: applied when its turn has come. */
const applyChange: Action["plan"] = (c) => {
  const id = c.rng.pick([...c.w.jobs.changes]);
  if (!id) return undefined;
  return { label: `apply ${id}`, touches: [id], run: () => applyQueued(c, id) };
};

/** The term job's last attempt failed: the worker gives the change up (out of the chain). */
const giveUpOnChange: Action["plan"] = (c) => {
  const id = c.rng.pick([...c.w.jobs.changes].filter((x) => (c.m.changeTries.get(x) ?? 0) > 0));
  if (!id) return undefined;
  return { label: `worker gives up on ${id}`, touches: [id], run: () => giveUpChange(c, id, "given up") };
};

/** The worker gives change `id` up: failed, or done when its write had landed after all. */
export async function giveUpChange(c: Ctx, id: string, reason: string): Promise<void> {
  let out: Awaited<ReturnType<typeof c.w.rooms.terms.terms.giveUp>>;
  try {
    out = await c.w.rooms.terms.terms.giveUp(id, new Error(reason));
  } catch (err) {
    // Whether its last write landed cannot be told now: the worker looks again later.
    if (err instanceof TermChangeUndecidedError) {
      c.tally("change give-up undecided");
      return c.note(`  ${id}: not given up yet (${err.message})`);
    }
    throw err;
  }
  c.note(`  ${id} given up: ${out.kind}`);
  c.tally(`change given up: ${out.kind}`);
  c.w.jobs.changes.delete(id);
  if (await freezeChangeSettled(c, id, out.kind === "applied")) return;
  const change = c.m.changes.get(id);
  if (out.kind === "applied" && change) c.m.changeApplied(change, c.w.clock.now());
  else c.m.changes.delete(id);
}

export async function applyQueued(c: Ctx, id: string): Promise<void> {
  const { terms } = c.w.rooms.terms;
  const change = c.m.changes.get(id);
  try {
    const out = await terms.apply(id);
    c.note(`  ${id}: ${out.kind}`);
    c.tally(`queued change: ${out.kind}`);
    if (out.kind === "waiting") return;
    c.w.jobs.changes.delete(id);
    if (await freezeChangeSettled(c, id, out.kind === "applied")) return;
    if (out.kind === "applied" && change) c.m.changeApplied(change, c.w.clock.now());
    else if (out.kind === "settled" && change && out.change.status === "done") {
      c.violation(`change ${id} was applied behind the model's back`);
    } else c.m.changes.delete(id);
  } catch (err) {
    if (err instanceof NodeEditInDoubtError) return c.note(`  ${id}: a node edit is in doubt; later`);
    const tries = (c.m.changeTries.get(id) ?? 0) + 1;
    c.m.changeTries.set(id, tries);
    const final = !mayHealOnRetry(err) || tries >= ATTEMPTS;
    c.note(`  ${id} attempt ${tries} failed${final ? " (final)" : ""}: ${describe(err)}`);
    if (final) await giveUpChange(c, id, describe(err));
  }
}

const reconcile: Action["plan"] = (c) => ({
  label: "reconciliation run",
  run: async () => {
    const summary = await c.w.rooms.drift.sync.reconciler.run();
    if (!summary) return c.note("  not run: another run holds the lease");
    const found = Object.entries(summary.found).filter(([, n]) => n > 0);
    for (const [kind, n] of found) c.tally(`reconciliation found ${kind}`, n);
    c.note(`  found ${found.map(([k, n]) => `${k} ${n}`).join(", ") || "nothing"}`);
  },
});

export function termActions(): Action[] {
  return [
    { name: "fulfil", weight: 14, plan: fulfilOne },
    { name: "fulfil-pair", weight: 5, plan: fulfilPair },
    { name: "rerun", weight: 1, plan: rerun },
    { name: "give-up", weight: 6, plan: failOne },
    { name: "admin-add", weight: 6, plan: adminChange("add") },
    { name: "admin-set", weight: 2, plan: adminChange("set") },
    { name: "apply-change", weight: 4, plan: applyChange },
    { name: "give-up-change", weight: 4, plan: giveUpOnChange },
    { name: "reconcile", weight: 2, plan: reconcile },
  ];
}
