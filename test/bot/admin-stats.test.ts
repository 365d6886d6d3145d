import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { statsText, textTable } from "../../src/bot/features/admin/stats/view.js";
import { createI18n } from "../../src/bot/i18n.js";
import { computeStats, type StatsDeps } from "../../src/domain/backoffice/index.js";
import type { OrderKind, Wallet } from "../../src/domain/books/index.js";
import { DAY, HOUR, ManualClock } from "../../src/runtime/clock.js";
import { callback, command, user } from "../fakes/telegram-api.js";
import { createTestBot, type TestBot } from "../helpers/bot-harness.js";
import { seedCustomer, seedSubscription } from "../helpers/shop-seed.js";
import { buttonsOf, findButton, telegramViews } from "../helpers/telegram-views.js";

const ADMIN = user(7500, { first_name: "Boss", language_code: "en" });
const ADMIN_RU = user(7501, { first_name: "Шеф", language_code: "ru" });
const STRANGER = user(7599, { first_name: "Mallory", language_code: "en" });

/** "Now" in these tests: 10 March 2026, 12:00 UTC. */
const NOW = Date.UTC(2026, 2, 10, 12);
const at = (day: number, hour = 0, ms = 0) => Date.UTC(2026, 2, day, hour) + ms;

const clock = new ManualClock(NOW);
let t: TestBot;

const { lastShown } = telegramViews(() => t);

const deps = (): StatsDeps => ({ ...t.deps.books, catalog: t.deps.catalog.current, clock });

async function joins(id: number, when: number) {
  clock.set(when);
  await seedCustomer(t.deps, id);
}

let seq = 0;
/** A finished order paid from the wallet at `when` (a top-up first, which is not revenue). */
async function sale(when: number, customerId: number, planId: string, kind: OrderKind, price: number) {
  clock.set(when);
  const order = await t.deps.books.orders.create({
    kind,
    customerId,
    planId,
    price,
    currency: "XTR",
    locale: "en",
  });
  if (price > 0) {
    await t.deps.books.wallet.credit(customerId, price, `topup:${++seq}`, { kind: "topup" });
    const paid = await t.deps.books.wallet.debit(customerId, price, `order:${order.id}`, {
      kind: kind === "renewal" || kind === "pack" ? kind : "purchase",
      ref: order.id,
      planId,
    });
    expect(paid.ok).toBe(true);
  }
  expect(await t.deps.books.orders.transition(order.id, ["awaiting_payment"], "active")).toBe(true);
  return order;
}

/** An order paid at `paidAt` that failed and was refunded to the wallet at `refundedAt`. */
async function refundedSale(
  paidAt: number,
  refundedAt: number,
  customerId: number,
  planId: string,
  price: number,
) {
  clock.set(paidAt);
  const order = await t.deps.books.orders.create({
    kind: "purchase",
    customerId,
    planId,
    price,
    currency: "XTR",
    locale: "en",
  });
  await t.deps.books.wallet.credit(customerId, price, `topup:${++seq}`, { kind: "topup" });
  await t.deps.books.wallet.debit(customerId, price, `order:${order.id}`, {
    kind: "purchase",
    ref: order.id,
    planId,
  });
  await t.deps.books.orders.transition(order.id, ["awaiting_payment"], "failed");
  clock.set(refundedAt);
  await t.deps.books.wallet.credit(customerId, price, `refund:${order.id}`, {
    kind: "refund",
    ref: order.id,
    planId,
  });
  await t.deps.books.orders.transition(order.id, ["failed"], "refunded");
}

async function subscription(orderId: string, customerId: number, expiresAt: number) {
  await seedSubscription(t.deps, orderId, { customerId, expiresAt });
}

