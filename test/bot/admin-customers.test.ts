import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Locale } from "../../src/config.js";
import { ADJUST_PREFIX } from "../../src/domain/backoffice/index.js";
import type { Order } from "../../src/domain/books/index.js";
import { DAY } from "../../src/runtime/clock.js";
import { command, user } from "../fakes/telegram-api.js";
import { chatAs, createTestBot, type TestBot } from "../helpers/bot-harness.js";
import { buttonsOf, telegramViews } from "../helpers/telegram-views.js";

const ADMIN = user(7300, { first_name: "Boss", language_code: "en" });
const ADMIN2 = user(7301, { first_name: "Deputy", language_code: "en" });
const ADMIN_RU = user(7302, { first_name: "Шеф", language_code: "ru" });
const STRANGER = user(7399, { first_name: "Mallory", language_code: "en" });
const NOW = Date.UTC(2026, 0, 1);

let t: TestBot;

beforeAll(async () => {
  t = await createTestBot({ adminIds: [ADMIN.id, ADMIN2.id, ADMIN_RU.id] });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  for (const admin of [ADMIN, ADMIN2, ADMIN_RU]) await t.send(command(admin, "/cancel"));
  t.telegram.clear();
});

const { press, say } = chatAs(() => t, ADMIN);
const { lastShown, button } = telegramViews(() => t);

async function customer(id: number, firstName: string, username?: string, locale: Locale = "en") {
  await t.deps.books.customers.seen({ id, firstName, username, locale });
}

async function ledger(id: number) {
  return (await t.deps.books.wallet.history(id, 0, 1_000)).entries;
}

/** Runs the credit/debit conversation up to the confirmation; returns the confirm button's data. */
async function prepareAdjustment(
  id: number,
  direction: "credit" | "debit",
  amount: string,
  reason: string,
  from = ADMIN,
): Promise<string> {
  await press(`a.c:${direction}:${id}:`, from);
  await say(amount, from);
  await say(reason, from);
  return button("✅ Confirm");
}

/** An order moved along `path` (starting from awaiting_payment). */
async function order(customerId: number, path: Order["status"][], fields: Record<string, string> = {}) {
  const o = await t.deps.books.orders.create({
    kind: "purchase",
    customerId,
    planId: "de-xui",
    price: 150,
    currency: "XTR",
    locale: "en",
  });
  let from: Order["status"] = "awaiting_payment";
  for (const to of path) {
    expect(await t.deps.books.orders.transition(o.id, [from], to, to === "failed" ? fields : {})).toBe(true);
    from = to;
  }
  return o.id;
}

/** A purchase paid from the wallet whose provisioning failed and was refunded to the wallet. */
async function refundedPurchase(customerId: number): Promise<string> {
  await t.deps.books.wallet.credit(customerId, 150, `seed:${customerId}:${Math.random()}`, { kind: "topup" });
  const started = await t.deps.sales.shop.startPurchase(customerId, "de-xui", "en");
  if (!started.ok) throw new Error(started.reason);
  expect((await t.deps.sales.cashier.payFromBalance(customerId, started.order.id)).status).toBe("paid");
  await t.deps.books.orders.transition(started.order.id, ["paid"], "provisioning");
  expect(
    (await t.deps.settlement.fulfilment.fail(started.order.id, "xui server 1 answered 503"))?.refunded,
  ).toBe(150);
  expect((await t.deps.books.orders.get(started.order.id))?.status).toBe("refunded");
  return started.order.id;
}

