import type { User } from "grammy/types";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Subscription } from "../../src/domain/books/index.js";
import type { Plan } from "../../src/domain/catalog/index.js";
import { NODE_EDIT_DOUBT_MS } from "../../src/domain/provisioning/index.js";
import { formatDate } from "../../src/render/format.js";
import { DAY, MINUTE, SECOND } from "../../src/runtime/clock.js";
import { fail } from "../fakes/http-fake.js";
import { newUsers } from "../helpers/bot-harness.js";
import {
  base,
  boughtFromBalance,
  chatOf,
  freezeEnds,
  type PlansRig,
  panelBoth,
  startPlansRig,
  untilOrder,
} from "../helpers/plans-rig.js";
import { untilValue } from "../helpers/wait.js";

/**
 * Issue 30, a freeze during a pending renewal, end to end through the chat on each backend where
 * freezes apply (x-ui, the panel over two locations, the node): the renewal opened and paid from
 * the card while its order is still in flight (its first hosting write failed: it holds the head
 * of the subscription's term chain; or its job has not run yet), the freeze asked from /my at
 * that moment, then ended by the customer's Unfreeze or by the freeze worker at its end. The
 * days are neither lost nor doubled: the card, the record and the hosting side agree.
 */

const person = newUsers(30_500);
let r: PlansRig;
/** Orders whose job is held back (the next one paid while `holdNext` is set). */
const held: string[] = [];
let holdNext = false;
const freeze = { times_per_year: 2, min_days: 7, max_days: 30 };
const PRICE = { de: 150, duo: 300, own: 120 } as const;
type PlanId = keyof typeof PRICE;

beforeAll(async () => {
  const plan = (id: PlanId, backend: Plan["backend"], traffic: number): Plan => ({
    ...base,
    ...{
      id,
      title: { en: id.toUpperCase(), ru: id },
      traffic_gb: traffic,
      price: PRICE[id],
      backend,
      freeze,
    },
  });
  r = await startPlansRig({
    adminIds: [30_499],
    plans: ({ a }) => [
      plan("de", { kind: "xui", servers: [a] }, 100),
      plan("duo", panelBoth, 0),
      plan("own", { kind: "node" }, 50),
    ],
    enqueue: async (queue, id) => {
      if (!holdNext) return queue.enqueue(id);
      holdNext = false;
      held.push(id);
    },
  });
});
afterAll(() => r.close());
beforeEach(() => {
  r.rig.t.telegram.clear();
  r.rig.clock.set(Date.now());
});

const t = () => r.rig.t;
const { shownTo, tap, card, untilSent } = chatOf(() => r.rig);
const record = async (sub: Subscription) => (await t().deps.books.subscriptions.get(sub.id))?.expiresAt;
const date = (ms: number) => formatDate("en", ms);

/** The renewal from the card, paid from the balance; its job held back. Returns its order id. */
async function renewInChat(who: User, sub: Subscription): Promise<string> {
  await card(who, sub);
  await tap(who, /^🔄 Renew for/);
  holdNext = true;
  await tap(who, /from balance/);
  expect(shownTo(who).text).toContain("Renewing your subscription");
  const id = held.at(-1);
  if (!id || holdNext) throw new Error("the renewal was not paid");
  return id;
}

/** Its first hosting write fails (503): the renewal stays in provisioning at the chain's head. */
async function firstWriteFails(sub: Subscription, orderId: string): Promise<void> {
  const { ref } = sub;
  if (ref.kind === "xui")
    r.account.failNext("PATCH", `/api/v1/servers/${ref.serverId}/clients/.+`, fail(503, "down"), 20);
  else if (ref.kind === "panel")
    r.panel.failNext("PATCH", "/api/(fed/lproxy/2/)?clients/.+", fail(503, "down"), 20);
  else r.node.failNext("PATCH", "(/api)?/(edit|clients/.+)", fail(503, "down"), 20);
  await expect(t().deps.settlement.fulfilment.fulfil(orderId)).rejects.toThrow();
  r.account.disarm();
  r.panel.disarm();
  r.node.disarm();
  expect((await t().deps.books.orders.get(orderId))?.status).toBe("provisioning");
  // A node edit without an answer may still land: the shop waits that long before writing again.
  if (ref.kind === "node") r.rig.clock.advance(NODE_EDIT_DOUBT_MS + SECOND);
}

