import { describe, expect, it } from "vitest";
import {
  type BoardInput,
  boardOf,
  type DayUse,
  dateOfDay,
  dayNumber,
  daysWithMore,
  runOutOf,
  type ServerFacts,
  theilSen,
  topUpNeeded,
} from "../../src/domain/fleet/index.js";

const DAY = 86_400_000;
const GB = 1024 ** 3;
/** Noon of a UTC day: today's figure is partial, the 14 before it complete. */
const NOW = Date.UTC(2030, 5, 15, 12);
/** The tolerance every expected day is held to: a day either way (whole days, rounding of the partial day). */
const TOLERANCE_DAYS = 1;

/** Daily use of the `gbs.length` complete days before today (oldest first), then today's `today` GB. */
function usage(gbs: number[], today = 0): DayUse[] {
  const t = dayNumber(NOW);
  const days = gbs.map((gb, i) => ({ date: dateOfDay(t - gbs.length + i), bytes: gb * GB }));
  return [...days, { date: dateOfDay(t), bytes: today * GB }];
}

const near = (actual: number | undefined, expected: number) => {
  expect(actual).toBeDefined();
  expect(Math.abs((actual as number) - expected)).toBeLessThanOrEqual(TOLERANCE_DAYS);
};

describe("the traffic package's run-out on recorded usage", () => {
  it("flat use: average and trend agree on the day (package renews at the term's end)", () => {
    // 10 GB a day; the term began 5 days ago (expires in 25): used 5 × 10 + today's 5 = 55 of 300.
    const days = usage(Array(14).fill(10), 5);
    const expiresAt = NOW + 25 * DAY;
    const pkg = { limitBytes: 300 * GB, usedBytes: 55 * GB, renewsAt: expiresAt };
    const runOut = runOutOf(pkg, days, NOW);
    // 245 GB left at 10 a day: 24 whole days, before the renewal at day 25.
    near(runOut.days, 24);
    near(runOut.trendDays, 24);
  });

  it("flat use a package covers: never within the horizon (renewed each term)", () => {
    const days = usage(Array(14).fill(5));
    const pkg = { limitBytes: 300 * GB, usedBytes: 0, renewsAt: NOW + 30 * DAY };
    expect(runOutOf(pkg, days, NOW)).toEqual({ days: undefined, trendDays: undefined });
  });

  it("growing use: the trend runs out well before the average", () => {
    // 2, 4, ..., 28 GB: the line is 30 + 2k GB on day k ahead; the last 7 days average 22.
    const days = usage(Array.from({ length: 14 }, (_, i) => 2 * (i + 1)));
    const pkg = { limitBytes: 2000 * GB, usedBytes: 0, renewsAt: NOW + 200 * DAY };
    const runOut = runOutOf(pkg, days, NOW);
    near(runOut.days, 90); // 2000 / 22
    near(runOut.trendDays, 31); // 30n + n(n+1) > 2000 first at n = 32
    expect(runOut.trendDays as number).toBeLessThan(runOut.days as number);
  });

  it("a spike day: the trend (Theil–Sen) stays on the flat line; the 7-day average carries it", () => {
    const flat = Array(14).fill(10);
    const spiked = [...flat];
    spiked[11] = 200; // three days ago
    const pkg = { limitBytes: 300 * GB, usedBytes: 55 * GB, renewsAt: NOW + 25 * DAY };
    const runOut = runOutOf(pkg, usage(spiked, 5), NOW);
    near(runOut.trendDays, 24);
    // (6 × 10 + 200) / 7 ≈ 37.1 GB a day: 245 / 37.1 ≈ 6.6.
    near(runOut.days, 6);
  });

  it("Theil–Sen: one outlier does not move the slope", () => {
    const points = Array.from({ length: 10 }, (_, x) => ({ x, y: 3 * x + 1 }));
    (points[4] as { y: number }).y = 1000;
    const { slope, intercept } = theilSen(points);
    expect(slope).toBeCloseTo(3, 6);
    expect(intercept).toBeCloseTo(1, 6);
  });

  it("already used up: 0 days", () => {
    const pkg = { limitBytes: 10 * GB, usedBytes: 12 * GB, renewsAt: NOW + 10 * DAY };
    expect(runOutOf(pkg, usage([1, 1, 1]), NOW)).toEqual({ days: 0, trendDays: 0 });
  });
});

