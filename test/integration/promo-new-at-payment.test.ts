import type { User } from "grammy/types";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createI18n } from "../../src/bot/i18n.js";
import type { Order } from "../../src/domain/books/index.js";
import type { NewPromo } from "../../src/domain/sales/index.js";
import { type ManualClock, MINUTE } from "../../src/runtime/clock.js";
import { createLogger } from "../../src/runtime/logger.js";
import type { Outbox, OutboxMessage } from "../../src/workers/outbox.js";
import { reconcileInbox } from "../../src/workers/reconcile-inbox.js";
import { callback, command, successfulPayment } from "../fakes/telegram-api.js";
import { createTestBot, newUsers, type TestBot } from "../helpers/bot-harness.js";
import { makePromo } from "../helpers/promo.js";
import { telegramViews } from "../helpers/telegram-views.js";

/**
 * Issue 22, finding 6: "new customers only" is decided again in the step that pays the order, from
 * the customer's paid mark. A customer who paid another order after the code was reserved is not
 * new any more: the discounted order is not paid and is cancelled (its use freed); money paid by a
 * Telegram invoice (which cannot be refused after the fact) stays in their wallet, and they are told.
 */

let t: TestBot;
const person = newUsers(9_970);
const { lastShown } = telegramViews(() => t);

beforeAll(async () => {
  t = await createTestBot({ rateLimit: false });
});
afterAll(() => t.close());
beforeEach(() => {
  t.telegram.clear();
  t.enqueued.length = 0;
});

function makeCode(code: string, fields: Partial<NewPromo> = {}): Promise<void> {
  return makePromo(t.deps.sales.promos, code, { newCustomersOnly: true, ...fields });
}

async function credit(who: User, amount: number, why: string): Promise<void> {
  await t.deps.books.wallet.credit(who.id, amount, `seed:${who.id}:${why}`, { kind: "admin-credit" });
}

/** `/promo CODE`, then Buy `plan` in the chat: the order shown, with the code reserved. */
async function discounted(who: User, code: string, plan = "de-xui"): Promise<Order> {
  await t.send(command(who, `/promo ${code}`));
  await t.send(callback(who, `buy:go:${plan}`));
  const open = (await t.deps.books.orders.ofCustomer(who.id)).find(
    (o) => o.status === "awaiting_payment" && o.promoCode === code,
  );
  if (!open) throw new Error(`no discounted order: ${lastShown().text}`);
  return open;
}

/** Another order of the customer, without a code, paid from the balance. */
async function paidPlainOrder(who: User): Promise<void> {
  const started = await t.deps.sales.shop.startPurchase(who.id, "node", "en");
  if (!started.ok) throw new Error(started.reason);
  await credit(who, started.order.price, "plain");
  expect((await t.deps.sales.cashier.payFromBalance(who.id, started.order.id)).status).toBe("paid");
}

const statusOf = async (id: string) => (await t.deps.books.orders.get(id))?.status;

