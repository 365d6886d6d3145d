import type { User } from "grammy/types";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Catalog } from "../../src/domain/catalog/index.js";
import { ManualClock } from "../../src/runtime/clock.js";
import { command } from "../fakes/telegram-api.js";
import { chatAs, createTestBot, newUsers, TEST_CATALOG, type TestBot } from "../helpers/bot-harness.js";
import { conversationStates } from "../helpers/conversation-states.js";
import { MemoryRail } from "../helpers/memory-rail.js";
import { inlineKeyboard, telegramViews } from "../helpers/telegram-views.js";

/** A fiat shop paid on its outside rails only: no provider token, so no Telegram invoices. */
const RUB_CATALOG: Catalog = { ...TEST_CATALOG, currency: "RUB" };
const RECEIPTS = { key: "receipts", kind: "flag", default: false } as const;

const clock = new ManualClock(Date.UTC(2026, 2, 1, 12, 0));
const crypto = new MemoryRail({ id: "cryptobot", name: "CryptoBot" });
const yoo = new MemoryRail({ id: "yookassa", name: "YooKassa", choices: [RECEIPTS], emailFlag: "receipts" });
/** The owner who turns the rails' choices (a staff member's change, needing `catalog`). */
const ADMIN_ID = 27_099;
let t: TestBot;

beforeAll(async () => {
  t = await createTestBot({ clock, catalog: RUB_CATALOG, rails: [crypto, yoo], adminIds: [ADMIN_ID] });
});
afterAll(() => t.close());
beforeEach(async () => {
  crypto.down = false;
  yoo.down = false;
  await t.deps.settlement.railPayments.setPrefs(ADMIN_ID, "yookassa", { receipts: false });
  // Both rails answer again (the poll also credits what a test left paid and uncredited).
  for (const rail of ["cryptobot", "yookassa"]) await t.deps.settlement.railPayments.poll(rail);
  t.telegram.clear();
  t.enqueued.length = 0;
});

const customer = newUsers(27_100);
const { lastShown, button, lastAnswer } = telegramViews(() => t);

/** The URL of the latest message's URL button labelled `label`. */
function urlOf(label: string): string {
  const found = inlineKeyboard(
    t.telegram.calls.filter((c) => c.params.reply_markup).at(-1)?.params.reply_markup,
  )
    .map((b) => b as { text: string; url?: string })
    .find((b) => b.text === label);
  if (!found?.url) throw new Error(`no URL button ${label}`);
  return found.url;
}

/** /buy -> the German plan -> Buy: the confirmation of a new order; returns the order's id. */
async function confirmation(who: User, bot = t): Promise<string> {
  const { press } = chatAs(() => bot, who);
  await bot.send(command(who, "/buy"));
  await press(button(/^Germany/, bot));
  await press(button(/^✅ Buy for/, bot));
  const id = button("✖ Cancel", bot).split(":")[2];
  if (!id) throw new Error("no order on screen");
  return id;
}

