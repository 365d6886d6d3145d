import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Catalog } from "../../src/domain/catalog/index.js";
import { ManualClock } from "../../src/runtime/clock.js";
import { command, successfulPayment, user } from "../fakes/telegram-api.js";
import { chatAs, createTestBot, TEST_CATALOG, type TestBot } from "../helpers/bot-harness.js";
import { MemoryRail } from "../helpers/memory-rail.js";
import { buttonsOf, telegramViews } from "../helpers/telegram-views.js";

const RUB_CATALOG: Catalog = { ...TEST_CATALOG, currency: "RUB" };
const ADMIN = user(27_500, { first_name: "Boss", language_code: "en" });
const STRANGER = user(27_599, { first_name: "Mallory", language_code: "en" });
const PAYER = user(27_550, { first_name: "Pay", language_code: "en" });

const clock = new ManualClock(Date.UTC(2026, 2, 2, 9, 30));
const crypto = new MemoryRail({
  id: "cryptobot",
  name: "CryptoBot",
  choices: [{ key: "assets", kind: "set", values: ["USDT", "TON", "BTC"], defaults: ["USDT", "TON"] }],
});
const yoo = new MemoryRail({
  id: "yookassa",
  name: "YooKassa",
  choices: [{ key: "receipts", kind: "flag", default: false }],
  emailFlag: "receipts",
});
/** A rail that takes no roubles: configured, shown to admins, never offered to customers. */
const dollars = new MemoryRail({ id: "usdonly", name: "DollarPay", currencies: ["USD"] });
let t: TestBot;

beforeAll(async () => {
  t = await createTestBot({
    clock,
    catalog: RUB_CATALOG,
    rails: [crypto, yoo, dollars],
    adminIds: [ADMIN.id],
  });
});
afterAll(() => t.close());

const { press } = chatAs(() => t, ADMIN);
const { lastShown, button, lastAnswer } = telegramViews(() => t);
/** Amounts are formatted with a no-break space after the currency's code. */
const nb = (text: string) => text.replace(/RUB (?=\d)/g, "RUB\u00a0");

async function openScreen(): Promise<void> {
  await t.send(command(ADMIN, "/admin"));
  const home = buttonsOf(t.telegram.last("sendMessage")?.params.reply_markup);
  const entry = home.find((b) => b.text === "🏦 Payments");
  if (!entry) throw new Error(`no Payments button in ${JSON.stringify(home)}`);
  await press(entry.data);
}

/** A top-up of `amount` minor units asked on CryptoBot by PAYER; returns the rail's payment id. */
async function railTopUp(amount: number): Promise<string> {
  const asked = await t.deps.settlement.railPayments.payTopUp(PAYER.id, amount, "cryptobot", {
    returnUrl: "https://t.me/fake_bot",
    description: "top-up",
  });
  if (!asked.ok) throw new Error(asked.reason);
  return asked.paymentId;
}

