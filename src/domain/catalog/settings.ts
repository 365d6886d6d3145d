import type { Redis } from "ioredis";
import { z } from "zod";
import { readHash } from "../../store/records.js";
import { SETTINGS_KEY } from "./keys.js";
import { DEFAULT_GATE_COVERAGE, GATE_COVERAGES, type GateCoverage } from "./required-channels.js";

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
/** Bounds of the outage grace, in minutes (a day at most). */
export const OUTAGE_GRACE_MIN = 1;
export const OUTAGE_GRACE_MAX = 24 * 60;
/** The largest extension cost accepted (a typo guard: no hosting extension costs more). */
export const EXTEND_COST_MAX = 1_000_000;
/** Used when no hosting currency was set: an assumption, stated on the Settings screen. */
export const DEFAULT_HOSTING_CURRENCY = "RUB";
/** How long a gift link lasts unless the admins set it (see giftExpiryDays). */
export const DEFAULT_GIFT_EXPIRY_DAYS = 30;
export const GIFT_DAYS_MIN = 1;
export const GIFT_DAYS_MAX = 365;
/** Bounds of the automatic maintenance's wait, in minutes (a day at most). */
export const AUTO_MAINTENANCE_MIN = 1;
export const AUTO_MAINTENANCE_MAX = 24 * 60;
/** How many days before expiry a subscription with auto-renew on is renewed from the balance. */
export const DEFAULT_AUTO_RENEW_DAYS = 1;
export const AUTO_RENEW_DAYS_MIN = 1;
export const AUTO_RENEW_DAYS_MAX = 30;
/** A currency label: a code or a symbol, 1 to 8 letters or currency signs (RUB, ₽, USD, $). */
export const CURRENCY_LABEL = /^[\p{L}\p{Sc}]{1,8}$/u;

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

/** A tiny Redis hash of shop settings; every read sees the latest value (no caching). */
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

  async autoExtend(): Promise<boolean> {
    return (await this.redis.hget(this.key, "autoExtend")) === "1";
  }

  async setAutoExtend(on: boolean): Promise<void> {
    await this.redis.hset(this.key, "autoExtend", on ? "1" : "0");
  }

  /** Minutes, 1 to 1440; undefined clears it. */
  async setOutageGraceMinutes(minutes: number | undefined): Promise<void> {
    if (minutes === undefined) {
      await this.redis.hdel(this.key, "outageGraceMinutes");
      return;
    }
    if (!Number.isInteger(minutes) || minutes < OUTAGE_GRACE_MIN || minutes > OUTAGE_GRACE_MAX) {
      throw new RangeError("outage grace must be 1 to 1440 minutes");
    }
    await this.redis.hset(this.key, "outageGraceMinutes", String(minutes));
  }

  /** A positive amount in the hosting balance's units; undefined clears it. */
  async setExtendCostHint(cost: number | undefined): Promise<void> {
    if (cost === undefined) {
      await this.redis.hdel(this.key, "extendCostHint");
      return;
    }
    if (!Number.isFinite(cost) || cost <= 0 || cost > EXTEND_COST_MAX) {
      throw new RangeError(`extension cost must be above 0 and at most ${EXTEND_COST_MAX}`);
    }
    await this.redis.hset(this.key, "extendCostHint", String(cost));
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
    if (on) await this.redis.hdel(this.key, "referralsOff");
    else await this.redis.hset(this.key, "referralsOff", "1");
  }

  /** How long a gift link stays valid, in days (1 to 365; default 30): then it is refunded. */
  async giftExpiryDays(): Promise<number> {
    const days = Number(await this.redis.hget(this.key, "giftExpiryDays"));
    return Number.isInteger(days) && days >= GIFT_DAYS_MIN && days <= GIFT_DAYS_MAX
      ? days
      : DEFAULT_GIFT_EXPIRY_DAYS;
  }

  async setGiftExpiryDays(days: number): Promise<void> {
    if (!Number.isInteger(days) || days < GIFT_DAYS_MIN || days > GIFT_DAYS_MAX)
      throw new RangeError(`gift links last ${GIFT_DAYS_MIN} to ${GIFT_DAYS_MAX} days`);
    await this.redis.hset(this.key, "giftExpiryDays", String(days));
  }

  /** What the channel gate covers (see GATE_COVERAGES; the trial only by default). */
  async gateCoverage(): Promise<GateCoverage> {
    const raw = await this.redis.hget(this.key, "gateCoverage");
    return GATE_COVERAGES.find((c) => c === raw) ?? DEFAULT_GATE_COVERAGE;
  }

  async setGateCoverage(coverage: GateCoverage): Promise<void> {
    if (!GATE_COVERAGES.includes(coverage)) throw new RangeError(`unknown gate coverage ${String(coverage)}`);
    await this.redis.hset(this.key, "gateCoverage", coverage);
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
    if (!Number.isInteger(days) || days < AUTO_RENEW_DAYS_MIN || days > AUTO_RENEW_DAYS_MAX)
      throw new RangeError(
        `auto-renew runs ${AUTO_RENEW_DAYS_MIN} to ${AUTO_RENEW_DAYS_MAX} days before expiry`,
      );
    await this.redis.hset(this.key, "autoRenewDays", String(days));
  }

  async setHostingCurrency(label: string): Promise<void> {
    if (!CURRENCY_LABEL.test(label))
      throw new RangeError("currency must be 1 to 8 letters or currency signs");
    await this.redis.hset(this.key, "hostingCurrency", label);
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

  /** Minutes, 1 to 1440; undefined turns the automatic maintenance off. */
  async setMaintenanceAutoMinutes(minutes: number | undefined): Promise<void> {
    if (minutes === undefined) {
      await this.redis.hdel(this.key, "maintenanceAutoMinutes");
      return;
    }
    if (!Number.isInteger(minutes) || minutes < AUTO_MAINTENANCE_MIN || minutes > AUTO_MAINTENANCE_MAX)
      throw new RangeError(
        `automatic maintenance waits ${AUTO_MAINTENANCE_MIN} to ${AUTO_MAINTENANCE_MAX} minutes`,
      );
    await this.redis.hset(this.key, "maintenanceAutoMinutes", String(minutes));
  }
}