describe("checkout: the ways to pay", () => {
  it("offers one button per rail and no Telegram invoice in a fiat shop without a provider token", async () => {
    const ann = customer();
    await confirmation(ann);
    const shown = lastShown();
    expect(shown.text).toContain("Pay RUB\u00a0150.00 in one of the ways below.");
    expect(shown.buttons.map((b) => b.text)).toEqual([
      "💳 Pay RUB\u00a0150.00 with CryptoBot",
      "💳 Pay RUB\u00a0150.00 with YooKassa",
      "✖ Cancel",
    ]);
  });

  it("with a provider token: the Telegram invoice and the rails, the balance's part named", async () => {
    const withToken = await createTestBot({
      ...{ redis: t.redis, clock, catalog: RUB_CATALOG, rails: [crypto, yoo] },
      paymentProviderToken: "provider:TEST",
    });
    try {
      const bob = customer();
      await withToken.deps.books.wallet.credit(bob.id, 5000, `seed:${bob.id}`, { kind: "admin-credit" });
      await confirmation(bob, withToken);
      const shown = lastShown(withToken);
      expect(shown.text).toContain(
        "Your balance is RUB\u00a0100.00 short: pay that in one of the ways below, the rest (RUB\u00a050.00) comes from your balance.",
      );
      expect(shown.buttons.map((b) => b.text)).toEqual([
        "💳 Pay RUB\u00a0100.00 by invoice",
        "💳 Pay RUB\u00a0100.00 with CryptoBot",
        "💳 Pay RUB\u00a0100.00 with YooKassa",
        "✖ Cancel",
      ]);
    } finally {
      await withToken.close();
    }
  });

  it("a gift's confirmation offers the rails too", async () => {
    const ann = customer();
    const { press } = chatAs(() => t, ann);
    await t.send(command(ann, "/buy"));
    await press(button(/^Germany/));
    await press(button("🎁 Buy as a gift"));
    expect(lastShown().buttons.map((b) => b.text)).toEqual([
      "💳 Pay RUB\u00a0150.00 with CryptoBot",
      "💳 Pay RUB\u00a0150.00 with YooKassa",
      "✖ Cancel",
    ]);
    const orderId = button("✖ Cancel").split(":")[2];
    expect((await t.deps.books.orders.get(orderId ?? ""))?.gift).toBeTruthy();
  });

  it("an old invoice button in a shop without Telegram invoices sends none and shows the other ways", async () => {
    const ann = customer();
    const orderId = await confirmation(ann);
    t.telegram.clear();
    await chatAs(() => t, ann).press(`ord:inv:${orderId}`);
    expect(t.telegram.callsOf("sendInvoice")).toEqual([]);
    expect(lastAnswer()).toMatchObject({ show_alert: true });
    expect(String(lastAnswer().text)).toContain("Paying in Telegram is not available in this shop");
    expect(lastShown().buttons.map((b) => b.text)).toContain("💳 Pay RUB\u00a0150.00 with CryptoBot");
  });

  it("when the balance no longer covers the order, 'Pay from balance' gives way to the ways to pay", async () => {
    const ann = customer();
    const { wallet } = t.deps.books;
    await wallet.credit(ann.id, 15000, `seed:${ann.id}`, { kind: "admin-credit" });
    await confirmation(ann);
    const fromBalance = button("✅ Pay RUB\u00a0150.00 from balance");
    await wallet.debit(ann.id, 15000, `spent:${ann.id}`, { kind: "admin-debit" });
    await chatAs(() => t, ann).press(fromBalance);
    expect(lastShown().text).toContain(
      "Your balance (RUB\u00a00.00) no longer covers this order: choose how to pay the rest.",
    );
    expect(lastShown().buttons.map((b) => b.text)).toContain("💳 Pay RUB\u00a0150.00 with CryptoBot");
    expect(t.telegram.callsOf("sendInvoice")).toEqual([]);
  });

  it("shows a rail that is down as unavailable; its press says so and asks it for nothing", async () => {
    crypto.down = true;
    await t.deps.settlement.railPayments.poll("cryptobot");
    const ann = customer();
    await confirmation(ann);
    expect(lastShown().buttons.map((b) => b.text)).toEqual([
      "⏸ CryptoBot: unavailable now",
      "💳 Pay RUB\u00a0150.00 with YooKassa",
      "✖ Cancel",
    ]);
    const before = crypto.creates;
    await chatAs(() => t, ann).press(button("⏸ CryptoBot: unavailable now"));
    expect(lastAnswer()).toEqual({
      callback_query_id: expect.any(String),
      text: "CryptoBot is unavailable right now. Please choose another way to pay, or try again later.",
      show_alert: true,
    });
    expect(crypto.creates).toBe(before);
  });

  it("a rail that fails at the press: the customer is told, and the next confirmation shows it unavailable", async () => {
    const ann = customer();
    const { press } = chatAs(() => t, ann);
    await confirmation(ann);
    const pay = button("💳 Pay RUB\u00a0150.00 with CryptoBot");
    crypto.down = true;
    await press(pay);
    expect(String(lastAnswer().text)).toBe(
      "CryptoBot is unavailable right now. Please choose another way to pay, or try again later.",
    );
    await confirmation(ann);
    expect(lastShown().buttons.map((b) => b.text)).toContain("⏸ CryptoBot: unavailable now");
  });
});