const server = (over: Partial<ServerFacts> & { id: number }): ServerFacts => ({
  name: `s${over.id}`,
  status: "active",
  expiresAt: NOW + 20 * DAY,
  price: 100,
  packageBytes: undefined,
  days: [],
  subscriptions: 0,
  ...over,
});

const input = (over: Partial<BoardInput>): BoardInput => ({
  now: NOW,
  balance: 1000,
  runway: { kind: "beyond", days: 365 },
  autoExtend: false,
  windowDays: 14,
  servers: [],
  locations: new Map(),
  ...over,
});

describe("the term and the balance", () => {
  it("a term's days count to its end; within the window the fix is to extend it", () => {
    const board = boardOf(input({ servers: [server({ id: 1, expiresAt: NOW + 5 * DAY + 3600_000 })] }));
    const s = board.servers[0];
    expect(s?.term).toMatchObject({ days: 5, autoExtend: false, covered: false });
    expect(s?.urgentDays).toBe(5);
    expect(s?.fixes).toEqual([{ kind: "extend", serverId: 1, name: "s1" }]);
  });

  it("auto-extend on and the balance's runway covering the expiry: the term is not urgent", () => {
    const board = boardOf(
      input({
        autoExtend: true,
        runway: { kind: "days", days: 40, serverId: 1, until: NOW + 40 * DAY },
        servers: [server({ id: 1, expiresAt: NOW + 5 * DAY })],
      }),
    );
    expect(board.servers[0]?.term).toMatchObject({ autoExtend: true, covered: true });
    expect(board.servers[0]?.urgentDays).toBeUndefined();
    expect(board.servers[0]?.fixes).toEqual([]);
  });

  it("auto-extend on but the balance short: the fix is the top-up the window's extensions need", () => {
    const servers = [
      server({ id: 1, expiresAt: NOW + 3 * DAY }),
      server({ id: 2, expiresAt: NOW + 10 * DAY }),
    ];
    const board = boardOf(
      input({
        autoExtend: true,
        balance: 150,
        runway: { kind: "days", days: 10, serverId: 2, until: NOW + 10 * DAY },
        servers,
      }),
    );
    // Two extensions of 100 fall within 14 days; the balance has 150.
    expect(board.fixes).toEqual([{ kind: "top-up", amount: 50 }]);
    const second = board.servers.find((s) => s.serverId === 2);
    expect(second?.term.covered).toBe(false);
    expect(second?.fixes).toEqual([{ kind: "top-up", amount: 50 }]);
    // The first expiry is paid (the runway runs to the second): not urgent, listed last.
    expect(board.servers.find((s) => s.serverId === 1)?.term.covered).toBe(true);
    expect(board.servers.map((s) => s.serverId)).toEqual([2, 1]);
  });

  it("the top-up counts each extension again after 30 days within the window; an unknown price: none", () => {
    const one = [{ id: 1, expiresAt: NOW + DAY, price: 10 }];
    expect(topUpNeeded(0, one, NOW, 45)).toBe(20);
    expect(topUpNeeded(0, [{ id: 1, expiresAt: NOW, price: undefined }], NOW, 14)).toBeUndefined();
  });
});

