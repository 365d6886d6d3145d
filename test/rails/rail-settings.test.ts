import { describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config.js";
import { catalogProblemOf, secretsOf } from "../../src/config-checks.js";
import { BASE_ENV, configErrorOf } from "../helpers/config-env.js";

const BOTH = {
  ...BASE_ENV,
  CRYPTOPAY_TOKEN: "12345:AAzQcZWQqQAbsfgPnOLr4FaC8DmAnV5cdhO",
  YOOKASSA_SHOP_ID: "506751",
  YOOKASSA_SECRET_KEY: "test_Fh8hUAVVBGUGbjmlzba6TB0iyUbos_lueTHE-axOwM0",
};

describe("the rails' settings", () => {
  it("configures each rail whose settings are set, in the registry's order, none without", () => {
    expect(parseConfig(BASE_ENV).rails).toEqual([]);
    expect(parseConfig(BOTH).rails?.map((r) => r.id)).toEqual(["cryptopay", "yookassa"]);
    const built = parseConfig(BOTH).rails?.map((r) => r.build());
    expect(built?.map((r) => r.name)).toEqual(["CryptoBot", "YooKassa"]);
  });

  it("masks every rail secret in the logs", () => {
    const secrets = secretsOf(parseConfig(BOTH));
    expect(secrets).toEqual(expect.arrayContaining([BOTH.CRYPTOPAY_TOKEN, BOTH.YOOKASSA_SECRET_KEY]));
  });

  it("polls every 60 s unless RAIL_POLL_SECONDS says otherwise, within 5 s to an hour", () => {
    expect(parseConfig(BASE_ENV).railPollSeconds).toBe(60);
    expect(parseConfig({ ...BASE_ENV, RAIL_POLL_SECONDS: "5" }).railPollSeconds).toBe(5);
    expect(configErrorOf({ ...BASE_ENV, RAIL_POLL_SECONDS: "1" })).toBe(
      "RAIL_POLL_SECONDS must be at least 5 seconds",
    );
    expect(configErrorOf({ ...BASE_ENV, RAIL_POLL_SECONDS: "soon" })).toBe(
      "RAIL_POLL_SECONDS must be a number of seconds",
    );
  });

  it("lets a fiat catalog run without a provider token when a rail takes its currency", () => {
    const fiat = { currency: "RUB", trial: undefined, plans: [] };
    const withoutRails = parseConfig(BASE_ENV);
    expect(catalogProblemOf(withoutRails, [])(fiat)).toMatch(
      /currency RUB needs PAYMENT_PROVIDER_TOKEN or a payment rail/,
    );
    const config = parseConfig(BOTH);
    const rails = (config.rails ?? []).map((r) => r.build());
    expect(catalogProblemOf(config, rails)(fiat)).toBeUndefined();
    // YooKassa takes roubles only, CryptoBot no Stars: a currency no rail takes still needs the token.
    expect(catalogProblemOf(config, rails)({ ...fiat, currency: "JPY" })).toMatch(
      /needs PAYMENT_PROVIDER_TOKEN/,
    );
    expect(catalogProblemOf(config, rails)({ ...fiat, currency: "XTR" })).toBeUndefined();
  });
});