/** The freeze of `days` from the card's buttons; returns what the chat answered. */
async function freezeInChat(who: User, sub: Subscription, days: number): Promise<string> {
  await card(who, sub);
  await tap(who, "❄️ Freeze");
  await tap(who, `${days} days`);
  await tap(who, "✅ Freeze");
  return shownTo(who).text;
}

/** The hosting side's client: enabled or not, and its term (ms). */
async function hosting(sub: Subscription) {
  const now = (await t().deps.books.subscriptions.get(sub.id)) ?? sub;
  return t().deps.provisioning.provisioner(now.ref.kind).state(now.ref);
}

/** The term on the hosting side is `end`, within the backend's rounding (x-ui and node: whole days). */
async function holdsOnHosting(sub: Subscription, end: number) {
  const state = await hosting(sub);
  expect(state.enabled).toBe(true);
  expect(state.expiresAt - end).toBeGreaterThanOrEqual(sub.ref.kind === "panel" ? -1000 : 0);
  expect(state.expiresAt - end).toBeLessThan(sub.ref.kind === "panel" ? 1000 : DAY);
}

const ENDS: Record<PlanId, "customer" | "worker"> = { de: "customer", duo: "worker", own: "worker" };

describe("a freeze asked while a paid renewal is being applied, through the chat", () => {
  for (const planId of Object.keys(PRICE) as PlanId[]) {
    it(`${planId}: the freeze waits, then banks the renewal's days too; ended by the ${ENDS[planId]}, no day lost or doubled`, async () => {
      const who = person();
      const sub = await boughtFromBalance(r.rig, who, planId);
      const renewal = await renewInChat(who, sub);
      await firstWriteFails(sub, renewal);

      expect(await freezeInChat(who, sub, 14)).toContain("Your freeze is queued behind a change");
      expect((await card(who, sub)).text).toContain("A freeze of 14 days is starting.");
      expect((await hosting(sub)).enabled).toBe(true);

      // The renewal's job runs now: it lands, then the freeze takes its turn.
      await r.rig.queue.enqueue(renewal);
      await untilOrder(r.rig, renewal, "active", 20_000);
      await untilValue(
        () => t().deps.terms.freezes.current(sub.id),
        (v) => v?.status === "frozen",
        20_000,
      );
      const frozenAt = r.rig.clock.now();
      // Banked: the term left with the renewal's 30 days (the panel and the node keep whole seconds).
      const bank = (await t().deps.terms.freezes.current(sub.id))?.bankMs ?? 0;
      expect(Math.abs(bank - (sub.expiresAt + 30 * DAY - frozenAt))).toBeLessThan(SECOND);
      const frozen = await card(who, sub);
      expect(frozen.text).toContain(`❄️ Frozen until ${date(frozenAt + 14 * DAY)}`);
      expect(frozen.text).toContain(`ends ${date(frozenAt + 14 * DAY + bank)}`);
      expect(await record(sub)).toBe(frozenAt + 14 * DAY + bank);
      expect((await hosting(sub)).enabled).toBe(false);

      let end: number;
      if (ENDS[planId] === "customer") {
        r.rig.clock.advance(2 * DAY);
        await tap(who, "▶️ Unfreeze now");
        end = frozenAt + 2 * DAY + bank;
        expect(shownTo(who).text).toContain(
          `Unfrozen: the connection is on again and the subscription ends ${date(end)}`,
        );
      } else {
        // The worker runs every 5 minutes: it comes a minute after the freeze's end.
        r.rig.clock.advance(14 * DAY + MINUTE);
        expect(await freezeEnds(r.rig)).toBeGreaterThanOrEqual(1);
        end = frozenAt + 14 * DAY + MINUTE + bank;
        await untilSent(who.id, `subscription ends ${date(end)}`);
      }
      expect(await record(sub)).toBe(end);
      await holdsOnHosting(sub, end);
      // The card shows the hosting side's term: the record's, rounded up to its whole day on a node.
      const after = await card(who, sub);
      expect(after.text).not.toContain("❄️");
      expect(after.text).toContain(`Valid until: ${date((await hosting(sub)).expiresAt)}`);
      expect(await t().deps.books.wallet.balance(who.id)).toBe(1000 - 2 * PRICE[planId]);
    });
  }
});