beforeAll(async () => {
  t = await createTestBot({ adminIds: [ADMIN.id, ADMIN_RU.id], clock });

  // Old history, far outside every range: 2 500 entries, so the journal spans several chunks
  // and the report has to find where its range starts.
  clock.set(Date.UTC(2025, 11, 1));
  for (let i = 0; i < 5; i++) {
    await Promise.all(
      Array.from({ length: 500 }, (_, j) =>
        t.deps.books.wallet.credit(90_000 + j, 10, `old:${i}:${j}`, { kind: "admin-credit" }),
      ),
    );
  }
  // The admins (recorded as customers when they write) joined long ago.
  for (const u of [ADMIN, ADMIN_RU, STRANGER]) await joins(u.id, Date.UTC(2025, 11, 1));
  await joins(100, Date.UTC(2026, 0, 29, 10));
  await sale(Date.UTC(2026, 0, 29, 10), 100, "de-xui", "purchase", 150); // outside 30 days

  await joins(101, Date.UTC(2026, 1, 18, 10));
  await sale(Date.UTC(2026, 1, 18, 10), 101, "de-xui", "purchase", 150); // 30 days only

  await joins(102, at(7, 9));
  const multi = await sale(at(7, 9), 102, "multi", "purchase", 300);
  // The last millisecond of 7 March and the first one of 8 March fall on their own days.
  await joins(103, at(8, 0, -1));
  const dexui = await sale(at(8, 0, -1), 103, "de-xui", "purchase", 150);
  await sale(at(8, 0), 102, "multi", "renewal", 300);

  // Paid on 9 March, failed, refunded on 10 March: the refund comes off the 10th.
  await refundedSale(at(9, 15), at(10, 9), 101, "node", 120);
  clock.set(at(9, 16));
  await t.deps.books.wallet.credit(101, 1_000, "gift:1", { kind: "admin-credit" }); // not revenue

  await joins(104, at(10, 8));
  const trial = await sale(at(10, 8), 104, "de-xui", "trial", 0);
  await sale(at(10, 11), 103, "de-xui", "renewal", 150);

  await subscription(multi.id, 102, NOW + 20 * DAY);
  await subscription(dexui.id, 103, NOW + HOUR);
  await subscription(trial.id, 104, NOW - HOUR); // expired an hour ago
  clock.set(NOW);
});
afterAll(() => t.close());
beforeEach(async () => {
  clock.set(NOW);
  t.telegram.clear();
});

const kinds = (purchase: number, renewal: number, trial: number, pack = 0) => ({
  purchase,
  renewal,
  trial,
  pack,
  seat: 0,
  seats: 0,
  switch: 0,
});