describe("traffic on the board", () => {
  it("a tracked server: used since the term began, run-out days, and how many customers to move", () => {
    // 40 customers using 20 GB a day together; the package is 300 GB, the term began 10 days ago.
    const days = usage(Array(14).fill(20), 0);
    const s = server({ id: 3, expiresAt: NOW + 20 * DAY, packageBytes: 300 * GB, days, subscriptions: 40 });
    const board = boardOf(input({ servers: [s] }));
    const runway = board.servers[0];
    expect(runway?.traffic?.usedBytes).toBe(200 * GB); // the 10 complete days since the term began
    near(runway?.traffic?.runOut.days, 5);
    expect(runway?.urgentDays).toBe(runway?.traffic?.runOut.days);
    // 100 GB left for 20 days: 5 GB a day allowed; 15 over at 0.5 GB a customer: 30 to move.
    expect(runway?.fixes).toContainEqual({ kind: "move", serverId: 3, customers: 30 });
  });

  it("a location sums its servers, and locations sort by urgency", () => {
    const days = usage(Array(14).fill(10), 0);
    const servers = [
      server({ id: 1, packageBytes: 1000 * GB, days, expiresAt: NOW + 30 * DAY }),
      server({ id: 2, packageBytes: 500 * GB, days, expiresAt: NOW + 30 * DAY }),
      server({ id: 3, expiresAt: NOW + 2 * DAY }),
    ];
    const fra = { key: "Frankfurt", name: { en: "Frankfurt", ru: "Франкфурт" } };
    const ams = { key: "Amsterdam", name: { en: "Amsterdam", ru: "Амстердам" } };
    const locations = new Map([
      [1, fra],
      [2, fra],
      [3, ams],
    ]);
    const board = boardOf(input({ servers, locations }));
    expect(board.locations.map((l) => l.location)).toEqual(["Amsterdam", "Frankfurt"]);
    const frankfurt = board.locations.find((l) => l.location === "Frankfurt");
    expect(frankfurt?.serverIds.sort()).toEqual([1, 2]);
    expect(frankfurt?.traffic?.limitBytes).toBe(1500 * GB);
    expect(frankfurt?.traffic?.days.at(-2)?.bytes).toBe(20 * GB);
    // 1500 GB at 20 a day renewed every 30 days (600 a term): never.
    expect(frankfurt?.traffic?.runOut).toEqual({ days: undefined, trendDays: undefined });
    expect(board.locations[0]?.urgentDays).toBe(2);
  });
});

describe("a bulk move's target with the customers added", () => {
  const target = (over: Partial<ServerFacts> = {}) =>
    boardOf(
      input({
        servers: [
          server({
            id: 7,
            expiresAt: NOW + 40 * DAY,
            packageBytes: 100 * GB,
            days: usage(Array(14).fill(5)),
            subscriptions: 2,
            ...over,
          }),
        ],
      }),
    ).servers[0];

  it("lasts less with each customer added at what one of its customers uses", () => {
    const s = target();
    if (!s) throw new Error("no server");
    // 100 GB at 5 GB a day: 19-20 days; with 4 more at 2.5 GB each, 15 GB a day: 6.
    near(daysWithMore(s, 0, NOW), 20);
    expect(daysWithMore(s, 4, NOW)).toBe(6);
    expect(daysWithMore(s, 4, NOW)).toBeLessThan(daysWithMore(s, 1, NOW) ?? 0);
  });

  it("the term ends first unless the balance pays it; a server not active lasts none; untracked: the term", () => {
    const short = target({ expiresAt: NOW + 3 * DAY + 3600_000 });
    const untracked = target({ packageBytes: undefined });
    const off = target({ status: "suspended" });
    if (!short || !untracked || !off) throw new Error("no server");
    // Its term began 27 days ago: 70 GB used, 30 left; alone (5 a day) the term's end comes first.
    expect(daysWithMore(short, 0, NOW)).toBe(3);
    expect(daysWithMore(short, 4, NOW)).toBe(2);
    expect(daysWithMore(untracked, 100, NOW)).toBe(40);
    expect(daysWithMore(off, 0, NOW)).toBe(0);
  });
});
