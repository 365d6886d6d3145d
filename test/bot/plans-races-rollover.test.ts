import type { User } from "grammy/types";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Subscription } from "../../src/domain/books/index.js";
import { GB_BYTES } from "../../src/domain/books/index.js";
import type { Plan } from "../../src/domain/catalog/index.js";
import { preCheckout, successfulPayment } from "../fakes/telegram-api.js";
import { newUsers } from "../helpers/bot-harness.js";
import {
  base,
  boughtFromBalance,
  chatOf,
  type PlansRig,
  panelBoth,
  startPlansRig,
  untilOrder,
} from "../helpers/plans-rig.js";
import { findButton } from "../helpers/telegram-views.js";

/**
 * Issue 30, a traffic rollover at a renewal paid twice, end to end through the chat on each
 * backend with a traffic allowance (x-ui, the panel over two locations, the node): the renewal
 * from the card, paid by Telegram invoice, and Telegram delivering three successful payments for
 * its one order at the same moment: the same charge twice (an update sent again) and a second
 * charge (the invoice paid twice). The order is paid once and its carry applied once; the second
 * charge's money stays in the wallet (rule 3: a payment is credited once, a paid order is not
 * charged again); /my shows the GB carried once.
 */

const person = newUsers(30_700);
let r: PlansRig;
const PRICE = { de: 150, duo: 300, own: 120 } as const;
const ALLOWANCE = { de: 100, duo: 100, own: 50 } as const;
type PlanId = keyof typeof PRICE;
/** Used of the term before the renewal: 10 GB of each plan's allowance are left, under the cap. */
const USED = { de: 90, duo: 90, own: 40 } as const;

beforeAll(async () => {
  const plan = (id: PlanId, backend: Plan["backend"]): Plan => ({
    ...base,
    ...{ id, title: { en: id.toUpperCase(), ru: id }, price: PRICE[id], backend },
    ...{ traffic_gb: ALLOWANCE[id], rollover: { cap_gb: 20 } },
  });
  r = await startPlansRig({
    adminIds: [30_699],
    plans: ({ a }) => [
      plan("de", { kind: "xui", servers: [a] }),
      plan("duo", panelBoth),
      plan("own", { kind: "node" }),
    ],
  });
});
afterAll(() => r.close());
beforeEach(() => r.rig.t.telegram.clear());

const t = () => r.rig.t;
const { shownTo, press, tap, card, sentTo } = chatOf(() => r.rig);

function use(sub: Subscription, gb: number): void {
  const { ref } = sub;
  if (ref.kind === "xui") r.account.setUsage(ref.serverId, ref.name, 0, gb * GB_BYTES);
  else if (ref.kind === "panel") r.panel.setUsage("main", ref.name, { trafficUsedGb: gb });
  else r.node.setTraffic(ref.name, 0, gb * GB_BYTES);
}

/** The renewal from the card, paid by Telegram invoice (the wallet is empty): its invoice's payload. */
async function renewalInvoice(who: User, sub: Subscription, price: number): Promise<string> {
  await card(who, sub);
  await tap(who, /^🔄 Renew for/);
  await tap(who, /by invoice/);
  const invoice = t().telegram.last("sendInvoice")?.params;
  expect(invoice?.prices).toEqual([expect.objectContaining({ amount: price })]);
  const payload = String(invoice?.payload);
  await t().send(preCheckout(who, payload, price, "XTR"));
  expect(t().telegram.last("answerPreCheckoutQuery")?.params).toMatchObject({ ok: true });
  return payload;
}

