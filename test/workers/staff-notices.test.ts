import type { Worker } from "bullmq";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DriftReporter, Finding } from "../../src/domain/drift/index.js";
import { createStaffServices, type Routing, type StaffServices } from "../../src/domain/staff/index.js";
import { createLogger } from "../../src/runtime/logger.js";
import { OutboxGateNotices } from "../../src/workers/channel-gate.js";
import { createDriftSyncTask } from "../../src/workers/drift-sync.js";
import { Notifier } from "../../src/workers/notifier.js";
import { type OutboxMessage, type SendOutcome, startOutboxWorker } from "../../src/workers/outbox.js";
import { OutboxRailNotices } from "../../src/workers/rail-notices.js";
import { WatchNotices } from "../../src/workers/server-watch/notices.js";
import { type StaffNotices, staffNoticesOf } from "../../src/workers/staff-notices.js";
import { StaffPaymentLines } from "../../src/workers/staff-payments.js";
import { staffTopicRepair } from "../../src/workers/staff-topics.js";
import type { TelegramCall } from "../fakes/telegram-api.js";
import { createWorkerHarness, type WorkerHarness } from "../helpers/worker-harness.js";

/*
 * The staff's notices (issue 28): each kind goes to its topic of the staff group (with
 * message_thread_id) and/or privately to the staff whose role may see it, as the group's routing
 * says, through the outbox; new payments go to the group only; a topic deleted by hand is made
 * again once and the notice sent there.
 */

const OWNER = 9_100;
const ADMIN = 9_101;
const SUPPORT = 9_102;
const VIEWER = 9_103;
const GROUP = -1001000009100;

let h: WorkerHarness;
let staff: StaffServices;
let notices: StaffNotices;
let worker: Worker<OutboxMessage, SendOutcome>;
/** The thread id of each topic as made in the fake group. */
let threads: Record<"alerts" | "payments" | "orders" | "reconciliation" | "report" | "tickets", number>;

beforeEach(async () => {
  h = await createWorkerHarness();
  staff = createStaffServices({ redis: h.redis, clock: h.clock, ownerIds: [OWNER] });
  await staff.roster.setRole(OWNER, ADMIN, "admin");
  await staff.roster.setRole(OWNER, SUPPORT, "support");
  await staff.roster.setRole(OWNER, VIEWER, "viewer");
  await h.rooms.books.customers.seen({ id: ADMIN, firstName: "Админ", locale: "ru" });
  h.telegram.channels.add({ id: GROUP, title: "Shop team", type: "supergroup", forum: true });
  const make = async (name: string) => (await h.api.createForumTopic(GROUP, name)).message_thread_id;
  threads = {
    alerts: await make("🚨 Alerts"),
    payments: await make("💳 Payments"),
    orders: await make("📦 Orders"),
    reconciliation: await make("🔎 Reconciliation"),
    report: await make("📊 Daily report"),
    tickets: await make("🎫 Tickets"),
  };
  h.telegram.clear();
  notices = staffNoticesOf(staff, {
    ...{ outbox: h.outbox, i18n: h.i18n, defaultLocale: "en" },
    customers: h.rooms.books.customers,
  });
  worker = startOutboxWorker({
    ...{ connection: h.workerRedis, redis: h.redis, api: h.api, customers: h.rooms.books.customers },
    ...{ logger: h.logger, perSecond: 1_000, perChatGapMs: 1 },
    threadGone: staffTopicRepair({
      ...{ api: h.api, group: staff.group, i18n: h.i18n, defaultLocale: "en", logger: h.logger },
    }),
  });
});
afterEach(async () => {
  await worker.close();
  await h.close();
});

async function useGroup(routing: Routing): Promise<void> {
  await staff.group.set(OWNER, {
    chatId: GROUP,
    title: "Shop team",
    topics: threads,
    routing,
    reportHour: 9,
  });
}

/** Where the messages went once the outbox is empty: `<chat>` or `<chat>#<thread>`, sorted. */
async function delivered(): Promise<string[]> {
  await h.drainOutbox();
  return h.telegram
    .callsOf("sendMessage")
    .map((c) => (c.params.message_thread_id ? `${c.chatId}#${c.params.message_thread_id}` : String(c.chatId)))
    .sort();
}

const sends = () => h.telegram.callsOf("sendMessage");
const toGroup = (): TelegramCall[] => sends().filter((c) => c.chatId === GROUP);
const buttons = (c: TelegramCall | undefined) =>
  ((c?.params.reply_markup as { inline_keyboard?: { text: string }[][] })?.inline_keyboard ?? []).flat();

function notifier(): Notifier {
  return new Notifier({
    ...{ api: h.api, i18n: h.i18n, ...h.rooms, logger: createLogger("silent") },
    ...{ adminIds: [], staffNotices: notices, defaultLocale: "en" },
  });
}