describe("finding a customer", () => {
  it("adds Customers and Failed orders to the admin menu, after the existing sections", async () => {
    await t.send(command(ADMIN, "/admin"));
    const labels = buttonsOf(t.telegram.last("sendMessage")?.params.reply_markup).map((b) => b.text);
    expect(labels.slice(0, 5)).toEqual([
      "🏦 Hosting account",
      "🖥 Servers",
      "📉 Runway",
      "👥 Customers",
      "⚠️ Failed orders",
    ]);
  });

  it("finds by id and by @username in any case; an unknown one is asked again", async () => {
    await customer(501, "Alice", "Alice_VPN");
    await press("a.c:home:0:");
    expect(lastShown().text).toContain("👥 <b>Customers</b>:");
    expect(lastShown().buttons.map((b) => b.text)).toContain("Alice @Alice_VPN");

    await press(button("🔍 Find a customer"));
    expect(lastShown().text).toContain("Send the customer's <b>Telegram id</b>");
    await say("501");
    expect(lastShown().text).toContain("👤 <b>Alice</b> · @Alice_VPN");
    expect(lastShown().text).toContain("ID: <code>501</code>");

    await press("a.c:find:0:");
    await say("@alice_vpn");
    expect(lastShown().text).toContain("👤 <b>Alice</b> · @Alice_VPN");

    await press("a.c:find:0:");
    await say("not a name!");
    expect(lastShown().text).toBe("Send a numeric Telegram id or a @username (letters, digits and _).");
    await say("@nobody_here");
    expect(lastShown().text).toContain("No customer matches <b>@nobody_here</b>");
    expect(lastShown().buttons.map((b) => b.text)).toEqual(["✖ Cancel"]);
    await say("999999");
    expect(lastShown().text).toContain("No customer matches <b>999999</b>");
    await say("ALICE_vpn");
    expect(lastShown().text).toContain("👤 <b>Alice</b> · @Alice_VPN");

    // Cancel leaves the search.
    await press("a.c:find:0:");
    await say("/cancel");
    expect(lastShown().text).toBe("Cancelled.");
    t.telegram.clear();
    await say("501");
    // Not taken as a search: free text outside a dialog gets only the general hint (issue 10, item 7).
    expect(lastShown().text).toBe("I answer to buttons and commands: here is the menu. /help tells more.");
  });

  it("shows a card for an unknown id in a forged or stale button as gone", async () => {
    await press("a.c:card:424242:");
    expect(lastShown().text).toBe("No customer with id <code>424242</code>.");
  });
});

