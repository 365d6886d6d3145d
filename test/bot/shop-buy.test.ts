import type { User } from "grammy/types";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { HOUR, ManualClock } from "../../src/runtime/clock.js";
import { callback, command } from "../fakes/telegram-api.js";
import { botMessage, createTestBot, newUsers, TEST_CATALOG, type TestBot } from "../helpers/bot-harness.js";
import { buttonsOf, telegramViews } from "../helpers/telegram-views.js";

const clock = new ManualClock(Date.UTC(2026, 0, 1, 12, 0));
let t: TestBot;

beforeAll(async () => {
  t = await createTestBot({ clock });
});
afterAll(() => t.close());
beforeEach(() => {
  t.telegram.clear();
  t.enqueued.length = 0;
});

/** A new customer per test, so balances and orders never mix. */
const customer = newUsers(8100);

const press = (from: User, data: string) => t.send(callback(from, data));

const { lastShown, button } = telegramViews(() => t);

function answers(): string[] {
  return t.telegram.callsOf("answerCallbackQuery").map((c) => String(c.params.text ?? ""));
}

async function credit(id: number, amount: number): Promise<void> {
  await t.deps.books.wallet.credit(id, amount, `test:credit:${id}:${amount}:${Math.random()}`, {
    kind: "admin-credit",
  });
}

/** /buy -> plan -> Buy; returns the order id of the confirmation shown. */
async function startBuying(from: User, plan: RegExp): Promise<string> {
  await t.send(command(from, "/buy"));
  await press(from, button(plan));
  await press(from, button(/^✅ Buy for/));
  const cancel = button("✖ Cancel");
  const id = cancel.split(":")[2];
  if (!id) throw new Error(`no order id in ${cancel}`);
  return id;
}

describe("/buy: plans and plan cards", () => {
  it("lists the plans in English with price, days, traffic, devices and locations", async () => {
    const ann = customer();
    await t.send(command(ann, "/buy"));
    const shown = lastShown();
    expect(shown.text).toContain("🛒 <b>Choose a plan</b>");
    expect(shown.text).toContain(
      "<b>Germany, 30 days, 100 GB</b> — 150 ⭐\n30 days · traffic 100 GB · devices: unlimited",
    );
    expect(shown.text).toContain(
      "<b>2 locations, 30 days</b> — 300 ⭐\n30 days · traffic unlimited · devices: 3 · 📍 Main location, Location 2",
    );
    expect(shown.text).toContain("<b>Own node, 30 days</b> — 120 ⭐\n30 days · traffic 50 GB · devices: 2");
    expect(shown.buttons.map((b) => b.text)).toEqual([
      "Germany, 30 days, 100 GB · 150 ⭐",
      "2 locations, 30 days · 300 ⭐",
      "Own node, 30 days · 120 ⭐",
      "« Main menu",
    ]);
    expect(t.telegram.last("sendMessage")?.params.parse_mode).toBe("HTML");
  });

  it("lists the plans and shows a card in Russian", async () => {
    const ivan = customer({ language_code: "ru" });
    await t.send(command(ivan, "/buy"));
    const list = lastShown();
    expect(list.text).toContain("🛒 <b>Выберите тариф</b>");
    expect(list.text).toContain(
      "<b>Германия, 30 дней, 100 ГБ</b> — 150 ⭐\n30 дней · трафик 100 ГБ · устройств: без ограничений",
    );
    expect(list.text).toContain(
      "30 дней · трафик без ограничений · устройств: 3 · 📍 Основная локация, Локация 2",
    );
    await press(ivan, button(/^2 локации/));
    const card = lastShown();
    expect(card.text).toBe(
      "<b>2 локации, 30 дней</b>\n30 дней · трафик без ограничений · устройств: 3 · 📍 Основная локация, Локация 2\n\nЦена: <b>300 ⭐</b>",
    );
    // Issue 14 added "Buy as a gift" under Buy.
    expect(card.buttons.map((b) => b.text)).toEqual([
      "✅ Купить за 300 ⭐",
      "🎁 Купить в подарок",
      "« Все тарифы",
    ]);
  });

  it("shows a plan card with its Buy button, and back to all plans", async () => {
    const ann = customer();
    await t.send(command(ann, "/buy"));
    await press(ann, button(/^Own node/));
    const card = lastShown();
    expect(card.text).toBe(
      "<b>Own node, 30 days</b>\n30 days · traffic 50 GB · devices: 2\n\nPrice: <b>120 ⭐</b>",
    );
    expect(button("✅ Buy for 120 ⭐")).toBe("buy:go:node");
    await press(ann, button("« All plans"));
    expect(lastShown().text).toContain("Choose a plan");
  });

  it("answers a plan that is no longer sold", async () => {
    const ann = customer();
    await press(ann, "buy:plan:gone");
    expect(answers()).toEqual(["This plan is no longer on sale. Please choose another one with /buy."]);
    await press(ann, "buy:go:gone");
    expect(await t.deps.books.orders.ofCustomer(ann.id)).toEqual([]);
  });
});

