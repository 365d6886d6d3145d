import { Api } from "grammy";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createI18n } from "../../src/bot/i18n.js";
import type { Order } from "../../src/domain/books/index.js";
import { createLogger } from "../../src/runtime/logger.js";
import { Notifier } from "../../src/workers/notifier.js";
import { callback, user } from "../fakes/telegram-api.js";
import { createTestBot, TEST_TOKEN, type TestBot } from "../helpers/bot-harness.js";
import { telegramViews } from "../helpers/telegram-views.js";

const ADMIN = user(7300, { language_code: "en" });
let t: TestBot;
let nextCustomer = 9_100;

beforeAll(async () => {
  t = await createTestBot({ adminIds: [ADMIN.id] });
});
afterAll(() => t.close());
beforeEach(() => t.telegram.clear());

/** An order paid in full by a Stars invoice whose fulfilment then failed (refunded to the wallet). */
async function failedStarsOrder(): Promise<{ order: Order; chargeId: string }> {
  const customerId = nextCustomer++;
  const { shop, cashier } = t.deps.sales;
  const { fulfilment } = t.deps.settlement;
  const { orders } = t.deps.books;
  const started = await shop.startPurchase(customerId, "de-xui", "en");
  if (!started.ok) throw new Error(started.reason);
  const due = await cashier.invoiceAmount(started.order);
  const chargeId = `stars-charge-${customerId}`;
  await cashier.recordPayment(customerId, `o:${started.order.id}`, chargeId, due);
  await fulfilment.fail(started.order.id, "no server available");
  const order = await orders.get(started.order.id);
  if (!order) throw new Error("order gone");
  return { order, chargeId };
}

const { lastShown } = telegramViews(() => t);
const lastText = () => lastShown().text;

function confirmData(): string {
  const data = lastShown().buttons.find((b) => b.data.startsWith("a.sr:ok:"))?.data;
  if (!data) throw new Error("no confirm button");
  return data;
}

describe("refunding a direct Stars payment", () => {
  it("sends the charge back through Telegram once and takes it from the wallet", async () => {
    const { order, chargeId } = await failedStarsOrder();
    expect(order.status).toBe("refunded");
    expect(await t.deps.books.wallet.balance(order.customerId)).toBe(150);
    await t.send(callback(ADMIN, `a.sr:ask:${order.id}:`));
    expect(lastText()).toContain("Send <b>150 ⭐</b> back to customer");
    const confirm = confirmData();
    await Promise.all([t.send(callback(ADMIN, confirm)), t.send(callback(ADMIN, confirm))]);
    const refunds = t.telegram.callsOf("refundStarPayment");
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.params).toMatchObject({
      user_id: order.customerId,
      telegram_payment_charge_id: chargeId,
    });
    expect(await t.deps.books.wallet.balance(order.customerId)).toBe(0);
    const kinds = (await t.deps.books.wallet.history(order.customerId, 0, 10)).entries.map((e) => e.kind);
    expect(kinds[0]).toBe("stars-refund");

    // A fresh confirmation for the same order refunds nothing more.
    await t.send(callback(ADMIN, `a.sr:ask:${order.id}:`));
    await t.send(callback(ADMIN, confirmData()));
    expect(lastText()).toBe("This payment was refunded before.");
    expect(t.telegram.callsOf("refundStarPayment")).toHaveLength(1);
  });

  it("the admins' failed-order alert offers the refund for a Stars-paid order", async () => {
    const { order } = await failedStarsOrder();
    const notifier = new Notifier({
      api: new Api(TEST_TOKEN, { fetch: t.telegram.fetch as never }),
      i18n: createI18n("en"),
      catalog: t.deps.catalog,
      books: t.deps.books,
      sales: t.deps.sales,
      adminIds: [ADMIN.id],
      defaultLocale: "en",
      logger: createLogger("silent"),
    });
    await notifier.failed(order, order.price, "no server available");
    const alert = t.telegram.calls.find((c) => c.method === "sendMessage" && c.chatId === ADMIN.id);
    expect(String(alert?.params.text)).toContain(`Order ${order.id} failed`);
    expect(JSON.stringify(alert?.params.reply_markup)).toContain(`a.sr:ask:${order.id}`);
  });

  it("refuses when the customer already spent the refund", async () => {
    const { order } = await failedStarsOrder();
    await t.deps.books.wallet.debit(order.customerId, 100, "spent", { kind: "purchase" });
    await t.send(callback(ADMIN, `a.sr:ask:${order.id}:`));
    await t.send(callback(ADMIN, confirmData()));
    expect(lastText()).toContain("already spent the refund");
    expect(t.telegram.callsOf("refundStarPayment")).toHaveLength(0);
    expect(await t.deps.books.wallet.balance(order.customerId)).toBe(50);
  });

  it("puts the money back in the wallet when Telegram refuses, and can be tried again", async () => {
    const { order } = await failedStarsOrder();
    t.telegram.failNext("refundStarPayment", {
      error_code: 400,
      description: "Bad Request: PAYMENT_NOT_FOUND",
    });
    await t.send(callback(ADMIN, `a.sr:ask:${order.id}:`));
    await t.send(callback(ADMIN, confirmData()));
    expect(lastText()).toContain("Telegram refused the refund");
    expect(await t.deps.books.wallet.balance(order.customerId)).toBe(150);
    await t.send(callback(ADMIN, `a.sr:ask:${order.id}:`));
    await t.send(callback(ADMIN, confirmData()));
    expect(lastText()).toContain("went back to customer");
    expect(await t.deps.books.wallet.balance(order.customerId)).toBe(0);
    const kinds = (await t.deps.books.wallet.history(order.customerId, 0, 10)).entries.map((e) => e.kind);
    expect(kinds.slice(0, 3)).toEqual(["stars-refund", "refund", "stars-refund"]);
  });

  it("is refused to a non-admin", async () => {
    const { order } = await failedStarsOrder();
    await t.send(callback(user(7399), `a.sr:ask:${order.id}:`));
    expect(t.telegram.last("answerCallbackQuery")?.params).toMatchObject({ show_alert: true });
    expect(t.telegram.callsOf("refundStarPayment")).toHaveLength(0);
    expect(await t.deps.books.wallet.balance(order.customerId)).toBe(150);
  });
});
