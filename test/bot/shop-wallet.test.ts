import type { User } from "grammy/types";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ManualClock, MINUTE } from "../../src/runtime/clock.js";
import { callback, command, preCheckout, successfulPayment, textMessage } from "../fakes/telegram-api.js";
import { createTestBot, newUsers, TEST_CATALOG, type TestBot } from "../helpers/bot-harness.js";
import { conversationStates } from "../helpers/conversation-states.js";
import { telegramViews } from "../helpers/telegram-views.js";

const clock = new ManualClock(Date.UTC(2026, 0, 1, 0, 0));
let t: TestBot;

beforeAll(async () => {
  t = await createTestBot({ clock });
});
afterAll(() => t.close());
beforeEach(() => {
  t.telegram.clear();
});

const customer = newUsers(8400);
const press = (from: User, data: string, bot = t) => bot.send(callback(from, data));
const say = (from: User, text: string, bot = t) => bot.send(textMessage(from, text));

const { lastShown, button } = telegramViews(() => t);

describe("/wallet", () => {
  it("shows the balance, Stars presets, another amount and history", async () => {
    const ann = customer();
    await t.deps.books.wallet.credit(ann.id, 1234, "test:w1", { kind: "admin-credit" });
    await t.send(command(ann, "/wallet"));
    const shown = lastShown();
    expect(shown.text).toContain("💰 <b>Your wallet</b>\nBalance: <b>1,234 ⭐</b>");
    expect(shown.buttons.map((b) => b.text)).toEqual([
      "+ 50 ⭐",
      "+ 100 ⭐",
      "+ 250 ⭐",
      "+ 500 ⭐",
      "+ 1,000 ⭐",
      "✏️ Other amount",
      "📜 History",
      // Issue 14: the buyer's gifts (cancel for a refund) are reached from the wallet.
      "🎁 My gifts",
      "« Main menu",
    ]);
  });

  it("in Russian", async () => {
    const ivan = customer({ language_code: "ru" });
    await t.send(command(ivan, "/wallet"));
    expect(lastShown().text).toContain("💰 <b>Ваш кошелёк</b>\nБаланс: <b>0 ⭐</b>");
    expect(lastShown().buttons.map((b) => b.text)).toContain("+ 1\u00a0000 ⭐");
  });

  it("a preset sends a top-up invoice that pre-checkout accepts and the payment credits", async () => {
    const ann = customer();
    await t.send(command(ann, "/wallet"));
    await press(ann, button("+ 250 ⭐"));
    const invoice = t.telegram.last("sendInvoice");
    const payload = String(invoice?.params.payload);
    expect(payload).toMatch(/^t:[A-Za-z0-9_-]+$/);
    expect(invoice?.params.currency).toBe("XTR");
    expect(invoice?.params.prices).toEqual([{ label: "250 ⭐", amount: 250 }]);
    expect(await t.redis.exists(`topup:${payload.slice(2)}`)).toBe(1);

    await t.send(preCheckout(ann, payload, 250, "XTR"));
    expect(t.telegram.last("answerPreCheckoutQuery")?.params.ok).toBe(true);
    await t.send(successfulPayment(ann, payload, 250, "XTR", `charge-${ann.id}`));
    expect(await t.deps.books.wallet.balance(ann.id)).toBe(250);
  });

  it("refuses a forged amount that is not a preset", async () => {
    const ann = customer();
    await press(ann, "wallet:top:77");
    expect(t.telegram.last("answerCallbackQuery")?.params.text).toBe(
      "This amount cannot be topped up. Please choose another one.",
    );
    expect(t.telegram.callsOf("sendInvoice")).toEqual([]);
  });

  it("wallet:view (the payments' button) opens the wallet", async () => {
    const ann = customer();
    await press(ann, "wallet:view");
    expect(lastShown().text).toContain("Balance: <b>0 ⭐</b>");
  });
});