describe("checkout: paying on a rail", () => {
  it("hands out one payment for the order; a second press gets the same link", async () => {
    const ann = customer();
    const { press } = chatAs(() => t, ann);
    const orderId = await confirmation(ann);
    const pay = button("💳 Pay RUB\u00a0150.00 with CryptoBot");
    const before = crypto.creates;
    await press(pay);
    const shown = lastShown();
    expect(shown.text).toBe(
      [
        "💳 <b>Payment with CryptoBot</b>",
        "For: <b>Germany, 30 days, 100 GB</b>",
        "To pay: <b>RUB\u00a0150.00</b>",
        "",
        "Open CryptoBot with the button below and pay there. Your order is paid as soon as CryptoBot confirms the payment, and you get a message here. If you have paid and no message came, press «I paid».",
      ].join("\n"),
    );
    expect(shown.buttons.map((b) => b.text)).toEqual([
      "🔗 Open CryptoBot",
      "✅ I paid",
      "« Other ways to pay",
      "✖ Cancel",
    ]);
    const link = urlOf("🔗 Open CryptoBot");
    expect(crypto.creates).toBe(before + 1);
    const payment = [...crypto.payments.values()].find((p) => p.ref?.payload === `o:${orderId}`);
    expect(link).toBe(`https://pay.example/cryptobot/${payment?.id}`);
    expect(payment?.charge).toMatchObject({
      amount: "150.00",
      currency: "RUB",
      description: "Germany, 30 days, 100 GB",
      returnUrl: "https://t.me/fake_bot",
    });

    await press(pay);
    expect(urlOf("🔗 Open CryptoBot")).toBe(link);
    expect(crypto.creates).toBe(before + 1);
  });

  it("topped up meanwhile: a rail press offers the balance instead of a payment", async () => {
    const ann = customer();
    await confirmation(ann);
    const pay = button("💳 Pay RUB\u00a0150.00 with CryptoBot");
    await t.deps.books.wallet.credit(ann.id, 15000, `seed:${ann.id}`, { kind: "admin-credit" });
    const before = crypto.creates;
    await chatAs(() => t, ann).press(pay);
    expect(lastShown().buttons.map((b) => b.text)).toContain("✅ Pay RUB\u00a0150.00 from balance");
    expect(crypto.creates).toBe(before);
  });

  it("'I paid' before paying says not yet; after, the order is paid and queued once, the buttons go", async () => {
    const ann = customer();
    const { press } = chatAs(() => t, ann);
    const orderId = await confirmation(ann);
    await press(button("💳 Pay RUB\u00a0150.00 with CryptoBot"));
    const paid = button("✅ I paid");
    const paymentId = paid.split(":")[3] ?? "";

    await press(paid);
    expect(lastAnswer()).toMatchObject({
      text: "CryptoBot has not confirmed the payment yet. If you have just paid, wait a minute and press «I paid» again.",
      show_alert: true,
    });
    expect((await t.deps.books.orders.get(orderId))?.status).toBe("awaiting_payment");
    expect(t.enqueued).toEqual([]);

    crypto.pay(paymentId);
    t.telegram.clear();
    await press(paid);
    expect(lastAnswer().text).toBe("✅ Payment received, thank you!");
    expect(t.telegram.last("editMessageReplyMarkup")?.params.reply_markup).toEqual({ inline_keyboard: [] });
    expect((await t.deps.books.orders.get(orderId))?.status).toBe("paid");
    expect(t.enqueued).toEqual([orderId]);
    expect(await t.deps.books.wallet.balance(ann.id)).toBe(0);

    await press(paid);
    expect(lastAnswer().text).toBe("This payment has already been received.");
    expect(t.enqueued).toEqual([orderId]);
    // The order's link is not handed out again once it is paid.
    await press(`rail:pay:cryptobot:${orderId}`);
    expect(lastAnswer().text).toBe("This order is already paid; your access is on its way.");
  });

  it("a cancelled payment is said so, and starting again makes a new one", async () => {
    const ann = customer();
    const { press } = chatAs(() => t, ann);
    await confirmation(ann);
    await press(button("💳 Pay RUB\u00a0150.00 with CryptoBot"));
    const first = urlOf("🔗 Open CryptoBot");
    const paymentId = button("✅ I paid").split(":")[3] ?? "";
    const payment = crypto.payments.get(paymentId);
    if (!payment) throw new Error("no payment");
    payment.status = "cancelled";

    await press(button("✅ I paid"));
    expect(lastShown().text).toBe(
      "✖ The CryptoBot payment was cancelled. Nothing was charged. You can start again.",
    );
    await press(button("💳 Choose how to pay"));
    await press(button("💳 Pay RUB\u00a0150.00 with CryptoBot"));
    expect(urlOf("🔗 Open CryptoBot")).not.toBe(first);
  });

  it("'I paid' while the rail does not answer says it is unavailable and credits nothing", async () => {
    const ann = customer();
    const { press } = chatAs(() => t, ann);
    const orderId = await confirmation(ann);
    await press(button("💳 Pay RUB\u00a0150.00 with CryptoBot"));
    const paid = button("✅ I paid");
    crypto.pay(paid.split(":")[3] ?? "");
    crypto.down = true;
    await press(paid);
    expect(lastAnswer()).toMatchObject({ show_alert: true });
    expect(String(lastAnswer().text)).toMatch(/^CryptoBot is unavailable right now/);
    expect((await t.deps.books.orders.get(orderId))?.status).toBe("awaiting_payment");
  });

  it("another customer's payment is unknown to them", async () => {
    const ann = customer();
    const eve = customer();
    await confirmation(ann);
    await chatAs(() => t, ann).press(button("💳 Pay RUB\u00a0150.00 with CryptoBot"));
    const paid = button("✅ I paid");
    crypto.pay(paid.split(":")[3] ?? "");
    await chatAs(() => t, eve).press(paid);
    expect(lastAnswer().text).toBe("This payment is no longer known here. Please start again.");
    expect(t.enqueued).toEqual([]);
  });
});