describe("customer card", () => {
  it("shows profile, trial, blocked flag, balance and subscriptions", async () => {
    await customer(601, "Борис", "boris", "ru");
    await t.deps.books.customers.claimTrial(601);
    await t.deps.books.wallet.credit(601, 250, "seed:601", { kind: "topup" });
    await t.deps.books.subscriptions.create("o601aaaaaaaa", {
      customerId: 601,
      planId: "de-xui",
      ref: { kind: "xui", serverId: 1, name: "c601-aaaaaaaa" },
      links: { links: ["vless://one", "vless://two"], subscriptionUrl: "https://sub.example/s/601" },
      expiresAt: NOW + 10 * DAY,
      trafficGb: 100,
      devices: 0,
      trial: false,
    });
    await t.deps.books.subscriptions.create("o601bbbbbbbb", {
      customerId: 601,
      planId: "node",
      ref: { kind: "node", name: "c601-bbbbbbbb" },
      links: { links: ["vless://three"], subscriptionUrl: undefined },
      expiresAt: NOW - DAY,
      trafficGb: 1,
      devices: 2,
      trial: true,
    });

    await press("a.c:card:601:");
    const card = lastShown();
    expect(card.text).toContain("👤 <b>Борис</b> · @boris");
    expect(card.text).toContain("ID: <code>601</code>");
    expect(card.text).toContain("Language: Russian");
    expect(card.text).toContain("Joined: Jan 1, 2026");
    expect(card.text).toContain("Status: ✅ not blocked");
    expect(card.text).toContain("Trial: used on Jan 1, 2026");
    expect(card.text).toContain("Wallet: <b>250 ⭐</b>");
    expect(card.text).toContain("Subscriptions: 2 (1 active)");
    expect(card.buttons.map((b) => b.text)).toEqual([
      "📒 Ledger",
      "🔑 Subscriptions",
      "🧾 Orders",
      "➕ Credit",
      "➖ Debit",
      "⛔ Block",
      "✉️ Write to customer",
      "🔄 Refresh",
      "« Customers",
      "« Admin menu",
    ]);

    await press(button("🔑 Subscriptions"));
    const list = lastShown();
    expect(list.text).toContain("<b>Subscriptions of Борис</b>: 2");
    expect(list.text).toContain("• <b>Germany, 30 days, 100 GB</b> — until Jan 11, 2026 · ✅ active");
    expect(list.text).toContain("• <b>Own node, 30 days</b> (trial) — until Dec 31, 2025 · ⌛ expired");

    await press(button(/^Germany/));
    const detail = lastShown().text;
    expect(detail).toContain("🔑 <b>Germany, 30 days, 100 GB</b>");
    expect(detail).toContain("Status: ✅ active");
    expect(detail).toContain("Expires: Jan 11, 2026, 00:00 UTC");
    expect(detail).toContain("Links: 2");
    expect(detail).toContain("Subscription URL: <code>https://sub.example/s/601</code>");

    // Another customer's subscription is not shown under this one.
    await customer(600, "Other");
    await press("a.c:sub:600:s601aaaaaaaa");
    expect(lastShown().text).toContain("This menu is outdated");
    expect(lastShown().text).not.toContain("sub.example");

    // In Russian for a Russian-speaking admin.
    await press("a.c:card:601:", ADMIN_RU);
    expect(lastShown().text).toContain("Кошелёк: <b>250 ⭐</b>");
    expect(lastShown().text).toContain("Язык: русский");
    expect(lastShown().buttons.map((b) => b.text)).toContain("➕ Начислить");
  });

  it("pages the ledger newest first, 8 a page, with kinds, signed amounts, balances and notes", async () => {
    await customer(602, "Carol");
    for (let i = 1; i <= 19; i++) {
      await t.deps.books.wallet.credit(602, 10, `seed:602:${i}`, { kind: "admin-credit", note: `note-${i}` });
    }
    await t.deps.books.wallet.debit(602, 40, "seed:602:buy", { kind: "purchase" });

    await press("a.c:card:602:");
    await press(button("📒 Ledger"));
    const page1 = lastShown();
    expect(page1.text).toContain("<b>Ledger of Carol</b> · 20 entries · page 1 of 3");
    expect(page1.text).toContain("Jan 1, 2026, 00:00 UTC · purchase · <b>−40 ⭐</b> → 150 ⭐");
    expect(page1.text).toContain("admin credit · <b>+10 ⭐</b> → 190 ⭐\n↳ <i>note-19</i>");
    expect(page1.text).toContain("note-13");
    expect(page1.text).not.toContain("note-12");
    expect(page1.buttons.some((b) => b.text === "‹ Previous")).toBe(false);

    await press(button("Next ›"));
    const page2 = lastShown().text;
    expect(page2).toContain("page 2 of 3");
    expect(page2).toContain("note-12");
    expect(page2).toContain("note-5");
    expect(page2).not.toContain("note-13");
    expect(page2).not.toContain("<i>note-4</i>");

    await press(button("Next ›"));
    const page3 = lastShown();
    expect(page3.text).toContain("page 3 of 3");
    expect(page3.text).toContain("+10 ⭐</b> → 10 ⭐\n↳ <i>note-1</i>");
    expect(page3.buttons.some((b) => b.text === "Next ›")).toBe(false);
    expect(button("‹ Previous")).toBe("a.c:ledger:602:1");
  });
});

