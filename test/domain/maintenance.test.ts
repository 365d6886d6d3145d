import type { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  AUTO_MAINTENANCE_FRESH_MS,
  MAINTENANCE_KEY,
  MAINTENANCE_MESSAGE_MAX,
  ShopMaintenance,
  ShopSettings,
} from "../../src/domain/catalog/index.js";
import { HOUR, ManualClock, MINUTE } from "../../src/runtime/clock.js";
import { testRedis } from "../helpers/redis.js";

/**
 * Issue 26, maintenance mode: ShopMaintenance, the one home of "is the shop closed to customers",
 * on real Redis. The admins' switch (its end time read against the clock), the automatic
 * maintenance stepped by the server watch's looks at the hosting account, and what holds when two
 * steps overlap (two rounds, two processes, an old button).
 */

let redis: Redis;
const clock = new ManualClock();
let maintenance: ShopMaintenance;
/** A second process on the same Redis (its own instance, the same clock). */
let other: ShopMaintenance;
const AFTER = 10 * MINUTE;

beforeAll(async () => {
  redis = await testRedis();
  maintenance = new ShopMaintenance({ redis, clock });
  other = new ShopMaintenance({ redis, clock });
});
afterAll(() => redis.quit());
beforeEach(async () => {
  await redis.del(MAINTENANCE_KEY, "settings:shop");
  clock.advance(HOUR);
});

describe("the admins' switch", () => {
  it("is off at first, closes the shop with a message and an end time, and opens by itself at the end", async () => {
    expect(await maintenance.closed()).toBeUndefined();
    const endsAt = clock.now() + 2 * HOUR;
    const closed = await maintenance.close({ message: "  Moving to new servers  ", endsAt, by: 7 });
    expect(closed).toEqual({ since: clock.now(), endsAt, message: "Moving to new servers", by: 7 });
    expect(await other.closed()).toEqual({ kind: "manual", ...closed });

    clock.advance(2 * HOUR - 1);
    expect(await maintenance.closed()).toMatchObject({ kind: "manual" });
    clock.advance(1);
    // No job has to run: the end time is read against the clock, in every process.
    expect(await maintenance.closed()).toBeUndefined();
    expect(await other.closed()).toBeUndefined();
    const overview = await maintenance.overview();
    expect(overview.closed).toBeUndefined();
    expect(overview.manual?.endsAt).toBe(endsAt);
  });

  it("without an end stays closed until opened; the standard text is no message", async () => {
    await maintenance.close({ message: "   ", by: 7 });
    clock.advance(100 * HOUR);
    expect(await maintenance.closed()).toMatchObject({
      kind: "manual",
      message: undefined,
      endsAt: undefined,
    });
    expect(await maintenance.open()).toBe(true);
    expect(await maintenance.closed()).toBeUndefined();
    expect(await maintenance.open()).toBe(false);
  });

  it("changed while on keeps its since, so the buttons made for it still name it", async () => {
    const first = await maintenance.close({ by: 7 });
    clock.advance(MINUTE);
    const changed = await other.close({ message: "later", endsAt: clock.now() + HOUR, by: 8 });
    expect(changed.since).toBe(first.since);
    expect(await maintenance.closed()).toMatchObject({ since: first.since, message: "later", by: 8 });
  });

  it("an old button's Open ends nothing of a newer maintenance; a double press opens once", async () => {
    const old = await maintenance.close({ endsAt: clock.now() + MINUTE, by: 7 });
    clock.advance(2 * MINUTE); // it ended by itself
    const current = await maintenance.close({ by: 7 });
    expect(current.since).not.toBe(old.since);
    expect(await maintenance.open(old.since)).toBe(false);
    expect(await maintenance.closed()).toMatchObject({ since: current.since });
    const both = await Promise.all([maintenance.open(current.since), other.open(current.since)]);
    expect(both.sort()).toEqual([false, true]);
    expect(await maintenance.closed()).toBeUndefined();
  });

  it("refuses a message that is too long and an end that is not ahead", async () => {
    await expect(
      maintenance.close({ message: "x".repeat(MAINTENANCE_MESSAGE_MAX + 1), by: 7 }),
    ).rejects.toThrow(RangeError);
    await expect(maintenance.close({ endsAt: clock.now(), by: 7 })).rejects.toThrow(RangeError);
    expect(await maintenance.closed()).toBeUndefined();
    await maintenance.close({ message: "x".repeat(MAINTENANCE_MESSAGE_MAX), by: 7 });
    expect(await maintenance.closed()).toMatchObject({ kind: "manual" });
  });
});