describe("a rollover at a renewal paid twice, through the chat", () => {
  for (const planId of Object.keys(PRICE) as PlanId[]) {
    it(`${planId}: the order paid once, the carry applied once, the second charge in the wallet, /my shows it once`, async () => {
      const who = person();
      const price = PRICE[planId];
      const sub = await boughtFromBalance(r.rig, who, planId, price);
      expect(await t().deps.books.wallet.balance(who.id)).toBe(0);
      use(sub, USED[planId]);
      const payload = await renewalInvoice(who, sub, price);
      const orderId = payload.split(":")[1] ?? "";
      const paid = (charge: string) => successfulPayment(who, payload, price, "XTR", charge);
      await Promise.all([
        t().send(paid(`ch-a-${who.id}`)),
        t().send(paid(`ch-a-${who.id}`)),
        t().send(paid(`ch-b-${who.id}`)),
      ]);
      await untilOrder(r.rig, orderId, "active", 20_000);

      const renewals = (await t().deps.books.orders.ofCustomer(who.id)).filter((o) => o.kind === "renewal");
      expect(renewals.map((o) => o.status)).toEqual(["active"]);
      expect(renewals[0]?.rolloverGb).toBe(10);
      const now = await t().deps.books.subscriptions.get(sub.id);
      expect(now).toMatchObject({ carriedGb: 10, trafficGb: ALLOWANCE[planId] + 10 });
      // One debit for the renewal; both charges credited, once each: the second stays in the wallet.
      const { entries } = await t().deps.books.wallet.history(who.id, 0, 20);
      expect(entries.filter((e) => e.kind === "renewal").map((e) => e.amount)).toEqual([-price]);
      expect(entries.filter((e) => e.kind === "topup").map((e) => e.amount)).toEqual([price, price]);
      expect(await t().deps.books.wallet.balance(who.id)).toBe(price);
      if (sub.ref.kind === "xui") {
        const state = await t().deps.provisioning.provisioner("xui").state(sub.ref);
        expect(state.limitBytes / GB_BYTES).toBe(USED.de + ALLOWANCE.de + 10);
      }

      const shown = (await card(who, sub)).text;
      expect(shown.match(/\+10 GB carried over/g)).toHaveLength(1);
      expect(shown).not.toContain("+20 GB carried over");
      await t().telegram.waitFor(
        (c) =>
          c.method === "sendMessage" && c.chatId === who.id && String(c.params.text).includes("Renewed:"),
      );
      expect(sentTo(who.id).filter((m) => m.includes("Renewed:"))).toHaveLength(1);
      // One charge paid the order; the customer is told where the other one's money went.
      const told = sentTo(who.id);
      expect(told.filter((m) => m.startsWith("✅ Payment received. Preparing"))).toHaveLength(1);
      expect(told.filter((m) => m.includes("was paid already"))).toEqual([
        `✅ Payment of ${price} ⭐ received. This order was paid already, so this payment is in your wallet (balance ${price} ⭐); you can buy with it at any time.`,
      ]);
    });
  }

  it("de: paid from the balance and by its invoice at the same moment: paid once, carried once, the invoice's money in the wallet", async () => {
    const who = person();
    const sub = await boughtFromBalance(r.rig, who, "de", PRICE.de);
    use(sub, USED.de);
    const payload = await renewalInvoice(who, sub, PRICE.de);
    const orderId = payload.split(":")[1] ?? "";
    // The money for it arrives on the balance; the renewal opened again is the same order, now
    // payable from the balance: that tap and the invoice's payment come at the same moment.
    await t().deps.books.wallet.credit(who.id, PRICE.de, `gift:${who.id}`, { kind: "admin-credit" });
    await card(who, sub);
    await tap(who, /^🔄 Renew for/);
    const fromBalance = findButton(shownTo(who).buttons, /from balance/);
    expect(fromBalance).toContain(orderId);
    await Promise.all([
      press(who, fromBalance),
      t().send(successfulPayment(who, payload, PRICE.de, "XTR", `ch-c-${who.id}`)),
    ]);
    await untilOrder(r.rig, orderId, "active", 20_000);
    const renewals = (await t().deps.books.orders.ofCustomer(who.id)).filter((o) => o.kind === "renewal");
    expect(renewals.map((o) => [o.id, o.status])).toEqual([[orderId, "active"]]);
    expect(renewals[0]?.rolloverGb).toBe(10);
    expect(await t().deps.books.subscriptions.get(sub.id)).toMatchObject({ carriedGb: 10, trafficGb: 110 });
    const { entries } = await t().deps.books.wallet.history(who.id, 0, 20);
    expect(entries.filter((e) => e.kind === "renewal").map((e) => e.amount)).toEqual([-PRICE.de]);
    expect(entries.filter((e) => e.kind === "topup").map((e) => e.amount)).toEqual([PRICE.de]);
    expect(await t().deps.books.wallet.balance(who.id)).toBe(PRICE.de);
    expect((await card(who, sub)).text.match(/\+10 GB carried over/g)).toHaveLength(1);
  });
});