describe("credit and debit", () => {
  it("credits with a reason after a confirmation, into the balance and the ledger", async () => {
    await customer(701, "Dave", "dave");
    await press("a.c:card:701:");
    await press(button("➕ Credit"));
    expect(lastShown().text).toContain(
      "How much to <b>credit</b> to Dave's wallet, in XTR? Balance now: 0 ⭐.",
    );
    await say("abc");
    expect(lastShown().text).toBe("Send a whole positive number of XTR, e.g. 150.");
    await say("12.5");
    expect(lastShown().text).toBe("Send a whole positive number of XTR, e.g. 150.");
    await say("0");
    expect(lastShown().text).toBe("Send a whole positive number of XTR, e.g. 150.");
    await say("150");
    expect(lastShown().text).toContain("Now send the <b>reason</b>");
    await say("x".repeat(201));
    expect(lastShown().text).toBe("The reason must be 1 to 200 characters.");
    await say("Outage <compensation>");
    const confirm = lastShown();
    expect(confirm.text).toContain("Credit <b>150 ⭐</b> to Dave (<code>701</code>)?");
    expect(confirm.text).toContain("Reason: <i>Outage &lt;compensation&gt;</i>");
    expect(confirm.text).toContain("Balance: 0 ⭐ → 150 ⭐");
    expect(await t.deps.books.wallet.balance(701)).toBe(0);

    const yes = button("✅ Confirm");
    const token = yes.split(":").at(-1) ?? "";
    await press(yes);
    expect(lastShown().text).toContain("✅ Credited 150 ⭐. Balance: 150 ⭐.");
    expect(lastShown().text).toContain("Wallet: <b>150 ⭐</b>");
    expect(await t.deps.books.wallet.balance(701)).toBe(150);
    const entries = await ledger(701);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: "admin-credit",
      amount: 150,
      balance: 150,
      note: "Outage <compensation>",
      ref: String(ADMIN.id),
    });
    expect(await t.deps.books.wallet.applied(`admin:${token}`)).toMatchObject({ amount: 150 });

    // A second tap on the same confirmation changes nothing.
    await press(yes);
    expect(lastShown().text).toContain("Already applied: +150 ⭐.");
    expect(await t.deps.books.wallet.balance(701)).toBe(150);
    expect(await ledger(701)).toHaveLength(1);
  });

  it("accepts decimals for a currency with cents", async () => {
    const { parseAmount } = await import("../../src/bot/features/admin/customers/index.js");
    expect(parseAmount("USD", "4.99")).toBe(499);
    expect(parseAmount("USD", "4,5")).toBe(450);
    expect(parseAmount("USD", "4.999")).toBeUndefined();
    expect(parseAmount("XTR", "4.5")).toBeUndefined();
    expect(parseAmount("XTR", "-5")).toBeUndefined();
    expect(parseAmount("XTR", "1000000")).toBe(1_000_000);
    expect(parseAmount("XTR", "1000001")).toBeUndefined();
  });

  it("refuses a debit over the balance, when typed and when confirmed, changing nothing", async () => {
    await customer(702, "Erin");
    await t.deps.books.wallet.credit(702, 100, "seed:702", { kind: "topup" });
    await press("a.c:debit:702:");
    expect(lastShown().text).toContain("How much to <b>debit</b> from Erin's wallet");
    await say("150");
    expect(lastShown().text).toBe(
      "The balance is only 100 ⭐: a debit cannot take it below zero. Send a smaller amount, or tap Cancel.",
    );
    await say("80");
    await say("Chargeback");
    expect(lastShown().text).toContain("Debit <b>80 ⭐</b> from Erin (<code>702</code>)?");
    expect(lastShown().text).toContain("Balance: 100 ⭐ → 20 ⭐");
    const yes = button("✅ Confirm");

    // The balance drops before the admin confirms: the atomic check refuses.
    await t.deps.books.wallet.debit(702, 50, "seed:702:buy", { kind: "purchase" });
    await press(yes);
    expect(lastShown().text).toContain(
      "⛔ Refused: the balance 50 ⭐ does not cover a debit of 80 ⭐. Nothing was changed.",
    );
    expect(await t.deps.books.wallet.balance(702)).toBe(50);
    expect((await ledger(702)).filter((e) => e.kind === "admin-debit")).toHaveLength(0);
  });

  it("debits within the balance with its ledger entry", async () => {
    await customer(703, "Frank");
    await t.deps.books.wallet.credit(703, 100, "seed:703", { kind: "topup" });
    const yes = await prepareAdjustment(703, "debit", "30", "Manual correction");
    await press(yes);
    expect(lastShown().text).toContain("✅ Debited 30 ⭐. Balance: 70 ⭐.");
    expect(await t.deps.books.wallet.balance(703)).toBe(70);
    expect((await ledger(703))[0]).toMatchObject({
      kind: "admin-debit",
      amount: -30,
      balance: 70,
      note: "Manual correction",
      ref: String(ADMIN.id),
    });
  });

  it("says so when an empty wallet is debited", async () => {
    await customer(704, "Gina");
    await press("a.c:debit:704:");
    expect(lastShown().text).toBe("The wallet of Gina is empty: there is nothing to debit.");
  });

  it("applies a double-tapped confirmation once, even concurrently from two admins", async () => {
    await customer(705, "Hugo");
    const credit = await prepareAdjustment(705, "credit", "40", "Bonus");
    await Promise.all([press(credit), press(credit, ADMIN2), press(credit), press(credit, ADMIN2)]);
    expect(await t.deps.books.wallet.balance(705)).toBe(40);
    expect((await ledger(705)).filter((e) => e.kind === "admin-credit")).toHaveLength(1);

    const debit = await prepareAdjustment(705, "debit", "25", "Undo part of the bonus");
    await Promise.all([press(debit, ADMIN2), press(debit), press(debit, ADMIN2)]);
    expect(await t.deps.books.wallet.balance(705)).toBe(15);
    expect((await ledger(705)).filter((e) => e.kind === "admin-debit")).toHaveLength(1);
  });

  it("refuses an expired or forged confirmation", async () => {
    await customer(706, "Ivy");
    const yes = await prepareAdjustment(706, "credit", "10", "Gift");
    const token = yes.split(":").at(-1) ?? "";
    await t.redis.del(`once:${token}`, ADJUST_PREFIX + token);
    await press(yes);
    expect(lastShown().text).toContain("This confirmation has expired.");
    await press("a.c:adj-ok:706:forged99");
    expect(lastShown().text).toContain("This confirmation has expired.");
    expect(await t.deps.books.wallet.balance(706)).toBe(0);
  });
});