describe("checkout: the e-mail for receipts", () => {
  it("is asked once (a bad one re-asked), kept, and used for the next payment without asking", async () => {
    await t.deps.settlement.railPayments.setPrefs(ADMIN_ID, "yookassa", { receipts: true });
    const ann = customer();
    const { press, say } = chatAs(() => t, ann);
    const orderId = await confirmation(ann);
    const before = yoo.creates;
    await press(button("💳 Pay RUB\u00a0150.00 with YooKassa"));
    expect(lastShown().text).toMatch(/^📧 A receipt for this payment is sent by e-mail/);
    expect(yoo.creates).toBe(before);

    t.telegram.clear();
    await say("ann at example");
    expect(t.texts()).toEqual([
      "That does not look like an e-mail address. Please send one like name@example.com.",
    ]);
    await say("  Ann@Example.COM ");
    expect(lastShown().text).toMatch(/^💳 <b>Payment with YooKassa<\/b>/);
    const payment = [...yoo.payments.values()].find((p) => p.ref?.payload === `o:${orderId}`);
    expect(payment?.charge?.receipt).toEqual({ email: "ann@example.com", item: "Germany, 30 days, 100 GB" });
    expect(await conversationStates(t.redis)).toEqual([]);

    // The next payment (a top-up) goes straight to its link, with the kept e-mail on its receipt.
    await t.send(command(ann, "/wallet"));
    await press(button("+ RUB\u00a020.00"));
    await press(button("💳 Pay RUB\u00a020.00 with YooKassa"));
    expect(lastShown().text).toMatch(/^💳 <b>Top-up with YooKassa<\/b>/);
    expect(yoo.creates).toBe(before + 2);
    const topUp = [...yoo.payments.values()].find((p) => p.ref?.payerId === ann.id && p.amount === "20.00");
    expect(topUp?.charge?.receipt?.email).toBe("ann@example.com");

    await t.send(command(ann, "/wallet"));
    expect(lastShown().text).toContain("📧 E-mail for receipts: ann@example.com");
    expect(lastShown().buttons.map((b) => b.text)).toContain("📧 Change e-mail");
  });

  it("can be cancelled: nothing kept, nothing asked of the rail", async () => {
    await t.deps.settlement.railPayments.setPrefs(ADMIN_ID, "yookassa", { receipts: true });
    const bob = customer();
    const { press, say } = chatAs(() => t, bob);
    await confirmation(bob);
    const before = yoo.creates;
    await press(button("💳 Pay RUB\u00a0150.00 with YooKassa"));
    await say("/cancel");
    expect(lastShown().text).toBe("Cancelled.");
    expect(await t.deps.settlement.railPayments.receipts(bob.id)).toEqual({ email: undefined });
    expect(yoo.creates).toBe(before);
    expect(await conversationStates(t.redis)).toEqual([]);
  });

  it("is changed from the wallet; the wallet says nothing of it while no rail sends receipts", async () => {
    const cat = customer();
    const { press, say } = chatAs(() => t, cat);
    await t.send(command(cat, "/wallet"));
    expect(lastShown().text).not.toContain("E-mail for receipts");

    await t.deps.settlement.railPayments.setPrefs(ADMIN_ID, "yookassa", { receipts: true });
    await t.send(command(cat, "/wallet"));
    expect(lastShown().text).toContain(
      "📧 E-mail for receipts: not given yet (you are asked for it at the first payment that needs it).",
    );
    await press(button("📧 Add e-mail"));
    await say("cat@example.org");
    expect(lastShown().text).toBe("✅ Receipts now go to cat@example.org.");
    await press(button("« Wallet"));
    expect(lastShown().text).toContain("📧 E-mail for receipts: cat@example.org");
  });
});

