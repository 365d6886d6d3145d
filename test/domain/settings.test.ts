import type { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_HOSTING_CURRENCY, SETTINGS_KEY, ShopSettings } from "../../src/domain/catalog/index.js";
import { testRedis } from "../helpers/redis.js";

/** The shop settings admins set from the Settings section, as the features and workers read them. */
let redis: Redis;
let settings: ShopSettings;

beforeAll(async () => {
  redis = await testRedis();
  settings = new ShopSettings(redis, `${SETTINGS_KEY}:test`);
});
afterAll(() => redis.quit());
beforeEach(() => redis.del(`${SETTINGS_KEY}:test`));

describe("shop settings", () => {
  it("start with auto-extend off, nothing set and the default currency", async () => {
    expect(await settings.get()).toEqual({
      autoExtend: false,
      outageGraceMinutes: undefined,
      extendCostHint: undefined,
      hostingCurrency: DEFAULT_HOSTING_CURRENCY,
    });
    expect(await settings.autoExtend()).toBe(false);
    expect(await settings.hostingCurrency()).toBe("RUB");
  });

  it("keep what the admin sets, and clear a value set to nothing", async () => {
    await settings.setAutoExtend(true);
    await settings.setOutageGraceMinutes(10);
    await settings.setExtendCostHint(99.5);
    await settings.setHostingCurrency("₽");
    expect(await settings.get()).toEqual({
      autoExtend: true,
      outageGraceMinutes: 10,
      extendCostHint: 99.5,
      hostingCurrency: "₽",
    });
    await settings.setOutageGraceMinutes(undefined);
    await settings.setExtendCostHint(undefined);
    await settings.setAutoExtend(false);
    expect(await settings.get()).toMatchObject({
      autoExtend: false,
      outageGraceMinutes: undefined,
      extendCostHint: undefined,
    });
  });

  it("refuse values out of bounds and read a stored bad value as unset", async () => {
    await expect(settings.setOutageGraceMinutes(0)).rejects.toThrow(RangeError);
    await expect(settings.setOutageGraceMinutes(24 * 60 + 1)).rejects.toThrow(RangeError);
    await expect(settings.setExtendCostHint(0)).rejects.toThrow(RangeError);
    await expect(settings.setHostingCurrency("RUB 1")).rejects.toThrow(RangeError);
    await redis.hset(`${SETTINGS_KEY}:test`, { outageGraceMinutes: "oops", hostingCurrency: "<b>" });
    expect(await settings.get()).toMatchObject({
      outageGraceMinutes: undefined,
      hostingCurrency: DEFAULT_HOSTING_CURRENCY,
    });
    expect(await settings.hostingCurrency()).toBe(DEFAULT_HOSTING_CURRENCY);
  });
});
