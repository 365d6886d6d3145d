import { wasPaidStatus } from "../../src/domain/books/index.js";
import { AutoRenew, type AutoRenewDeps, type AutoRenewOutcome } from "../../src/domain/sales/index.js";
import { createLogger } from "../../src/runtime/logger.js";
import { type Action, type Ctx, telegramPayment } from "./ctx.js";
import type { Model } from "./model.js";

/*
 * Issue 26: auto-renew from the balance joins the model. A customer turns it on for one of their
 * subscriptions; then the periodic task runs (alone, in two workers at once, or in a process that
 * dies between two steps and a restart after it), or a top-up comes in (the payment's own step
 * renews what is due: telegramPayment). Every renewal it pays is an ordinary order the model learns
 * of here and the order worker fulfils like any other: the money and term invariants then hold it
 * to being charged once and applied once. Besides, a term is renewed by auto-renew at most once.
 * The days-before setting is the largest (30, a plan's whole term), so a term just bought is due.
 */

/** Per run: subscription -> the terms (expiries) auto-renew paid a renewal of. */
const renewedTerms = new WeakMap<Model, Map<string, Set<number>>>();

type Variant = "one" | "two workers" | "dies before the charge" | "answer of the charge lost" | "a top-up";

/** An AutoRenew of the world's services with some replaced (a process that dies mid-way). */
function autoRenewWith(c: Ctx, replace: Partial<AutoRenewDeps>): AutoRenew {
  const { books, sales, catalog } = c.w.rooms;
  return new AutoRenew({
    ...{ redis: c.w.redis, clock: c.w.clock, logger: createLogger("silent"), settings: catalog.settings },
    ...{ customers: books.customers, wallet: books.wallet, orders: books.orders },
    ...{ subscriptions: books.subscriptions, shop: sales.shop, cashier: sales.cashier },
    ...replace,
  });
}

const died = (): never => {
  throw new Error("the process died here");
};

/** The runs of the task a variant makes, one after the other (a dying one first, then the restart). */
function runsOf(c: Ctx, variant: Variant): (() => Promise<AutoRenewOutcome[]>)[] {
  const { autoRenew, cashier } = c.w.rooms.sales;
  if (variant === "one" || variant === "a top-up") return [() => autoRenew.runDue()];
  if (variant === "two workers")
    return [async () => (await Promise.all([autoRenew.runDue(), autoRenew.runDue()])).flat()];
  const dying =
    variant === "dies before the charge"
      ? autoRenewWith(c, { cashier: { payable: died, payFromBalance: died } })
      : autoRenewWith(c, {
          cashier: {
            payable: (...args) => cashier.payable(...args),
            payFromBalance: async (...args) => {
              await cashier.payFromBalance(...args);
              return died();
            },
          },
        });
  return [() => dying.runDue().catch(() => []), () => autoRenew.runDue()];
}

/**
 * Learns the renewals auto-renew paid (the outcomes, and any paid renewal the model does not know:
 * one whose answer a dying process lost), and checks one per term.
 */
async function learnAutoRenewals(c: Ctx, outcomes: AutoRenewOutcome[]): Promise<void> {
  const terms = renewedTerms.get(c.m) ?? new Map<string, Set<number>>();
  renewedTerms.set(c.m, terms);
  for (const o of outcomes) {
    if (o.kind !== "renewed") continue;
    const seen = terms.get(o.sub.id) ?? new Set<number>();
    if (seen.has(o.sub.expiresAt))
      c.violation(`auto-renew paid a second renewal of ${o.sub.id} for its term ${o.sub.expiresAt}`);
    seen.add(o.sub.expiresAt);
    terms.set(o.sub.id, seen);
    c.m.paid(o.order);
    c.tally("auto-renew: renewed");
  }
  // A dying run may have paid a renewal of any subscription due (it runs them in turn).
  for (const customerId of c.m.customers) {
    for (const order of await c.w.rooms.books.orders.ofCustomer(customerId, 10_000)) {
      if (order.kind !== "renewal" || c.m.orders.has(order.id) || !wasPaidStatus(order.status)) continue;
      c.note(`  ${order.id} paid by a run whose answer was lost`);
      c.m.paid(order);
    }
  }
}

/** A customer turns auto-renew on for a subscription of theirs; the task runs as `variant` says. */
const autoRenew: Action["plan"] = (c) => {
  const sub = c.rng.pick([...c.m.subs.values()]);
  if (!sub) return undefined;
  const variant = c.rng.weighted<Variant>([
    ["one", 4],
    ["two workers", 3],
    ["dies before the charge", 1],
    ["answer of the charge lost", 1],
    ["a top-up", 2],
  ]);
  const repeat = c.rng.chance(0.3);
  return {
    label: `auto-renew of ${sub.id} (c${sub.customerId}): ${variant}`,
    run: async () => {
      const { sales, catalog } = c.w.rooms;
      await catalog.settings.setAutoRenewDays(30);
      const on = await sales.autoRenew.set(sub.customerId, sub.id, true);
      if (!on.ok) return c.note(`  not switched on: ${on.reason}`);
      const outcomes: AutoRenewOutcome[] = [];
      if (variant === "a top-up") {
        // The payment's own step renews what is due (the model learns it in telegramPayment).
        const started = await sales.cashier.startTopUp(sub.customerId, 250);
        if (!started.ok) return c.violation("top-up of 250 refused");
        await telegramPayment(c, sub.customerId, `t:${started.id}`, 250, repeat);
        return learnAutoRenewals(c, []);
      }
      for (const run of runsOf(c, variant)) outcomes.push(...(await run()));
      const mine = outcomes.filter((o) => o.sub.id === sub.id);
      c.note(
        `  ${mine.map((o) => (o.kind === "refused" ? `refused (${o.reason})` : o.kind)).join(", ") || "not due"}`,
      );
      for (const o of mine) c.tally(`auto-renew ${variant}: ${o.kind}`);
      await learnAutoRenewals(c, outcomes);
    },
  };
};

export const AUTO_RENEW_ACTIONS: Action[] = [{ name: "auto-renew", weight: 4, plan: autoRenew }];