describe("sales stats", () => {
  it("counts the last 7 UTC days per day: new customers, orders by kind, revenue minus refunds", async () => {
    const s = await computeStats(deps(), "7d");
    expect(s.from).toBe(at(4));
    expect(s.currency).toBe("XTR");
    expect(s.days.map((d) => new Date(d.start).toISOString().slice(0, 10))).toEqual([
      "2026-03-04",
      "2026-03-05",
      "2026-03-06",
      "2026-03-07",
      "2026-03-08",
      "2026-03-09",
      "2026-03-10",
    ]);
    expect(s.days.map((d) => [d.newCustomers, d.orders, d.revenue])).toEqual([
      [0, kinds(0, 0, 0), 0],
      [0, kinds(0, 0, 0), 0],
      [0, kinds(0, 0, 0), 0],
      [2, kinds(2, 0, 0), 450],
      [0, kinds(0, 1, 0), 300],
      [0, kinds(0, 0, 0), 120],
      [1, kinds(0, 1, 1), 30],
    ]);
    expect(s.total).toEqual({ newCustomers: 3, orders: kinds(2, 2, 1), revenue: 900 });
    expect(s.activeSubscriptions).toBe(2);
  });

  it("counts per plan in catalog order; a refunded plan nets to zero", async () => {
    const s = await computeStats(deps(), "7d");
    expect(s.plans).toEqual([
      { planId: "de-xui", orders: kinds(1, 1, 1), revenue: 300 },
      { planId: "multi", orders: kinds(1, 1, 0), revenue: 600 },
      { planId: "node", orders: kinds(0, 0, 0), revenue: 0 },
    ]);
  });

  it("today is one day; 30 days reach back to 9 February and no further", async () => {
    const today = await computeStats(deps(), "today");
    expect(today.days).toHaveLength(1);
    expect(today.from).toBe(at(10));
    expect(today.total).toEqual({ newCustomers: 1, orders: kinds(0, 1, 1), revenue: 30 });
    expect(today.plans).toEqual([
      { planId: "de-xui", orders: kinds(0, 1, 1), revenue: 150 },
      { planId: "node", orders: kinds(0, 0, 0), revenue: -120 },
    ]);

    const month = await computeStats(deps(), "30d");
    expect(month.days).toHaveLength(30);
    expect(month.from).toBe(Date.UTC(2026, 1, 9));
    expect(month.total).toEqual({ newCustomers: 4, orders: kinds(3, 2, 1), revenue: 1_050 });
    expect(month.days.find((d) => d.start === Date.UTC(2026, 1, 18))).toMatchObject({
      newCustomers: 1,
      revenue: 150,
    });
    expect(month.plans[0]).toEqual({ planId: "de-xui", orders: kinds(2, 1, 1), revenue: 450 });
  });

  it("moves with the clock: tomorrow, today's sales are yesterday's", async () => {
    clock.set(at(11, 1));
    const s = await computeStats(deps(), "today");
    expect(s.total).toEqual({ newCustomers: 0, orders: kinds(0, 0, 0), revenue: 0 });
    const week = await computeStats(deps(), "7d");
    expect(week.days.at(-2)).toMatchObject({ start: at(10), revenue: 30, newCustomers: 1 });
    // The subscription that had an hour left has expired by now.
    expect(week.activeSubscriptions).toBe(1);
  });

  it("reads only the journal entries of its range, not the whole history", async () => {
    let read = 0;
    const wallet = t.deps.books.wallet;
    const counting = Object.create(wallet) as Wallet;
    counting.journal = async (from?: number, count?: number) => {
      const entries = await wallet.journal(from, count);
      read += entries.length;
      return entries;
    };
    const s = await computeStats({ ...deps(), wallet: counting }, "7d");
    expect(s.total.revenue).toBe(900);
    expect(await t.deps.books.wallet.journal(0, 5_000)).toHaveLength(2_500 + 16);
    expect(read).toBeLessThan(100);
  });

  it("lays the numbers out as aligned tables", () => {
    expect(
      textTable([
        ["Day", "New", "Revenue"],
        ["03-07", "2", "450 ⭐"],
        ["Total", "10", "1,050 ⭐"],
      ]),
    ).toBe(["Day    New  Revenue", "03-07    2    450 ⭐", "Total   10  1,050 ⭐"].join("\n"));
  });
});