describe("each kind in its topic", () => {
  it("server alerts go to the alerts topic, and privately to owners and admins in their language", async () => {
    await useGroup("both");
    const watch = new WatchNotices({
      ...{ outbox: h.outbox, i18n: h.i18n, customers: h.rooms.books.customers },
      ...{ adminIds: [], staffNotices: notices, defaultLocale: "en" },
    });
    await watch.toAdmins("watch:test:1", "watch-api-unauthorized", () => ({}), 7);
    expect(await delivered()).toEqual([`${GROUP}#${threads.alerts}`, String(ADMIN), String(OWNER)].sort());
    // The group reads the shop's language and gets no admin buttons; a person keeps "Open server".
    expect(String(toGroup()[0]?.params.text)).toContain("The hosting API refused the account key");
    expect(buttons(toGroup()[0])).toEqual([]);
    const admin = sends().find((c) => c.chatId === ADMIN);
    expect(String(admin?.params.text)).toContain("API хостинга отклонил");
    expect(buttons(admin).map((b) => b.text)).toHaveLength(1);
    // Queued again (a repeated round): nothing more goes out.
    await watch.toAdmins("watch:test:1", "watch-api-unauthorized", () => ({}), 7);
    expect(await delivered()).toHaveLength(3);
  });

  it("failed orders go to the orders topic and to support too; term changes to alerts", async () => {
    await useGroup("both");
    const order = await h.rooms.books.orders.create({
      ...{ kind: "purchase", customerId: 501, planId: "de-xui", price: 150, currency: "XTR", locale: "en" },
    });
    await notifier().failed(order, 150, new Error("boom"));
    const staffSends = (await delivered()).filter((to) => to !== "501");
    expect(staffSends).toEqual(
      [`${GROUP}#${threads.orders}`, String(ADMIN), String(OWNER), String(SUPPORT)].sort(),
    );
    expect(String(toGroup()[0]?.params.text)).toContain(`Order ${order.id} failed`);

    h.telegram.clear();
    await notifier().admins(
      "term-change-failed",
      { subscription: "s1", mode: "add", days: 3, expiry: "-", reason: "x" },
      undefined,
      "term:1",
    );
    expect(await delivered()).toEqual([`${GROUP}#${threads.alerts}`, String(ADMIN), String(OWNER)].sort());
  });

  it("a required channel the bot cannot read goes to the alerts topic and to owners and admins", async () => {
    await useGroup("both");
    const gate = new OutboxGateNotices({
      ...{ outbox: h.outbox, i18n: h.i18n, localeOf: async () => undefined, adminIds: [] },
      ...{ staffNotices: () => notices, defaultLocale: "en" },
    });
    await gate.cannotRead({ id: -1001000000555, title: "Shop News" } as never, "member list is inaccessible");
    expect(await delivered()).toEqual([`${GROUP}#${threads.alerts}`, String(ADMIN), String(OWNER)].sort());
    expect(String(toGroup()[0]?.params.text)).toContain("Shop News");
  });

  it("reconciliation findings go to the reconciliation topic", async () => {
    await useGroup("group");
    const finding = {
      ...{ kind: "orphan", ref: { kind: "node", name: "vpn_77" }, expiresAt: 0 },
      ...{ id: "f1", key: "orphan:node:vpn_77", status: "waiting", scope: "node", foundAt: 0, lastSeenAt: 0 },
    } as Finding;
    const task = createDriftSyncTask({
      drift: {
        sync: { reconciler: { run: async (r?: DriftReporter) => void (await r?.report([finding])) } },
      } as never,
      ...{ books: h.rooms.books, outbox: h.outbox, i18n: h.i18n, logger: h.logger },
      ...{ adminIds: [], staffNotices: notices, defaultLocale: "en" },
    });
    await task.run();
    expect(await delivered()).toEqual([`${GROUP}#${threads.reconciliation}`]);
    expect(String(toGroup()[0]?.params.text)).toContain("vpn_77");
  });

  it("a rail payment that paid nothing goes to the payments topic and to owners and admins", async () => {
    await useGroup("both");
    const rails = new OutboxRailNotices({
      ...{ outbox: h.outbox, i18n: h.i18n, defaultLocale: "en", customers: () => h.rooms.books.customers },
      staffNotices: () => notices,
    });
    await rails.settled({
      ...{
        payerId: 502,
        rail: { id: "yookassa", name: "YooKassa" },
        chargeId: "yk-1",
        amount: 1_000,
        currency: "RUB",
      },
      settled: {
        credited: true,
        paid: false,
        orderId: undefined,
        orderStatus: undefined,
        balance: 1_000,
        outcome: "mismatch",
        autoRenewed: [],
      },
    });
    const staffSends = (await delivered()).filter((to) => to !== "502");
    expect(staffSends).toEqual([`${GROUP}#${threads.payments}`, String(ADMIN), String(OWNER)].sort());
  });
});

