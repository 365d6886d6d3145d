import type { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createI18n } from "../../src/bot/i18n.js";
import {
  boardOf,
  dateOfDay,
  dayNumber,
  type RunwayBoard,
  RunwaySales,
  type ServerFacts,
} from "../../src/domain/fleet/index.js";
import { createLogger } from "../../src/runtime/logger.js";
import { RunwayAlerts, thresholdOf } from "../../src/workers/runway-alerts.js";
import type { StaffNotice, StaffNoticeSender } from "../../src/workers/staff-notices.js";
import { testRedis } from "../helpers/redis.js";

const DAY = 86_400_000;
const GB = 1024 ** 3;
const NOW = Date.UTC(2032, 3, 10, 12);
const i18n = createI18n("en");

let redis: Redis;
beforeAll(async () => {
  redis = await testRedis();
});
afterAll(async () => {
  await redis.quit();
});
beforeEach(async () => {
  await redis.flushdb();
});

/** The staff's alerts as sent, each rendered in English. */
class Recorder implements StaffNoticeSender {
  readonly sent: { topic: string; once: string; text: string }[] = [];
  async send(topic: string, notice: StaffNotice): Promise<void> {
    const text = notice.text((k, v) => i18n.t("en", k, v), "en");
    this.sent.push({ topic, once: notice.once, text });
  }
}

/** A server whose package runs out in about `days` days at 10 GB a day, on the term ending at `expiresAt`. */
function trafficServer(days: number, expiresAt = NOW + 40 * DAY): ServerFacts {
  const t = dayNumber(NOW);
  const use = Array.from({ length: 14 }, (_, i) => ({ date: dateOfDay(t - 14 + i), bytes: 10 * GB }));
  return {
    ...{ id: 9, name: "lte-9", status: "active", expiresAt, price: 100 },
    // The term expires in 40 days: it begins 10 days ahead, so nothing is used of it yet.
    packageBytes: (days * 10 + 5) * GB,
    days: use,
    subscriptions: 20,
  };
}

const boardWith = (servers: ServerFacts[], over: Partial<Parameters<typeof boardOf>[0]> = {}): RunwayBoard =>
  boardOf({
    now: NOW,
    balance: 10_000,
    runway: { kind: "beyond", days: 365 },
    autoExtend: true,
    windowDays: 14,
    servers,
    locations: new Map(),
    ...over,
  });

function alertsOn(board: () => RunwayBoard, staff: Recorder, sales?: RunwaySales) {
  return new RunwayAlerts({
    sales,
    redis,
    forecasts: { board: async () => board() },
    settings: { runwayAlertDays: async () => [14, 7, 3, 1], hostingCurrency: async () => "RUB" },
    staffNotices: staff,
    clock: { now: () => NOW },
    logger: createLogger("silent"),
  });
}

