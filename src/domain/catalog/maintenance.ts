import type { Redis } from "ioredis";
import { z } from "zod";
import { type Clock, MINUTE } from "../../runtime/clock.js";
import { LuaScript } from "../../store/lua.js";
import { parseHashRecord } from "../../store/records.js";
import { type AuditEntry, auditLuaArgs, auditLuaKeys, auditSubject, STAFF_LUA } from "../staff/index.js";
import { MAINTENANCE_KEY } from "./keys.js";
import type { StaffActor } from "./staff-actor.js";

/** The admins' message to customers is at most this long (it is shown under the notice). */
export const MAINTENANCE_MESSAGE_MAX = 500;
/**
 * The server watch looks at the hosting account every minute; an automatic maintenance whose
 * last look is older than this is not trusted (the watch stopped): the shop is not kept closed
 * by a watch that no longer runs.
 */
export const AUTO_MAINTENANCE_FRESH_MS = 5 * MINUTE;

/** The admins' switch, as set: since when (its id), until when, and what customers read. */
export interface ManualMaintenance {
  since: number;
  /** Undefined: until an admin opens the shop again. */
  endsAt: number | undefined;
  /** The admins' own words for customers; undefined: the standard text. */
  message: string | undefined;
  /** The admin who switched it on (or last changed it). */
  by: number;
}

/**
 * Why the shop is closed to customers now: the admins' switch (until its end time), or the
 * automatic maintenance while the hosting account does not answer (since when it stopped).
 */
export type ShopClosed = ({ kind: "manual" } & ManualMaintenance) | { kind: "auto"; since: number };

/** What the admins' screen shows. */
export interface MaintenanceOverview {
  /** What customers get now (the switch wins over the automatic maintenance). */
  closed: ShopClosed | undefined;
  /** The switch as last set, also when its end time has passed (then it is not in force). */
  manual: ManualMaintenance | undefined;
  /** The automatic maintenance in force: the hosting account has not answered since `since`. */
  auto: { since: number } | undefined;
  /** The hosting account has not answered since (a fresh look of the watch), automatic or not. */
  unreachableSince: number | undefined;
}

/** One look at the hosting account, as the automatic maintenance stands after it. */
export interface AutoStep {
  /** On now, since when, and whether the admins' notice of it is queued. */
  on: { since: number; told: boolean } | undefined;
  /** Ended (at `at`) and its notice not queued yet. */
  ended: { since: number; at: number } | undefined;
}

const ms = z.coerce.number().int().nonnegative();
const stored = z.object({
  on: z.literal("1").optional().catch(undefined),
  since: ms.optional().catch(undefined),
  endsAt: ms.optional().catch(undefined),
  message: z.string().max(MAINTENANCE_MESSAGE_MAX).optional().catch(undefined),
  by: z.coerce.number().int().optional().catch(undefined),
  lastAt: ms.optional().catch(undefined),
  downSince: ms.optional().catch(undefined),
  autoSince: ms.optional().catch(undefined),
});
type Stored = z.output<typeof stored>;
const FIELDS = ["on", "since", "endsAt", "message", "by", "lastAt", "downSince", "autoSince"] as const;

const script = (name: string) => LuaScript.load(new URL(`./lua/${name}.lua`, import.meta.url), STAFF_LUA);
/** The audit log's subject of the admins' switch. */
const SUBJECT = auditSubject("shop", "maintenance");
/** The switch on, or its message and end changed (lua/maintenance-close.lua). */
const CLOSE = script("maintenance-close");
/** The switch off, only for the maintenance a button names (lua/maintenance-open.lua). */
const OPEN = script("maintenance-open");
/** One look at the hosting account (lua/maintenance-observe.lua). */
const OBSERVE = script("maintenance-observe");
/** The automatic mode turned off by the admins (lua/maintenance-auto-off.lua). */
const AUTO_OFF = script("maintenance-auto-off");
/** A notice of the automatic maintenance queued (lua/maintenance-told.lua). */
const TOLD = script("maintenance-told");