describe("block and unblock", () => {
  it("blocks a customer (no more purchases) and unblocks them, refreshing the card", async () => {
    await customer(801, "Jack");
    await press("a.c:card:801:");
    await press(button("⛔ Block"));
    // Blocking asks for a reason and a confirmation (issue 10, item 12).
    await say("Abuse");
    await press(button("⛔ Yes, block"));
    expect(lastShown().text).toContain("⛔ The customer is blocked");
    expect(lastShown().text).toContain("Status: ⛔ blocked");
    expect(button("✅ Unblock")).toBe("a.c:unblock:801:");
    expect(await t.deps.books.customers.isBlocked(801)).toBe(true);
    expect(await t.deps.sales.shop.startPurchase(801, "de-xui", "en")).toEqual({
      ok: false,
      reason: "blocked",
    });

    await press(button("✅ Unblock"));
    expect(lastShown().text).toContain("✅ The customer is unblocked.");
    expect(lastShown().text).toContain("Status: ✅ not blocked");
    expect(await t.deps.books.customers.isBlocked(801)).toBe(false);
    expect((await t.deps.sales.shop.startPurchase(801, "de-xui", "en")).ok).toBe(true);
  });
});

describe("failed orders", () => {
  it("lists failed orders and retries one once: back to paid and queued", async () => {
    await customer(901, "Kate", "kate");
    await customer(902, "Leo");
    const failed1 = await order(901, ["paid", "provisioning", "failed"], { error: "xui 503 <busy>" });
    const failed2 = await order(902, ["paid", "failed"], { error: "panel location 2 down" });
    const refunded = await order(902, ["paid", "failed", "refunded"]);
    const active = await order(902, ["paid", "provisioning", "active"]);

    await press("a.o:list:0");
    const list = lastShown();
    expect(list.text).toContain("<b>Failed orders</b> (refund not completed): 2");
    expect(list.text).toContain(`<code>${failed1}</code> · Jan 1, 2026, 00:00 UTC`);
    expect(list.text).toContain("Customer: Kate @kate (<code>901</code>)");
    expect(list.text).toContain("purchase: Germany, 30 days, 100 GB · 150 ⭐");
    expect(list.text).toContain("Error: xui 503 &lt;busy&gt;");
    expect(list.text).toContain(failed2);
    expect(list.text).not.toContain(refunded);
    expect(list.text).not.toContain(active);
    expect(button(`🔁 Retry ${failed2}`)).toBe(`a.o:retry:${failed2}`);

    const retry = button(`🔁 Retry ${failed1}`);
    await Promise.all([press(retry), press(retry, ADMIN2), press(retry)]);
    expect((await t.deps.books.orders.get(failed1))?.status).toBe("paid");
    expect(t.enqueued.filter((id) => id === failed1)).toHaveLength(1);
    expect(t.telegram.calls.map((c) => String(c.params.text ?? ""))).toContainEqual(
      expect.stringContaining(`✅ Order <code>${failed1}</code> is queued again.`),
    );
    await press("a.o:list:0");
    expect(lastShown().text).not.toContain(failed1);
    expect(lastShown().text).toContain(failed2);
  });

  it("does not retry an order whose money already went back", async () => {
    await customer(903, "Mia");
    const stale = await order(903, ["paid", "failed", "refunded"]);
    await press(`a.o:retry:${stale}`);
    expect(lastShown().text).toContain(
      `Order <code>${stale}</code> was already refunded and cannot be retried`,
    );
    expect((await t.deps.books.orders.get(stale))?.status).toBe("refunded");

    // Refunded to the wallet but not closed (a crash in between): closed now, not provisioned.
    const half = await order(903, ["paid", "failed"], { error: "boom" });
    await t.deps.books.wallet.credit(903, 150, `refund:${half}`, { kind: "refund", ref: half });
    await press(`a.o:retry:${half}`);
    expect(lastShown().text).toContain(`Order <code>${half}</code> was already refunded`);
    expect((await t.deps.books.orders.get(half))?.status).toBe("refunded");
    expect(t.enqueued).not.toContain(stale);
    expect(t.enqueued).not.toContain(half);
  });
});

