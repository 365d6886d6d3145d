import { DAY } from "../../runtime/clock.js";
import type { ServerTraffic } from "./forecast.js";
import { averageRate, type DailyRate, dateOfDay, dayNumber, trendRate } from "./forecast-math.js";
import { EXTENSION_DAYS } from "./server-extension.js";

/**
 * The runway as a chart draws it (the staff page of the Mini App): a server's term day by day with
 * its use, the cumulative use and where it is projected to cross the package (the balance's
 * course is the board's, runway.ts balanceCourse). Pure; the crossings are the forecast's own
 * (RunOut), so the chart and the chat always name the same day.
 */

/** Use projected from today at one rate: cumulative bytes by date, to the crossing or the term's end. */
export interface Projection {
  /** Tomorrow's bytes at this rate. */
  rate: number;
  /** Cumulative use at each day from today on (the last one at the package when it crosses). */
  points: { date: string; bytes: number }[];
  /** The day the package runs out within this term (the forecast's day); undefined: it lasts the term. */
  crossDate: string | undefined;
}

export interface TermCourse {
  /** Every day of the term, its first to the day it ends (UTC dates, oldest first). */
  dates: string[];
  today: string;
  /** Each term day's use so far (none after today; undefined: no figure that day). */
  used: (number | undefined)[];
  /** The use counted since the term began, at the end of each day up to today. */
  cumulative: number[];
  average: Projection;
  trend: Projection;
}

const datesFrom = (first: number, last: number) =>
  Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => dateOfDay(first + i));

/**
 * The cumulative line from today at `rate`: each day after today adds the rate's bytes, and at the
 * forecast's crossing day (`days` from today) it meets the package. Past the term's end: no crossing.
 */
function projection(
  start: { used: number; limit: number },
  rate: DailyRate,
  days: number | undefined,
  today: number,
  end: number,
) {
  const cross = days !== undefined && today + days <= end ? today + days : undefined;
  const last = cross ?? end;
  const points: { date: string; bytes: number }[] = [{ date: dateOfDay(today), bytes: start.used }];
  let used = start.used;
  for (let day = today + 1, k = 1; day <= last; day++, k++) {
    used += rate(k);
    points.push({ date: dateOfDay(day), bytes: day === cross ? Math.max(used, start.limit) : used });
  }
  if (cross === today && points[0]) points[0].bytes = Math.max(start.used, start.limit);
  return { rate: rate(1), points, crossDate: cross === undefined ? undefined : dateOfDay(cross) };
}

/** The term of a tracked server as a chart draws it (`expiresAt`: its paid term's end). */
export function termCourse(traffic: ServerTraffic, expiresAt: number, now: number): TermCourse {
  const first = dayNumber(expiresAt - EXTENSION_DAYS * DAY);
  const end = Math.max(first, dayNumber(expiresAt));
  const today = Math.min(Math.max(dayNumber(now), first), end);
  const dates = datesFrom(first, end);
  const byDate = new Map(traffic.days.map((d) => [d.date, d.bytes]));
  const used = datesFrom(first, today).map((date) => byDate.get(date));
  let sum = 0;
  const cumulative = used.map((bytes) => {
    sum += bytes ?? 0;
    return sum;
  });
  const start = { used: traffic.usedBytes, limit: traffic.limitBytes };
  const average = averageRate(traffic.days, now);
  return {
    dates,
    today: dateOfDay(today),
    used,
    cumulative,
    average: projection(start, () => average, traffic.runOut.days, today, end),
    trend: projection(start, trendRate(traffic.days, now), traffic.runOut.trendDays, today, end),
  };
}