describe("the automatic maintenance", () => {
  /** One look every minute for `minutes` minutes. */
  async function looks(reachable: boolean, minutes: number, after: number | "off" = AFTER) {
    const steps = [];
    for (let i = 0; i < minutes; i++) {
      steps.push(await maintenance.observeAccount(reachable, after === "off" ? undefined : after));
      clock.advance(MINUTE);
    }
    return steps;
  }

  it("goes on once the account has not answered for the set time, and off when it answers", async () => {
    const down = clock.now();
    const before = await looks(false, 10);
    expect(before.every((s) => s.on === undefined)).toBe(true);
    expect(await maintenance.closed()).toBeUndefined();
    expect((await maintenance.overview()).unreachableSince).toBe(down);

    const on = await maintenance.observeAccount(false, AFTER);
    expect(on).toEqual({ on: { since: down, told: false }, ended: undefined });
    expect(await other.closed()).toEqual({ kind: "auto", since: down });

    await maintenance.noticeQueued("on", down);
    expect((await maintenance.observeAccount(false, AFTER)).on).toEqual({ since: down, told: true });

    clock.advance(MINUTE);
    const back = await maintenance.observeAccount(true, AFTER);
    expect(back).toEqual({ on: undefined, ended: { since: down, at: clock.now() } });
    expect(await maintenance.closed()).toBeUndefined();
    // Until its notice is queued, every look says it ended (a round that died in between retells it).
    expect((await maintenance.observeAccount(true, AFTER)).ended?.since).toBe(down);
    await maintenance.noticeQueued("ended", down);
    expect(await maintenance.observeAccount(true, AFTER)).toEqual({ on: undefined, ended: undefined });
  });

  it("never goes on while the automatic mode is off (today's behaviour), however long the outage", async () => {
    const steps = await looks(false, 120, "off");
    expect(steps.every((s) => s.on === undefined && s.ended === undefined)).toBe(true);
    expect(await maintenance.closed()).toBeUndefined();
  });

  it("a short outage and an answer in between start the count again", async () => {
    await looks(false, 9);
    await maintenance.observeAccount(true, AFTER);
    const again = await looks(false, 10);
    expect(again.every((s) => s.on === undefined)).toBe(true);
  });

  it("two rounds at once (two processes) turn it on once, with one since", async () => {
    await looks(false, 10);
    const [a, b] = await Promise.all([
      maintenance.observeAccount(false, AFTER),
      other.observeAccount(false, AFTER),
    ]);
    expect(a.on?.since).toBeDefined();
    expect(b.on?.since).toBe(a.on?.since);
    // And back: the one end is reported to both until its notice is queued, then to none.
    const [x, y] = await Promise.all([
      other.observeAccount(true, AFTER),
      maintenance.observeAccount(true, AFTER),
    ]);
    expect(x.ended?.since).toBe(a.on?.since);
    expect(y.ended?.since).toBe(a.on?.since);
  });

  it("a look older than the last one changes nothing (a slow round finishing late)", async () => {
    await looks(false, 11);
    expect(await maintenance.closed()).toMatchObject({ kind: "auto" });
    const late = new ShopMaintenance({ redis, clock: { now: () => clock.now() - 5 * MINUTE } });
    await late.observeAccount(true, AFTER);
    expect(await maintenance.closed()).toMatchObject({ kind: "auto" });
  });

  it("ends when the admins turn the automatic mode off (the next look, or at once by autoOff)", async () => {
    await looks(false, 11);
    const since = (await maintenance.closed())?.since;
    expect(await maintenance.autoOff()).toBe(true);
    expect(await maintenance.closed()).toBeUndefined();
    expect((await maintenance.observeAccount(false, undefined)).ended?.since).toBe(since);
    expect(await maintenance.autoOff()).toBe(false);

    await maintenance.noticeQueued("ended", since ?? 0);
    await looks(false, 2, AFTER); // long down already: on again at the first look with the mode on
    expect(await maintenance.closed()).toMatchObject({ kind: "auto" });
    const off = await maintenance.observeAccount(false, undefined);
    expect(off.on).toBeUndefined();
    expect(off.ended).toBeDefined();
  });

  it("does not keep the shop closed when the watch stops looking", async () => {
    await looks(false, 11);
    expect(await maintenance.closed()).toMatchObject({ kind: "auto" });
    clock.advance(AUTO_MAINTENANCE_FRESH_MS);
    expect(await maintenance.closed()).toBeUndefined();
    expect((await maintenance.overview()).unreachableSince).toBeUndefined();
  });

  it("the admins' switch wins over it while both are on", async () => {
    await looks(false, 11);
    await maintenance.close({ message: "planned", by: 7 });
    expect(await maintenance.closed()).toMatchObject({ kind: "manual", message: "planned" });
    await maintenance.open();
    expect(await maintenance.closed()).toMatchObject({ kind: "auto" });
  });
});

describe("the automatic mode's setting", () => {
  it("is off by default, takes 1 to 1440 minutes and clears", async () => {
    const settings = new ShopSettings(redis);
    expect(await settings.maintenanceAutoMinutes()).toBeUndefined();
    await settings.setMaintenanceAutoMinutes(15);
    expect(await settings.maintenanceAutoMinutes()).toBe(15);
    await expect(settings.setMaintenanceAutoMinutes(0)).rejects.toThrow(RangeError);
    await expect(settings.setMaintenanceAutoMinutes(1441)).rejects.toThrow(RangeError);
    await expect(settings.setMaintenanceAutoMinutes(2.5)).rejects.toThrow(RangeError);
    await redis.hset("settings:shop", "maintenanceAutoMinutes", "junk");
    expect(await settings.maintenanceAutoMinutes()).toBeUndefined();
    await settings.setMaintenanceAutoMinutes(undefined);
    expect(await redis.hexists("settings:shop", "maintenanceAutoMinutes")).toBe(0);
  });
});
