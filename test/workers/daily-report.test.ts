import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runwayOf } from "../../src/domain/fleet/index.js";
import { type Routing, STAFF_TOPICS, type StaffTopic } from "../../src/domain/staff/index.js";
import { AccountApi } from "../../src/hosting/account/index.js";
import { DAY, HOUR, MINUTE } from "../../src/runtime/clock.js";
import { createDailyReportTask, DailyReportQueue, zonedParts } from "../../src/workers/daily-report.js";
import { type Maintenance, startMaintenance } from "../../src/workers/maintenance.js";
import { staffNoticesOf } from "../../src/workers/staff-notices.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import { FAST_HTTP } from "../helpers/fake-hosting.js";
import { seedCustomer, seedSubscription } from "../helpers/shop-seed.js";
import { until } from "../helpers/wait.js";
import { createWorkerHarness, type WorkerHarness } from "../helpers/worker-harness.js";

/*
 * The staff's daily report (issue 28): the last whole UTC day's sales (revenue, payments, new
 * customers, orders, refunds, trials converted), the subscriptions expiring this week and the
 * hosting balance with the servers' runway; posted at the owner's hour in SHOP_TIME_ZONE, once a
 * day, to the staff group's report topic and/or privately; and at once when an owner asks.
 */

const OWNER = 9_300;
const GROUP = -1001000009300;
const ZONE = "Europe/Moscow"; // UTC+3 all year
/** 2026-06-10 00:00 UTC: "today" in the tests (then moved on). */
const TODAY = Date.UTC(2026, 5, 10);
const YESTERDAY = TODAY - DAY;

let h: WorkerHarness;
let fake: FakeAccountApi;
let threads: Record<StaffTopic, number>;

beforeEach(async () => {
  fake = new FakeAccountApi();
  await fake.start();
  fake.addAccount({ login: "shop", password: "pw", balance: 100 });
  const key = fake.addKey("shop");
  const account = new AccountApi({ baseUrl: fake.url, apiKey: () => key, retry: FAST_HTTP });
  h = await createWorkerHarness({ now: YESTERDAY + 10 * HOUR, hosting: { account } });
  fake.now = () => h.clock.now();
  h.telegram.channels.add({ id: GROUP, title: "Shop team", type: "supergroup", forum: true });
  const made: Partial<Record<StaffTopic, number>> = {};
  for (const topic of STAFF_TOPICS)
    made[topic] = (await h.api.createForumTopic(GROUP, topic)).message_thread_id;
  threads = made as Record<StaffTopic, number>;
  h.startOutbox({ perSecond: 1_000, perChatGapMs: 1 });
});
afterEach(async () => {
  await h.close();
  await fake.stop();
});

/** The staff room of these tests: OWNER owns the shop (the harness's rooms have no owners). */
async function staffWith(routing: Routing | undefined, reportHour?: number) {
  const { createStaffServices } = await import("../../src/domain/staff/index.js");
  const staff = createStaffServices({ redis: h.redis, clock: h.clock, ownerIds: [OWNER] });
  if (routing)
    await staff.group.set(OWNER, { chatId: GROUP, title: "Team", topics: threads, routing, reportHour });
  return staff;
}

async function reportTask(routing: Routing | undefined, reportHour?: number) {
  const staff = await staffWith(routing, reportHour);
  const staffNotices = staffNoticesOf(staff, {
    ...{ outbox: h.outbox, i18n: h.i18n, defaultLocale: "en" },
    customers: h.rooms.books.customers,
  });
  return createDailyReportTask({
    ...{ reports: h.rooms.backoffice.dailyReports, group: staff.group, staffNotices },
    ...{ redis: h.redis, clock: h.clock, logger: h.logger, timeZone: ZONE },
    currency: () => "XTR",
    railName: () => undefined,
  });
}

/** A purchase of de-xui by `customerId`, paid by a Telegram charge of 150 ⭐ (through the inbox). */
async function paidPurchase(customerId: number, chargeId: string): Promise<string> {
  const started = await h.rooms.sales.shop.startPurchase(customerId, "de-xui", "en");
  if (!started.ok) throw new Error(started.reason);
  const payment = { chargeId, payerId: customerId, payload: `o:${started.order.id}`, amount: 150 };
  await h.rooms.settlement.paymentInbox.record({ ...payment, currency: "XTR", updateId: 1, raw: "{}" });
  await h.rooms.settlement.paymentInbox.settle(payment);
  return started.order.id;
}

/** Delivered as the worker would: active, then what follows from it (the conversion count). */
async function deliver(orderId: string): Promise<void> {
  const { orders } = h.rooms.books;
  expect(await orders.transition(orderId, ["paid"], "active")).toBe(true);
  expect(await h.rooms.settlement.afterActive.settle(orderId)).toBe(true);
}

