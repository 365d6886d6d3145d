import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ManualClock, MINUTE } from "../../src/runtime/clock.js";
import { command, successfulPayment, user } from "../fakes/telegram-api.js";
import { chatAs, createTestBot, type TestBot } from "../helpers/bot-harness.js";
import { buttonsOf, telegramViews } from "../helpers/telegram-views.js";

const ADMIN = user(7500, { first_name: "Boss", language_code: "en" });
const ADMIN_RU = user(7501, { first_name: "Шеф", language_code: "ru" });
const STRANGER = user(7599, { first_name: "Mallory", language_code: "en" });
const PAYER = user(7550, { first_name: "Pay", language_code: "en" });

let t: TestBot;

beforeAll(async () => {
  t = await createTestBot({ adminIds: [ADMIN.id, ADMIN_RU.id] });
});
afterAll(() => t.close());

const { press } = chatAs(() => t, ADMIN);
const { lastShown } = telegramViews(() => t);

describe("payments to check", () => {
  it("lists payments not credited yet and credited ones that matched no order, to admins only", async () => {
    await t.send(command(ADMIN, "/admin"));
    const labels = buttonsOf(t.telegram.last("sendMessage")?.params.reply_markup).map((b) => b.text);
    expect(labels).toContain("💳 Payments to check");

    // One paid someone else's order (credited to the payer's wallet, unmatched) ...
    const owner = 7551;
    const started = await t.deps.sales.shop.startPurchase(owner, "de-xui", "en");
    if (!started.ok) throw new Error(started.reason);
    await t.send(successfulPayment(PAYER, `o:${started.order.id}`, 150, "XTR", "charge-for-another"));
    // ... and one was stored, but its handler never credited it (the process died).
    await t.deps.settlement.paymentInbox.record({
      chargeId: "charge-stuck",
      payerId: PAYER.id,
      payload: "t:lostTopUp1",
      amount: 40,
      currency: "XTR",
      updateId: 99,
      raw: "{}",
    });
    (t.deps.clock as ManualClock).advance(2 * MINUTE);

    await press("a.pay:view");
    const view = lastShown();
    expect(view.text).toContain("<b>Not credited yet</b>");
    expect(view.text).toMatch(/needs a look\): 1\n<code>charge-stuck<\/code>/);
    expect(view.text).toContain("40 ⭐ from <code>7550</code> · invoice <code>t:lostTopUp1</code>");
    expect(view.text).toMatch(/the money is in the payer's wallet\): 1\n<code>charge-for-another<\/code>/);
    expect(view.text).toContain(`150 ⭐ from <code>7550</code> · invoice <code>o:${started.order.id}</code>`);
    expect(view.buttons.map((b) => b.text)).toContain("👤 Customer 7550");

    await press("a.pay:view", ADMIN_RU);
    expect(lastShown().text).toContain("<b>Ещё не зачислены</b>");

    t.telegram.clear();
    await press("a.pay:view", STRANGER);
    expect(t.telegram.last("answerCallbackQuery")?.params).toMatchObject({ show_alert: true });
    expect(t.telegram.callsOf("editMessageText")).toEqual([]);
  });
});
