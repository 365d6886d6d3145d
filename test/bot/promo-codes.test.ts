import type { User } from "grammy/types";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { NewPromo } from "../../src/domain/sales/index.js";
import { DAY, HOUR, ManualClock } from "../../src/runtime/clock.js";
import { callback, command, successfulPayment, user } from "../fakes/telegram-api.js";
import { chatAs, createTestBot, newUsers, type TestBot } from "../helpers/bot-harness.js";
import { makePromo } from "../helpers/promo.js";
import { telegramViews } from "../helpers/telegram-views.js";

/** Issue 14, promo codes: through the bot, on real Redis, with the fake Bot API. */

const clock = new ManualClock(Date.UTC(2026, 3, 1, 12, 0));
const ADMIN = user(7900, { first_name: "Boss", language_code: "en" });
let t: TestBot;

beforeAll(async () => {
  t = await createTestBot({ clock, adminIds: [ADMIN.id] });
});
afterAll(() => t.close());
beforeEach(() => {
  t.telegram.clear();
  t.enqueued.length = 0;
});

const customer = newUsers(7910);
const { lastShown, button } = telegramViews(() => t);
const admin = chatAs(() => t, ADMIN);
const press = (from: User, data: string) => t.send(callback(from, data));

function makeCode(code: string, fields: Partial<NewPromo> = {}): Promise<void> {
  return makePromo(t.deps.sales.promos, code, { createdBy: ADMIN.id, ...fields });
}

async function credit(id: number, amount: number): Promise<void> {
  await t.deps.books.wallet.credit(id, amount, `test:${id}:${amount}:${Math.random()}`, {
    kind: "admin-credit",
  });
}

/** /buy -> plan -> Buy; returns the order shown. */
async function buy(from: User, plan = "de-xui") {
  await press(from, `buy:go:${plan}`);
  const orders = await t.deps.books.orders.ofCustomer(from.id);
  const open = orders.find((o) => o.status === "awaiting_payment" && o.planId === plan);
  if (!open) throw new Error(`no open order: ${lastShown().text}`);
  return open;
}

const lastText = () => lastShown().text;

