import type { User } from "grammy/types";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "../../src/runtime/clock.js";
import { command, preCheckout } from "../fakes/telegram-api.js";
import { chatAs, createTestBot, newUsers, type TestBot } from "../helpers/bot-harness.js";
import { telegramViews } from "../helpers/telegram-views.js";

/** Issue 10, item 6: the payment screens say what is so, and one invoice per order is live. */

const clock = new ManualClock(Date.UTC(2026, 0, 1, 12, 0));
let t: TestBot;

beforeAll(async () => {
  t = await createTestBot({ clock, rateLimit: false });
});
afterAll(() => t.close());
beforeEach(() => t.telegram.clear());

const customer = newUsers(9500);
const { lastShown, button, lastAnswer } = telegramViews(() => t);

async function credit(id: number, amount: number): Promise<void> {
  await t.deps.books.wallet.credit(id, amount, `test:credit:${id}:${amount}`, { kind: "admin-credit" });
}

/** /buy -> Germany (150 ⭐) -> Buy; returns the order id. */
async function order(from: User): Promise<string> {
  const { press } = chatAs(() => t, from);
  await t.send(command(from, "/buy"));
  await press(button(/^Germany/));
  await press(button(/^✅ Buy for/));
  return button("✖ Cancel").split(":")[2] ?? "";
}

function invoices() {
  return t.telegram.callsOf("sendInvoice");
}

describe("the order's copy is true to the numbers", () => {
  it("with a zero balance it asks for the whole price by invoice; nothing comes from the balance", async () => {
    const ann = customer();
    await order(ann);
    const shown = lastShown();
    expect(shown.text).toContain("Wallet balance: 0 ⭐");
    expect(shown.text).toContain("Pay 150 ⭐ by Telegram invoice.");
    expect(shown.text).not.toContain("the rest comes from your balance");
    expect(shown.buttons.map((b) => b.text)).toEqual(["💳 Pay 150 ⭐ by invoice", "✖ Cancel"]);
  });

  it("with a part on the balance it says how much the balance covers", async () => {
    const ann = customer();
    await credit(ann.id, 50);
    await order(ann);
    expect(lastShown().text).toContain(
      "Your balance is 100 ⭐ short: pay that by Telegram invoice, the rest (50 ⭐) comes from your balance.",
    );
  });

  it("in Russian", async () => {
    const ivan = customer({ language_code: "ru" });
    const { press } = chatAs(() => t, ivan);
    await t.send(command(ivan, "/buy"));
    await press(button(/^Германия/));
    await press(button(/^✅ Купить за/));
    expect(lastShown().text).toContain("Оплатите 150 ⭐ счётом в Telegram.");
    expect(lastShown().text).not.toContain("остальное спишется с баланса");
  });
});

describe("the invoice", () => {
  it("shows the amount due and what the balance covers, its total being the part due", async () => {
    const ann = customer();
    await credit(ann.id, 50);
    const id = await order(ann);
    await chatAs(() => t, ann).press(`ord:inv:${id}`);
    const invoice = invoices().at(-1)?.params;
    expect(invoice?.prices).toEqual([{ label: "Germany, 30 days, 100 GB", amount: 100 }]);
    expect(invoice?.description).toBe(
      "Germany, 30 days, 100 GB: 100 ⭐ to pay now; your wallet balance covers the other 50 ⭐ of the 150 ⭐ price.",
    );
  });

  it("with a zero balance says the price, which is the total", async () => {
    const ann = customer();
    const id = await order(ann);
    await chatAs(() => t, ann).press(`ord:inv:${id}`);
    const invoice = invoices().at(-1)?.params;
    expect(invoice?.prices).toEqual([{ label: "Germany, 30 days, 100 GB", amount: 150 }]);
    expect(invoice?.description).toBe("Germany, 30 days, 100 GB. Price 150 ⭐.");
  });
});

describe("one live invoice per order", () => {
  it("after the invoice is sent the button gives way to the state and Cancel; the invoice stays payable", async () => {
    const ann = customer();
    await credit(ann.id, 50);
    const id = await order(ann);
    const { press } = chatAs(() => t, ann);
    await press(button("💳 Pay 100 ⭐ by invoice"));
    expect(invoices()).toHaveLength(1);
    // The order message now says where the invoice is; no button can send a second one.
    const shown = lastShown();
    expect(t.telegram.last()?.method).toBe("editMessageText");
    expect(shown.text).toContain("🧾 <b>Your order</b>");
    expect(shown.text).toContain("🧾 Invoice for 100 ⭐ sent: pay it below.");
    expect(shown.buttons).toEqual([{ text: "✖ Cancel", data: `ord:cancel:${id}` }]);

    // A stale press (an old copy of the button) sends nothing and points at the invoice.
    await press(`ord:inv:${id}`);
    expect(invoices()).toHaveLength(1);
    expect(lastAnswer()).toMatchObject({ show_alert: true });
    expect(String(lastAnswer().text)).toContain("The invoice was sent a moment ago");

    // The one invoice is still good.
    await t.send(preCheckout(ann, `o:${id}`, 100, "XTR"));
    expect(t.telegram.last("answerPreCheckoutQuery")?.params).toMatchObject({ ok: true });
  });

  it("when the balance no longer covers the order, the Pay-from-balance button gives way too", async () => {
    const ann = customer();
    await credit(ann.id, 200);
    const id = await order(ann);
    await t.deps.books.wallet.debit(ann.id, 120, `test:debit:${ann.id}`, { kind: "admin-debit" });
    const { press } = chatAs(() => t, ann);
    await press(`ord:bal:${id}`);
    expect(invoices()).toHaveLength(1);
    expect(lastShown().buttons).toEqual([{ text: "✖ Cancel", data: `ord:cancel:${id}` }]);
    // Neither button sends another invoice now.
    await press(`ord:bal:${id}`);
    await press(`ord:inv:${id}`);
    expect(invoices()).toHaveLength(1);
    await t.send(preCheckout(ann, `o:${id}`, 70, "XTR"));
    expect(t.telegram.last("answerPreCheckoutQuery")?.params).toMatchObject({ ok: true });
  });
});
