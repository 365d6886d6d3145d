import { DAY } from "../../runtime/clock.js";
import { RUNWAY_HORIZON_DAYS } from "./runway.js";
import { EXTENSION_DAYS } from "./server-extension.js";

/** One UTC day of a server's (or a location's) traffic: the sum of its subscriptions' usage. */
export interface DayUse {
  /** YYYY-MM-DD (UTC). */
  date: string;
  bytes: number;
}

/**
 * Days until something runs out: `days` at the last 7 days' average, `trendDays` at the trend
 * (Theil–Sen over the last 14 days). undefined = beyond the horizon, or never at this rate.
 */
export interface RunOut {
  days: number | undefined;
  trendDays: number | undefined;
}

/** Days of complete use the average is taken over. */
export const AVERAGE_DAYS = 7;
/** Days of complete use the trend is fitted over. */
export const TREND_DAYS = 14;
/** Fewer complete days than this: the trend is the average (two points make no slope worth trusting). */
export const TREND_MIN_POINTS = 3;

export const dayNumber = (ms: number) => Math.floor(ms / DAY);
export const dateOfDay = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);
export const dayOfDate = (date: string) => dayNumber(Date.parse(`${date}T00:00:00Z`));

/**
 * The complete days before today, oldest first, the last `n` of them: today's figure is still
 * growing, so it counts towards what is used but not towards the rate.
 */
export function completeDays(days: readonly DayUse[], now: number, n: number): DayUse[] {
  const today = dateOfDay(dayNumber(now));
  return [...days]
    .filter((d) => d.date < today)
    .sort((a, b) => a.date.localeCompare(b.date))
    .slice(-n);
}

/** The mean bytes a day over the last AVERAGE_DAYS complete days (0 with none). */
export function averageRate(days: readonly DayUse[], now: number): number {
  const last = completeDays(days, now, AVERAGE_DAYS);
  if (last.length === 0) return 0;
  return last.reduce((sum, d) => sum + d.bytes, 0) / last.length;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/**
 * The Theil–Sen line through (day, bytes): the median of the pairwise slopes, and the median
 * intercept at that slope. One spike day moves a median of slopes very little, where a least
 * squares fit would follow it.
 */
export function theilSen(points: readonly { x: number; y: number }[]): { slope: number; intercept: number } {
  const slopes: number[] = [];
  for (let i = 0; i < points.length; i++) {
    for (let j = i + 1; j < points.length; j++) {
      const a = points[i] as { x: number; y: number };
      const b = points[j] as { x: number; y: number };
      if (b.x !== a.x) slopes.push((b.y - a.y) / (b.x - a.x));
    }
  }
  const slope = slopes.length > 0 ? median(slopes) : 0;
  const intercept = points.length > 0 ? median(points.map((p) => p.y - slope * p.x)) : 0;
  return { slope, intercept };
}

/** The bytes expected on day `k` ahead (1 = tomorrow's full day): never below 0. */
export type DailyRate = (k: number) => number;

/** The trend as a daily rate: the Theil–Sen line over the last TREND_DAYS complete days. */
export function trendRate(days: readonly DayUse[], now: number): DailyRate {
  const last = completeDays(days, now, TREND_DAYS);
  if (last.length < TREND_MIN_POINTS) {
    const flat = averageRate(days, now);
    return () => flat;
  }
  const today = dayNumber(now);
  const { slope, intercept } = theilSen(last.map((d) => ({ x: dayOfDate(d.date) - today, y: d.bytes })));
  return (k) => Math.max(0, intercept + slope * k);
}

/** Where the package stands: its size, what is used of it, and when it renews. */
export interface PackageState {
  limitBytes: number;
  usedBytes: number;
  /** When the current term ends (ms): the package renews then, and every EXTENSION_DAYS after. */
  renewsAt: number;
}

/**
 * Whole days until the package runs out at `rate`, the package renewing at each paid term (the
 * term extended at its end): undefined when it lasts the horizon. A day runs out when the use
 * counted since the term began passes the package.
 */
export function daysUntilEmpty(pkg: PackageState, rate: DailyRate, now: number): number | undefined {
  let used = pkg.usedBytes;
  if (used >= pkg.limitBytes) return 0;
  let renewal = pkg.renewsAt;
  for (let k = 1; k <= RUNWAY_HORIZON_DAYS; k++) {
    const dayStart = now + (k - 1) * DAY;
    while (renewal <= dayStart) {
      used = 0;
      renewal += EXTENSION_DAYS * DAY;
    }
    used += rate(k);
    if (used > pkg.limitBytes) return k - 1;
  }
  return undefined;
}

/** The package's run-out at the average and at the trend. */
export function runOutOf(pkg: PackageState, days: readonly DayUse[], now: number): RunOut {
  const average = averageRate(days, now);
  return {
    days: daysUntilEmpty(pkg, () => average, now),
    trendDays: daysUntilEmpty(pkg, trendRate(days, now), now),
  };
}

/** The sooner of the two (undefined only when both are). */
export function worseOf(runOut: RunOut): number | undefined {
  const known = [runOut.days, runOut.trendDays].filter((d): d is number => d !== undefined);
  return known.length > 0 ? Math.min(...known) : undefined;
}

/** The use counted against the current package: the days since the term began (expiry − EXTENSION_DAYS). */
export function usedThisTerm(days: readonly DayUse[], expiresAt: number): number {
  const from = dateOfDay(dayNumber(expiresAt - EXTENSION_DAYS * DAY));
  return days.filter((d) => d.date >= from).reduce((sum, d) => sum + d.bytes, 0);
}

/** Day totals of several series added up by date (a location's servers), oldest first. */
export function sumDays(series: readonly (readonly DayUse[])[]): DayUse[] {
  const byDate = new Map<string, number>();
  for (const days of series) for (const d of days) byDate.set(d.date, (byDate.get(d.date) ?? 0) + d.bytes);
  return [...byDate.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, bytes]) => ({ date, bytes }));
}