describe("the Sales section", () => {
  it("is in the admin menu after the existing sections and opens on 7 days", async () => {
    await t.send(command(ADMIN, "/admin"));
    const buttons = buttonsOf(t.telegram.last("sendMessage")?.params.reply_markup);
    const labels = buttons.map((b) => b.text);
    expect(labels.indexOf("📊 Sales")).toBeGreaterThan(labels.indexOf("🖥 Servers"));
    const sales = findButton(buttons, "📊 Sales");
    await t.send(callback(ADMIN, sales));
    const view = lastShown();
    expect(view.text).toContain("📊 <b>Sales, last 7 days</b> (UTC days)");
    expect(view.text).toContain("Active subscriptions now: <b>2</b>");
    expect(view.text).toContain("New customers: 3 · Orders: 5 · Revenue: 900 ⭐");
    expect(view.buttons.map((b) => [b.text, b.data])).toEqual([
      ["Today", "a.st:today"],
      ["• 7 days", "a.st:7d"],
      ["30 days", "a.st:30d"],
      ["⬇️ Export CSV", "a.ex"],
      ["« Admin menu", "a.home"],
    ]);
  });

  it("shows a table per day and per plan", async () => {
    await t.send(callback(ADMIN, "a.st:7d"));
    const text = lastShown().text;
    const tables = [...text.matchAll(/<pre>([\s\S]*?)<\/pre>/g)].map((m) => m[1]);
    expect(tables[0]?.split("\n")).toEqual([
      "Day    New  Buy  Ren  Trial  Pack  Revenue",
      "03-04    0    0    0      0     0      0 ⭐",
      "03-05    0    0    0      0     0      0 ⭐",
      "03-06    0    0    0      0     0      0 ⭐",
      "03-07    2    2    0      0     0    450 ⭐",
      "03-08    0    0    1      0     0    300 ⭐",
      "03-09    0    0    0      0     0    120 ⭐",
      "03-10    1    0    1      1     0     30 ⭐",
      "Total    3    2    2      1     0    900 ⭐",
    ]);
    expect(tables[1]?.split("\n")).toEqual([
      "Plan    Buy  Ren  Trial  Pack  Revenue",
      "de-xui    1    1      1     0    300 ⭐",
      "multi     1    1      0     0    600 ⭐",
      "node      0    0      0     0      0 ⭐",
    ]);
  });

  it("switches to today and to 30 days", async () => {
    await t.send(callback(ADMIN, "a.st:today"));
    expect(lastShown().text).toContain("<b>Sales, today</b>");
    expect(lastShown().text).toContain("Revenue: 30 ⭐");
    expect(lastShown().text).not.toContain("Total");
    expect(lastShown().buttons[0]?.text).toBe("• Today");

    await t.send(callback(ADMIN, "a.st:30d"));
    expect(lastShown().text).toContain("<b>Sales, last 30 days</b>");
    expect(lastShown().text).toContain("Revenue: 1,050 ⭐");
    expect(lastShown().text).toContain("02-18    1    1    0      0     0    150 ⭐");
  });

  it("speaks Russian to a Russian-speaking admin", async () => {
    await t.send(callback(ADMIN_RU, "a.st:7d"));
    const text = lastShown().text;
    expect(text).toContain("📊 <b>Продажи, последние 7 дней</b>");
    expect(text).toContain("Выручка: 900 ⭐");
    expect(text).toContain("Итого");
  });

  it("says so when a period has no orders", () => {
    const i18n = createI18n("en");
    const text = statsText((key, vars) => i18n.t("en", key, vars), "en", {
      range: "today",
      from: at(10),
      to: NOW,
      currency: "USD",
      days: [{ start: at(10), newCustomers: 0, revenue: 0, orders: kinds(0, 0, 0) }],
      plans: [],
      total: { newCustomers: 0, revenue: 0, orders: kinds(0, 0, 0) },
      activeSubscriptions: 0,
    });
    expect(text).toContain("No orders in this period.");
    expect(text).toContain("$0.00");
  });

  it("is refused to a non-admin", async () => {
    await t.send(callback(STRANGER, "a.st:30d"));
    expect(t.telegram.last("answerCallbackQuery")?.params).toMatchObject({
      text: "This action is for the shop's admins only.",
      show_alert: true,
    });
    expect(t.telegram.callsOf("editMessageText")).toHaveLength(0);
    expect(t.telegram.callsOf("sendMessage")).toHaveLength(0);
  });
});

// Last in the file: its sale is written after every other test has counted the journal.
describe("traffic packs in the sales stats", () => {
  it("counts a traffic pack as an order of its own kind, and its price as revenue", async () => {
    // Months after every other sale here, so no other range sees it.
    const june = Date.UTC(2026, 5, 1, 10);
    await sale(june, 103, "de-xui", "pack", 50);
    clock.set(june + HOUR);
    const s = await computeStats(deps(), "today");
    expect(s.total).toEqual({ newCustomers: 0, orders: kinds(0, 0, 0, 1), revenue: 50 });
    expect(s.plans).toEqual([{ planId: "de-xui", orders: kinds(0, 0, 0, 1), revenue: 50 }]);
    const text = statsText((key, vars) => createI18n("en").t("en", key, vars), "en", s);
    expect(text).toContain("Orders: 1 · Revenue: 50 ⭐");
    expect(text).toContain("Pack: traffic packs");
  });
});