describe("/wallet: another amount", () => {
  it("asks, re-asks on bad input, then sends the invoice and ends", async () => {
    const ann = customer();
    await t.send(command(ann, "/wallet"));
    await press(ann, button("✏️ Other amount"));
    expect(lastShown().text).toBe("✏️ How much do you want to add? Send an amount from 1 ⭐ to 100,000 ⭐.");
    const invalid = "Please send a whole number of Stars from 1 ⭐ to 100,000 ⭐, for example 300.";
    for (const bad of ["lots", "0", "2.5", "100001", "-5"]) {
      t.telegram.clear();
      await say(ann, bad);
      expect(t.texts()).toEqual([invalid]);
    }
    expect(t.telegram.callsOf("sendInvoice")).toEqual([]);
    t.telegram.clear();
    await say(ann, " 1 500 ");
    const invoice = t.telegram.last("sendInvoice");
    expect(String(invoice?.params.payload)).toMatch(/^t:/);
    expect(invoice?.params.prices).toEqual([{ label: "1,500 ⭐", amount: 1500 }]);
    expect(await conversationStates(t.redis)).toEqual([]);
    // Later text is not taken as an amount any more.
    t.telegram.clear();
    await say(ann, "300");
    expect(t.telegram.callsOf("sendInvoice")).toEqual([]);
  });

  it("can be cancelled, and a command leaves it cleanly", async () => {
    const ann = customer();
    await press(ann, "wallet:custom:0");
    await say(ann, "/cancel");
    expect(lastShown().text).toBe("Cancelled.");
    expect(await conversationStates(t.redis)).toEqual([]);

    await press(ann, "wallet:custom:0");
    t.telegram.clear();
    await t.send(command(ann, "/wallet"));
    expect(lastShown().text).toContain("💰 <b>Your wallet</b>");
    expect(await conversationStates(t.redis)).toEqual([]);
  });

  it("takes provider-currency amounts with decimals (fiat presets too)", async () => {
    const usd = await createTestBot({
      redis: t.redis,
      clock,
      catalog: {
        ...TEST_CATALOG,
        currency: "USD",
        plans: TEST_CATALOG.plans.map((p) => ({ ...p, price: 4.99 })),
      },
      paymentProviderToken: "provider:TEST",
    });
    try {
      const ann = customer();
      await usd.send(command(ann, "/wallet"));
      expect(
        lastShown(usd)
          .buttons.map((b) => b.text)
          .slice(0, 4),
      ).toEqual(["+ $5.00", "+ $10.00", "+ $20.00", "+ $50.00"]);
      await press(ann, button("+ $10.00", usd), usd);
      const preset = usd.telegram.last("sendInvoice");
      expect(preset?.params.currency).toBe("USD");
      expect(preset?.params.provider_token).toBe("provider:TEST");
      expect(preset?.params.prices).toEqual([{ label: "$10.00", amount: 1000 }]);

      await press(ann, "wallet:custom:0", usd);
      expect(lastShown(usd).text).toBe(
        "✏️ How much do you want to add? Send an amount from $1.00 to $100,000.00.",
      );
      usd.telegram.clear();
      await say(ann, "12.345", usd);
      expect(usd.texts()).toEqual([
        "Please send just an amount from $1.00 to $100,000.00, for example 12.50.",
      ]);
      await say(ann, "12,5", usd);
      expect(usd.telegram.last("sendInvoice")?.params.prices).toEqual([{ label: "$12.50", amount: 1250 }]);
    } finally {
      await usd.close();
    }
  });
});

describe("/wallet: history", () => {
  it("pages the ledger newest first, eight a page, with kind, signed amount and balance", async () => {
    const ann = customer();
    const { wallet } = t.deps.books;
    clock.set(Date.UTC(2026, 0, 1, 0, 0));
    for (let i = 1; i <= 9; i++) {
      clock.advance(MINUTE);
      await wallet.credit(ann.id, i * 10, `test:h:${ann.id}:${i}`, {
        kind: i === 1 ? "topup" : "admin-credit",
      });
    }
    clock.advance(MINUTE);
    await wallet.debit(ann.id, 120, `test:h:${ann.id}:debit`, { kind: "purchase" });
    // 10 entries: balances 10, 30, 60, ... 450, then 330.

    await t.send(command(ann, "/wallet"));
    await press(ann, button("📜 History"));
    const page1 = lastShown();
    const lines1 = page1.text.split("\n");
    expect(lines1[0]).toBe("📜 <b>Wallet history</b> · page 1 of 2");
    expect(lines1.slice(2)).toHaveLength(8);
    expect(lines1[2]).toBe("Jan 1, 2026, 00:10 UTC · Purchase · from the balance · <b>−120 ⭐</b> → 330 ⭐");
    expect(lines1[3]).toBe("Jan 1, 2026, 00:09 UTC · Credit by the shop · <b>+90 ⭐</b> → 450 ⭐");
    expect(lines1[9]).toBe("Jan 1, 2026, 00:03 UTC · Credit by the shop · <b>+30 ⭐</b> → 60 ⭐");
    expect(page1.buttons.map((b) => b.text)).toEqual(["Next ›", "« Wallet"]);

    await press(ann, button("Next ›"));
    const page2 = lastShown();
    expect(page2.text).toBe(
      [
        "📜 <b>Wallet history</b> · page 2 of 2",
        "",
        "Jan 1, 2026, 00:02 UTC · Credit by the shop · <b>+20 ⭐</b> → 30 ⭐",
        "Jan 1, 2026, 00:01 UTC · Top-up · <b>+10 ⭐</b> → 10 ⭐",
      ].join("\n"),
    );
    expect(page2.buttons.map((b) => b.text)).toEqual(["‹ Previous", "« Wallet"]);
    await press(ann, button("‹ Previous"));
    expect(lastShown().text).toContain("page 1 of 2");
    await press(ann, button("« Wallet"));
    expect(lastShown().text).toContain("Balance: <b>330 ⭐</b>");

    // A forged page number shows the last page.
    await press(ann, "wallet:hist:99");
    expect(lastShown().text).toContain("page 2 of 2");
  });

  it("in Russian, and an empty history", async () => {
    const ivan = customer({ language_code: "ru" });
    await press(ivan, "wallet:hist:0");
    expect(lastShown().text).toBe("📜 В кошельке пока не было движений.");
    clock.set(Date.UTC(2026, 0, 1, 0, 10));
    await t.deps.books.wallet.credit(ivan.id, 1500, `test:r:${ivan.id}`, { kind: "refund" });
    await press(ivan, "wallet:hist:0");
    expect(lastShown().text).toBe(
      "📜 <b>История кошелька</b> · страница 1 из 1\n\n1 янв. 2026 г., 00:10 UTC · Возврат · <b>+1\u00a0500 ⭐</b> → 1\u00a0500 ⭐",
    );
  });
});