describe("/buy: confirm and pay", () => {
  it("pays from the balance: debited once, order paid, handed to the worker once", async () => {
    const ann = customer();
    await credit(ann.id, 200);
    const orderId = await startBuying(ann, /^Germany/);
    const confirm = lastShown();
    expect(confirm.text).toContain("🧾 <b>Your order</b>\nPlan: <b>Germany, 30 days, 100 GB</b>");
    expect(confirm.text).toContain("Price: <b>150 ⭐</b>\nWallet balance: 200 ⭐");
    expect(confirm.text).toContain("Your balance covers it.");
    expect(confirm.buttons.map((b) => b.text)).toEqual(["✅ Pay 150 ⭐ from balance", "✖ Cancel"]);
    expect(button(/^✅ Pay/)).toBe(`ord:bal:${orderId}`);
    const created = await t.deps.books.orders.get(orderId);
    expect(created).toMatchObject({
      status: "awaiting_payment",
      kind: "purchase",
      planId: "de-xui",
      price: 150,
    });

    await press(ann, `ord:bal:${orderId}`);
    expect(await t.deps.books.wallet.balance(ann.id)).toBe(50);
    expect((await t.deps.books.orders.get(orderId))?.status).toBe("paid");
    expect(t.enqueued).toEqual([orderId]);
    expect(lastShown().text).toBe(
      "✅ Paid 150 ⭐ from your balance (balance now 50 ⭐). Preparing your VPN access, this takes a few seconds…",
    );
    const { entries } = await t.deps.books.wallet.history(ann.id, 0, 10);
    expect(entries.map((e) => [e.kind, e.amount, e.balance])).toEqual([
      ["purchase", -150, 50],
      ["admin-credit", 200, 200],
    ]);

    // A second tap later: nothing more is charged or enqueued.
    t.telegram.clear();
    await press(ann, `ord:bal:${orderId}`);
    expect(answers()).toEqual(["This order is already paid; your access is on its way."]);
    expect(await t.deps.books.wallet.balance(ann.id)).toBe(50);
    expect(t.enqueued).toEqual([orderId]);
  });

  it("ten concurrent taps on Pay (one chat, serialized) charge and enqueue once", async () => {
    const ann = customer();
    await credit(ann.id, 1000);
    const orderId = await startBuying(ann, /^2 locations/);
    t.telegram.clear();
    await Promise.all(Array.from({ length: 10 }, () => t.send(callback(ann, `ord:bal:${orderId}`))));
    expect(await t.deps.books.wallet.balance(ann.id)).toBe(700);
    expect(t.enqueued).toEqual([orderId]);
    const purchases = (await t.deps.books.wallet.history(ann.id, 0, 50)).entries.filter(
      (e) => e.kind === "purchase",
    );
    expect(purchases).toHaveLength(1);
    expect(answers().filter((a) => a.startsWith("This order is already paid"))).toHaveLength(9);
  });

  it("ten truly concurrent taps (ten chats, not serialized) charge and enqueue once", async () => {
    const ann = customer();
    await credit(ann.id, 300);
    const orderId = await startBuying(ann, /^2 locations/);
    t.telegram.clear();
    // Each tap on a message in its own chat: sequentialize (per chat) lets them all run at once.
    const taps = Array.from({ length: 10 }, (_, i) =>
      callback(ann, `ord:bal:${orderId}`, botMessage(ann, "…", ann.id * 100 + i)),
    );
    await Promise.all(taps.map((u) => t.send(u)));
    expect(await t.deps.books.wallet.balance(ann.id)).toBe(0);
    expect(t.enqueued).toEqual([orderId]);
    const { entries } = await t.deps.books.wallet.history(ann.id, 0, 50);
    expect(entries.filter((e) => e.kind === "purchase")).toHaveLength(1);
    expect((await t.deps.books.orders.get(orderId))?.status).toBe("paid");
    // The other nine were answered politely (already paid), none with an error.
    expect(answers().filter((a) => a.startsWith("This order is already paid"))).toHaveLength(9);
    expect(t.texts().filter((x) => x.startsWith("Sorry"))).toEqual([]);
  });

  it("with too little balance offers an invoice for the missing amount", async () => {
    const ann = customer();
    await credit(ann.id, 50);
    const orderId = await startBuying(ann, /^Germany/);
    const confirm = lastShown();
    expect(confirm.text).toContain("Wallet balance: 50 ⭐");
    expect(confirm.text).toContain("Your balance is 100 ⭐ short");
    expect(confirm.buttons.map((b) => b.text)).toEqual(["💳 Pay 100 ⭐ by invoice", "✖ Cancel"]);

    await press(ann, button(/^💳 Pay/));
    const invoice = t.telegram.last("sendInvoice");
    expect(invoice?.params.payload).toBe(`o:${orderId}`);
    expect(invoice?.params.currency).toBe("XTR");
    expect(invoice?.params.prices).toEqual([{ label: "Germany, 30 days, 100 GB", amount: 100 }]);
    expect((await t.deps.books.orders.get(orderId))?.invoiceAmount).toBe(100);
    expect(await t.deps.books.wallet.balance(ann.id)).toBe(50);
    expect(t.enqueued).toEqual([]);
  });

  it("sends the invoice when the balance dropped after the confirmation was shown", async () => {
    const ann = customer();
    await credit(ann.id, 200);
    const orderId = await startBuying(ann, /^Germany/);
    await t.deps.books.wallet.debit(ann.id, 120, `test:debit:${ann.id}`, { kind: "admin-debit" });
    t.telegram.clear();
    await press(ann, `ord:bal:${orderId}`);
    expect(t.texts()).toEqual([
      "Your balance (80 ⭐) no longer covers this order, so here is an invoice for the rest.",
    ]);
    const invoice = t.telegram.last("sendInvoice");
    expect(invoice?.params.payload).toBe(`o:${orderId}`);
    expect(invoice?.params.prices).toEqual([{ label: "Germany, 30 days, 100 GB", amount: 70 }]);
    expect(await t.deps.books.wallet.balance(ann.id)).toBe(80);
    expect((await t.deps.books.orders.get(orderId))?.status).toBe("awaiting_payment");
    expect(t.enqueued).toEqual([]);
  });

  it("cancels an unpaid order; paying it afterwards is refused", async () => {
    const ann = customer();
    await credit(ann.id, 500);
    const orderId = await startBuying(ann, /^Own node/);
    await press(ann, button("✖ Cancel"));
    expect(lastShown().text).toBe("Order cancelled. Nothing was charged.");
    expect((await t.deps.books.orders.get(orderId))?.status).toBe("cancelled");
    t.telegram.clear();
    await press(ann, `ord:bal:${orderId}`);
    await press(ann, `ord:inv:${orderId}`);
    expect(answers()).toEqual([
      "This order is no longer available. Start again with /buy.",
      "This order is no longer available. Start again with /buy.",
    ]);
    expect(t.telegram.callsOf("sendInvoice")).toEqual([]);
    expect(await t.deps.books.wallet.balance(ann.id)).toBe(500);
    expect(t.enqueued).toEqual([]);
  });

  it("a paid order cannot be cancelled", async () => {
    const ann = customer();
    await credit(ann.id, 150);
    const orderId = await startBuying(ann, /^Germany/);
    await press(ann, `ord:bal:${orderId}`);
    t.telegram.clear();
    await press(ann, `ord:cancel:${orderId}`);
    expect(answers()).toEqual(["This order is already paid and can no longer be cancelled."]);
    expect((await t.deps.books.orders.get(orderId))?.status).toBe("paid");
  });

  it("refuses someone else's order (ids in callback data are re-validated)", async () => {
    const ann = customer();
    const mallory = customer();
    await credit(ann.id, 500);
    await credit(mallory.id, 500);
    const orderId = await startBuying(ann, /^Germany/);
    t.telegram.clear();
    await press(mallory, `ord:bal:${orderId}`);
    await press(mallory, `ord:cancel:${orderId}`);
    await press(mallory, `ord:inv:${orderId}`);
    expect(answers()).toEqual(Array(3).fill("This order is no longer available. Start again with /buy."));
    expect(await t.deps.books.wallet.balance(ann.id)).toBe(500);
    expect(await t.deps.books.wallet.balance(mallory.id)).toBe(500);
    expect((await t.deps.books.orders.get(orderId))?.status).toBe("awaiting_payment");
    expect(t.telegram.callsOf("sendInvoice")).toEqual([]);
  });

  it("refuses an order older than an invoice may be", async () => {
    const ann = customer();
    await credit(ann.id, 500);
    const orderId = await startBuying(ann, /^Germany/);
    clock.advance(25 * HOUR);
    t.telegram.clear();
    await press(ann, `ord:bal:${orderId}`);
    expect(answers()).toEqual(["This order has expired. Start again with /buy to see the current price."]);
    expect(await t.deps.books.wallet.balance(ann.id)).toBe(500);
    expect((await t.deps.books.orders.get(orderId))?.status).toBe("cancelled");
  });

  it("refuses a blocked customer everywhere in the shop", async () => {
    const ann = customer();
    await credit(ann.id, 500);
    const orderId = await startBuying(ann, /^Germany/);
    await t.deps.books.customers.setBlocked(ann.id, true);
    t.telegram.clear();
    await t.send(command(ann, "/buy"));
    await t.send(command(ann, "/wallet"));
    await t.send(command(ann, "/my"));
    const blocked = "Your access to this shop is blocked. Contact support if you think this is a mistake.";
    expect(t.texts()).toEqual([blocked, blocked, blocked]);
    await press(ann, "buy:go:de-xui");
    await press(ann, `ord:bal:${orderId}`);
    await press(ann, "wallet:top:100");
    expect(answers()).toEqual([blocked, blocked, blocked]);
    expect(await t.deps.books.wallet.balance(ann.id)).toBe(500);
    expect(await t.deps.books.orders.ofCustomer(ann.id)).toHaveLength(1);
    expect(t.telegram.callsOf("sendInvoice")).toEqual([]);
    expect(t.enqueued).toEqual([]);

    await t.deps.books.customers.setBlocked(ann.id, false);
    await press(ann, `ord:bal:${orderId}`);
    expect(t.enqueued).toEqual([orderId]);
  });

  it("screens have no empty row of buttons (the order screen, /my)", async () => {
    const ann = customer();
    const lastRows = () => {
      const call = [...t.telegram.calls]
        .reverse()
        .find((c) => c.method === "editMessageText" || c.method === "sendMessage");
      return (
        (call?.params.reply_markup as { inline_keyboard: unknown[][] } | undefined)?.inline_keyboard ?? []
      );
    };
    await press(ann, "buy:go:de-xui");
    expect(lastRows().length).toBeGreaterThan(1);
    expect(lastRows().filter((row) => row.length === 0)).toEqual([]);
    await t.send(command(ann, "/my"));
    expect(lastRows().length).toBeGreaterThan(1);
    expect(lastRows().filter((row) => row.length === 0)).toEqual([]);
  });

  it("the shop is used in a private chat only", async () => {
    const ann = customer();
    const group = { id: -100777, type: "group" as const, title: "Friends" };
    await t.send(command(ann, "/buy", group));
    expect(t.texts()).toEqual(["The shop works in a private chat with me: open it and send /buy there."]);
  });
});

