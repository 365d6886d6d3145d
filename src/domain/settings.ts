import type { Redis } from "ioredis";
import { z } from "zod";

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
}

export const SETTINGS_KEY = "settings:shop";
/** Used when `outageGraceMinutes` is not set. */
export const DEFAULT_OUTAGE_GRACE_MINUTES = 5;

const stored = z.object({
  autoExtend: z
    .enum(["0", "1"])
    .optional()
    .transform((v) => v === "1"),
  outageGraceMinutes: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .optional()
    .catch(undefined),
  extendCostHint: z.coerce.number().positive().finite().optional().catch(undefined),
});

/** A tiny Redis hash of shop settings; every read sees the latest value (no caching). */
export class ShopSettings {
  constructor(
    private readonly redis: Redis,
    private readonly key = SETTINGS_KEY,
  ) {}

  async get(): Promise<ShopSettingsValues> {
    const h = await this.redis.hgetall(this.key);
    const parsed = stored.parse({
      autoExtend: h.autoExtend === "1" ? "1" : "0",
      outageGraceMinutes: h.outageGraceMinutes,
      extendCostHint: h.extendCostHint,
    });
    return {
      autoExtend: parsed.autoExtend,
      outageGraceMinutes: parsed.outageGraceMinutes,
      extendCostHint: parsed.extendCostHint,
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
    if (!Number.isInteger(minutes) || minutes < 1 || minutes > 24 * 60) {
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
    if (!Number.isFinite(cost) || cost <= 0) throw new RangeError("extension cost must be positive");
    await this.redis.hset(this.key, "extendCostHint", String(cost));
  }
}