describe("promo codes: admins", () => {
  it("creates a code from the admin menu, lists it with its usage and disables it", async () => {
    await t.send(command(ADMIN, "/admin"));
    expect(lastShown().buttons.map((b) => b.text)).toContain("🎟 Promo codes");
    await admin.press("a.pr:list:");
    expect(lastText()).toContain("No promo codes yet.");
    await admin.press(button("➕ New code"));
    await admin.press(button("Percentage discount"));
    expect(lastText()).toContain("Send the code");
    await admin.say("no way!");
    expect(lastText()).toContain("A code is 3–32 letters");
    await admin.say("spring25");
    await admin.say("250");
    expect(lastText()).toBe("Please send a whole number from 1 to 100.");
    await admin.say("25");
    // The plans are chosen with buttons (issue 24, item 6: plan ids used to be typed).
    expect(lastText()).toContain("Which plans is it for? Tap the plans");
    expect(lastShown().buttons.map((b) => b.text)).toEqual([
      "⬜ Germany, 30 days, 100 GB",
      "⬜ 2 locations, 30 days",
      "⬜ Own node, 30 days",
      "🌐 All plans",
      "✅ Continue",
      "✖ Cancel",
    ]);
    await admin.press(button("✅ Continue"));
    expect(t.telegram.last("answerCallbackQuery")?.params.text).toBe(
      "Tap at least one plan, or choose 🌐 All plans.",
    );
    await admin.say("de-xui, nope");
    expect(lastText()).toContain("Please tap the plans above");
    // Ticks on the question's message (Germany; Own node on, then off again).
    await admin.press("a.pq:plan:0");
    await admin.press("a.pq:plan:2");
    await admin.press(button("✅ Own node, 30 days"));
    expect(
      lastShown()
        .buttons.map((b) => b.text)
        .slice(0, 3),
    ).toEqual(["✅ Germany, 30 days, 100 GB", "⬜ 2 locations, 30 days", "⬜ Own node, 30 days"]);
    await admin.press(button("✅ Continue"));
    await admin.say("30");
    await admin.say("100");
    await admin.say("-");
    // Yes or no with buttons too (it used to want "yes"/"no" typed).
    expect(lastText()).toBe("New customers only (no paid order yet)?");
    expect(lastShown().buttons.map((b) => b.text)).toEqual(["✅ Yes", "❌ No", "✖ Cancel"]);
    const no = button("❌ No");
    await admin.say("maybe");
    expect(lastText()).toBe("Please tap ✅ Yes or ❌ No above.");
    await admin.press(no);
    const card = lastText();
    expect(card).toContain("🎟 <b>SPRING25</b> — −25% (on)");
    expect(card).toContain("Usage: used 0/100, reserved 0");
    expect(card).toContain("Plans: Germany, 30 days, 100 GB");
    expect(card).toContain("Uses per customer: 1");
    expect(card).toContain("New customers only: no");
    const stored = await t.deps.sales.promos.get("SPRING25");
    expect(stored).toMatchObject({ kind: "percent", value: 25, plans: ["de-xui"], totalUses: 100 });
    expect(stored?.expiresAt).toBe(clock.now() + 30 * DAY);

    // A customer uses it; the list and the card show the use.
    const ann = customer();
    await t.send(command(ann, "/promo spring25"));
    const order = await buy(ann);
    expect(order).toMatchObject({ promoCode: "SPRING25", listPrice: 150, price: 113 });
    await admin.press("a.pr:list:");
    expect(lastText()).toContain("<b>SPRING25</b> — −25% · used 0/100, reserved 1 · on");
    await admin.press(button("SPRING25"));
    expect(lastText()).toContain(`⏳ customer <code>${ann.id}</code> · ${order.id} (unpaid)`);

    await admin.press(button("⛔ Disable"));
    expect(lastText()).toContain("— −25% (off)");
    expect(lastShown().buttons.map((b) => b.text)).not.toContain("⛔ Disable");
    const bob = customer();
    await t.send(command(bob, "/promo SPRING25"));
    expect(lastText()).toBe("⛔ Promo code <b>SPRING25</b> has been switched off by the shop.");
  });

  it("All plans and Yes by buttons make a code for every plan and new customers only", async () => {
    await admin.press("a.pr:new:");
    await admin.press(button("Bonus days"));
    await admin.say("welcome7");
    await admin.say("7");
    await admin.press(button("🌐 All plans"));
    await admin.say("-");
    await admin.say("-");
    await admin.say("-");
    await admin.press(button("✅ Yes"));
    expect(lastText()).toContain("New customers only: yes");
    expect(await t.deps.sales.promos.get("WELCOME7")).toMatchObject({
      kind: "days",
      value: 7,
      plans: [],
      newCustomersOnly: true,
    });
  });

  it("refuses the section to a customer", async () => {
    await makeCode("KEEPON");
    const eve = customer();
    await press(eve, "a.pr:list:");
    expect(t.telegram.last("answerCallbackQuery")?.params.text).toBe(
      "This action is for the shop's admins only.",
    );
    await press(eve, "a.pr:off:KEEPON");
    expect(t.telegram.last("answerCallbackQuery")?.params.text).toBe(
      "This action is for the shop's admins only.",
    );
    expect((await t.deps.sales.promos.get("KEEPON"))?.disabled).toBe(false);
  });
});