describe("a new-customers-only code, checked again at payment", () => {
  it("credits an invoice paid after another order and cancels the discounted order (English)", async () => {
    await makeCode("FIRSTINV");
    const ann = person();
    const order = await discounted(ann, "FIRSTINV");
    expect(order.price).toBe(120);
    await paidPlainOrder(ann);
    t.telegram.clear();

    const update = successfulPayment(ann, `o:${order.id}`, 120, "XTR", "new-at-pay-1");
    await t.send(update);
    expect(await statusOf(order.id)).toBe("cancelled");
    expect(t.enqueued).not.toContain(order.id);
    expect(await t.deps.books.wallet.balance(ann.id)).toBe(120);
    expect(t.telegram.last("sendMessage")?.params.text).toBe(
      "✅ Payment of 120 ⭐ received, but promo code <b>FIRSTINV</b> is for new customers only, and another " +
        "order of yours was paid first. This order was cancelled and the money is in your wallet (balance " +
        "120 ⭐): buy the plan again at its full price whenever you like.",
    );
    // The use is freed in the same step: nothing is held for the cancelled order.
    expect(await t.deps.sales.promos.get("FIRSTINV")).toMatchObject({ held: 0, used: 0 });
    // Telegram delivers it again (or the inbox worker settles it after a crash): credited once, quiet.
    t.telegram.clear();
    await t.send(update);
    expect(await t.deps.books.wallet.balance(ann.id)).toBe(120);
    expect(t.telegram.calls.filter((c) => c.method === "sendMessage")).toHaveLength(0);
  });

  it("refuses to pay it from the balance and takes nothing (Russian)", async () => {
    await makeCode("FIRSTBAL");
    const ivan = person({ language_code: "ru" });
    const order = await discounted(ivan, "FIRSTBAL");
    await paidPlainOrder(ivan);
    await credit(ivan, 500, "more");
    await t.send(callback(ivan, `ord:bal:${order.id}`));
    expect(lastShown().text).toBe(
      "⛔ Промокод <b>FIRSTBAL</b> только для новых покупателей, а другой ваш заказ оплачен раньше. " +
        "Этот заказ отменён, с баланса ничего не списано: купить тариф по полной цене можно в любое время.",
    );
    expect(lastShown().buttons.map((b) => b.text)).toEqual(["« Все тарифы", "« Главное меню"]);
    expect(await statusOf(order.id)).toBe("cancelled");
    expect(await t.deps.books.wallet.balance(ivan.id)).toBe(500);
    expect(await t.deps.sales.promos.get("FIRSTBAL")).toMatchObject({ held: 0 });
  });

  it("pays the discounted order when it is the customer's first payment", async () => {
    await makeCode("FIRSTOK");
    const bob = person();
    const order = await discounted(bob, "FIRSTOK");
    await credit(bob, 120, "ok");
    await t.send(callback(bob, `ord:bal:${order.id}`));
    expect(await statusOf(order.id)).toBe("paid");
    expect(t.enqueued).toEqual([order.id]);
    expect(await t.deps.sales.promos.get("FIRSTOK")).toMatchObject({ held: 1, used: 1 });
  });

  it("of two discounted orders paid at once, pays only one: the other finds the customer paid", async () => {
    await makeCode("FIRSTTWO", { perCustomer: 2 });
    const cid = person();
    const { shop, cashier } = t.deps.sales;
    const a = await shop.startPurchase(cid.id, "de-xui", "en", "FIRSTTWO");
    const b = await shop.startPurchase(cid.id, "node", "en", "FIRSTTWO");
    if (!a.ok || !b.ok) throw new Error("orders not opened");
    expect([a.order.price, b.order.price, a.promo, b.promo]).toEqual([120, 96, undefined, undefined]);
    await credit(cid, 500, "two");
    const results = await Promise.all([
      cashier.payFromBalance(cid.id, a.order.id),
      cashier.payFromBalance(cid.id, b.order.id),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual(["paid", "promo-refused"]);
    const paid = results[0]?.status === "paid" ? a.order : b.order;
    expect(await t.deps.books.wallet.balance(cid.id)).toBe(500 - paid.price);
    expect(await t.deps.sales.promos.get("FIRSTTWO")).toMatchObject({ held: 1, used: 1 });
    expect(t.enqueued).toEqual([paid.id]);
  });

  it("of two invoices for them paid at once, credits both and pays only one", async () => {
    await makeCode("FIRSTTWOINV", { perCustomer: 2 });
    const dan = person();
    const { shop } = t.deps.sales;
    const a = await shop.startPurchase(dan.id, "de-xui", "en", "FIRSTTWOINV");
    const b = await shop.startPurchase(dan.id, "node", "en", "FIRSTTWOINV");
    if (!a.ok || !b.ok) throw new Error("orders not opened");
    await Promise.all([
      t.send(successfulPayment(dan, `o:${a.order.id}`, 120, "XTR", "new-at-pay-2a")),
      t.send(successfulPayment(dan, `o:${b.order.id}`, 96, "XTR", "new-at-pay-2b")),
    ]);
    const statuses = [await statusOf(a.order.id), await statusOf(b.order.id)].sort();
    expect(statuses).toEqual(["cancelled", "paid"]);
    const refused = (await statusOf(a.order.id)) === "cancelled" ? a.order : b.order;
    expect(await t.deps.books.wallet.balance(dan.id)).toBe(refused.price);
    expect(await t.deps.sales.promos.get("FIRSTTWOINV")).toMatchObject({ held: 1, used: 1 });
  });

  it("when the process died before the payment was settled, the inbox worker settles it the same way", async () => {
    await makeCode("FIRSTLATE");
    const eve = person();
    const order = await discounted(eve, "FIRSTLATE");
    await paidPlainOrder(eve);
    // Stored before the update was acknowledged; the handler never got to settle it.
    await t.deps.settlement.paymentInbox.record({
      chargeId: "new-at-pay-late",
      payerId: eve.id,
      payload: `o:${order.id}`,
      amount: 120,
      currency: "XTR",
      updateId: 1,
      raw: "{}",
    });
    (t.deps.clock as ManualClock).advance(2 * MINUTE);
    const sent: OutboxMessage[] = [];
    const outbox = { send: async (m: OutboxMessage) => void sent.push(m) } as unknown as Outbox;
    const deps = { books: t.deps.books, settlement: t.deps.settlement, outbox, i18n: createI18n("en") };
    await reconcileInbox({ ...deps, logger: createLogger("silent") });
    expect(await statusOf(order.id)).toBe("cancelled");
    expect(await t.deps.books.wallet.balance(eve.id)).toBe(120);
    expect(sent.filter((m) => m.chatId === eve.id).map((m) => m.text)).toEqual([
      expect.stringContaining("promo code <b>FIRSTLATE</b> is for new customers only"),
    ]);
  });
});