describe("charging a refunded order again", () => {
  it("starts a new order paid from the wallet, once, and queues it", async () => {
    await customer(1001, "Nina");
    const old = await refundedPurchase(1001);
    expect(await t.deps.books.wallet.balance(1001)).toBe(150);

    await press("a.c:card:1001:");
    await press(button("🧾 Orders"));
    expect(lastShown().text).toContain(
      `<code>${old}</code> · purchase · Germany, 30 days, 100 GB · 150 ⭐ · refunded`,
    );
    expect(lastShown().text).toContain("↳ Error: xui server 1 answered 503");
    await press(button(`🔁 Retry ${old} (charge again)`));
    expect(lastShown().text).toContain("Charge <b>150 ⭐</b> from the wallet of Nina (balance 150 ⭐)");
    const yes = button("✅ Charge and retry");

    await Promise.all([press(yes), press(yes, ADMIN2), press(yes)]);
    expect(await t.deps.books.wallet.balance(1001)).toBe(0);
    const orders = await t.deps.books.orders.ofCustomer(1001);
    const fresh = orders.filter((o) => o.id !== old);
    expect(fresh).toHaveLength(1);
    expect(fresh[0]).toMatchObject({ status: "paid", planId: "de-xui", price: 150, kind: "purchase" });
    const newId = fresh[0]?.id ?? "";
    expect(t.enqueued.filter((id) => id === newId)).toHaveLength(1);
    expect((await ledger(1001)).filter((e) => e.kind === "purchase" && e.ref === newId)).toHaveLength(1);
    expect(t.telegram.calls.map((c) => String(c.params.text ?? ""))).toContainEqual(
      expect.stringContaining(`✅ New order <code>${newId}</code> paid from the wallet (150 ⭐) and queued.`),
    );

    // A fresh confirmation for the same refunded order does not charge it a second time.
    await t.deps.books.wallet.credit(1001, 150, "seed:1001:more", { kind: "topup" });
    await press(`a.c:retry:1001:${old}`);
    await press(button("✅ Charge and retry"));
    expect(lastShown().text).toContain(`was already charged again as <code>${newId}</code>`);
    expect(await t.deps.books.wallet.balance(1001)).toBe(150);
    expect(await t.deps.books.orders.ofCustomer(1001)).toHaveLength(2);
  });

  it("refuses when the balance does not cover the price, charging nothing", async () => {
    await customer(1002, "Omar");
    const old = await refundedPurchase(1002);
    await t.deps.books.wallet.debit(1002, 100, "seed:1002:spent", { kind: "purchase" });
    const queued = t.enqueued.length;

    await press(`a.c:retry:1002:${old}`);
    await press(button("✅ Charge and retry"));
    expect(lastShown().text).toContain("⛔ The balance 50 ⭐ does not cover 150 ⭐. Nothing was charged.");
    expect(await t.deps.books.wallet.balance(1002)).toBe(50);
    expect(t.enqueued.length).toBe(queued);
    const others = (await t.deps.books.orders.ofCustomer(1002)).filter((o) => o.id !== old);
    expect(others.map((o) => o.status)).toEqual(["cancelled"]);

    // After a top-up it can be charged again.
    await t.deps.books.wallet.credit(1002, 100, "seed:1002:topup", { kind: "topup" });
    await press(`a.c:retry:1002:${old}`);
    await press(button("✅ Charge and retry"));
    expect(lastShown().text).toContain("paid from the wallet (150 ⭐) and queued.");
    expect(await t.deps.books.wallet.balance(1002)).toBe(0);
    expect(t.enqueued.length).toBe(queued + 1);
  });

  it("leaves the customer's own order awaiting payment alone when the balance is short", async () => {
    await customer(1004, "Rui");
    const old = await refundedPurchase(1004);
    await t.deps.books.wallet.debit(1004, 100, "seed:1004:spent", { kind: "purchase" });
    // The customer has just opened the same plan again and is about to pay its invoice.
    const own = await t.deps.sales.shop.startPurchase(1004, "de-xui", "en");
    if (!own.ok) throw new Error(own.reason);
    await press(`a.c:retry:1004:${old}`);
    await press(button("✅ Charge and retry"));
    expect(lastShown().text).toContain("Nothing was charged.");
    expect((await t.deps.books.orders.get(own.order.id))?.status).toBe("awaiting_payment");
  });

  it("refuses for a blocked customer", async () => {
    await customer(1003, "Pia");
    const old = await refundedPurchase(1003);
    await t.deps.books.customers.setBlocked(1003, true);
    await press(`a.c:retry:1003:${old}`);
    await press(button("✅ Charge and retry"));
    expect(lastShown().text).toContain("⛔ The customer is blocked: unblock them first.");
    expect(await t.deps.books.wallet.balance(1003)).toBe(150);
    expect(await t.deps.books.orders.ofCustomer(1003)).toHaveLength(1);
  });
});

