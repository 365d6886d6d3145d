import type { Redis } from "ioredis";
import { z } from "zod";
import { LuaScript } from "../../store/lua.js";
import { readHash } from "../../store/records.js";
import { auditLuaArgs, auditLuaKeys, auditSubject, STAFF_LUA } from "../staff/index.js";
import { SETTINGS_KEY } from "./keys.js";
import { DEFAULT_GATE_COVERAGE, GATE_COVERAGES, type GateCoverage } from "./required-channels.js";
import {
  AUTO_MAINTENANCE_MAX,
  AUTO_MAINTENANCE_MIN,
  AUTO_RENEW_DAYS_MAX,
  AUTO_RENEW_DAYS_MIN,
  CURRENCY_LABEL,
  DEFAULT_RUNWAY_ALERT_DAYS,
  EXTEND_COST_MAX,
  encodeSetting,
  GIFT_DAYS_MAX,
  GIFT_DAYS_MIN,
  MOVE_RUNWAY_FLOOR_MAX,
  MOVE_RUNWAY_FLOOR_MIN,
  OUTAGE_GRACE_MAX,
  OUTAGE_GRACE_MIN,
  parseRunwayAlertDays,
  SETTING_RULES,
  type SettingChange,
} from "./setting-rules.js";
import type { StaffActor } from "./staff-actor.js";

/** Shop-wide switches admins change from the admin menu. */
export interface ShopSettingsValues {
  /** Extend a server from the hosting balance when it is about to expire. Off by default. */
  autoExtend: boolean;
  /**
   * How long a server must stay offline before its customers are told (admins hear at the second
   * offline check, so a restart does not alarm customers); unset = the worker's default.
   */
  outageGraceMinutes: number | undefined;
  /**
   * Expected price of one 30-day server extension, used for the low-balance alert until a real
   * extension has taught the price; unset = no low-balance check until then.
   */
  extendCostHint: number | undefined;
  /**
   * The label of the hosting balance's currency. The Account API gives the balance as a bare
   * number and names no currency, so this is the admin's statement of it (default RUB).
   */
  hostingCurrency: string;
}

/** Used when `outageGraceMinutes` is not set. */
export const DEFAULT_OUTAGE_GRACE_MINUTES = 5;
/** Used when no hosting currency was set: an assumption, stated on the Settings screen. */
export const DEFAULT_HOSTING_CURRENCY = "RUB";
/** How long a gift link lasts unless the admins set it (see giftExpiryDays). */
export const DEFAULT_GIFT_EXPIRY_DAYS = 30;
/** How many days before expiry a subscription with auto-renew on is renewed from the balance. */
export const DEFAULT_AUTO_RENEW_DAYS = 1;
/** The runway (days) under which a bulk move pauses, unless the admins set it. */
export const DEFAULT_MOVE_RUNWAY_FLOOR_DAYS = 7;

/** The settings hash as stored; a missing or unreadable value reads as its default. */
const stored = z.object({
  autoExtend: z.preprocess((v) => (v === "1" ? "1" : "0"), z.enum(["0", "1"])).transform((v) => v === "1"),
  outageGraceMinutes: z.coerce
    .number()
    .int()
    .min(OUTAGE_GRACE_MIN)
    .max(OUTAGE_GRACE_MAX)
    .optional()
    .catch(undefined),
  extendCostHint: z.coerce.number().positive().max(EXTEND_COST_MAX).optional().catch(undefined),
  hostingCurrency: z.string().regex(CURRENCY_LABEL).catch(DEFAULT_HOSTING_CURRENCY),
});

/** A staff member's setting change, as the audit log has it (the values as shown there). */
export interface SettingSet {
  /** False when the setting held that value already: nothing was written or recorded. */
  changed: boolean;
  before: string;
  after: string;
}

/** A setting changed with its audit record, while it holds what it was read as (lua/setting-set.lua). */
const SET = LuaScript.load(new URL("./lua/setting-set.lua", import.meta.url), STAFF_LUA);
/** A change retried this often when other changes of the same setting keep coming in between. */
const SET_ATTEMPTS = 5;