describe("admins: the Payments screen", () => {
  it("shows each rail's currency, health and choices, and Telegram's line", async () => {
    await openScreen();
    const first = lastShown();
    expect(first.text).toContain(
      nb("<b>CryptoBot</b> · takes RUB\n⚪ not checked yet\nToday: 0 payments, RUB 0.00"),
    );
    expect(first.text).toContain("<b>DollarPay</b> · ⚠️ does not take RUB: not offered to customers");
    expect(first.text).toContain("Accepted assets: USDT, TON");
    expect(first.text).toContain("Receipts by e-mail: ⛔ off");
    expect(first.text).toContain("<b>Telegram</b> · no invoices in this shop's currency (no provider token)");
    expect(first.buttons.map((b) => b.text)).toEqual([
      "✅ USDT",
      "✅ TON",
      "▫️ BTC",
      "YooKassa: Receipts by e-mail ⛔ off",
      "💳 Payments to check",
      "🔄 Refresh",
      "« Admin menu",
    ]);

    await t.deps.settlement.railPayments.poll("cryptobot");
    yoo.down = true;
    await t.deps.settlement.railPayments.poll("yookassa");
    yoo.down = false;
    await press(button("🔄 Refresh"));
    const text = lastShown().text;
    expect(text).toContain("<b>CryptoBot</b> · takes RUB\n🟢 answers (checked Mar 2, 2026, 09:30 UTC)");
    expect(text).toContain(
      "<b>YooKassa</b> · takes RUB\n🔴 does not answer (checked Mar 2, 2026, 09:30 UTC: no answer to the probe)",
    );
  });

  it("turns a set's values on and off (kept), but never its last one; a flag on and off", async () => {
    const prefs = () => t.deps.settlement.railPayments.prefs("cryptobot");
    await openScreen();
    await press(button("▫️ BTC"));
    expect(await prefs()).toEqual({ assets: ["USDT", "TON", "BTC"] });
    await press(button("✅ USDT"));
    await press(button("✅ TON"));
    expect(await prefs()).toEqual({ assets: ["BTC"] });
    expect(lastShown().text).toContain("Accepted assets: BTC");

    await press(button("✅ BTC"));
    expect(lastAnswer()).toMatchObject({ text: "At least one must stay on.", show_alert: true });
    expect(await prefs()).toEqual({ assets: ["BTC"] });

    await press(button("YooKassa: Receipts by e-mail ⛔ off"));
    expect(await t.deps.settlement.railPayments.prefs("yookassa")).toEqual({ receipts: true });
    expect(lastShown().buttons.map((b) => b.text)).toContain("YooKassa: Receipts by e-mail ✅ on");
    // Customers are asked for their e-mail now.
    expect(
      (await t.deps.settlement.railPayments.offers(PAYER.id)).find((o) => o.id === "yookassa"),
    ).toMatchObject({
      needsEmail: true,
    });
    await press(button("YooKassa: Receipts by e-mail ✅ on"));
    expect(await t.deps.settlement.railPayments.prefs("yookassa")).toEqual({ receipts: false });
  });

  it("counts today's payments per rail and Telegram's; lists a mismatch and an unmatched payment to check", async () => {
    const railPayments = t.deps.settlement.railPayments;
    const fine = await railTopUp(2000);
    crypto.pay(fine);
    expect((await railPayments.check(PAYER.id, "cryptobot", fine)).status).toBe("credited");
    // Paid 1.00 where 5.00 was asked: credited to the balance, listed for admins.
    const short = await railTopUp(500);
    crypto.pay(short, { amount: "1.00" });
    expect((await railPayments.check(PAYER.id, "cryptobot", short)).status).toBe("credited");
    // A Telegram payment for an order the shop does not know.
    clock.advance(60_000);
    await t.send(successfulPayment(PAYER, "o:noSuchOrder27", 700, "RUB", "tg-charge-27"));

    await openScreen();
    const text = lastShown().text;
    expect(text).toMatch(/<b>CryptoBot<\/b> · takes RUB\n.+\nToday: 2 payments, RUB\u00a021\.00\n/);
    expect(text).toContain(
      nb(
        "<b>Telegram</b> · no invoices in this shop's currency (no provider token)\nToday: 1 payment, RUB 7.00",
      ),
    );
    expect(text).toContain(
      [
        "<b>Payments to check</b>: 2",
        nb("Mar 2, 2026, 09:31 UTC · Telegram · from <code>27550</code> · RUB 7.00 · matches no order"),
        nb(
          "Mar 2, 2026, 09:30 UTC · CryptoBot · from <code>27550</code> · RUB 1.00 · mismatch: another amount",
        ),
      ].join("\n"),
    );
    // The payer is a tap away, and the inbox's screen says why the rail payment paid nothing.
    expect(lastShown().buttons.map((b) => b.text)).toContain("👤 Customer 27550");
    await press(button("💳 Payments to check"));
    expect(lastShown().text).toContain(
      "↳ another amount than asked: on the payer's balance, the order not paid",
    );
  });

  it("lists the latest ten payments to check, newest first, and counts them all", async () => {
    const inbox = t.deps.settlement.paymentInbox;
    const before = (await inbox.counts()).unmatched;
    clock.set(Date.UTC(2026, 2, 2, 10, 0));
    for (let i = 1; i <= 11; i++) {
      clock.advance(60_000);
      const payment = {
        ...{
          chargeId: `cryptobot:stray-${i}`,
          payerId: PAYER.id,
          payload: `t:strayTopUp${i}`,
          amount: i * 100,
        },
        ...{ currency: "RUB", updateId: 0, raw: "{}", rail: "cryptobot", mismatch: "unknown" as const },
      };
      await inbox.record(payment);
      await inbox.settle(payment);
    }
    await openScreen();
    const lines = lastShown().text.split("\n");
    const title = lines.indexOf(`<b>Payments to check</b>: ${before + 11}`);
    expect(title).toBeGreaterThan(0);
    expect(lines[title + 1]).toBe("(the latest 10, newest first)");
    const listed = lines.slice(title + 2);
    expect(listed).toHaveLength(10);
    expect(listed[0]).toBe(
      nb(
        "Mar 2, 2026, 10:11 UTC · CryptoBot · from <code>27550</code> · RUB 11.00 · mismatch: never asked for",
      ),
    );
    expect(listed[9]).toContain(nb("RUB 2.00 · mismatch: never asked for"));
  });

  it("refuses a non-admin's press on its buttons, changing nothing", async () => {
    const before = await t.deps.settlement.railPayments.prefs("yookassa");
    t.telegram.clear();
    await press("a.rl:flag:yookassa:0:0", STRANGER);
    await press("a.rl:view::0:0", STRANGER);
    expect(t.telegram.callsOf("answerCallbackQuery").map((c) => c.params.show_alert)).toEqual([true, true]);
    expect(t.telegram.callsOf("editMessageText")).toEqual([]);
    expect(await t.deps.settlement.railPayments.prefs("yookassa")).toEqual(before);
  });

  it("a forged button naming no rail or value shows the screen as it is", async () => {
    await press("a.rl:set:cryptobot:0:99");
    expect(lastAnswer().text).toBe("This button is out of date; here is the screen as it is now.");
    await press("a.rl:flag:cryptobot:0:0");
    expect(lastAnswer().text).toBe("This button is out of date; here is the screen as it is now.");
    expect(await t.deps.settlement.railPayments.prefs("cryptobot")).toEqual({ assets: ["BTC"] });
  });
});