describe("an unfreeze tapped as the freeze worker ends the freeze, through the chat", () => {
  for (const planId of ["de", "duo", "own"] as const) {
    it(`${planId}: the term given back once`, async () => {
      const who = person();
      const sub = await boughtFromBalance(r.rig, who, planId);
      expect(await freezeInChat(who, sub, 7)).toContain("❄️ Frozen until");
      const bank = (await t().deps.terms.freezes.current(sub.id))?.bankMs ?? 0;
      await card(who, sub);
      r.rig.clock.advance(7 * DAY);
      await Promise.all([tap(who, "▶️ Unfreeze now"), freezeEnds(r.rig)]);
      const end = r.rig.clock.now() + bank;
      expect(shownTo(who).text).toContain(`subscription ends ${date(end)}`);
      expect(await record(sub)).toBe(end);
      await holdsOnHosting(sub, end);
      expect(await t().deps.terms.freezes.current(sub.id)).toBeUndefined();
    });
  }
});

describe("a freeze waiting behind a paid renewal that fails for good, through the chat", () => {
  it("duo: the renewal refunded once, then the freeze banks the term as it was (no renewal days)", async () => {
    const who = person();
    const sub = await boughtFromBalance(r.rig, who, "duo");
    const renewal = await renewInChat(who, sub);
    await firstWriteFails(sub, renewal);
    expect(await freezeInChat(who, sub, 14)).toContain("Your freeze is queued behind a change");
    // The renewal's next write is refused for good (400): it fails, is refunded, hands the chain on.
    r.panel.failNext("PATCH", "/api/clients/.+", fail(400, "bad_request"));
    await r.rig.queue.enqueue(renewal);
    await untilOrder(r.rig, renewal, "refunded", 20_000);
    await untilSent(who.id, "We could not renew");
    const view = await untilValue(
      () => t().deps.terms.freezes.current(sub.id),
      (v) => v?.status === "frozen",
      20_000,
    );
    const frozenAt = r.rig.clock.now();
    expect(Math.abs((view?.bankMs ?? 0) - (sub.expiresAt - frozenAt))).toBeLessThan(SECOND);
    const end = frozenAt + 14 * DAY + (view?.bankMs ?? 0);
    expect(await record(sub)).toBe(end);
    expect((await card(who, sub)).text).toContain(`ends ${date(end)}`);
    expect((await hosting(sub)).enabled).toBe(false);
    // Charged for the purchase only: the renewal's money back once.
    expect(await t().deps.books.wallet.balance(who.id)).toBe(1000 - PRICE.duo);
    const { entries } = await t().deps.books.wallet.history(who.id, 0, 20);
    expect(entries.filter((e) => e.kind === "refund").map((e) => e.amount)).toEqual([PRICE.duo]);
  });
});

describe("a freeze that took hold before a paid renewal's job ran, through the chat", () => {
  it("de: the renewal waits behind the freeze and adds its days to the term given back", async () => {
    const who = person();
    const sub = await boughtFromBalance(r.rig, who, "de");
    const renewal = await renewInChat(who, sub);
    expect(await freezeInChat(who, sub, 7)).toContain("❄️ Frozen until");
    const frozenAt = r.rig.clock.now();
    await r.rig.queue.enqueue(renewal);
    // Its first run finds the freeze at the head of the chain: it waits (no write, no day added).
    await untilValue(
      () =>
        t()
          .deps.books.orders.get(renewal)
          .then((o) => o?.status),
      (s) => s === "provisioning",
    );
    expect((await hosting(sub)).enabled).toBe(false);
    expect(await record(sub)).toBe(sub.expiresAt + 7 * DAY);
    expect((await card(who, sub)).text).toContain(`ends ${date(sub.expiresAt + 7 * DAY)}`);
    r.rig.clock.advance(7 * DAY);
    expect(await freezeEnds(r.rig)).toBeGreaterThanOrEqual(1);
    // The renewal's job looks again (the chain's wait) and adds its 30 days to the term given back.
    await untilOrder(r.rig, renewal, "active", 20_000);
    const end = frozenAt + 7 * DAY + (sub.expiresAt - frozenAt) + 30 * DAY;
    expect(await record(sub)).toBe(end);
    await holdsOnHosting(sub, end);
    expect((await card(who, sub)).text).toContain(`Valid until: ${date((await hosting(sub)).expiresAt)}`);
    expect(await t().deps.books.wallet.balance(who.id)).toBe(1000 - 2 * PRICE.de);
  });
});