/**
 * The one home of "is the shop closed to customers now". The admins' switch with its message
 * and end time (the shop opens by itself when the end time passes: it is read against the clock,
 * no job has to run), and the automatic maintenance, which the server watch turns on while the
 * hosting account has not answered for the admins' set time and off when it answers again. Every
 * change is one atomic step in Redis, so two admins, two watch rounds or two processes agree; the
 * admins' notices of the automatic maintenance are marked once queued, and a round that runs again
 * after a crash queues them again under the same once key (the outbox sends each once).
 */
export class ShopMaintenance {
  constructor(
    private readonly deps: { redis: Redis; clock: Clock },
    private readonly key = MAINTENANCE_KEY,
  ) {}

  /** Why the shop is closed to customers now, or undefined while it is open (one read). */
  async closed(): Promise<ShopClosed | undefined> {
    return closedNow(await this.read(), this.deps.clock.now());
  }

  /** The switch, the automatic maintenance and the hosting account's state, for the admins. */
  async overview(): Promise<MaintenanceOverview> {
    const s = await this.read();
    const now = this.deps.clock.now();
    const fresh = s.lastAt !== undefined && now - s.lastAt <= AUTO_MAINTENANCE_FRESH_MS;
    return {
      closed: closedNow(s, now),
      manual: manualOf(s),
      auto: fresh && s.autoSince !== undefined ? { since: s.autoSince } : undefined,
      unreachableSince: fresh ? s.downSince : undefined,
    };
  }

  /**
   * Closes the shop to customers until `endsAt` (none: until opened), with the admins' `message`
   * (none: the standard text); while one is on, changes its end and message. A message over
   * MAINTENANCE_MESSAGE_MAX or an end time not in the future is refused (RangeError). Unchecked:
   * staff close it through `closeAs`.
   */
  async close(input: { message?: string; endsAt?: number; by: number }): Promise<ManualMaintenance> {
    return this.switchOn(input, input.by);
  }

  /**
   * `actor` closes the shop (see `close`): refused (NotPermitted, recorded) unless their role has
   * `settings` now; the switch and its audit record (`maintenance.close`) are one step.
   */
  async closeAs(actor: StaffActor, input: { message?: string; endsAt?: number }): Promise<ManualMaintenance> {
    const action = { action: "maintenance.close", subject: SUBJECT };
    const role = await actor.role("settings", action);
    const now = this.deps.clock.now();
    const before = describeSwitch(closedNow(await this.read(), now));
    const message = input.message?.trim() || undefined;
    const after = describeSwitch({ kind: "manual", since: now, endsAt: input.endsAt, message, by: actor.id });
    return this.switchOn(input, actor.id, actor.entryAs(role, { ...action, before, after }));
  }

  private async switchOn(
    input: { message?: string; endsAt?: number },
    by: number,
    record?: AuditEntry,
  ): Promise<ManualMaintenance> {
    const now = this.deps.clock.now();
    const message = input.message?.trim() || undefined;
    if (message !== undefined && message.length > MAINTENANCE_MESSAGE_MAX)
      throw new RangeError(`a maintenance message holds at most ${MAINTENANCE_MESSAGE_MAX} characters`);
    if (input.endsAt !== undefined && !(Number.isSafeInteger(input.endsAt) && input.endsAt > now))
      throw new RangeError("a maintenance ends in the future");
    const since = await CLOSE.run(
      this.deps.redis,
      [this.key, ...(record ? auditLuaKeys(record) : [])],
      [now, input.endsAt ?? "", message ?? "", by, ...(record ? auditLuaArgs(record) : [])],
    );
    return { since: Number(since), endsAt: input.endsAt, message, by };
  }

  /**
   * Opens the shop again: ends the maintenance that began at `since` (none: whichever is on).
   * False when none matched (opened already, or a newer one is on). Unchecked: staff use `openAs`.
   */
  async open(since?: number): Promise<boolean> {
    return (await OPEN.run(this.deps.redis, [this.key], [since ?? ""])) === 1;
  }

