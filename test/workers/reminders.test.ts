import type { Worker } from "bullmq";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { subscriptionKeys } from "../../src/domain/books/index.js";
import { formatDateTime } from "../../src/render/format.js";
import { buyCb, myCb } from "../../src/render/shop-callbacks.js";
import { inBackground } from "../../src/runtime/background-turn.js";
import { DAY, HOUR, MINUTE } from "../../src/runtime/clock.js";
import type { OutboxMessage, SendOutcome } from "../../src/workers/outbox.js";
import {
  createReminderTask,
  type ReminderResult,
  type ReminderThreshold,
  reminderThreshold,
} from "../../src/workers/reminders.js";
import { seedCustomer, seedSubscription } from "../helpers/shop-seed.js";
import { keyboardOf, telegramViews } from "../helpers/telegram-views.js";
import { turnsDuring } from "../helpers/turns.js";
import { sleep } from "../helpers/wait.js";
import { createWorkerHarness, type WorkerHarness } from "../helpers/worker-harness.js";

const T0 = Date.UTC(2026, 2, 2, 12, 0);
let h: WorkerHarness;
let worker: Worker<OutboxMessage, SendOutcome>;
let seq = 0;

beforeAll(async () => {
  h = await createWorkerHarness({ now: T0 });
  worker = h.startOutbox({ perChatGapMs: 50 });
});
afterAll(() => h.close());
beforeEach(async () => {
  h.telegram.clear();
  h.clock.set(T0);
  // Each test sees only its own subscriptions in the expiry index.
  await h.redis.del(subscriptionKeys.byExpiry);
});

const task = () =>
  createReminderTask({
    ...h.rooms,
    outbox: h.outbox,
    i18n: h.i18n,
    clock: h.clock,
    logger: h.logger,
  });

/** Waits until the outbox has delivered everything queued (the worker must be running). */
async function settle(): Promise<void> {
  await h.drainOutbox();
  await sleep(100);
}

const { sendsTo } = telegramViews(() => h);
const buttons = keyboardOf;

async function customer(locale: "en" | "ru" = "en"): Promise<number> {
  const id = 70_000 + ++seq;
  await seedCustomer(h.rooms, id, locale);
  return id;
}

/** A subscription created at `createdAt` (default: 60 days before T0). */
async function subscription(
  customerId: number,
  expiresAt: number,
  opts: { trial?: boolean; planId?: string; createdAt?: number; trafficGb?: number } = {},
) {
  const now = h.clock.now();
  h.clock.set(opts.createdAt ?? T0 - 60 * DAY);
  const orderId = `o-r${++seq}`;
  const sub = await seedSubscription(h.rooms, orderId, {
    customerId,
    planId: opts.planId ?? "de-xui",
    ref: { kind: "xui", serverId: 1, name: `c${customerId}-${seq}` },
    links: { links: ["vless://example"], subscriptionUrl: undefined },
    expiresAt,
    trafficGb: opts.trafficGb ?? 100,
    trial: opts.trial ?? false,
  });
  h.clock.set(now);
  return sub;
}

const queuedTotal = (r: ReminderResult) => Object.values(r.queued).reduce((a, b) => a + b, 0);

/** Moves the clock from `from` to `to` in `step`s, running the tasks at each; returns what was queued when. */
async function walk(
  tasks: ReturnType<typeof task>[],
  from: number,
  to: number,
  step = 15 * MINUTE,
): Promise<{ threshold: ReminderThreshold; at: number }[]> {
  const events: { threshold: ReminderThreshold; at: number }[] = [];
  for (let now = from; now <= to; now += step) {
    h.clock.set(now);
    for (const t of tasks) {
      const r = await t.run();
      for (const [threshold, n] of Object.entries(r.queued)) {
        for (let i = 0; i < n; i++) events.push({ threshold: threshold as ReminderThreshold, at: now });
      }
    }
  }
  return events;
}

function head(locale: "en" | "ru", threshold: ReminderThreshold, plan: string, expiresAt: number): string {
  return h.i18n.t(locale, `remind-${threshold}`, { plan, date: formatDateTime(locale, expiresAt) });
}