describe("promo codes: customers", () => {
  it("carries a discount to the order screen, the invoice and the ledger, and uses it once", async () => {
    await makeCode("TAKE30", { kind: "fixed", value: 30 });
    const ann = customer();
    await t.send(command(ann, "/promo take30"));
    expect(lastText()).toBe(
      "🎟 Promo code <b>TAKE30</b> accepted: 30 ⭐ off your next purchase within 24 hours. Choose a plan below.",
    );
    const order = await buy(ann);
    expect(order).toMatchObject({ promoCode: "TAKE30", listPrice: 150, price: 120 });
    expect(lastText()).toContain("Price: <b>120 ⭐</b>");
    expect(lastText()).toContain("🎟 Promo code <b>TAKE30</b>: −30 ⭐ (instead of 150 ⭐)");
    expect(lastShown().buttons.map((b) => b.text)).toEqual(["💳 Pay 120 ⭐ by invoice", "✖ Cancel"]);

    await press(ann, `ord:inv:${order.id}`);
    const invoice = t.telegram.last("sendInvoice");
    expect(invoice?.params.prices).toEqual([{ label: "Germany, 30 days, 100 GB", amount: 120 }]);
    expect(String(invoice?.params.description)).toContain("Promo code TAKE30 applied (instead of 150 ⭐).");
    await t.send(successfulPayment(ann, `o:${order.id}`, 120, "XTR", "promo-charge-1"));
    expect((await t.deps.books.orders.get(order.id))?.status).toBe("paid");
    const { entries } = await t.deps.books.wallet.history(ann.id, 0, 5);
    expect(entries.map((e) => [e.kind, e.amount, e.note ?? ""])).toEqual([
      ["purchase", -120, "promo TAKE30: 150 -> 120"],
      ["topup", 120, ""],
    ]);
    expect(await t.deps.sales.promos.get("TAKE30")).toMatchObject({ used: 1, held: 1 });

    // Once per customer: the code is spent for them, and a new order is at the plan's price.
    await t.send(command(ann, "/promo TAKE30"));
    expect(lastText()).toBe("You have already used promo code <b>TAKE30</b>.");
    const next = await buy(ann);
    expect(next.promoCode).toBeUndefined();
    expect(next.price).toBe(150);
  });

  it("enters a code in /buy before paying (the 'Have a promo code?' step)", async () => {
    await makeCode("STEP10", { value: 10 });
    const ann = customer();
    await credit(ann.id, 500);
    const first = await buy(ann);
    await press(ann, `ord:promo:${first.id}`);
    expect(lastText()).toBe("🎟 Send your promo code.");
    await chatAs(() => t, ann).say("step10");
    expect(lastText()).toContain("🎟 Promo code <b>STEP10</b>: −15 ⭐ (instead of 150 ⭐)");
    expect(lastText()).toContain("Price: <b>135 ⭐</b>");
    expect((await t.deps.books.orders.get(first.id))?.status).toBe("cancelled");
    const order = (await t.deps.books.orders.ofCustomer(ann.id)).find((o) => o.promoCode === "STEP10");
    if (!order) throw new Error("no order with the code");
    await press(ann, `ord:bal:${order.id}`);
    expect(await t.deps.books.wallet.balance(ann.id)).toBe(365);
    expect(t.enqueued).toEqual([order.id]);
  });

  it("gives one discount of a one-use code to ten customers redeeming it at once", async () => {
    await makeCode("ONLYONE", { totalUses: 1 });
    const ten = Array.from({ length: 10 }, () => customer());
    for (const c of ten) await t.send(command(c, "/promo ONLYONE"));
    t.telegram.clear();
    await Promise.all(ten.map((c) => press(c, "buy:go:de-xui")));
    const orders = (await Promise.all(ten.map((c) => t.deps.books.orders.ofCustomer(c.id)))).flat();
    const open = orders.filter((o) => o.status === "awaiting_payment");
    expect(open).toHaveLength(10);
    expect(open.filter((o) => o.promoCode === "ONLYONE").map((o) => o.price)).toEqual([120]);
    expect(open.filter((o) => o.promoCode === undefined).map((o) => o.price)).toEqual(Array(9).fill(150));
    const usedUp = t.texts().filter((s) => s.includes("Promo code <b>ONLYONE</b> has been used up"));
    expect(usedUp).toHaveLength(9);
    expect(await t.deps.sales.promos.get("ONLYONE")).toMatchObject({ held: 1 });
  });

  it("answers each kind of unusable code with its own message", async () => {
    await makeCode("OLD", { expiresAt: clock.now() + HOUR });
    await makeCode("OFF");
    await t.deps.sales.promos.disable("OFF");
    await makeCode("GONE", { totalUses: 1 });
    await makeCode("NODEONLY", { plans: ["node"] });
    await makeCode("NEWBIE", { newCustomersOnly: true });
    const used = customer();
    await t.send(command(used, "/promo GONE"));
    const order = await buy(used);
    await credit(used.id, 200);
    await press(used, `ord:bal:${order.id}`);
    clock.advance(2 * HOUR);

    const ann = customer();
    const answers: Record<string, string> = {};
    for (const code of ["NOPE", "OLD", "OFF", "GONE", "ab"]) {
      await t.send(command(ann, `/promo ${code}`));
      answers[code] = lastText();
    }
    expect(answers).toEqual({
      NOPE: "❌ There is no promo code <b>NOPE</b>. Please check the spelling.",
      OLD: "⌛ Promo code <b>OLD</b> has expired.",
      OFF: "⛔ Promo code <b>OFF</b> has been switched off by the shop.",
      GONE: "😔 Promo code <b>GONE</b> has been used up: no uses are left.",
      ab: "❌ There is no promo code <b>ab</b>. Please check the spelling.",
    });
    // Not for this plan: remembered, then the order says why it is at the plan's price.
    await t.send(command(ann, "/promo NODEONLY"));
    const plain = await buy(ann, "de-xui");
    expect(plain.price).toBe(150);
    expect(lastText()).toContain("Promo code <b>NODEONLY</b> is not valid for this plan.");
    expect((await buy(ann, "node")).price).toBe(96);
    // New customers only: one with a paid order is refused.
    await t.send(command(used, "/promo NEWBIE"));
    expect(lastText()).toBe(
      "Promo code <b>NEWBIE</b> is for new customers only (before their first paid order).",
    );
    await t.send(command(ann, "/promo"));
    expect(lastText()).toBe("Send the code after the command, e.g. <code>/promo SPRING</code>.");
  });

  it("frees the use of an order left unpaid past its invoice life, and of a cancelled one", async () => {
    await makeCode("LAST", { totalUses: 1 });
    const [ann, bob, cid] = [customer(), customer(), customer()];
    await t.send(command(ann, "/promo LAST"));
    const abandoned = await buy(ann);
    expect(abandoned.promoCode).toBe("LAST");
    await t.send(command(bob, "/promo LAST"));
    expect(lastText()).toContain("has been used up");

    clock.advance(25 * HOUR);
    await t.send(command(bob, "/promo LAST"));
    expect(lastText()).toContain("accepted");
    expect((await t.deps.books.orders.get(abandoned.id))?.status).toBe("cancelled");
    const bobs = await buy(bob);
    expect(bobs).toMatchObject({ promoCode: "LAST", price: 120 });
    // Settled once: a second look changes nothing.
    await t.deps.sales.promos.settleCode("LAST");
    expect(await t.deps.sales.promos.get("LAST")).toMatchObject({ held: 1, used: 0 });

    await press(bob, `ord:cancel:${bobs.id}`);
    await t.send(command(cid, "/promo LAST"));
    expect(lastText()).toContain("accepted");
    expect((await buy(cid)).price).toBe(120);
  });

  it("credits a wallet-credit code once under duplicate updates", async () => {
    await makeCode("GIFT50", { kind: "credit", value: 50 });
    const ann = customer();
    const update = command(ann, "/promo GIFT50");
    await Promise.all([t.send(update), t.send(update), t.send(command(ann, "/promo gift50"))]);
    await t.send(update);
    expect(await t.deps.books.wallet.balance(ann.id)).toBe(50);
    const { entries } = await t.deps.books.wallet.history(ann.id, 0, 10);
    expect(entries.map((e) => [e.kind, e.amount, e.ref])).toEqual([["promo", 50, "GIFT50"]]);
    const credited = t.texts().filter((s) => s.includes("50 ⭐ added to your wallet (balance now 50 ⭐)"));
    expect(credited).toHaveLength(1);
    expect(await t.deps.sales.promos.get("GIFT50")).toMatchObject({ used: 1, held: 1 });
  });

  it("makes an order free with a code of the whole price: 'Get it free', paid from nothing", async () => {
    await makeCode("ONUS", { value: 100, perCustomer: 2 });
    const ann = customer();
    await t.send(command(ann, "/promo ONUS"));
    const order = await buy(ann);
    expect(order).toMatchObject({ promoCode: "ONUS", price: 0, listPrice: 150 });
    expect(lastText()).toContain("Price: <b>0 ⭐</b>");
    expect(lastText()).toContain("Free with your promo code: nothing is taken from your balance.");
    expect(lastText()).not.toContain("Your balance covers it.");
    expect(lastShown().buttons.map((b) => b.text)).toEqual(["🎁 Get it free", "✖ Cancel"]);
    await press(ann, button("🎁 Get it free"));
    expect((await t.deps.books.orders.get(order.id))?.status).toBe("paid");
    expect(t.enqueued).toEqual([order.id]);
    expect(lastText()).toBe(
      "✅ It is yours, free of charge. Preparing your VPN access, this takes a few seconds…",
    );
    expect(await t.deps.books.wallet.balance(ann.id)).toBe(0);

    const ivan = customer({ language_code: "ru" });
    await t.send(command(ivan, "/promo ONUS"));
    await buy(ivan);
    expect(lastText()).toContain("Бесплатно по промокоду: с баланса ничего не спишется.");
    expect(lastShown().buttons.map((b) => b.text)).toEqual(["🎁 Получить бесплатно", "✖ Отменить"]);
  });

  it("puts bonus days on the order once, shown on the order screen", async () => {
    await makeCode("PLUS7", { kind: "days", value: 7 });
    const ann = customer();
    await t.send(command(ann, "/promo PLUS7"));
    expect(lastText()).toContain("7 bonus days with your next purchase");
    const order = await buy(ann);
    expect(order).toMatchObject({ promoCode: "PLUS7", bonusDays: 7, price: 150 });
    expect(lastText()).toContain("🎟 Promo code <b>PLUS7</b>: +7 bonus days");
  });
});