  /**
   * `actor` opens the shop (see `open`): refused (NotPermitted, recorded) unless their role has
   * `settings` now; a maintenance ended and its audit record (`maintenance.open`) are one step,
   * and when none matched neither is written.
   */
  async openAs(actor: StaffActor, since?: number): Promise<boolean> {
    const action = { action: "maintenance.open", subject: SUBJECT };
    const role = await actor.role("settings", action);
    const before = describeSwitch(closedNow(await this.read(), this.deps.clock.now()));
    const entry = actor.entryAs(role, { ...action, before, after: "open" });
    const keys = [this.key, ...auditLuaKeys(entry)];
    return (await OPEN.run(this.deps.redis, keys, [since ?? "", ...auditLuaArgs(entry)])) === 1;
  }

  /**
   * One look of the server watch at the hosting account: `reachable`, or not (no answer, a
   * timeout, a 5xx). With `autoAfterMs` (the admins' setting; none: the automatic mode is off)
   * the automatic maintenance goes on once the account has not answered for that long.
   */
  async observeAccount(reachable: boolean, autoAfterMs: number | undefined): Promise<AutoStep> {
    const raw = (await OBSERVE.run(
      this.deps.redis,
      [this.key],
      [reachable ? "1" : "0", this.deps.clock.now(), autoAfterMs ?? -1],
    )) as [string, string, string, string];
    const [autoSince, told, ended, endedAt] = raw;
    return {
      on: autoSince ? { since: Number(autoSince), told: told === "1" } : undefined,
      ended: ended ? { since: Number(ended), at: Number(endedAt) } : undefined,
    };
  }

  /**
   * The admins turned the automatic mode off: an automatic maintenance in force ends now (the
   * next watch round tells the admins, as for any end). True when one was on.
   */
  async autoOff(): Promise<boolean> {
    return (await AUTO_OFF.run(this.deps.redis, [this.key], [this.deps.clock.now()])) === 1;
  }

  /** The admins' notice that the automatic maintenance of `since` went on (or `ended`) is queued. */
  async noticeQueued(which: "on" | "ended", since: number): Promise<void> {
    await TOLD.run(this.deps.redis, [this.key], [which, since]);
  }

  private async read(): Promise<Stored> {
    const values = await this.deps.redis.hmget(this.key, ...FIELDS);
    const fields: Record<string, string> = {};
    FIELDS.forEach((name, i) => {
      const value = values[i];
      if (value !== null && value !== undefined) fields[name] = value;
    });
    return parseHashRecord(fields, stored) ?? {};
  }
}

function manualOf(s: Stored): ManualMaintenance | undefined {
  if (s.on !== "1" || s.since === undefined) return undefined;
  return { since: s.since, endsAt: s.endsAt, message: s.message, by: s.by ?? 0 };
}

/** The switch while its end is ahead, else the automatic maintenance while its look is fresh. */
function closedNow(s: Stored, now: number): ShopClosed | undefined {
  const manual = manualOf(s);
  if (manual && (manual.endsAt === undefined || manual.endsAt > now)) return { kind: "manual", ...manual };
  const fresh = s.lastAt !== undefined && now - s.lastAt <= AUTO_MAINTENANCE_FRESH_MS;
  if (fresh && s.autoSince !== undefined) return { kind: "auto", since: s.autoSince };
  return undefined;
}

/** The shop's state as the audit log shows it: open, or closed until when and with which message. */
function describeSwitch(closed: ShopClosed | undefined): string {
  if (!closed) return "open";
  if (closed.kind === "auto") return "closed automatically";
  const until = closed.endsAt === undefined ? "no end" : `until ${new Date(closed.endsAt).toISOString()}`;
  return `closed, ${until}${closed.message === undefined ? "" : `: ${closed.message}`}`;
}