describe("reminderThreshold", () => {
  it("is the most urgent threshold reached, within the windows", () => {
    const exp = T0 + 10 * DAY;
    expect(reminderThreshold(exp, exp - 3 * DAY - 1)).toBeUndefined();
    expect(reminderThreshold(exp, exp - 3 * DAY)).toBe("3d");
    expect(reminderThreshold(exp, exp - DAY)).toBe("1d");
    expect(reminderThreshold(exp, exp - 3 * HOUR)).toBe("3h");
    expect(reminderThreshold(exp, exp - 1)).toBe("3h");
    expect(reminderThreshold(exp, exp)).toBe("expired");
    expect(reminderThreshold(exp, exp + 2 * DAY - 1)).toBe("expired");
    expect(reminderThreshold(exp, exp + 2 * DAY)).toBeUndefined();
    expect(reminderThreshold(0, exp)).toBeUndefined();
  });
});

describe("expiry reminders", () => {
  it("fires each threshold exactly once as the clock moves, across an outbox worker restart and a second process", async () => {
    const chat = await customer();
    const exp = T0 + 5 * DAY;
    const sub = await subscription(chat, exp);
    const a = task();
    const step = 15 * MINUTE;

    // Up to just before the 1-day threshold: only the 3-day reminder, queued when it was reached.
    const first = await walk([a], T0, exp - DAY - step, step);
    expect(first).toEqual([{ threshold: "3d", at: exp - 3 * DAY }]);
    await settle();
    expect(sendsTo(chat)).toHaveLength(1);

    // The outbox worker stops; the 1-day reminder is queued while it is down, and a second
    // process (a fresh task) queues it again.
    await worker.close();
    const second = await walk([a], exp - DAY, exp - 3 * HOUR - step, step);
    expect(second).toEqual([{ threshold: "1d", at: exp - DAY }]);
    const b = task();
    expect((await b.run()).queued["1d"]).toBe(1);
    worker = h.startOutbox({ perChatGapMs: 50 });
    await settle();
    expect(sendsTo(chat)).toHaveLength(2);

    // Completed jobs are dropped: queuing again now relies on the outbox's sent-records.
    await h.outbox.queue.clean(0, 10_000, "completed");
    const c = task();
    expect((await c.run()).queued["1d"]).toBe(1);
    await walk([a, b, c], exp - 3 * HOUR, exp + 3 * DAY, step);
    await settle();

    const sent = sendsTo(chat);
    const plan = "Germany, 30 days, 100 GB";
    expect(sent.map((s) => s.params.text)).toEqual(
      (["3d", "1d", "3h", "expired"] as const).map((t) => expect.stringContaining(head("en", t, plan, exp))),
    );
    for (const s of sent) {
      expect(buttons(s)).toEqual([{ text: "🔄 Renew", callback_data: `my:renew:${sub.id}` }]);
    }
  });

  it("re-arms on renewal and sends nothing for the old expiry", async () => {
    const chat = await customer();
    const oldExp = T0 + 2 * DAY;
    const sub = await subscription(chat, oldExp);
    // Renewed before any scan: nothing is due for the old expiry.
    const renewedEarly = await subscription(chat, T0 + 2 * DAY);
    await h.rooms.books.subscriptions.setTerm(renewedEarly.id, T0 + 40 * DAY);

    const t = task();
    const at = await walk([t], T0, T0, 1);
    expect(at).toEqual([{ threshold: "3d", at: T0 }]);

    const newExp = T0 + 32 * DAY;
    await h.rooms.books.subscriptions.setTerm(sub.id, newExp);
    // Past the old 1-day, 3-hour and expiry marks: silence.
    expect(await walk([t], T0 + HOUR, oldExp + 3 * DAY, 30 * MINUTE)).toEqual([]);
    // The new expiry gets its own reminders.
    expect(await walk([t], newExp - 3 * DAY - HOUR, newExp - 3 * DAY + HOUR, 30 * MINUTE)).toEqual([
      { threshold: "3d", at: newExp - 3 * DAY },
    ]);
    await settle();
    const texts = sendsTo(chat).map((s) => String(s.params.text));
    expect(texts).toHaveLength(2);
    expect(texts[0]).toContain(formatDateTime("en", oldExp));
    expect(texts[1]).toContain(formatDateTime("en", newExp));
  });

  it("does not send a passed-over threshold late: bought with 2 days left gets the 1-day one, not the 3-day one", async () => {
    const chat = await customer();
    const exp = T0 + 2 * DAY;
    await subscription(chat, exp, { createdAt: T0 });
    const events = await walk([task()], T0, exp + DAY, 20 * MINUTE);
    expect(events).toEqual([
      { threshold: "1d", at: exp - DAY },
      { threshold: "3h", at: exp - 3 * HOUR },
      { threshold: "expired", at: exp },
    ]);
    await settle();
    expect(sendsTo(chat)).toHaveLength(3);
  });

  it("names a trial by its own term (issue 24, item 3), and its last reminder offers the plans", async () => {
    const chat = await customer();
    // A one-day, 1 GB trial on the 30-day, 100 GB plan, started 22 hours before T0.
    await subscription(chat, T0 + 2 * HOUR, { trial: true, trafficGb: 1, createdAt: T0 - 22 * HOUR });
    await task().run();
    h.clock.set(T0 + 3 * HOUR);
    await task().run();
    await settle();
    const sent = sendsTo(chat);
    expect(sent.map((m) => String(m.params.text).split("\n")[0])).toEqual([
      `⚠️ Your subscription <b>Free trial · 1 day, 1 GB</b> ends in less than 3 hours: ${formatDateTime("en", T0 + 2 * HOUR)}.`,
      `⌛ Your subscription <b>Free trial · 1 day, 1 GB</b> expired on ${formatDateTime("en", T0 + 2 * HOUR)}. The VPN no longer works.`,
    ]);
    const last = sent.at(-1);
    expect(buttons(last).map((b) => b.text)).toEqual(["🛒 Choose a plan"]);
    expect(buyCb.unpack(buttons(last)[0]?.callback_data)).toEqual({ act: "list", plan: "" });
  });

  it("offers Renew to a paid subscription and a plan list to a trial or a plan no longer sold", async () => {
    const paid = await customer();
    const trial = await customer();
    const gone = await customer();
    const paidSub = await subscription(paid, T0 + 2 * HOUR);
    await subscription(trial, T0 + 2 * HOUR, { trial: true });
    await subscription(gone, T0 + 2 * HOUR, { planId: "retired" });
    const r = await task().run();
    expect(r.queued["3h"]).toBe(3);
    await settle();

    const [paidMsg] = sendsTo(paid);
    expect(paidMsg?.params.text).toContain("Germany, 30 days, 100 GB");
    expect(paidMsg?.params.text).toContain(formatDateTime("en", T0 + 2 * HOUR));
    expect(paidMsg?.params.parse_mode).toBe("HTML");
    const [renew] = buttons(paidMsg);
    expect(myCb.unpack(renew?.callback_data)).toEqual({ act: "renew", id: paidSub.id });

    const [trialMsg] = sendsTo(trial);
    expect(trialMsg?.params.text).toContain(h.i18n.t("en", "remind-trial-hint"));
    expect(buttons(trialMsg)).toHaveLength(1);
    expect(buyCb.unpack(buttons(trialMsg)[0]?.callback_data)).toEqual({ act: "list", plan: "" });
    expect(JSON.stringify(trialMsg?.params.reply_markup)).not.toContain("my:renew");

    const [goneMsg] = sendsTo(gone);
    expect(goneMsg?.params.text).toContain("retired");
    expect(buyCb.unpack(buttons(goneMsg)[0]?.callback_data)).toEqual({ act: "list", plan: "" });
  });

  it("writes to a Russian customer in Russian", async () => {
    const chat = await customer("ru");
    const exp = T0 + 20 * HOUR;
    await subscription(chat, exp);
    await task().run();
    await settle();
    const [msg] = sendsTo(chat);
    expect(msg?.params.text).toContain(head("ru", "1d", "Германия, 30 дней, 100 ГБ", exp));
    expect(msg?.params.text).toContain("закончится менее чем через сутки");
    expect(buttons(msg)[0]?.text).toBe("🔄 Продлить");
  });

  it("skips blocked customers (and sends once they are unblocked), expired-long-ago and no-expiry subscriptions", async () => {
    const blocked = await customer();
    const botBlocked = await customer();
    const old = await customer();
    await subscription(blocked, T0 + HOUR);
    await subscription(botBlocked, T0 + HOUR);
    await subscription(old, T0 - 3 * DAY);
    await subscription(old, 0);
    await h.rooms.books.customers.setBlocked(blocked, true);
    await h.rooms.books.customers.markBotBlocked(botBlocked);

    const t = task();
    const r = await t.run();
    expect(r.blocked).toBe(2);
    expect(queuedTotal(r)).toBe(0);
    await sleep(200);
    for (const chat of [blocked, botBlocked, old]) expect(sendsTo(chat)).toHaveLength(0);

    await h.rooms.books.customers.setBlocked(blocked, false);
    const again = await t.run();
    expect(again.queued["3h"]).toBe(1);
    await settle();
    expect(sendsTo(blocked)).toHaveLength(1);
    expect(sendsTo(botBlocked)).toHaveLength(0);
    expect(sendsTo(old)).toHaveLength(0);
  });

  it("with 100 000 subscriptions reads only the due ones", async () => {
    const pipeline = h.redis.pipeline();
    const N = 100_000;
    for (let i = 0; i < N; i += 1_000) {
      const args: (string | number)[] = [];
      for (let j = i; j < i + 1_000; j++) {
        // Half long expired, half far in the future: neither is due.
        args.push(j % 2 ? T0 + 30 * DAY + j * MINUTE : T0 - 10 * DAY - j * MINUTE, `sfar${j}`);
      }
      pipeline.zadd(subscriptionKeys.byExpiry, ...args);
    }
    await pipeline.exec();
    const chats = [await customer(), await customer(), await customer()];
    const due = [
      await subscription(chats[0] as number, T0 + 2 * DAY),
      await subscription(chats[1] as number, T0 + 5 * HOUR),
      await subscription(chats[2] as number, T0 - HOUR),
    ];
    expect(await h.redis.zcard(subscriptionKeys.byExpiry)).toBe(N + 3);

    const get = vi.spyOn(h.rooms.books.subscriptions, "getMany");
    const between = vi.spyOn(h.rooms.books.subscriptions, "expiringBetween");
    const getCustomer = vi.spyOn(h.rooms.books.customers, "get");
    try {
      const t = task();
      const r = await t.run();
      expect(r.due).toBe(3);
      expect(r.queued).toEqual({ "3d": 1, "1d": 1, "3h": 0, expired: 1 });
      expect(get.mock.calls.flatMap(([ids]) => ids).sort()).toEqual(due.map((s) => s.id).sort());
      expect(between).toHaveBeenCalledTimes(1);
      expect(getCustomer).toHaveBeenCalledTimes(3);

      // A second run in the same process reads no record at all.
      get.mockClear();
      expect((await t.run()).known).toBe(3);
      expect(get).not.toHaveBeenCalled();
    } finally {
      get.mockRestore();
      between.mockRestore();
      getCustomer.mockRestore();
    }
    await settle();
    for (const chat of chats) expect(sendsTo(chat)).toHaveLength(1);
  });

  it("pages through more due subscriptions than one read returns, equal expiries included, standing aside between slices", async () => {
    const chat = await customer();
    // 1 200 subscriptions of one customer expiring at the same instant (more than a page of 500).
    const exp = T0 + 2 * HOUR;
    const ids: string[] = [];
    for (let i = 0; i < 1_200; i++) ids.push((await subscription(chat, exp)).id);
    const get = vi.spyOn(h.rooms.books.subscriptions, "getMany");
    const sendMany = vi.spyOn(h.outbox, "sendMany").mockResolvedValue(undefined);
    const waits: number[] = [];
    try {
      // Inside a tick paced at a fifth of the time (as startMaintenance runs it), the pass stands
      // aside after each slice of due reminders; at once it held the bot's process ~1 s at 100 000.
      const pacing = { share: 0.2, wait: async (ms: number) => void waits.push(ms) };
      const { result: r, turns } = await turnsDuring(() => inBackground(pacing, () => task().run()));
      expect(r.due).toBe(1_200);
      expect(r.queued["3h"]).toBe(1_200);
      // Twelve slices of 100: each read in one round trip and followed by a turn (and a wait).
      expect(get).toHaveBeenCalledTimes(12);
      for (const [ids] of get.mock.calls) expect(ids.length).toBeLessThanOrEqual(100);
      expect(turns).toBeGreaterThanOrEqual(12);
      expect(waits.length).toBeGreaterThanOrEqual(11);
      const read = get.mock.calls.flatMap(([ids]) => ids);
      expect(new Set(read).size).toBe(1_200);
      expect(read).toHaveLength(1_200);
      const once = sendMany.mock.calls.flatMap(([msgs]) => msgs.map((m) => m.once));
      expect(new Set(once)).toEqual(new Set(ids.map((id) => `remind:${id}:${exp}:3h`)));
    } finally {
      get.mockRestore();
      sendMany.mockRestore();
    }
  });
});