describe("main menu and registration", () => {
  const menuButtons = () => buttonsOf(t.telegram.last("sendMessage")?.params.reply_markup);

  it("has Buy, My subscriptions, Wallet, Free trial, Language and Help; each opens its view", async () => {
    const ann = customer();
    await t.send(command(ann, "/start"));
    const buttons = menuButtons();
    expect(buttons.map((b) => b.text)).toEqual([
      "🛒 Buy VPN",
      "🔑 My subscriptions",
      "💰 Wallet",
      "🎁 Free trial",
      "🌐 Language",
      "❓ Help",
    ]);
    const data = (label: string) => buttons.find((b) => b.text === label)?.data ?? "";
    const on = botMessage(ann, "menu");

    t.telegram.clear();
    await t.send(callback(ann, data("🛒 Buy VPN"), on));
    expect(lastShown().text).toContain("Choose a plan");
    expect(t.telegram.callsOf("answerCallbackQuery")).toHaveLength(1);

    t.telegram.clear();
    await t.send(callback(ann, data("💰 Wallet"), on));
    expect(lastShown().text).toContain("💰 <b>Your wallet</b>");

    t.telegram.clear();
    await t.send(callback(ann, data("🔑 My subscriptions"), on));
    expect(lastShown().text).toBe("You have no subscriptions yet. Pick a plan with /buy.");

    t.telegram.clear();
    await t.send(callback(ann, data("🎁 Free trial"), on));
    expect(t.texts()).toEqual(["🎁 Preparing your free trial, this takes a few seconds…"]);
    expect(t.enqueued).toHaveLength(1);
    expect(t.telegram.callsOf("answerCallbackQuery")).toHaveLength(1);

    // Back to the main menu from a shop view.
    t.telegram.clear();
    await press(ann, "menu:main");
    expect(lastShown().text).toMatch(/^Hi, /);
  });

  it("has no Free trial button when the catalog offers no trial", async () => {
    const noTrial = await createTestBot({ catalog: { ...TEST_CATALOG, trial: undefined }, redis: t.redis });
    await noTrial.send(command(customer(), "/start"));
    const markup = noTrial.telegram.last("sendMessage")?.params.reply_markup as {
      inline_keyboard: { text: string }[][];
    };
    expect(markup.inline_keyboard.flat().map((b) => b.text)).toEqual([
      "🛒 Buy VPN",
      "🔑 My subscriptions",
      "💰 Wallet",
      "🌐 Language",
      "❓ Help",
    ]);
    await noTrial.close();
  });

  it("records a private-chat user as a customer, at most once an hour", async () => {
    const ann = customer({ first_name: "Ann", username: "ann_vpn" });
    await t.send(command(ann, "/start"));
    expect(await t.deps.books.customers.get(ann.id)).toMatchObject({
      id: ann.id,
      firstName: "Ann",
      username: "ann_vpn",
      locale: "en",
      createdAt: clock.now(),
    });
    expect((await t.deps.books.customers.find("@ann_vpn"))?.id).toBe(ann.id);

    const renamed = { ...ann, first_name: "Annie" };
    clock.advance(HOUR - 1000);
    await t.send(command(renamed, "/help"));
    expect((await t.deps.books.customers.get(ann.id))?.firstName).toBe("Ann");
    clock.advance(1000);
    await t.send(command(renamed, "/help"));
    expect((await t.deps.books.customers.get(ann.id))?.firstName).toBe("Annie");
  });

  it("does not record users of group chats", async () => {
    const bob = customer();
    await t.send(command(bob, "/help", { id: -100888, type: "group", title: "G" }));
    expect(await t.deps.books.customers.get(bob.id)).toBeUndefined();
  });

  it("stores a language switch on the customer, for the workers", async () => {
    const ann = customer();
    await t.send(command(ann, "/language"));
    const picker = t.telegram.last("sendMessage");
    const ru = buttonsOf(picker?.params.reply_markup).find((b) => b.text.includes("Русский"));
    const message = botMessage(ann, "Choose your language:");
    await t.send(callback(ann, ru?.data ?? "", message));
    expect((await t.deps.books.customers.get(ann.id))?.locale).toBe("ru");
  });
});