describe("the runway alerts ahead", () => {
  it("the tightest threshold reached", () => {
    expect(thresholdOf(20, [14, 7, 3, 1])).toBeUndefined();
    expect(thresholdOf(14, [14, 7, 3, 1])).toBe(14);
    expect(thresholdOf(5, [1, 14, 3, 7])).toBe(7);
    expect(thresholdOf(0, [14, 7, 3, 1])).toBe(1);
  });

  it("is sent once per threshold, with what would fix it, to the alerts topic", async () => {
    const staff = new Recorder();
    let days = 12;
    const alerts = alertsOn(() => boardWith([trafficServer(days)]), staff);
    await alerts.run();
    await alerts.run();
    expect(staff.sent).toHaveLength(1);
    expect(staff.sent[0]?.topic).toBe("alerts");
    expect(staff.sent[0]?.text).toContain("lte-9</b> (#9): its traffic package runs out in 12 days");
    expect(staff.sent[0]?.text).toContain("What would fix it:");
    expect(staff.sent[0]?.text).toMatch(/➜ move \d+ customers off lte-9/);
    days = 6;
    await alerts.run();
    await alerts.run();
    days = 2;
    await alerts.run();
    expect(staff.sent.map((s) => s.text.match(/runs out in (\d+) days/)?.[1])).toEqual(["12", "6", "2"]);
  });

  it("falling past several thresholds at once sends the tightest, and the ones above stay quiet", async () => {
    const staff = new Recorder();
    let days = 2;
    const alerts = alertsOn(() => boardWith([trafficServer(days)]), staff);
    await alerts.run();
    days = 10;
    await alerts.run();
    expect(staff.sent).toHaveLength(1);
  });

  it("is sent again for the next term", async () => {
    const staff = new Recorder();
    let expiresAt = NOW + 40 * DAY;
    const alerts = alertsOn(() => boardWith([trafficServer(5, expiresAt)]), staff);
    await alerts.run();
    expiresAt += 30 * DAY;
    await alerts.run();
    await alerts.run();
    expect(staff.sent).toHaveLength(2);
  });

  it("two runners at once send once", async () => {
    const staff = new Recorder();
    const board = () => boardWith([trafficServer(5)]);
    await Promise.all([
      alertsOn(board, staff).run(),
      alertsOn(board, staff).run(),
      alertsOn(board, staff).run(),
    ]);
    expect(staff.sent).toHaveLength(1);
  });

  it("a term nothing will extend, and a balance that runs short, say so with their fixes", async () => {
    const staff = new Recorder();
    const server: ServerFacts = {
      ...{ id: 4, name: "old-4", status: "active", expiresAt: NOW + 3 * DAY + 1000, price: 300 },
      ...{ packageBytes: undefined, days: [], subscriptions: 0 },
    };
    const board = boardWith([server], {
      balance: 100,
      autoExtend: true,
      runway: { kind: "days", days: 3, serverId: 4, until: server.expiresAt },
    });
    await alertsOn(() => board, staff).run();
    const texts = staff.sent.map((s) => s.text);
    expect(texts).toHaveLength(2);
    expect(texts[0]).toContain("old-4</b> (#4): its paid term ends in 3 days");
    expect(texts[0]).toContain("➜ top up the hosting balance by 200 RUB");
    expect(texts[1]).toContain("The hosting balance (100 RUB) pays the servers' extensions for 3 more days");
    expect(texts[1]).toContain("➜ top up the hosting balance by 200 RUB");
  });

  it("auto-extend covering the term: no term alert", async () => {
    const staff = new Recorder();
    const server: ServerFacts = {
      ...{ id: 5, name: "fine-5", status: "active", expiresAt: NOW + 2 * DAY, price: 10 },
      ...{ packageBytes: undefined, days: [], subscriptions: 0 },
    };
    await alertsOn(() => boardWith([server]), staff).run();
    expect(staff.sent).toHaveLength(0);
  });

  it("a sale placed short of runway is told once a day, then cleared", async () => {
    const staff = new Recorder();
    const sales = new RunwaySales(redis, { now: () => NOW });
    await sales.short({ planId: "lte", serverId: 9, termDays: 30, runwayDays: 6 });
    const board = () => boardWith([trafficServer(40)]);
    await Promise.all([alertsOn(board, staff, sales).run(), alertsOn(board, staff, sales).run()]);
    expect(staff.sent.map((s) => s.text)).toEqual([
      "📉 A sale of plan lte went to server <b>lte-9</b> (#9): no server of the plan has traffic for its 30 days; this one lasts longest.",
    ]);
    expect(await sales.pending()).toEqual([]);
    await sales.short({ planId: "lte", serverId: 9, termDays: 30, runwayDays: 5 });
    await alertsOn(board, staff, sales).run();
    expect(staff.sent).toHaveLength(1);
  });

  it("a send that dies after the claim is tried again once the claim lapses (not lost, not doubled)", async () => {
    const staff = new Recorder();
    let failing = true;
    const flaky: StaffNoticeSender = {
      send: async (topic, notice) => {
        if (failing) throw new Error("process died here");
        await staff.send(topic, notice);
      },
    };
    const alerts = new RunwayAlerts({
      redis,
      forecasts: { board: async () => boardWith([trafficServer(5)]) },
      settings: { runwayAlertDays: async () => [14, 7, 3, 1], hostingCurrency: async () => "RUB" },
      staffNotices: flaky,
      clock: { now: () => NOW },
      logger: createLogger("silent"),
    });
    await expect(alerts.run()).rejects.toThrow("process died here");
    failing = false;
    const [key] = await redis.keys("runway:alerted:9:traffic:*:7");
    expect(await redis.get(key as string)).toBe("pending");
    expect(await redis.ttl(key as string)).toBeLessThanOrEqual(600);
    await alerts.run();
    expect(staff.sent).toHaveLength(0); // the claim still stands: nobody sends meanwhile
    await redis.del(key as string); // the claim lapses
    await alerts.run();
    await alerts.run();
    expect(staff.sent).toHaveLength(1);
    expect(await redis.get(key as string)).toBe("sent");
  });
});
