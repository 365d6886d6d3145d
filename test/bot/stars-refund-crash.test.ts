import { Api } from "grammy";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Order } from "../../src/domain/books/index.js";
import { refundStarsCharge } from "../../src/domain/settlement/index.js";
import { callback, user } from "../fakes/telegram-api.js";
import { createTestBot, TEST_TOKEN, type TestBot } from "../helpers/bot-harness.js";
import { telegramViews } from "../helpers/telegram-views.js";

const ADMIN = user(7310, { language_code: "en" });
let t: TestBot;
let nextCustomer = 9_300;

beforeAll(async () => {
  t = await createTestBot({ adminIds: [ADMIN.id] });
});
afterAll(() => t.close());
beforeEach(() => t.telegram.clear());

/** An order paid by a Stars invoice whose fulfilment failed (its money went back to the wallet). */
async function failedStarsOrder(): Promise<{ order: Order; chargeId: string }> {
  const customerId = nextCustomer++;
  const { shop, cashier } = t.deps.sales;
  const { fulfilment } = t.deps.settlement;
  const { orders } = t.deps.books;
  const started = await shop.startPurchase(customerId, "de-xui", "en");
  if (!started.ok) throw new Error(started.reason);
  const chargeId = `crash-charge-${customerId}`;
  await cashier.recordPayment(
    customerId,
    `o:${started.order.id}`,
    chargeId,
    await cashier.invoiceAmount(started.order),
  );
  await fulfilment.fail(started.order.id, "no server available");
  const order = await orders.get(started.order.id);
  if (!order) throw new Error("order gone");
  return { order, chargeId };
}

/**
 * A process that dies inside the refund: `beforeDeath` runs (e.g. Telegram is asked), then the
 * sender never answers, as if the process had ended there. Resolves once the sender was reached,
 * that is after the wallet debit.
 */
async function dieInsideRefund(order: Order, beforeDeath: () => Promise<void> = async () => {}) {
  let reached: () => void = () => {};
  const sent = new Promise<void>((resolve) => {
    reached = resolve;
  });
  void refundStarsCharge({ redis: t.redis, wallet: t.deps.books.wallet }, order, async () => {
    await beforeDeath();
    reached();
    return new Promise<never>(() => {});
  });
  await sent;
}

const { lastShown } = telegramViews(() => t);

async function confirmRefund(order: Order): Promise<void> {
  await t.send(callback(ADMIN, `a.sr:ask:${order.id}:`));
  const data = lastShown().buttons.find((b) => b.data.startsWith("a.sr:ok:"))?.data;
  if (!data) throw new Error("no confirm button");
  await t.send(callback(ADMIN, data));
}

async function starsRefundEntries(customerId: number): Promise<number> {
  const { entries } = await t.deps.books.wallet.history(customerId, 0, 50);
  return entries.filter((e) => e.kind === "stars-refund").length;
}

describe("a Stars refund interrupted by a crash", () => {
  it("crash after the wallet debit, before Telegram: a retry asks Telegram again", async () => {
    const { order, chargeId } = await failedStarsOrder();
    await dieInsideRefund(order);
    expect(await t.deps.books.wallet.balance(order.customerId)).toBe(0);
    expect(t.telegram.callsOf("refundStarPayment")).toHaveLength(0);

    await confirmRefund(order);
    const refunds = t.telegram.callsOf("refundStarPayment");
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.params).toMatchObject({
      user_id: order.customerId,
      telegram_payment_charge_id: chargeId,
    });
    expect(lastShown().text).toContain("went back to customer");
    expect(await t.deps.books.wallet.balance(order.customerId)).toBe(0);
    expect(await starsRefundEntries(order.customerId)).toBe(1);

    // Once Telegram confirmed it, a further confirmation does not ask again.
    await confirmRefund(order);
    expect(lastShown().text).toBe("This payment was refunded before.");
    expect(t.telegram.callsOf("refundStarPayment")).toHaveLength(1);
  });

  it("crash after Telegram refunded, before it was noted: 'already refunded' counts as done", async () => {
    const { order, chargeId } = await failedStarsOrder();
    const api = new Api(TEST_TOKEN, { fetch: t.telegram.fetch as never });
    await dieInsideRefund(order, async () => {
      await api.refundStarPayment(order.customerId, chargeId);
    });
    t.telegram.clear();

    await confirmRefund(order);
    expect(t.telegram.callsOf("refundStarPayment")).toHaveLength(1);
    expect(lastShown().text).toBe("This payment was refunded before.");
    // Telegram's refusal as "already refunded" is a success: the wallet is not paid back.
    expect(await t.deps.books.wallet.balance(order.customerId)).toBe(0);
    expect(await starsRefundEntries(order.customerId)).toBe(1);
    const kinds = (await t.deps.books.wallet.history(order.customerId, 0, 10)).entries.map((e) => e.kind);
    expect(kinds[0]).toBe("stars-refund");
  });

  it("Telegram without a clear answer: the debit stays (the refund may have happened), a retry asks again", async () => {
    const { order } = await failedStarsOrder();
    const unclear = await refundStarsCharge(
      { redis: t.redis, wallet: t.deps.books.wallet },
      order,
      async () => {
        throw new Error("socket hang up");
      },
    );
    expect(unclear.status).toBe("unclear");
    expect(await t.deps.books.wallet.balance(order.customerId)).toBe(0);
    await confirmRefund(order);
    expect(t.telegram.callsOf("refundStarPayment")).toHaveLength(1);
    expect(lastShown().text).toContain("went back to customer");
    expect(await t.deps.books.wallet.balance(order.customerId)).toBe(0);
    expect(await starsRefundEntries(order.customerId)).toBe(1);
  });
});
