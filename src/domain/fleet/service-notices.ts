import type { Redis } from "ioredis";
import { z } from "zod";
import { type Clock, DAY } from "../../runtime/clock.js";
import { LuaScript } from "../../store/lua.js";
import { serviceNoticeKeys } from "./keys.js";

/** What a service notice said: an outage of the customer's server began, or it is over. */
export const SERVICE_NOTICE_KINDS = ["outage-offline", "outage-back"] as const;
export type ServiceNoticeKind = (typeof SERVICE_NOTICE_KINDS)[number];

/** Notices kept per customer: the newest ones, of the last days. */
export const NOTICES_KEPT = 20;
export const NOTICE_KEEP_MS = 30 * DAY;

/**
 * One notice as kept: what it said and the customer's subscriptions it named, never its text,
 * so it can be shown again in whatever language the customer reads now.
 */
export interface ServiceNotice {
  /** The notice's once key (one outage's start or end): the same notice is kept once. */
  id: string;
  /** When it was sent (ms). */
  at: number;
  kind: ServiceNoticeKind;
  subscriptions: string[];
}

/** Customers per Lua step (each step gets every log it touches through KEYS). */
const RECORD_BATCH = 500;

const stored = z.object({
  kind: z.enum(SERVICE_NOTICE_KINDS),
  subscriptions: z.array(z.string()).max(100),
});

/** One notice added to each customer's log, once, the logs trimmed (lua/notice-log.lua). */
const RECORD = LuaScript.load(new URL("./lua/notice-log.lua", import.meta.url));

/**
 * The service notices the bot sent each customer (an outage began, the service is back), kept
 * where they are sent (the server watch) for the customer's cabinet: the newest NOTICES_KEPT of
 * the last 30 days. Recording is keyed by the notice's id, so a round that runs again (a crash
 * after sending, an overlapping run) keeps it once.
 */
export class ServiceNotices {
  constructor(private readonly deps: { redis: Redis; clock: Clock }) {}

  /** Keeps notice `id` (`kind`, sent now) for each customer, with the subscriptions it named. */
  async record(
    id: string,
    kind: ServiceNoticeKind,
    customers: readonly { customerId: number; subscriptions: readonly string[] }[],
  ): Promise<void> {
    const at = this.deps.clock.now();
    for (let i = 0; i < customers.length; i += RECORD_BATCH) {
      const batch = customers.slice(i, i + RECORD_BATCH);
      await RECORD.run(
        this.deps.redis,
        batch.map((c) => serviceNoticeKeys.log(c.customerId)),
        [
          ...[id, at, at - NOTICE_KEEP_MS, NOTICES_KEPT, NOTICE_KEEP_MS],
          ...batch.map((c) => `${id}|${JSON.stringify({ kind, subscriptions: c.subscriptions })}`),
        ],
      );
    }
  }

  /** The customer's notices of the last 30 days, newest first (at most NOTICES_KEPT). */
  async of(customerId: number): Promise<ServiceNotice[]> {
    const since = this.deps.clock.now() - NOTICE_KEEP_MS;
    const raw = await this.deps.redis.zrevrangebyscore(
      serviceNoticeKeys.log(customerId),
      "+inf",
      since,
      "WITHSCORES",
      "LIMIT",
      0,
      NOTICES_KEPT,
    );
    const notices: ServiceNotice[] = [];
    for (let i = 0; i + 1 < raw.length; i += 2) {
      const member = raw[i] ?? "";
      const cut = member.indexOf("|");
      const body = stored.safeParse(safeJson(member.slice(cut + 1)));
      // A member this code did not write is skipped, never shown.
      if (cut > 0 && body.success)
        notices.push({ id: member.slice(0, cut), at: Number(raw[i + 1]), ...body.data });
    }
    return notices;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
