import type { User } from "grammy/types";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createI18n } from "../../src/bot/i18n.js";
import { MINUTE } from "../../src/runtime/clock.js";
import { createLogger } from "../../src/runtime/logger.js";
import { Outbox } from "../../src/workers/outbox.js";
import { reconcileInbox } from "../../src/workers/reconcile-inbox.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import { callback, preCheckout, successfulPayment, user } from "../fakes/telegram-api.js";
import { createTestBot, newUsers, type TestBot } from "../helpers/bot-harness.js";
import {
  makeSalesRig,
  type SalesRig,
  type ShopAccount,
  startShopAccount,
  xuiShopCatalog,
} from "../helpers/sales-rig.js";
import { textsTo } from "../helpers/telegram-views.js";
import { untilValue } from "../helpers/wait.js";

/**
 * Issue 26: a payment that arrives while the shop is closed for maintenance. A customer already
 * in Telegram's payment sheet must not lose money: pre-checkout answers as always (the order was
 * offered before the shop closed; the answer comes within Telegram's 10 s), the payment is stored
 * before it is acknowledged, credited once and its order queued, and a real BullMQ order worker
 * delivers the access (workers go on). The same payment delivered twice, or to two processes at
 * once, is credited once; one whose crediting failed is credited by the inbox worker later.
 */

const ADMIN = user(9_900, { language_code: "en" });
const person = newUsers(9_910);
const accountFake = new FakeAccountApi();
let account: ShopAccount;
let rig: SalesRig | undefined;

beforeAll(async () => {
  account = await startShopAccount(accountFake);
});
afterAll(() => accountFake.stop());
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

async function closedShop(): Promise<SalesRig> {
  rig = await makeSalesRig({
    catalog: xuiShopCatalog(account),
    accountUrl: accountFake.url,
    accountApiKey: account.key,
    adminIds: [ADMIN.id],
  });
  rig.startWorker();
  return rig;
}

/** An order for de-xui opened (and invoiced) before the shop closed: its payload and amount. */
async function orderOfferedBefore(
  t: TestBot,
  buyer: User,
): Promise<{ orderId: string; payload: string; due: number }> {
  await t.deps.books.customers.seen({ id: buyer.id, firstName: buyer.first_name, locale: "en" });
  const started = await t.deps.sales.shop.startPurchase(buyer.id, "de-xui", "en");
  if (!started.ok) throw new Error(started.reason);
  const due = await t.deps.sales.cashier.invoiceAmount(started.order);
  return { orderId: started.order.id, payload: `o:${started.order.id}`, due };
}

const statusOf = (t: TestBot, id: string) => t.deps.books.orders.get(id).then((o) => o?.status);
const untilActive = (t: TestBot, id: string) =>
  untilValue(
    () => statusOf(t, id),
    (s) => s === "active",
  );
const charges = async (t: TestBot, who: User) =>
  (await t.deps.books.wallet.history(who.id, 0, 50)).entries.filter((e) => e.kind === "topup");

