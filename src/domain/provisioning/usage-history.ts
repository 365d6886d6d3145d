import type { Redis } from "ioredis";
import { DAY } from "../../runtime/clock.js";
import { LuaScript } from "../../store/lua.js";
import { usageHistoryKeys } from "./keys.js";

/** Days of history kept per subscription (the cabinet shows 30; a few more cover the first delta). */
export const USAGE_HISTORY_DAYS = 35;

/** A page's readings set and their windows trimmed, in one step (lua/usage-record.lua). */
const RECORD = LuaScript.load(new URL("./lua/usage-record.lua", import.meta.url));

/** A subscription's cumulative counter as read now. */
export interface UsageReading {
  subscriptionId: string;
  usedBytes: number;
}

/** One day of a subscription's usage: `bytes` is null when the day has no reading to count from. */
export interface UsageDay {
  /** YYYY-MM-DD (UTC). */
  date: string;
  bytes: number | null;
}

const dayOf = (ms: number) => Math.floor(ms / DAY);
const dateOf = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);

/**
 * Daily usage points per subscription for the customer's chart, from the readings the traffic
 * worker already makes: the last cumulative counter seen each UTC day, kept for
 * USAGE_HISTORY_DAYS days (a sorted set per subscription, member `<day>:<bytes>`, expiring when
 * no longer recorded). A day's usage is its reading minus the day before's; a counter that went
 * down (a renewal resets the traffic) counts from zero.
 */
export class UsageHistory {
  constructor(private readonly redis: Redis) {}

  /** Records the cumulative `usedBytes` read at `now` as today's reading (the last one wins). */
  async record(subscriptionId: string, usedBytes: number, now: number): Promise<void> {
    await this.recordMany([{ subscriptionId, usedBytes }], now);
  }

  /**
   * Records a page of readings made at `now` in one script call (a traffic round's page): one
   * command for the page instead of one per subscription, and a page is recorded whole or not.
   * Keep pages small (a hundred or so): the script holds Redis while it walks them.
   */
  async recordMany(readings: readonly UsageReading[], now: number): Promise<void> {
    if (readings.length === 0) return;
    const day = dayOf(now);
    await RECORD.run(
      this.redis,
      readings.map((r) => usageHistoryKeys.of(r.subscriptionId)),
      [
        String(day),
        String(day - USAGE_HISTORY_DAYS + 1),
        String((USAGE_HISTORY_DAYS + 1) * 86_400),
        ...readings.map((r) => String(Math.max(0, Math.round(r.usedBytes)))),
      ],
    );
  }

  /** The readings kept, by day number. */
  async readings(subscriptionId: string): Promise<Map<number, number>> {
    return parseReadings(await this.redis.zrange(usageHistoryKeys.of(subscriptionId), "0", "-1"));
  }

  /** The readings of several subscriptions in one round trip (a pipeline), in `ids`' order. */
  async readingsMany(ids: readonly string[]): Promise<Map<number, number>[]> {
    if (ids.length === 0) return [];
    const pipe = this.redis.pipeline();
    for (const id of ids) pipe.zrange(usageHistoryKeys.of(id), "0", "-1");
    const replies = (await pipe.exec()) ?? [];
    return replies.map(([err, members]) => {
      if (err) throw err;
      return parseReadings(members as string[]);
    });
  }

  /**
   * The last `days` days up to `now`, oldest first. A day without a reading, or whose day before
   * has none (unless the subscription started that day: `since`), has `bytes: null`.
   */
  async daily(subscriptionId: string, now: number, days = 30, since = 0): Promise<UsageDay[]> {
    return dailyUsage(await this.readings(subscriptionId), now, days, since);
  }
}

/** Members `<day>:<bytes>` as a map of day number to reading. */
function parseReadings(members: readonly string[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const m of members) {
    const [day, bytes] = m.split(":").map(Number);
    if (Number.isSafeInteger(day) && Number.isFinite(bytes)) out.set(day as number, bytes as number);
  }
  return out;
}

/** `daily` over readings already read (the runway's tally reads a page of subscriptions at once). */
export function dailyUsage(readings: Map<number, number>, now: number, days = 30, since = 0): UsageDay[] {
  const today = dayOf(now);
  const out: UsageDay[] = [];
  for (let day = today - days + 1; day <= today; day++) {
    out.push({ date: dateOf(day), bytes: usageOn(readings, day, dayOf(since)) });
  }
  return out;
}

function usageOn(readings: Map<number, number>, day: number, firstDay: number): number | null {
  const reading = readings.get(day);
  if (reading === undefined) return null;
  const before = readings.get(day - 1);
  if (before === undefined) return day <= firstDay ? reading : null;
  return reading >= before ? reading - before : reading;
}
