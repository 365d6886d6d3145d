import type { User } from "grammy/types";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setShopTimeZone } from "../../src/render/format.js";
import { ManualClock, MINUTE } from "../../src/runtime/clock.js";
import { command, preCheckout, successfulPayment } from "../fakes/telegram-api.js";
import { chatAs, createTestBot, newUsers, type TestBot } from "../helpers/bot-harness.js";
import { telegramViews } from "../helpers/telegram-views.js";

/** Issue 24, item 5: the money screens say what the customer did, in the shop's time zone. */

const clock = new ManualClock(Date.UTC(2026, 0, 1, 12, 0));
let t: TestBot;

beforeAll(async () => {
  // SHOP_TIME_ZONE=Europe/Moscow (UTC+3, no summer time): 12:00 UTC reads 15:00 GMT+3.
  setShopTimeZone("Europe/Moscow");
  t = await createTestBot({ clock, rateLimit: false, adminIds: [ADMIN.id] });
});
afterAll(async () => {
  setShopTimeZone("UTC");
  await t.close();
});
beforeEach(() => {
  t.telegram.clear();
  clock.set(Date.UTC(2026, 0, 1, 12, 0));
});

const customer = newUsers(24_500);
const ADMIN = customer();
const { lastShown, button } = telegramViews(() => t);

async function credit(id: number, amount: number): Promise<void> {
  await t.deps.books.wallet.credit(id, amount, `test:credit:${id}:${amount}`, { kind: "admin-credit" });
}

/** /buy -> Germany (150 ⭐) -> Buy (or Buy as a gift), paid by invoice for what the balance lacks. */
async function buyByInvoice(from: User, due: number, opts: { gift?: boolean } = {}): Promise<string> {
  const { press } = chatAs(() => t, from);
  await t.send(command(from, "/buy"));
  await press("buy:plan:de-xui");
  await press(button(opts.gift ? /^🎁/ : /^✅/));
  const id = button(/^✖/).split(":")[2] ?? "";
  await press(button(/^💳/));
  await t.send(preCheckout(from, `o:${id}`, due, "XTR"));
  await t.send(successfulPayment(from, `o:${id}`, due, "XTR", `charge-${id}`));
  return id;
}

async function historyLines(from: User, page = 0): Promise<string[]> {
  await chatAs(() => t, from).press(`wallet:hist:${page}`);
  return lastShown().text.split("\n").slice(2);
}

describe("/wallet history: what the customer did", () => {
  it("an order paid by invoice is one line with the plan's name and 'paid by Stars', in the shop's zone", async () => {
    const ann = customer();
    await buyByInvoice(ann, 150);
    expect(await historyLines(ann)).toEqual([
      "Jan 1, 2026, 15:00 GMT+3 · Germany, 30 days, 100 GB · paid by Stars · <b>150 ⭐</b> → 0 ⭐",
    ]);
  });

  it("a part paid from the balance is named with the part the invoice paid", async () => {
    const ann = customer();
    await credit(ann.id, 50);
    clock.advance(MINUTE);
    await buyByInvoice(ann, 100);
    expect(await historyLines(ann)).toEqual([
      "Jan 1, 2026, 15:01 GMT+3 · Germany, 30 days, 100 GB · paid by Stars (100 ⭐) and from the balance (50 ⭐) · <b>150 ⭐</b> → 0 ⭐",
      "Jan 1, 2026, 15:00 GMT+3 · Credit by the shop · <b>+50 ⭐</b> → 50 ⭐",
    ]);
  });

  it("a purchase from the balance and a gift say so", async () => {
    const ann = customer();
    await credit(ann.id, 150);
    clock.advance(MINUTE);
    const { press } = chatAs(() => t, ann);
    await t.send(command(ann, "/buy"));
    await press(button(/^Germany/));
    await press(button(/^✅ Buy for/));
    await press(button(/from balance/));
    clock.advance(MINUTE);
    await buyByInvoice(ann, 150, { gift: true });
    expect(await historyLines(ann)).toEqual([
      "Jan 1, 2026, 15:02 GMT+3 · 🎁 Gift: Germany, 30 days, 100 GB · paid by Stars · <b>150 ⭐</b> → 0 ⭐",
      "Jan 1, 2026, 15:01 GMT+3 · Germany, 30 days, 100 GB · from the balance · <b>−150 ⭐</b> → 0 ⭐",
      "Jan 1, 2026, 15:00 GMT+3 · Credit by the shop · <b>+150 ⭐</b> → 150 ⭐",
    ]);
  });

  it("in Russian", async () => {
    const ivan = customer({ language_code: "ru" });
    await buyByInvoice(ivan, 150);
    expect(await historyLines(ivan)).toEqual([
      "1 янв. 2026 г., 15:00 GMT+3 · Германия, 30 дней, 100 ГБ · оплачено звёздами · <b>150 ⭐</b> → 0 ⭐",
    ]);
  });

  it("records written before top-ups named their order read as one line too, across a page's edge", async () => {
    const ann = customer();
    const { wallet } = t.deps.books;
    // The old shape of an invoice-paid order: a top-up without its order, the purchase at once.
    await wallet.credit(ann.id, 150, `test:old:${ann.id}`, { kind: "topup", ref: "charge-old" });
    await wallet.debit(ann.id, 150, `test:old-buy:${ann.id}`, {
      kind: "purchase",
      ref: "o-old",
      planId: "de-xui",
    });
    // Seven more entries: the purchase is the 8th, the last of page 1, its top-up the first of page 2.
    for (let i = 1; i <= 7; i++) {
      clock.advance(MINUTE);
      await wallet.credit(ann.id, i, `test:old:${ann.id}:${i}`, { kind: "admin-credit" });
    }
    const page1 = await historyLines(ann);
    expect(page1).toHaveLength(8);
    expect(page1[7]).toBe(
      "Jan 1, 2026, 15:00 GMT+3 · Germany, 30 days, 100 GB · paid by Stars · <b>150 ⭐</b> → 0 ⭐",
    );
    expect(lastShown().text).toContain("page 1 of 2");
    // Page 2 would only hold the top-up already shown with its purchase: it is not shown again.
    expect(await historyLines(ann, 1)).toEqual([]);
  });
});

describe("the admin's order list", () => {
  it("calls a gift a gift, beside a purchase (it called both a purchase)", async () => {
    const ann = customer();
    const bought = await buyByInvoice(ann, 150);
    const gift = await buyByInvoice(ann, 150, { gift: true });
    await chatAs(() => t, ADMIN).press(`a.c:card:${ann.id}:`);
    await chatAs(() => t, ADMIN).press(button("🧾 Orders"));
    const text = lastShown().text;
    expect(text).toContain(
      `<code>${gift}</code> · gift · Germany, 30 days, 100 GB · 150 ⭐ · paid · Jan 1, 2026, 15:00 GMT+3`,
    );
    expect(text).toContain(`<code>${bought}</code> · purchase · Germany, 30 days, 100 GB · 150 ⭐ · paid`);
  });
});