/**
 * A tiny Redis hash of shop settings; every read sees the latest value (no caching). Staff change
 * them through `setAs` (their role checked, the change recorded in the same step); the `set…`
 * methods are the unchecked path of start-up, tools and tests.
 */
export class ShopSettings {
  constructor(
    private readonly redis: Redis,
    private readonly key = SETTINGS_KEY,
  ) {}

  async get(): Promise<ShopSettingsValues> {
    const parsed = (await readHash(this.redis, this.key, stored, { malformed: "throw" })) ?? stored.parse({});
    return {
      autoExtend: parsed.autoExtend,
      outageGraceMinutes: parsed.outageGraceMinutes,
      extendCostHint: parsed.extendCostHint,
      hostingCurrency: parsed.hostingCurrency,
    };
  }

  /**
   * `actor` changes one setting: refused (NotPermitted, recorded) unless their role allows it now,
   * RangeError for a value out of bounds; otherwise the change and its audit record (`settings.set`
   * or `referrals.set`, subject `setting:<key>`, before and after) are one step. A value it
   * already holds changes nothing and records nothing.
   */
  async setAs(actor: StaffActor, change: SettingChange): Promise<SettingSet> {
    const rule = SETTING_RULES[change.key];
    const action = { action: rule.action, subject: auditSubject("setting", change.key) };
    const role = await actor.role(rule.permission, action);
    const after = encodeSetting(change).stored;
    for (let attempt = 0; attempt < SET_ATTEMPTS; attempt++) {
      const before = (await this.redis.hget(this.key, rule.field)) ?? "";
      const shown = { before: rule.show(before), after: rule.show(after) };
      if (shown.before === shown.after) return { changed: false, ...shown };
      const entry = actor.entryAs(role, { ...action, ...shown });
      const keys = [this.key, ...auditLuaKeys(entry)];
      if ((await SET.run(this.redis, keys, [rule.field, before, after, ...auditLuaArgs(entry)])) === 1)
        return { changed: true, ...shown };
    }
    throw new Error(`setting ${change.key} kept changing under the change`);
  }

  /** Writes `change` unchecked and unrecorded (start-up, tools, tests; staff use `setAs`). */
  private async write(change: SettingChange): Promise<void> {
    const { rule, stored: value } = encodeSetting(change);
    if (value === "") await this.redis.hdel(this.key, rule.field);
    else await this.redis.hset(this.key, rule.field, value);
  }

  async autoExtend(): Promise<boolean> {
    return (await this.redis.hget(this.key, "autoExtend")) === "1";
  }

  async setAutoExtend(on: boolean): Promise<void> {
    await this.write({ key: "autoExtend", value: on });
  }

  /** Minutes, 1 to 1440; undefined clears it. */
  async setOutageGraceMinutes(minutes: number | undefined): Promise<void> {
    await this.write({ key: "outageGraceMinutes", value: minutes });
  }

  /** A positive amount in the hosting balance's units; undefined clears it. */
  async setExtendCostHint(cost: number | undefined): Promise<void> {
    await this.write({ key: "extendCostHint", value: cost });
  }

  /** The hosting balance's currency label (see {@link CURRENCY_LABEL}). */
  async hostingCurrency(): Promise<string> {
    const raw = await this.redis.hget(this.key, "hostingCurrency");
    return raw !== null && CURRENCY_LABEL.test(raw) ? raw : DEFAULT_HOSTING_CURRENCY;
  }

  /**
   * Referrals run while the catalog has a `referral:` section and the admins have not turned them
   * off (on by default): off, nobody is attributed and no reward or bonus is given.
   */
  async referralsOn(): Promise<boolean> {
    return (await this.redis.hget(this.key, "referralsOff")) !== "1";
  }

  async setReferralsOn(on: boolean): Promise<void> {
    await this.write({ key: "referrals", value: on });
  }