/**
 * Yesterday (UTC): customers 501 (a trial, then a paid purchase), 502 (a paid purchase whose
 * delivery failed: refunded) and 503 (only seen) join; a customer from the day before does not
 * count. Today: two subscriptions end within a week, one later; the hosting account holds 100
 * with two servers at 40 an extension, ending in 5 and 40 days.
 */
async function seedShop(): Promise<void> {
  const reportAt = TODAY + 9 * HOUR;
  fake.addServer("shop", { expiresAtMs: reportAt + 5 * DAY + HOUR });
  fake.addServer("shop", { expiresAtMs: reportAt + 40 * DAY + HOUR });
  h.clock.set(YESTERDAY - DAY + 10 * HOUR);
  await seedCustomer(h.rooms, 500);
  h.clock.set(YESTERDAY + 10 * HOUR);
  for (const id of [501, 502, 503]) await seedCustomer(h.rooms, id);
  const trial = await h.rooms.sales.shop.startTrial(501, "en");
  if (!trial.ok) throw new Error(trial.reason);
  await deliver(trial.order.id);
  h.clock.set(YESTERDAY + 12 * HOUR);
  await deliver(await paidPurchase(501, "charge-501"));
  const failed = await paidPurchase(502, "charge-502");
  await h.rooms.settlement.fulfilment.fail(failed, "no server");
  h.clock.set(TODAY + 9 * HOUR);
  const now = h.clock.now();
  await seedSubscription(h.rooms, "o-exp-1", { customerId: 501, expiresAt: now + 2 * DAY });
  await seedSubscription(h.rooms, "o-exp-2", { customerId: 502, expiresAt: now + 6 * DAY });
  await seedSubscription(h.rooms, "o-exp-3", { customerId: 503, expiresAt: now + 9 * DAY });
  await h.rooms.catalog.settings.setExtendCostHint(40);
}

const sends = () => h.telegram.callsOf("sendMessage");
const reportsIn = (chatId: number) => sends().filter((c) => c.chatId === chatId);

describe("the daily report's figures", () => {
  it("adds up yesterday on a seeded shop, and the hosting runway now", async () => {
    await seedShop();
    const figures = await h.rooms.backoffice.dailyReports.figures(YESTERDAY);
    expect(figures.day).toBe(YESTERDAY);
    expect(figures.newCustomers).toBe(3);
    expect([...figures.revenue]).toEqual([["XTR", 150]]); // 2 × 150 paid, 150 refunded
    expect([...figures.payments]).toEqual([["telegram", { count: 2, sum: 300 }]]);
    expect(figures.orders.get("purchase")).toBe(1);
    expect(figures.orders.get("trial")).toBe(1);
    expect([...figures.refunds]).toEqual([["XTR", { count: 1, sum: 150 }]]);
    expect(figures.trialsConverted).toBe(1);
    expect(figures.expiringSoon).toBe(2);
    // 100: the 5-day server extended (60 left), again at 35 days (20 left), then the 40-day one: short.
    expect(figures.hosting).toEqual({
      ok: true,
      balance: 100,
      servers: 2,
      runway: { kind: "days", days: 40, serverId: 2, until: TODAY + 9 * HOUR + 40 * DAY + HOUR },
    });
  });

  it("counts a trial converted once, and never for a later order or a customer without a trial", async () => {
    await seedShop();
    h.clock.set(YESTERDAY + 13 * HOUR);
    const later = await paidPurchase(501, "charge-501-b");
    await deliver(later);
    const again = await h.rooms.books.trialConversions.count(later);
    await seedCustomer(h.rooms, 504);
    await deliver(await paidPurchase(504, "charge-504"));
    expect(again).toBe(false);
    expect(await h.rooms.books.trialConversions.on(YESTERDAY)).toBe(1);
  });

  it("still goes out when the hosting account cannot be read, saying why", async () => {
    await fake.stop();
    h.clock.set(TODAY + 9 * HOUR);
    const task = await reportTask("group", 9);
    await task.run({ now: true, at: 1 });
    await h.drainOutbox();
    const text = String(reportsIn(GROUP)[0]?.params.text);
    expect(text).toContain("📊 <b>Daily report</b>");
    expect(text).toContain("🏦 Hosting account:");
  });
});

