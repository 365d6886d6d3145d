import { describe, expect, it } from "vitest";
import {
  balanceCourse,
  boardOf,
  type DayUse,
  dateOfDay,
  dayNumber,
  runwayOf,
  type ServerFacts,
  type ServerTraffic,
  termCourse,
} from "../../src/domain/fleet/index.js";

// Issue 31: the runway as the Mini App's charts draw it; the crossings are the forecast's own days.

const DAY = 86_400_000;
const GB = 1024 ** 3;
const NOW = Date.UTC(2030, 5, 15, 12);
const TODAY = dayNumber(NOW);

/** The `gbs.length` complete days before today, oldest first. */
const usage = (gbs: number[]): DayUse[] =>
  gbs.map((gb, i) => ({ date: dateOfDay(TODAY - gbs.length + i), bytes: gb * GB }));

/** One tracked server's traffic as the board works it out. */
function trafficOf(
  days: DayUse[],
  packageGb: number,
  daysLeft: number,
): { traffic: ServerTraffic; expiresAt: number } {
  const expiresAt = NOW + daysLeft * DAY;
  const facts: ServerFacts = {
    ...{ id: 1, name: "s", status: "active", expiresAt, price: 100 },
    ...{ packageBytes: packageGb * GB, days, subscriptions: 4 },
  };
  const board = boardOf({
    ...{ now: NOW, balance: 0, runway: { kind: "no-servers" }, autoExtend: false, windowDays: 14 },
    ...{ servers: [facts], locations: new Map() },
  });
  const traffic = board.servers[0]?.traffic;
  if (!traffic) throw new Error("not tracked");
  return { traffic, expiresAt };
}

describe("a server's term as the charts draw it", () => {
  it("flat use: the days of the term, the use so far, both projections meeting the package on the forecast's day", () => {
    // 3 GB a day for the 10 days of the term so far, 40 GB: 10 left, 3 whole days.
    const { traffic, expiresAt } = trafficOf(usage(Array(10).fill(3)), 40, 20);
    const course = termCourse(traffic, expiresAt, NOW);
    expect(course.dates[0]).toBe(dateOfDay(TODAY - 10));
    expect(course.dates.at(-1)).toBe(dateOfDay(TODAY + 20));
    expect(course.today).toBe(dateOfDay(TODAY));
    expect(course.used).toEqual([...Array(10).fill(3 * GB), undefined]);
    expect(course.cumulative.at(-1)).toBe(30 * GB);
    expect(traffic.runOut).toEqual({ days: 3, trendDays: 3 });
    for (const p of [course.average, course.trend]) {
      expect(p.crossDate).toBe(dateOfDay(TODAY + 3));
      expect(p.points.map((q) => q.date)).toEqual([0, 1, 2, 3].map((k) => dateOfDay(TODAY + k)));
      expect(p.points.map((q) => q.bytes / GB)).toEqual([30, 33, 36, 40]);
    }
  });

  it("growing use: the trend crosses first, on its own day, the average later", () => {
    const { traffic, expiresAt } = trafficOf(usage([1, 1, 2, 2, 3, 3, 4, 4, 5, 5]), 60, 20);
    const course = termCourse(traffic, expiresAt, NOW);
    const { days, trendDays } = traffic.runOut;
    expect(trendDays).toBeLessThan(days ?? Number.POSITIVE_INFINITY);
    expect(course.trend.crossDate).toBe(dateOfDay(TODAY + (trendDays ?? -1)));
    expect(course.average.crossDate).toBe(dateOfDay(TODAY + (days ?? -1)));
    expect(course.trend.points.at(-1)?.bytes).toBe(60 * GB);
    // The trend's line climbs faster day by day (a rising rate), never down.
    const steps = course.trend.points.slice(1).map((q, i) => q.bytes - (course.trend.points[i]?.bytes ?? 0));
    for (const step of steps) expect(step).toBeGreaterThanOrEqual(0);
  });

  it("a package that lasts the term: no crossing, the projection runs to the term's end", () => {
    const { traffic, expiresAt } = trafficOf(usage(Array(10).fill(1)), 1000, 20);
    const course = termCourse(traffic, expiresAt, NOW);
    expect(course.average.crossDate).toBeUndefined();
    expect(course.average.points.at(-1)?.date).toBe(dateOfDay(TODAY + 20));
    expect(course.average.points.at(-1)?.bytes).toBe(30 * GB);
  });

  it("a package already used up: it crosses today", () => {
    const { traffic, expiresAt } = trafficOf(usage(Array(10).fill(5)), 40, 20);
    const course = termCourse(traffic, expiresAt, NOW);
    expect(traffic.runOut.days).toBe(0);
    expect(course.average.crossDate).toBe(dateOfDay(TODAY));
    expect(course.average.points).toHaveLength(1);
  });
});

describe("the balance's course", () => {
  const servers = [
    { id: 1, expiresAt: NOW + 5 * DAY, price: 300 },
    { id: 2, expiresAt: NOW + 12 * DAY, price: 200 },
  ];

  it("steps down at each extension and ends where runwayOf says the balance runs out", () => {
    const steps = balanceCourse(1000, servers, NOW);
    expect(steps.map((s) => [s.serverId, s.amount, s.short ?? false])).toEqual([
      [1, 700, false],
      [2, 500, false],
      [1, 200, false],
      [2, 0, false],
      [1, 0, true],
    ]);
    const runway = runwayOf(1000, servers, NOW);
    expect(runway.kind).toBe("days");
    if (runway.kind === "days") expect(steps.at(-1)?.at).toBe(runway.until);
  });

  it("is empty when a price is not known or nothing is active", () => {
    expect(balanceCourse(1000, [{ id: 1, expiresAt: NOW, price: undefined }], NOW)).toEqual([]);
    expect(balanceCourse(1000, [], NOW)).toEqual([]);
  });
});