  /** How long a gift link stays valid, in days (1 to 365; default 30): then it is refunded. */
  async giftExpiryDays(): Promise<number> {
    const days = Number(await this.redis.hget(this.key, "giftExpiryDays"));
    return Number.isInteger(days) && days >= GIFT_DAYS_MIN && days <= GIFT_DAYS_MAX
      ? days
      : DEFAULT_GIFT_EXPIRY_DAYS;
  }

  async setGiftExpiryDays(days: number): Promise<void> {
    await this.write({ key: "giftExpiryDays", value: days });
  }

  /** What the channel gate covers (see GATE_COVERAGES; the trial only by default). */
  async gateCoverage(): Promise<GateCoverage> {
    const raw = await this.redis.hget(this.key, "gateCoverage");
    return GATE_COVERAGES.find((c) => c === raw) ?? DEFAULT_GATE_COVERAGE;
  }

  async setGateCoverage(coverage: GateCoverage): Promise<void> {
    await this.write({ key: "gateCoverage", value: coverage });
  }

  /**
   * How many days before its expiry a subscription whose owner turned auto-renew on is renewed
   * from the balance (1 to 30; default 1). Never earlier than its plan's own term (AutoRenew).
   */
  async autoRenewDays(): Promise<number> {
    const days = Number(await this.redis.hget(this.key, "autoRenewDays"));
    return Number.isInteger(days) && days >= AUTO_RENEW_DAYS_MIN && days <= AUTO_RENEW_DAYS_MAX
      ? days
      : DEFAULT_AUTO_RENEW_DAYS;
  }

  async setAutoRenewDays(days: number): Promise<void> {
    await this.write({ key: "autoRenewDays", value: days });
  }

  /** The target's runway (days) under which a bulk move of customers pauses (1 to 90; default 7). */
  async moveRunwayFloorDays(): Promise<number> {
    const days = Number(await this.redis.hget(this.key, "moveRunwayFloorDays"));
    return Number.isInteger(days) && days >= MOVE_RUNWAY_FLOOR_MIN && days <= MOVE_RUNWAY_FLOOR_MAX
      ? days
      : DEFAULT_MOVE_RUNWAY_FLOOR_DAYS;
  }

  async setMoveRunwayFloorDays(days: number): Promise<void> {
    await this.write({ key: "moveRunwayFloorDays", value: days });
  }

  async setHostingCurrency(label: string): Promise<void> {
    await this.write({ key: "hostingCurrency", value: label });
  }

  /**
   * After how many minutes without an answer from the hosting account the shop closes to
   * customers by itself (and opens when it answers); undefined (the default): never, a short
   * outage keeps orders coming (they wait for the hosting, the customer told of the delay).
   */
  async maintenanceAutoMinutes(): Promise<number | undefined> {
    const minutes = Number(await this.redis.hget(this.key, "maintenanceAutoMinutes"));
    return Number.isInteger(minutes) && minutes >= AUTO_MAINTENANCE_MIN && minutes <= AUTO_MAINTENANCE_MAX
      ? minutes
      : undefined;
  }

  /** The runway alerts' thresholds in days, highest first (default 14, 7, 3, 1). */
  async runwayAlertDays(): Promise<number[]> {
    const raw = await this.redis.hget(this.key, "runwayAlertDays");
    return (raw === null ? undefined : parseRunwayAlertDays(raw)) ?? [...DEFAULT_RUNWAY_ALERT_DAYS];
  }

  /** undefined: back to the default. */
  async setRunwayAlertDays(days: readonly number[] | undefined): Promise<void> {
    await this.write({ key: "runwayAlertDays", value: days });
  }

  /** Minutes, 1 to 1440; undefined turns the automatic maintenance off. */
  async setMaintenanceAutoMinutes(minutes: number | undefined): Promise<void> {
    await this.write({ key: "maintenanceAutoMinutes", value: minutes });
  }
}