describe("a payment arriving while the shop is closed", () => {
  it("is accepted at pre-checkout, credited once, queued and delivered by the worker", async () => {
    const { t } = await closedShop();
    const buyer = person();
    const { orderId, payload, due } = await orderOfferedBefore(t, buyer);
    await t.deps.catalog.maintenance.close({ message: "Back at noon", by: ADMIN.id });

    await t.send(preCheckout(buyer, payload, due, "XTR"));
    expect(t.telegram.last("answerPreCheckoutQuery")?.params).toMatchObject({ ok: true });

    const paid = successfulPayment(buyer, payload, due, "XTR", "maint-charge-1");
    await t.send(paid);
    expect(await statusOf(t, orderId)).not.toBe("awaiting_payment");
    expect(textsTo(t.telegram, buyer.id).join("\n")).toContain("Payment received");
    expect(await untilActive(t, orderId)).toBe("active");
    expect(await t.deps.books.subscriptions.ofCustomer(buyer.id)).toHaveLength(1);
    // The customer gets the access as on any day.
    await untilValue(
      async () => textsTo(t.telegram, buyer.id).join("\n"),
      (all) => all.includes("vless://") || all.includes("/sub/"),
    );
    expect(await t.deps.catalog.maintenance.closed()).toMatchObject({ kind: "manual" });

    // A lost answer: Telegram delivers the same update again. Nothing more is credited or made.
    await t.send(paid);
    expect(await charges(t, buyer)).toHaveLength(1);
    expect(await t.deps.books.subscriptions.ofCustomer(buyer.id)).toHaveLength(1);
    expect(await t.deps.books.wallet.balance(buyer.id)).toBe(0);
  });

  it("reaching two processes at once is credited once", async () => {
    const r = await closedShop();
    const second = await createTestBot({
      redis: r.redis,
      catalog: xuiShopCatalog(account),
      rateLimit: false,
    });
    try {
      const buyer = person();
      const { orderId, payload, due } = await orderOfferedBefore(r.t, buyer);
      await r.t.deps.catalog.maintenance.close({ by: ADMIN.id });
      const paid = successfulPayment(buyer, payload, due, "XTR", "maint-charge-2");
      await Promise.all([r.t.send(paid), second.send(paid)]);
      expect(await charges(r.t, buyer)).toHaveLength(1);
      expect(await untilActive(r.t, orderId)).toBe("active");
      expect(await r.t.deps.books.subscriptions.ofCustomer(buyer.id)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it("whose crediting failed is credited by the inbox worker later, and delivered", async () => {
    const { t, clock } = await closedShop();
    const buyer = person();
    const { orderId, payload, due } = await orderOfferedBefore(t, buyer);
    await t.deps.catalog.maintenance.close({ by: ADMIN.id });
    // Redis answers an error to the credit step (the wallet key holds the wrong type a moment).
    await t.redis.hset(`wallet:${buyer.id}`, "broken", "1");
    await t.send(successfulPayment(buyer, payload, due, "XTR", "maint-charge-3"));
    expect(textsTo(t.telegram, buyer.id).at(-1)).toContain("Payment received and safe with us");
    expect(await statusOf(t, orderId)).toBe("awaiting_payment");
    await t.redis.del(`wallet:${buyer.id}`);

    clock.advance(2 * MINUTE);
    const outbox = new Outbox(t.redis);
    try {
      const deps = {
        books: t.deps.books,
        settlement: t.deps.settlement,
        outbox,
        i18n: createI18n("en"),
        logger: createLogger("silent"),
      };
      expect(await reconcileInbox(deps)).toEqual({ checked: 1, recovered: 1 });
      expect(await untilActive(t, orderId)).toBe("active");
      expect(await charges(t, buyer)).toHaveLength(1);
    } finally {
      await outbox.close();
    }
  });

  it("Pay from the balance on a screen shown before waits: the notice, nothing taken", async () => {
    const { t } = await closedShop();
    const buyer = person();
    const { orderId } = await orderOfferedBefore(t, buyer);
    await t.deps.books.wallet.credit(buyer.id, 500, `seed:${buyer.id}`, { kind: "admin-credit" });
    await t.deps.catalog.maintenance.close({ by: ADMIN.id });
    await t.send(callback(buyer, `ord:bal:${orderId}`));
    expect(t.telegram.last("answerCallbackQuery")?.params).toMatchObject({
      text: "🛠 The shop is closed for maintenance.",
    });
    expect(await t.deps.books.wallet.balance(buyer.id)).toBe(500);
    expect(await statusOf(t, orderId)).toBe("awaiting_payment");
    // Open again: the same button pays.
    await t.deps.catalog.maintenance.open();
    await t.send(callback(buyer, `ord:bal:${orderId}`));
    expect(await untilActive(t, orderId)).toBe("active");
    expect(await t.deps.books.wallet.balance(buyer.id)).toBe(350);
  });
});