describe("new payments", () => {
  const line = (chargeId: string) =>
    new StaffPaymentLines({ staff: () => notices, customers: () => h.rooms.books.customers }).credited({
      ...{ chargeId, payerId: 503, amount: 150, currency: "XTR", outcome: "order", orderId: "o-503" },
    });

  it("put one line per payment in the payments topic and never in a private chat", async () => {
    await useGroup("both");
    await line("ch-1");
    await line("ch-1"); // the same payment told twice
    await line("ch-2");
    expect(await delivered()).toEqual([`${GROUP}#${threads.payments}`, `${GROUP}#${threads.payments}`]);
    expect(String(toGroup()[0]?.params.text)).toContain("via Telegram: paid order o-503");
  });

  it("go nowhere when notices go to private chats only, or there is no group", async () => {
    await useGroup("private");
    await line("ch-3");
    await staff.group.clear(OWNER);
    await line("ch-4");
    expect(await delivered()).toEqual([]);
  });
});

describe("routing", () => {
  const alert = (once: string) => notices.send("alerts", { once, text: (t) => t("watch-api-unauthorized") });

  it("sends to the group only, to private chats only, or to both, as set; without a group privately", async () => {
    const cases: [Routing | "none", string[]][] = [
      ["group", [`${GROUP}#${threads.alerts}`]],
      ["private", [String(ADMIN), String(OWNER)]],
      ["both", [`${GROUP}#${threads.alerts}`, String(ADMIN), String(OWNER)]],
      ["none", [String(ADMIN), String(OWNER)]],
    ];
    for (const [routing, expected] of cases) {
      if (routing === "none") await staff.group.clear(OWNER);
      else await useGroup(routing);
      h.telegram.clear();
      await alert(`routing:${routing}`);
      expect(await delivered(), routing).toEqual(expected.sort());
    }
  });

  it("follows a role changed since: a member lowered to viewer hears no more", async () => {
    await useGroup("private");
    await staff.roster.setRole(OWNER, ADMIN, "viewer");
    await alert("lowered");
    expect(await delivered()).toEqual([String(OWNER)]);
  });
});

describe("a topic deleted by hand", () => {
  it("is made again once, however many notices find it gone, and they are sent there", async () => {
    await useGroup("group");
    await h.api.deleteForumTopic(GROUP, threads.alerts);
    await Promise.all(
      [1, 2, 3].map((n) =>
        notices.send("alerts", { once: `gone:${n}`, text: (t) => t("watch-api-unauthorized") }),
      ),
    );
    await h.drainOutbox();
    expect(h.telegram.callsOf("createForumTopic").map((c) => c.params.name)).toEqual(["🚨 Alerts"]);
    const remade = (await staff.group.get())?.topics.alerts;
    expect(remade).not.toBe(threads.alerts);
    const landed = toGroup().filter((c) => c.params.message_thread_id === remade);
    expect(landed).toHaveLength(3);

    // The next notice goes straight to the new topic.
    h.telegram.clear();
    await notices.send("alerts", { once: "after", text: (t) => t("watch-api-unauthorized") });
    expect(await delivered()).toEqual([`${GROUP}#${remade}`]);
    expect(h.telegram.callsOf("createForumTopic")).toHaveLength(0);
  });

  it("a sender that looked for a move just before another made the topic again is not told the thread is unknown", async () => {
    await useGroup("group");
    let replaced: () => void = () => undefined;
    const done = new Promise<void>((resolve) => {
      replaced = resolve;
    });
    // This sender's look-up of the moves answers only once the other's replacement is written.
    const late = new Proxy(h.redis, {
      get(target, prop, receiver) {
        if (prop !== "hget") return Reflect.get(target, prop, receiver);
        return async (key: string, field: string) => {
          const value = await target.hget(key, field);
          await done;
          return value;
        };
      },
    });
    const slow = createStaffServices({ redis: late, clock: h.clock, ownerIds: [OWNER] }).group;
    const make = async () => (await h.api.createForumTopic(GROUP, "🚨 Alerts")).message_thread_id;
    const looking = slow.replaceTopic(GROUP, threads.alerts, make);
    await staff.group.replaceTopic(GROUP, threads.alerts, make);
    replaced();
    expect((await looking).kind).not.toBe("unknown");
  });

  it("is not made again for a thread that is not one of the group's topics", async () => {
    await useGroup("group");
    await h.outbox.send({ chatId: GROUP, threadId: 999, text: "to a ticket's thread", once: "ticket:gone" });
    await h.drainOutbox();
    expect(h.telegram.callsOf("createForumTopic")).toHaveLength(0);
    expect(toGroup()).toHaveLength(1); // the one refused send
  });
});
