import { DAY, HOUR } from "../../src/runtime/clock.js";
import type { Action, Ctx } from "./ctx.js";

/*
 * Customers' freezes (issue 30): a freeze asked (applied at once, or queued behind a renewal or
 * an admin's change in the subscription's chain, or retried after a fault), and an unfreeze by
 * the customer a day or more later. The model banks what is left of its own expected term when
 * the freeze takes hold and gives exactly that back at the unfreeze's first attempt (days
 * conserved); a renewal or a change queued behind the freeze starts from the term given back.
 */

/** A freeze of one of the model's subscriptions not frozen already. */
const freezeOne: Action["plan"] = (c) => {
  const sub = c.rng.pick([...c.m.subs.values()].filter((s) => !c.m.frozen.has(s.id)));
  if (!sub) return undefined;
  const days = c.rng.int(7, 30);
  return {
    label: `c${sub.customerId} freezes ${sub.id} (${sub.backend}) for ${days} days`,
    run: async () => {
      const out = await c.w.rooms.terms.freezes.ask(sub.id, sub.customerId, days);
      c.tally(`freeze: ${out.kind}`);
      if (out.kind === "refused") return c.note(`  refused: ${out.reason}`);
      if (out.kind === "failed") return c.note(`  failed: ${out.error}`);
      c.note(`  ${out.view.changeId}: ${out.kind}`);
      if (out.kind === "frozen") return c.m.froze(sub.id, out.view.changeId, out.view.frozenAt ?? 0);
      if (out.kind === "waiting" || out.kind === "retrying") c.m.freezesAsked.set(out.view.changeId, sub.id);
    },
  };
};

/** A freeze's change applied by the worker (applyQueued, giveUpChange): the model follows. */
export async function freezeChangeSettled(c: Ctx, id: string, applied: boolean): Promise<boolean> {
  const subId = c.m.freezesAsked.get(id);
  if (subId === undefined) return false;
  if (!applied) {
    c.m.freezesAsked.delete(id);
    return true;
  }
  const change = await c.w.rooms.terms.changes.get(id);
  if (change?.frozenAt === undefined) c.violation(`freeze ${id} took hold without its time fixed`);
  c.m.froze(subId, id, change?.frozenAt ?? 0);
  return true;
}

/** The customer ends a freeze a day or more on (the clock moves on with it). */
const unfreezeOne: Action["plan"] = (c) => {
  const subId = c.rng.pick([...c.m.frozen.keys()]);
  if (!subId) return undefined;
  const later = DAY + c.rng.int(0, 6) * HOUR;
  return { label: `unfreeze ${subId} (${later / HOUR} h on)`, run: () => unfreeze(c, subId, later) };
};

/** Unfreezes `subId` by its customer, `later` ms on; the model gives back the bank once it holds. */
export async function unfreeze(c: Ctx, subId: string, later: number): Promise<void> {
  const sub = c.m.subs.get(subId);
  if (!sub) return;
  // A late write in flight lands within moments, not a day later: let it land before the day passes.
  await c.w.idle();
  await c.w.advance(later);
  if (!c.m.unfreezeFirstAt.has(subId)) c.m.unfreezeFirstAt.set(subId, c.w.clock.now());
  const out = await c.w.rooms.terms.freezes.unfreeze(subId, { customerId: sub.customerId });
  c.tally(`unfreeze: ${out.kind}`);
  c.note(`  ${out.kind}${out.kind === "refused" ? ` (${out.reason})` : ""}`);
  if (out.kind === "unfrozen") c.m.unfroze(subId, c.w.clock.now());
  else if (out.kind === "refused") c.violation(`the unfreeze of ${subId} was refused: ${out.reason}`);
}

export const FREEZE_ACTIONS: Action[] = [
  { name: "freeze", weight: 2, plan: freezeOne },
  { name: "unfreeze", weight: 2, plan: unfreezeOne },
];
