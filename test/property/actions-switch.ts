import type { RequestOutcome } from "../../src/domain/terms/index.js";
import { asked } from "./actions-terms.js";
import { type Action, type Ctx, payOrder } from "./ctx.js";
import type { ModelSub } from "./model.js";
import { BACKENDS, type Backend, PLANS, WORLD_OWNER } from "./world.js";

/*
 * Plan switches with credit (issue 30) and the admin's fair refund, as customers and admins do
 * them at random between the other actions: a switch to another backend's plan (its credit fixed
 * on the order, paid from the wallet or by an invoice, sometimes two presses), and a fair refund
 * of a subscription's unused term tapped twice at once (the money once, the term ended now).
 */

/** A switch of a subscription to another backend's plan by its owner. */
const planSwitch: Action["plan"] = (c) => {
  const sub = c.rng.pick([...c.m.subs.values()]);
  if (!sub) return undefined;
  const to = c.rng.pick(BACKENDS.filter((b) => b !== sub.backend)) as Backend;
  const how = c.rng.weighted<"wallet" | "invoice">([
    ["wallet", 4],
    ["invoice", 1],
  ]);
  const twice = c.rng.chance(0.3);
  const later = c.rng.chance(0.1);
  return {
    label: `switch ${sub.id} (${sub.backend}) to ${to} by c${sub.customerId}${twice ? " twice" : ""}`,
    run: async () => {
      const { switches } = c.w.rooms.sales.shop;
      const start = () => switches.start(sub.customerId, sub.id, PLANS[to], "en");
      const [started, again] = await Promise.all(twice ? [start(), start()] : [start()]);
      if (!started?.ok) return c.note(`  refused: ${started?.reason}`);
      if (again?.ok && again.order.id !== started.order.id)
        c.violation(`two presses of one switch opened ${started.order.id} and ${again.order.id}`);
      const { order } = started;
      c.note(`  ${order.id} credit ${order.switchCredit} to pay ${order.price}`);
      if (later) c.m.unpaid.add(order.id);
      else await payOrder(c, order, how, false);
    },
  };
};

/** An admin's fair refund of a subscription's unused term, tapped twice at once. */
const fairRefund: Action["plan"] = (c) => {
  const sub = c.rng.pick([...c.m.subs.values()]);
  if (!sub) return undefined;
  return {
    label: `fair refund of ${sub.id} (${sub.backend}) twice at once`,
    run: async () => {
      const { fairRefunds } = c.w.rooms.backoffice;
      // Telegram's refundStarPayment as the fake answers it (yes): a charge sent is a charge sent back.
      const stars = async (_user: number, charge: string) => {
        c.m.starsRefunded.add(charge);
        return true;
      };
      const outs = await Promise.all([0, 1].map(() => fairRefunds.refund(WORLD_OWNER, sub.id, stars)));
      const refunded = outs.filter((o) => o.status === "refunded");
      if (refunded.length > 1) c.violation(`a fair refund of ${sub.id} paid twice`);
      for (const out of outs) {
        c.note(`  ${out.status}`);
        c.tally(`fair refund: ${out.status}`);
        if (out.status === "refunded") c.m.fairRefunds.set(sub.id, (c.m.fairRefunds.get(sub.id) ?? 0) + 1);
        if (out.status === "refunded" || out.status === "already") {
          sub.ended = true;
          ended(c, sub, out.ended);
        }
      }
    },
  };
};

/** The term ended now through the terms authority: the model follows it as an admin's "set". */
function ended(c: Ctx, sub: ModelSub, out: RequestOutcome | undefined): void {
  if (!out || out.kind === "not-owned") return;
  const target = out.change.target ?? 0;
  const change = asked(c, sub, out.change, { mode: "set", days: 0, target });
  if (out.kind === "applied") c.m.changeApplied(change, c.w.clock.now());
  if (out.kind === "waiting" || out.kind === "retrying") c.m.changes.set(change.id, change);
  if (out.kind === "retrying") c.m.changeTries.set(change.id, 1);
}

export const SWITCH_ACTIONS: Action[] = [
  { name: "switch", weight: 3, plan: planSwitch },
  { name: "fair-refund", weight: 1, plan: fairRefund },
];