describe("authorisation", () => {
  it("refuses a non-admin's forged customer and order callbacks, changing nothing", async () => {
    await customer(1101, "Quinn");
    await t.deps.books.wallet.credit(1101, 200, "seed:1101", { kind: "topup" });
    const failed = await order(1101, ["paid", "failed"], { error: "boom" });
    const refunded = await refundedPurchase(1101);
    const credit = await prepareAdjustment(1101, "credit", "500", "Gift");
    await press(`a.c:retry:1101:${refunded}`);
    const charge = button("✅ Charge and retry");
    const queued = t.enqueued.length;
    t.telegram.clear();

    for (const data of [
      "a.c:home:0:",
      "a.c:find:0:",
      "a.c:card:1101:",
      "a.c:ledger:1101:0",
      "a.c:block:1101:",
      "a.c:debit:1101:",
      credit,
      charge,
      `a.o:list:0`,
      `a.o:retry:${failed}`,
    ]) {
      await press(data, STRANGER);
      expect(t.telegram.last("answerCallbackQuery")?.params).toMatchObject({
        text: "This action is for the shop's admins only.",
        show_alert: true,
      });
    }
    await say("1101", STRANGER);
    expect(t.telegram.callsOf("sendMessage").map((c) => String(c.params.text))).not.toContainEqual(
      expect.stringContaining("Quinn"),
    );
    expect(t.telegram.callsOf("editMessageText")).toHaveLength(0);
    expect(await t.deps.books.customers.isBlocked(1101)).toBe(false);
    expect(await t.deps.books.wallet.balance(1101)).toBe(350);
    expect((await t.deps.books.orders.get(failed))?.status).toBe("failed");
    expect(await t.deps.books.orders.ofCustomer(1101)).toHaveLength(2);
    expect(t.enqueued.length).toBe(queued);
    expect(t.logs()).toContain("refused admin callback from a non-admin");

    // The refused presses did not use up the admin's confirmations.
    await press(credit);
    expect(await t.deps.books.wallet.balance(1101)).toBe(850);
    await press(charge);
    expect(await t.deps.books.wallet.balance(1101)).toBe(700);
  });
});