describe("the servers' runway", () => {
  const now = TODAY;
  it("is the days until the balance cannot pay the next extension, soonest expiry first", () => {
    const servers = [
      { id: 1, expiresAt: now + 10 * DAY, price: 30 },
      { id: 2, expiresAt: now + 3 * DAY, price: 50 },
    ];
    // 100: #2 at 3 days (50 left), #1 at 10 days (20 left), #2 at 33 days: short.
    expect(runwayOf(100, servers, now)).toEqual({
      kind: "days",
      days: 33,
      serverId: 2,
      until: now + 33 * DAY,
    });
    expect(runwayOf(0, servers, now)).toMatchObject({ kind: "days", days: 3, serverId: 2 });
    // A server already expired is due now.
    expect(runwayOf(0, [{ id: 3, expiresAt: now - DAY, price: 1 }], now)).toMatchObject({ days: 0 });
  });

  it("says when it lasts past a year, when a price is unknown, and when there are no servers", () => {
    expect(runwayOf(1e9, [{ id: 1, expiresAt: now + DAY, price: 10 }], now)).toEqual({
      kind: "beyond",
      days: 365,
    });
    const unpriced = [
      { id: 1, expiresAt: now + DAY, price: 10 },
      { id: 2, expiresAt: now + DAY, price: undefined },
    ];
    expect(runwayOf(100, unpriced, now)).toEqual({ kind: "unpriced", servers: 1 });
    expect(runwayOf(100, [], now)).toEqual({ kind: "no-servers" });
  });
});

describe("the daily report's schedule", () => {
  it("goes out at the owner's hour in the shop's time zone, once a day, to the report topic", async () => {
    await seedShop();
    const task = await reportTask("group", 9);
    // 08:59 in Moscow is 05:59 UTC: not yet.
    h.clock.set(TODAY + 5 * HOUR + 59 * MINUTE);
    expect(zonedParts(h.clock.now(), ZONE)).toMatchObject({ date: "2026-06-10", hour: 8 });
    expect(await task.run({})).toEqual({ skipped: "not yet" });
    h.clock.set(TODAY + 6 * HOUR + 2 * MINUTE);
    expect(await task.run({})).toEqual({ sent: "2026-06-10" });
    h.clock.set(TODAY + 6 * HOUR + 7 * MINUTE);
    expect(await task.run({})).toEqual({ skipped: "sent" });
    await h.drainOutbox();
    const sent = reportsIn(GROUP);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.params.message_thread_id).toBe(threads.report);
    const text = String(sent[0]?.params.text);
    expect(text).toContain("📊 <b>Daily report</b>: Jun 9, 2026 (UTC day)");
    for (const line of [
      "💰 Revenue: 150 ⭐",
      "💳 Payments: Telegram 2 · 300 ⭐",
      "👤 New customers: 3",
      "📦 Delivered: new 1 · renewals 0 · trials 1 · traffic packs 0",
      "↩️ Refunds: 1 · 150 ⭐",
      "🎯 Trials converted to paid: 1",
      "⏳ Subscriptions expiring in the next 7 days: 2",
      "🏦 Hosting balance: 100 · active servers: 2",
      "🛫 Runway: 40 days (until Jul 20, 2026, when server #2 cannot be extended)",
    ])
      expect(text).toContain(line);

    // The next day, the next report (of the next UTC day).
    h.clock.set(TODAY + DAY + 6 * HOUR + 1 * MINUTE);
    expect(await task.run({})).toEqual({ sent: "2026-06-11" });
    await h.drainOutbox();
    expect(reportsIn(GROUP)).toHaveLength(2);
    expect(String(reportsIn(GROUP)[1]?.params.text)).toContain("Jun 10, 2026");
  });

  it("is off without an hour or without a group, and goes privately in the reader's language as routed", async () => {
    h.clock.set(TODAY + 12 * HOUR);
    expect(await (await reportTask(undefined)).run({})).toEqual({ skipped: "off" });
    expect(await (await reportTask("group", undefined)).run({})).toEqual({ skipped: "off" });
    await seedCustomer(h.rooms, OWNER, "ru");
    expect(await (await reportTask("both", 9)).run({})).toEqual({ sent: "2026-06-10" });
    await h.drainOutbox();
    expect(String(reportsIn(GROUP)[0]?.params.text)).toContain("Daily report");
    expect(String(reportsIn(OWNER)[0]?.params.text)).toContain("Ежедневный отчёт");
  });

  it("is sent at once when an owner asks, through the maintenance queue", async () => {
    await seedShop();
    const task = await reportTask("group", undefined);
    let maintenance: Maintenance | undefined;
    const queue = new DailyReportQueue(h.redis);
    try {
      maintenance = await startMaintenance({
        ...{ connection: h.workerRedis, producer: h.redis, logger: h.logger },
        tasks: [{ ...task, everyMs: DAY }],
      });
      await queue.runNow();
      await until(async () => reportsIn(GROUP).length === 1);
      expect(String(reportsIn(GROUP)[0]?.params.text)).toContain("💰 Revenue: 150 ⭐");
    } finally {
      await queue.close();
      await maintenance?.close();
    }
  });
});
