import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Order } from "../../src/domain/books/index.js";
import { DAY } from "../../src/runtime/clock.js";
import { preCheckout, successfulPayment, type user } from "../fakes/telegram-api.js";
import { createTestBot, newUsers, type TestBot } from "../helpers/bot-harness.js";

let t: TestBot;

beforeAll(async () => {
  t = await createTestBot();
});
afterAll(() => t.close());
beforeEach(() => {
  t.telegram.clear();
  t.enqueued.length = 0;
});

const customer = newUsers(8_000);

/** A customer with `balance` Stars and an order for de-xui (150) invoiced for the rest. */
async function invoicedOrder(
  balance: number,
): Promise<{ buyer: ReturnType<typeof user>; order: Order; due: number }> {
  const buyer = customer();
  const { shop, cashier } = t.deps.sales;
  const { wallet } = t.deps.books;
  if (balance > 0) await wallet.credit(buyer.id, balance, `seed:${buyer.id}`, { kind: "admin-credit" });
  const started = await shop.startPurchase(buyer.id, "de-xui", "en");
  if (!started.ok) throw new Error(started.reason);
  const due = await cashier.invoiceAmount(started.order);
  return { buyer, order: started.order, due };
}

function preCheckoutAnswer() {
  return t.telegram.last("answerPreCheckoutQuery")?.params;
}

describe("pre-checkout", () => {
  it("accepts an invoice that matches its order", async () => {
    const { buyer, order, due } = await invoicedOrder(30);
    expect(due).toBe(120);
    await t.send(preCheckout(buyer, `o:${order.id}`, 120, "XTR"));
    expect(preCheckoutAnswer()).toMatchObject({ ok: true });
  });

  it("refuses a wrong amount, a wrong currency, another payer and an unknown payload", async () => {
    const { buyer, order } = await invoicedOrder(0);
    const stranger = customer();
    for (const update of [
      preCheckout(buyer, `o:${order.id}`, 149, "XTR"),
      preCheckout(buyer, `o:${order.id}`, 150, "USD"),
      preCheckout(stranger, `o:${order.id}`, 150, "XTR"),
      preCheckout(buyer, "o:nonexistent", 150, "XTR"),
      preCheckout(buyer, "garbage", 150, "XTR"),
    ]) {
      await t.send(update);
      expect(preCheckoutAnswer()).toMatchObject({
        ok: false,
        error_message: "This invoice does not match your order any more. Please start the purchase again.",
      });
    }
  });

  it("refuses an order that is no longer payable or too old", async () => {
    const { buyer, order } = await invoicedOrder(0);
    await t.deps.books.orders.transition(order.id, ["awaiting_payment"], "cancelled");
    await t.send(preCheckout(buyer, `o:${order.id}`, 150, "XTR"));
    expect(preCheckoutAnswer()).toMatchObject({
      ok: false,
      error_message: "This invoice has expired. Please start the purchase again.",
    });

    const old = await invoicedOrder(0);
    (t.deps.clock as import("../../src/runtime/clock.js").ManualClock).advance(2 * DAY);
    await t.send(preCheckout(old.buyer, `o:${old.order.id}`, 150, "XTR"));
    expect(preCheckoutAnswer()?.ok).toBe(false);
  });

  it("refuses a blocked customer", async () => {
    const { buyer, order } = await invoicedOrder(0);
    await t.deps.books.customers.seen({ id: buyer.id, firstName: "B", locale: "en" });
    await t.deps.books.customers.setBlocked(buyer.id, true);
    await t.send(preCheckout(buyer, `o:${order.id}`, 150, "XTR"));
    expect(preCheckoutAnswer()).toMatchObject({
      ok: false,
      error_message: "Your access to this shop is blocked.",
    });
  });
});

describe("successful payment", () => {
  it("is credited once when the same update arrives twice, and the order is paid and queued once", async () => {
    const { buyer, order, due } = await invoicedOrder(30);
    const update = successfulPayment(buyer, `o:${order.id}`, due, "XTR", "charge-dup-1");
    await t.send(update);
    await t.send(update);
    await t.send(successfulPayment(buyer, `o:${order.id}`, due, "XTR", "charge-dup-1"));
    expect(await t.deps.books.wallet.balance(buyer.id)).toBe(0);
    const kinds = (await t.deps.books.wallet.history(buyer.id, 0, 10)).entries.map((e) => [e.kind, e.amount]);
    expect(kinds).toEqual([
      ["purchase", -150],
      ["topup", 120],
      ["admin-credit", 30],
    ]);
    expect((await t.deps.books.orders.get(order.id))?.status).toBe("paid");
    expect(new Set(t.enqueued)).toEqual(new Set([order.id]));
    const replies = t.telegram.callsOf("sendMessage").filter((c) => c.chatId === buyer.id);
    expect(replies.map((c) => c.params.text)).toEqual([
      "✅ Payment received. Preparing your VPN access, this takes a few seconds…",
    ]);
  });

  it("is credited once when copies arrive concurrently", async () => {
    const { buyer, order, due } = await invoicedOrder(0);
    await Promise.all(
      Array.from({ length: 8 }, () =>
        t.send(successfulPayment(buyer, `o:${order.id}`, due, "XTR", "charge-conc-1")),
      ),
    );
    expect(await t.deps.books.wallet.balance(buyer.id)).toBe(0);
    const entries = (await t.deps.books.wallet.history(buyer.id, 0, 10)).entries;
    expect(entries.filter((e) => e.kind === "topup")).toHaveLength(1);
    expect(entries.filter((e) => e.kind === "purchase")).toHaveLength(1);
  });

  it("keeps the money in the wallet when the order expired before the payment", async () => {
    const { buyer, order, due } = await invoicedOrder(0);
    await t.deps.books.orders.transition(order.id, ["awaiting_payment"], "cancelled");
    await t.send(successfulPayment(buyer, `o:${order.id}`, due, "XTR", "charge-late-1"));
    expect(await t.deps.books.wallet.balance(buyer.id)).toBe(150);
    expect(t.enqueued).toEqual([]);
    expect(String(t.telegram.last("sendMessage")?.params.text)).toContain(
      "the money is in your wallet (balance 150 ⭐)",
    );
  });

  it("tops up the wallet once per charge", async () => {
    const buyer = customer({ language_code: "ru" });
    const started = await t.deps.sales.cashier.startTopUp(buyer.id, 250);
    if (!started.ok) throw new Error("top-up refused");
    await t.send(preCheckout(buyer, `t:${started.id}`, 250, "XTR"));
    expect(preCheckoutAnswer()).toMatchObject({ ok: true });
    await t.send(successfulPayment(buyer, `t:${started.id}`, 250, "XTR", "charge-topup-1"));
    await t.send(successfulPayment(buyer, `t:${started.id}`, 250, "XTR", "charge-topup-1"));
    expect(await t.deps.books.wallet.balance(buyer.id)).toBe(250);
    expect(t.telegram.callsOf("sendMessage").map((c) => c.params.text)).toEqual([
      "✅ На кошелёк зачислено 250 ⭐. Баланс: 250 ⭐.",
    ]);
    // The invoice cannot be paid a second time once used.
    await t.send(preCheckout(buyer, `t:${started.id}`, 250, "XTR"));
    expect(preCheckoutAnswer()?.ok).toBe(false);
  });
});
