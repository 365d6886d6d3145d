import { describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config.js";
import { BASE_ENV, configErrorOf as errorOf } from "../helpers/config-env.js";

const base = BASE_ENV;

describe("deployment settings", () => {
  it("reads REDIS_SENTINELS and REDIS_MASTER_NAME (IPv6 in brackets), off by default", () => {
    expect(parseConfig(base).redisSentinel).toBeUndefined();
    const c = parseConfig({
      ...base,
      REDIS_SENTINELS: " sentinel-1:26379, 10.0.0.7:26380,[::1]:26381 ",
      REDIS_MASTER_NAME: "shop",
      REDIS_SENTINEL_PASSWORD: "s3cret",
    });
    expect(c.redisSentinel).toEqual({
      sentinels: [
        { host: "sentinel-1", port: 26379 },
        { host: "10.0.0.7", port: 26380 },
        { host: "::1", port: 26381 },
      ],
      masterName: "shop",
      password: "s3cret",
    });
  });

  it("names a malformed or half-set Sentinel setting in one line", () => {
    expect(errorOf({ ...base, REDIS_SENTINELS: "sentinel-1", REDIS_MASTER_NAME: "shop" })).toBe(
      'REDIS_SENTINELS "sentinel-1" is not host:port',
    );
    expect(errorOf({ ...base, REDIS_SENTINELS: "a:0", REDIS_MASTER_NAME: "shop" })).toBe(
      'REDIS_SENTINELS "a:0" is not host:port',
    );
    expect(errorOf({ ...base, REDIS_SENTINELS: ",", REDIS_MASTER_NAME: "shop" })).toBe(
      "REDIS_SENTINELS must list at least one host:port",
    );
    expect(errorOf({ ...base, REDIS_SENTINELS: "a:26379" })).toBe(
      "REDIS_MASTER_NAME is required when REDIS_SENTINELS is set",
    );
    expect(errorOf({ ...base, REDIS_MASTER_NAME: "shop" })).toBe(
      "REDIS_SENTINELS is required when REDIS_MASTER_NAME is set",
    );
    expect(errorOf({ ...base, REDIS_SENTINELS: "a:1", REDIS_MASTER_NAME: "my master" })).toMatch(
      /^REDIS_MASTER_NAME may hold only/,
    );
  });

  it("reads POLLING_LEASE_MS (default 30 s) and refuses a lease too short or too long", () => {
    expect(parseConfig(base).pollingLeaseMs).toBe(30_000);
    expect(parseConfig({ ...base, POLLING_LEASE_MS: "5000" }).pollingLeaseMs).toBe(5_000);
    expect(errorOf({ ...base, POLLING_LEASE_MS: "500" })).toBe("POLLING_LEASE_MS must be at least 1000 ms");
    expect(errorOf({ ...base, POLLING_LEASE_MS: "soon" })).toBe(
      "POLLING_LEASE_MS must be a number of milliseconds",
    );
    expect(errorOf({ ...base, POLLING_LEASE_MS: "3600000" })).toMatch(/^POLLING_LEASE_MS must be at most/);
  });

  it("reads DRIFT_SYNC_MINUTES (15 by default) with fractions down to 0.1 minute, not below", () => {
    expect(parseConfig(base).driftSyncMinutes).toBe(15);
    expect(parseConfig({ ...base, DRIFT_SYNC_MINUTES: "0.5" }).driftSyncMinutes).toBe(0.5);
    expect(parseConfig({ ...base, DRIFT_SYNC_MINUTES: "0.1" }).driftSyncMinutes).toBe(0.1);
    expect(errorOf({ ...base, DRIFT_SYNC_MINUTES: "0.05" })).toBe(
      "DRIFT_SYNC_MINUTES must be at least 0.1 minute (6 seconds)",
    );
    expect(errorOf({ ...base, DRIFT_SYNC_MINUTES: "1441" })).toMatch(/^DRIFT_SYNC_MINUTES must be at most/);
  });
});