describe("top-ups on a rail", () => {
  it("a preset asks how to pay, then the rail's link; paid, the wallet is credited once", async () => {
    const ann = customer();
    const { press } = chatAs(() => t, ann);
    await t.send(command(ann, "/wallet"));
    expect(lastShown().text).toContain("then choose how to pay");
    await press(button("+ RUB\u00a010.00"));
    expect(lastShown().text).toBe("💰 Top-up of <b>RUB\u00a010.00</b>: how would you like to pay?");
    expect(lastShown().buttons.map((b) => b.text)).toEqual([
      "💳 Pay RUB\u00a010.00 with CryptoBot",
      "💳 Pay RUB\u00a010.00 with YooKassa",
      "« Wallet",
    ]);
    await press(button("💳 Pay RUB\u00a010.00 with CryptoBot"));
    expect(lastShown().text).toMatch(/^💳 <b>Top-up with CryptoBot<\/b>\nTo pay: <b>RUB\u00a010.00<\/b>/);
    expect(lastShown().buttons.map((b) => b.text)).toEqual(["🔗 Open CryptoBot", "✅ I paid", "« Wallet"]);
    const paid = button("✅ I paid");
    crypto.pay(paid.split(":")[3] ?? "");
    await press(paid);
    await press(paid);
    expect(await t.deps.books.wallet.balance(ann.id)).toBe(1000);
    expect(t.telegram.callsOf("sendInvoice")).toEqual([]);
  });

  it("a typed amount asks how to pay it too; with a provider token Telegram's invoice is one way", async () => {
    const withToken = await createTestBot({
      ...{ redis: t.redis, clock, catalog: RUB_CATALOG, rails: [crypto, yoo] },
      paymentProviderToken: "provider:TEST",
    });
    try {
      const ann = customer();
      const { press, say } = chatAs(() => withToken, ann);
      await press("wallet:custom:0");
      await say("12.50");
      expect(lastShown(withToken).buttons.map((b) => b.text)).toEqual([
        "💳 Pay RUB\u00a012.50 in Telegram",
        "💳 Pay RUB\u00a012.50 with CryptoBot",
        "💳 Pay RUB\u00a012.50 with YooKassa",
        "« Wallet",
      ]);
      await press(button("💳 Pay RUB\u00a012.50 in Telegram", withToken));
      const invoice = withToken.telegram.last("sendInvoice");
      expect(invoice?.params.prices).toEqual([{ label: "RUB\u00a012.50", amount: 1250 }]);
      expect(invoice?.params.provider_token).toBe("provider:TEST");
    } finally {
      await withToken.close();
    }
  });

  it("a forged amount out of bounds is refused", async () => {
    const ann = customer();
    await chatAs(() => t, ann).press("rail:top:cryptobot:5");
    expect(lastAnswer().text).toBe("This amount cannot be topped up. Please choose another one.");
  });
});
